// @ts-check
// How to play: a short guide to the game at the table (the goal, how play goes, what the
// page shows and how to act on it), beside the rules panel. Its words are the message
// catalogue's (howto.<game>.goal, .turn.N, .see.N, .act.N in locales/<lang>/howto-*.json):
// this module holds no rule and no number of the game, only the order it shows them in.
// It opens by itself the first time this browser sits at a table of that game, and stays
// closed after (remembered per game in localStorage).

import { html } from "./common.js";
import { t } from "./i18n.js";

/** The guide's lists, in the order shown; each message's heading is howto.<part>. */
/** @type {{part: string, list: "ol" | "ul"}[]} */
const PARTS = [
  { part: "turn", list: "ol" },
  { part: "see", list: "ul" },
  { part: "act", list: "ul" },
];
const SHOWN = "scarab.howto.shown.";
const MOST = 20; // a guard on reading numbered messages, far above any list's length

/**
 * The words of the numbered messages `<prefix>.1`, `<prefix>.2`, ... that the catalogue
 * holds, up to the first one missing.
 * @param {string} prefix
 * @returns {string[]}
 */
export function numbered(prefix) {
  /** @type {string[]} */
  const out = [];
  for (let i = 1; i <= MOST; i += 1) {
    const id = `${prefix}.${i}`;
    const words = t(id);
    if (words === id) break;
    out.push(words);
  }
  return out;
}

/**
 * The guide's contents for a game, in the page's language; empty when the catalogue has
 * no guide for it.
 * @param {string} game
 * @returns {HTMLElement[]}
 */
export function guide(game) {
  const goal = `howto.${game}.goal`;
  if (t(goal) === goal) return [];
  /** @type {HTMLElement[]} */
  const out = [html("h3", {}, t("howto.goal")), html("p", { class: "howto-goal" }, t(goal))];
  for (const { part, list } of PARTS) {
    const items = numbered(`howto.${game}.${part}`);
    if (!items.length) continue;
    out.push(html("h3", {}, t(`howto.${part}`)),
      html(list, { class: `howto-${part}` }, items.map((words) => html("li", {}, words))));
  }
  return out;
}

/**
 * Whether this browser has not yet been shown the guide to `game`; from now on it has.
 * Where the browser keeps nothing (private mode), the guide opens each time.
 * @param {string} game
 * @returns {boolean}
 */
function firstTime(game) {
  try {
    if (localStorage.getItem(SHOWN + game)) return false;
    localStorage.setItem(SHOWN + game, "1");
  } catch { /* nothing kept: open it */ }
  return true;
}

/**
 * The "How to play" panel: hidden until the table's game is known, then filled with that
 * game's guide, open on the first visit to a table of that game.
 * @returns {{box: HTMLDetailsElement, load: (game: string) => void}}
 */
export function howtoPanel() {
  const body = html("div", { class: "howto-body" });
  const box = /** @type {HTMLDetailsElement} */ (
    html("details", { class: "howto", id: "howto", hidden: true }, html("summary", {}, t("howto.title")), body));
  let loaded = "";
  function load(/** @type {string} */ game) {
    if (loaded === game) return;
    loaded = game;
    const parts = guide(game);
    body.replaceChildren(...parts);
    box.hidden = !parts.length;
    if (parts.length) box.open = firstTime(game);
  }
  return { box, load };
}
