// What stands between the parts of a line, in the reader's language: in Arabic a middle dot
// beside a number reads as the Arabic-Indic zero, so Arabic has its comma (as the desktop's
// `separator`). The tournament screens, loaded later, use it; the lobby's lines do not yet.

import { language } from "./i18n.js";

export function separator() {
  return language() === "ar" ? "،" : "·";
}
