// @ts-check
// The reader's language: the page's words come from the server's message catalogue
// (the same JSON the server and the terminal read), chosen from the browser's languages
// and changed with the selector in the header. Messages follow scarab/i18n.py:
// "{name}" placeholders, "@id" arguments are translated terms, "#n" is seat n's name,
// a {msg, args} argument is a message within the message (a refusal's reason),
// {items: [...]} a list read "a, b, c", and an array a phrase read part after part,
// and "<id>.one" is the singular form used when the argument n is 1.

export const LANGS = ["en", "pt", "es"];
const KEY = "scarab.lang";

/** @type {Record<string, string>} */
let messages = {};
/** @type {Record<string, string>} */
let english = {};
let current = "en";

/** The language the page speaks now. */
export function lang() {
  return current;
}

/**
 * Our language for a list of browser language tags (English when none fits).
 * @param {readonly string[]} tags
 */
export function choose(tags) {
  for (const tag of tags) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

/** The language kept from the selector, else the browser's. */
export function preferred() {
  let kept = null;
  try { kept = localStorage.getItem(KEY); } catch { kept = null; }
  if (kept && LANGS.includes(kept)) return kept;
  return choose(navigator.languages || [navigator.language || "en"]);
}

/**
 * Fetch the catalogues and speak `code` from now on.
 * @param {string} code
 */
export async function useLang(code) {
  const get = async (/** @type {string} */ c) => {
    const response = await fetch(`/api/i18n/${c}`);
    if (!response.ok) throw new Error(`the ${c} messages could not be loaded`);
    return response.json();
  };
  english = await get("en");
  messages = code === "en" ? english : await get(code);
  current = code;
  document.documentElement.lang = code;
}

/**
 * Keep a language chosen in the selector.
 * @param {string} code
 */
export function keep(code) {
  try { localStorage.setItem(KEY, code); } catch { /* private mode: this page only */ }
}

/**
 * Load catalogues directly (the unit tests, which have no server).
 * @param {Record<string, string>} own
 * @param {Record<string, string>} en
 * @param {string} code
 */
export function setMessages(own, en, code) {
  messages = own;
  english = en;
  current = code;
}

/**
 * The words of a message in the page's language.
 * @param {string} id
 * @param {Record<string, any>} [args]
 * @param {readonly string[]} [names] the seats' names, for "#n" arguments
 * @returns {string}
 */
export function t(id, args = {}, names = []) {
  let key = id;
  if (args.n === 1 && held(english, key + ".one") !== undefined) key += ".one";
  const template = held(messages, key) ?? held(english, key) ?? id;
  return template.replace(/\{([a-z_][a-z0-9_]*)\}/g, (hole, name) =>
    name in args ? argument(args[name], names) : hole);
}

/**
 * Whether the catalogues hold message `id` (in the page's language, else in English):
 * for words shown only where a game has them, such as a note under its final scoring.
 * Asked as t() looks up, so an inherited property ("constructor") is no message.
 * @param {string} id
 * @returns {boolean}
 */
export function has(id) {
  return held(messages, id) !== undefined || held(english, id) !== undefined;
}

/**
 * A catalogue's own message for `key`: never an inherited property ("constructor",
 * "__proto__"), which an id made from outside (a name) could otherwise reach.
 * @param {Record<string, string>} table
 * @param {string} key
 * @returns {string | undefined}
 */
function held(table, key) {
  return Object.hasOwn(table, key) && typeof table[key] === "string" ? table[key] : undefined;
}

/**
 * @param {any} value
 * @param {readonly string[]} names
 * @returns {string}
 */
function argument(value, names) {
  if (typeof value === "string" && value.startsWith("@")) return t(value.slice(1), {}, names);
  if (typeof value === "string" && /^#\d+$/.test(value)) return names[Number(value.slice(1))] ?? value;
  if (value && typeof value === "object" && typeof value.msg === "string") {
    return t(value.msg, value.args && typeof value.args === "object" ? value.args : {}, names);
  }
  if (value && typeof value === "object" && Array.isArray(value.items)) {
    return value.items.map((/** @type {any} */ v) => argument(v, names)).join(", ");
  }
  if (Array.isArray(value)) return value.map((v) => argument(v, names)).join(" ");
  return String(value);
}

/**
 * A line the server phrased ({msg, args}), in the page's language; its English text
 * when it carries no message id.
 * @param {{msg?: string, args?: Record<string, any>, text?: string}} line
 * @param {readonly string[]} names
 */
export function phrased(line, names) {
  return line.msg ? t(line.msg, line.args || {}, names) : line.text || "";
}

/**
 * The name a seat gets when none is typed, in the page's language: "player 2", "open
 * seat 2" (until someone takes it), or a bot's level and seat ("greedy bot 2"). It is
 * stored as typed, so others read it so.
 * @param {{kind: string, level?: string}} seat
 * @param {number} index the seat's index, from 0
 * @returns {string}
 */
export function seatName(seat, index) {
  if (seat.kind === "bot") return t("ui.new.bot_name", { level: `@ui.level.${seat.level}`, seat: index + 1 });
  if (seat.kind === "open") return t("ui.new.open_name", { seat: index + 1 });
  return t("ui.new.player", { seat: index + 1 });
}

/**
 * Who won, in a message taking {who} (the winners' names) and their count n, so that
 * several winners read in the plural; its "_none" form when nobody won (Horus: the
 * mummies).
 * @param {string} id
 * @param {readonly string[]} names
 * @param {readonly number[]} winners
 * @param {Record<string, any>} [args] the message's other arguments
 * @returns {string}
 */
export function wonBy(id, names, winners, args = {}) {
  if (!winners.length) return t(`${id}_none`, args);
  const who = winners.map((w) => names[w]).join(` ${t("ui.and")} `);
  return t(id, { ...args, who, n: winners.length });
}
