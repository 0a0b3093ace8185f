// @ts-check
// Silver & Gold: Pyramids: the static data (GET /api/games/pyramids/board), set by
// useBoard, and the names the drawing gives cells, marks and terms.

import { t } from "../../i18n.js";

/**
 * The static data: the grid's cell names, rounds and turns, the expedition shapes by
 * name (and each one's orientations, as the game publishes them) and the colours.
 * @typedef {object} PyramidsBoard
 * @property {number} size the grid's side
 * @property {string[]} columns
 * @property {string[]} cell_names
 * @property {string[]} colours
 * @property {Record<string, string>} colour_hex
 * @property {number} rounds
 * @property {number} turns
 * @property {Record<string, number[][]>} shapes
 * @property {Record<string, number[][][][]>} orientations by name, unmirrored then mirrored, by quarter turns
 * @property {number[]} pyramid_points
 * @property {number[]} claim_at
 */

// An ES module's exported bindings are live: the other modules read what useBoard sets.
/** @type {PyramidsBoard} */
export let B = /** @type {PyramidsBoard} */ (/** @type {unknown} */ (null)); // set by useBoard
/** @type {string[]} */
export let COLS = [];
export let ROUNDS = 0;
export let TURNS = 0;
/** @type {Record<string, number[][]>} */
export let SHAPES = {};
/** @type {Record<string, string>} each card colour's hue */
export let PYR = {};

/** @param {PyramidsBoard} board */
export function useBoard(board) {
  if (B === board) return;
  B = board;
  COLS = board.columns;
  ROUNDS = board.rounds;
  TURNS = board.turns;
  SHAPES = board.shapes;
  PYR = board.colour_hex;
}

/** @param {number} i */
export const cellName = (i) => B.cell_names[i];
/** @param {string} name */
export const cellIndex = (name) => B.cell_names.indexOf(name);
/** A mark's key, whatever the order of its cells. @param {number | string} card @param {Iterable<number>} cells */
export const markKey = (card, cells) => `${card}:${[...cells].sort((a, b) => a - b).join(",")}`;
// An ordinal ("2nd"): English picks its suffix by the number; the other languages may word
// all four forms alike.
/** @param {number} n */
export const ordinal = (n) => t(`pyramids.page.ordinal.${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`, { n });
// A term's words: a card colour ("purple"), a symbol ("red gem"), an expedition shape.
/** @param {string} kind @param {unknown} name */
export const term = (kind, name) => (name ? t(`pyramids.term.${kind}.${String(name).toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "")}`) : "");
/** @param {Iterable<number>} cells */
export const cellsText = (cells) => [...cells].sort((a, b) => a - b).map(cellName).join(", ");

/**
 * An expedition shape turned by quarter turns (clockwise) after mirroring, as the game
 * publishes it: the page does not compute orientations.
 * @param {string} name the expedition card's name
 * @param {number} rot quarter turns, 0 to 3
 * @param {boolean} mir mirrored first
 * @returns {number[][]} (column, row) cells from the top-left corner
 */
export function orient(name, rot, mir) {
  return B.orientations[name][mir ? 1 : 0][rot % 4];
}

/** The cells a shape covers when the pointer is on cell idx (snapped inside the grid).
 * @param {number[][]} shape @param {number} idx */
export function placeShape(shape, idx) {
  const size = B.size;
  const w = Math.max(...shape.map((p) => p[0])) + 1;
  const h = Math.max(...shape.map((p) => p[1])) + 1;
  // the shape cell nearest its centre sits under the pointer
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  let anchor = shape[0];
  let best = Infinity;
  for (const p of shape) {
    const d = (p[0] - cx) ** 2 + (p[1] - cy) ** 2;
    if (d < best - 1e-9) {
      best = d;
      anchor = p;
    }
  }
  let dc = (idx % size) - anchor[0];
  let dr = Math.floor(idx / size) - anchor[1];
  dc = Math.max(0, Math.min(size - w, dc));
  dr = Math.max(0, Math.min(size - h, dr));
  return shape.map(([c, r]) => (r + dr) * size + c + dc);
}

