// What the device remembers between visits: the player's name, the session's resume token and
// the language chosen (a private window without storage plays on, and only forgets).

export const KEPT = /** @type {const} */ ({ name: "basra.name", token: "basra.token", language: "basra.language" });

/** @param {string} key */
export function remembered(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * @param {string} key
 * @param {string | null} value
 */
export function remember(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // No storage here: the page still plays, it only forgets.
  }
}

/** The session as the link keeps it (`Link`'s `KeptSession`). */
export const keptSession = {
  token: () => remembered(KEPT.token),
  /** @param {string | null} token */
  keepToken: (token) => remember(KEPT.token, token),
  /** @param {string} name */
  keepName: (name) => remember(KEPT.name, name),
};
