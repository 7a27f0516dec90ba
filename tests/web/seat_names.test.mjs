// A computer player's seat as the page names it: at a tournament's table by its entrant, as the
// standings do ("Medium bot 12", its number kept), elsewhere by its seat; in Arabic too.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { format, number, useCatalogue, _ } from "../../web/js/i18n.js";
import { botName, nameShown, seatName, useWords } from "../../web/js/words.js";

/** @param {string | null} name */
function bot(name) {
  return { seat: 1, kind: "bot", name, player_id: null, connected: true, bot_level: "hard" };
}

test("a tournament's computer entrant keeps its number at its table, in Arabic", () => {
  const catalogue = JSON.parse(readFileSync(new URL("../../web/i18n/ar.json", import.meta.url), "utf8"));
  useCatalogue(catalogue);
  useWords(catalogue.words);
  try {
    const medium = format(_("{level} bot"), { level: catalogue.words.levels.medium });
    assert.notEqual(medium, "Medium bot");
    assert.equal(botName(bot("Medium bot 12")), `${medium} ${number(12)}`);
    assert.equal(botName(bot("Medium bot 12")), nameShown("Medium bot 12"), "as the standings say");
    assert.equal(botName(bot("Karim")), catalogue.words.computers.Karim);
    assert.notEqual(catalogue.words.computers.Karim, "Karim");
    assert.equal(botName(bot("Ali")), "\u2068Ali\u2069", "a person's seat taken over keeps his name");
    const hard = format(_("{level} bot"), { level: catalogue.words.levels.hard });
    assert.equal(botName(bot(null)), hard, "no name: its level");
    const room = { you: 0, seats: [{ seat: 0, kind: "human", name: "Sami" }, bot("Medium bot 12")] };
    assert.equal(seatName(/** @type {any} */ (room), 1), `${medium} ${number(12)}`);
  } finally {
    useCatalogue({ language: "en", plural: "en", messages: {} });
  }
});
