// @ts-check
// Luxor: the static board (GET /api/games/luxor/board), set by useBoard before drawing,
// and the words the page builds from the view: places, tiles, temple fronts, cards.

import { t } from "../../i18n.js";

/**
 * @typedef {object} LuxorCard
 * @property {string} code
 * @property {string} label
 * @property {string} kind
 * @property {number} n
 * @property {number} level 0, or its Horus level
 */

/**
 * The static board: the spiral's 40 spaces (their grid cells), the walls' values, the
 * chamber and the stairs, the cards and the temple tiles.
 * @typedef {object} LuxorBoard
 * @property {string} stairs how the view writes the stairs ("S")
 * @property {string} chamber how it writes the tomb chamber ("C")
 * @property {number} spaces
 * @property {number} grid
 * @property {number[]} chamber_box column, row, width and height in grid cells
 * @property {number[]} stairs_cell
 * @property {number[][]} cells each space's column and row
 * @property {number} chamber_wall
 * @property {LuxorCard[]} cards
 * @property {string[]} treasure_types
 * @property {Record<string, string[]>} temple_fronts
 * @property {string[]} temple_backs
 * @property {number[]} set_points
 * @property {number} hand_size
 */

// An ES module's exported bindings are live: the other modules read what useBoard sets.
/** @type {LuxorBoard} */
export let B = /** @type {LuxorBoard} */ (/** @type {unknown} */ (null)); // set by useBoard
export let CHAMBER = 0;
export let N = 0;
/** @type {Record<string, LuxorCard>} */
export let CARD = {};

/** @param {LuxorBoard} board */
export function useBoard(board) {
  if (B === board) return;
  B = board;
  N = board.spaces;
  CHAMBER = N + 1;
  CARD = Object.fromEntries(board.cards.map((c) => [c.code, c]));
}

// Positions as the view and the action fields write them (scene, 1..40, C) and as drawn (0..41).
/** @param {unknown} at */
export const pos = (at) => (at === B.stairs ? 0 : at === B.chamber ? CHAMBER : Number(at));
/** @param {number} p */
export const posText = (p) => (p === 0 ? B.stairs : p === CHAMBER ? B.chamber : String(p));
/** @param {number} n */
export const cell = (n) => B.cells[n - 1];

// Words the page builds from the view. A message about a space has its own form for the
// tomb chamber (`<id>_chamber`); a tile, a temple front and a count left are worded too.
/** @param {string} id @param {number} p */
export const aboutPlace = (id, p) => (p === CHAMBER ? t(`${id}_chamber`) : t(id, { space: posText(p) }));
/** @param {string} str */
export const capital = (str) => str.charAt(0).toUpperCase() + str.slice(1);
/** @param {number} n */
export const countLeft = (n) => t("luxor.page.left", { n });

/**
 * A tile as the view writes it ("vase 3vp need 2", "horus 2", "tunnel", "empty") in words.
 * @param {string} tile
 */
export function tileName(tile) {
  const words = String(tile).split(" ");
  if (words.length === 4 && (B.treasure_types || []).includes(words[0])) {
    return t("luxor.page.tile.treasure", { treasure: `@luxor.term.treasure.${words[0]}`, vp: words[1].replace("vp", ""), need: words[3] });
  }
  const key = words.join("");
  return /^(empty|horus[123]|osiris[1-4]|scarab|wild|scarab_or_wild|horus12|horus23|tunnel)$/.test(key) ? t(`luxor.term.tile.${key}`) : tile;
}

// A temple tile's front in two short lines (what it gives).
/** @param {string} kind @returns {string[]} */
export function frontLines(kind) {
  const [a, b] = B.temple_fronts[kind] || [kind, ""];
  if (!B.temple_fronts[kind]) return [a, b];
  return [t(`luxor.page.front.${kind}`), b ? t(`luxor.page.front.${kind}.more`) : ""];
}

// The kinds of card face the page words (any other kind reads as a number card).
const FACES = ["number", "pm", "die", "range_die", "range", "all", "last", "less"];

// A card's face: its big label and a few words, from its kind in the board data.
/** @param {string} code @returns {string[]} its big label and its words */
export function cardLabel(code) {
  const c = CARD[code];
  if (!c) return [code, ""];
  const kind = FACES.includes(c.kind) ? c.kind : "number";
  const big = ["number", "less"].includes(kind) ? String(c.n) : t(`luxor.page.face.${kind}`, { steps: c.n });
  return [big, t(`luxor.page.face.${kind}.words`, { steps: c.n })];
}

/** @param {string} code */
export function shortLabel(code) {
  const c = CARD[code];
  if (!c) return code;
  return ["pm", "die", "range_die", "last", "all", "less"].includes(c.kind) ? t(`luxor.page.short.${c.kind}`, { steps: c.n }) : String(c.n);
}

