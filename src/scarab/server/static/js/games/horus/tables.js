// @ts-check
// The Pyramid of Horus: the static board's tables (GET /api/games/horus/board), derived
// once by useBoard, and the words the drawing names its parts with.

import { t } from "../../i18n.js";
import { BX, BY, C, MW, MN } from "./look.js";

/**
 * The static board as the server sends it: squares y * w + x inside the pyramid, then
 * the entrances; neigh = the square across n/e/s/w, -1 for a wall.
 * @typedef {object} HorusBoard
 * @property {number} w
 * @property {number} h
 * @property {string[]} dirs
 * @property {string[]} rows
 * @property {Record<string, {name: string, room: string, deck: string | null}>} areas
 * @property {{name: string, at: number[], door: number[]}[]} exits
 * @property {number[][]} neigh
 * @property {{god: string, sq: number[]}[]} alcoves
 * @property {Record<string, {value: number, curse: string, faces: number[]}>} idols
 * @property {HorusAdventurer[]} adventurers
 * @property {string[]} dice
 * @property {Record<string, string[]>} cures
 * @property {string[]} wounds
 * @property {number} cardLimit
 * @property {number} mummyMovesOn
 */

/** @typedef {{key: string, name: string, ability: string, text: string}} HorusAdventurer */

// Words come from the message catalogues (horus.json): terms for cards, gods, dice,
// directions, areas and abilities, "horus.page.*" for the page's own sentences.
/** @param {string} kind @param {string} key */
export const term = (kind, key) => t(`horus.term.${kind}.${key}`);
/** @param {string} name */
export const cardName = (name) => t(`horus.term.card.${name}`);
/** @param {string} str */
export const cap = (str) => (str ? str[0].toUpperCase() + str.slice(1) : str);

// The drawing tables, set by useBoard before anything is drawn (an ES module's exported
// bindings are live: the other modules read the values set here).
/** @type {HorusBoard} */
export let BOARD = /** @type {HorusBoard} */ (/** @type {unknown} */ (null)); // set by useBoard
export let W = 0;
export let H = 0;
export let INSIDE = 0;
/** @type {string[]} */
export let DIRS = [];
export const STEP = [[0, -1], [1, 0], [0, 1], [-1, 0]]; // n, e, s, w on the drawing
/** @type {string[]} the area's letter of each square ("e" an entrance) */
export let AREA = [];
/** @type {number[]} the block on each square, 0 for none */
export let BLOCK_AT = [];
/** @type {number[][]} each square's column and row on the drawing */
export let XY = [];
/** @type {Record<number, number>} */
export let SQUARE_OF_BLOCK = {};
/** @type {Record<string, {god: string, sq: number[]}>} */
export let ALCOVE_OF = {};
/** @type {Record<string, HorusAdventurer>} */
export let ADV = {};
/** @type {Record<string, string[]>} */
export let CURES = {};
/** @type {Set<string>} */
export let WOUNDS = new Set();
/** @type {string[]} */
export let ABILITIES = [];
export let BOARD_W = 0;
export let BOARD_H = 0;

/** @param {HorusBoard} board */
export function useBoard(board) {
  if (BOARD === board) return;
  BOARD = board;
  W = board.w;
  H = board.h;
  INSIDE = W * H;
  DIRS = board.dirs;
  CURES = board.cures;
  WOUNDS = new Set(board.wounds);
  ABILITIES = board.adventurers.map((ad) => ad.ability);
  AREA = [];
  BLOCK_AT = [];
  board.rows.forEach((row, y) => {
    row.trim().split(/\s+/).forEach((tok, x) => {
      AREA[y * W + x] = tok[0];
      BLOCK_AT[y * W + x] = Number(tok.slice(1) || 0);
    });
  });
  XY = [];
  for (let i = 0; i < INSIDE; i++) XY.push([i % W, Math.floor(i / W)]);
  for (const e of board.exits) {
    XY.push(e.at);
    AREA.push("e");
    BLOCK_AT.push(0);
  }
  SQUARE_OF_BLOCK = {};
  BLOCK_AT.forEach((blk, i) => { if (blk) SQUARE_OF_BLOCK[blk] = i; });
  ALCOVE_OF = Object.fromEntries(board.alcoves.map((al) => [al.god, al]));
  ADV = Object.fromEntries(board.adventurers.map((ad) => [ad.key, ad]));
  BOARD_W = MW * 2 + W * C;
  BOARD_H = MN + H * C + C + 34;
}

/** @param {number} i */
export function squareName(i) {
  if (i >= INSIDE) return BOARD.exits[i - INSIDE].name;
  return `${XY[i][0]},${XY[i][1]}`;
}
/** @param {number} i */
export function room(i) {
  return AREA[i] === "e" ? "outside" : BOARD.areas[AREA[i]].room;
}
/** @param {number} i */
export function areaName(i) {
  return AREA[i] === "e" ? t("horus.page.entrance") : term("area", AREA[i]);
}
/** The direction from square a to square b when they touch (wall or not), else null.
 * @param {number} a @param {number} b */
export function dirBetween(a, b) {
  if (a < 0 || b < 0) return null;
  const dx = XY[b][0] - XY[a][0];
  const dy = XY[b][1] - XY[a][1];
  const k = STEP.findIndex(([sx, sy]) => sx === dx && sy === dy);
  return k < 0 ? null : DIRS[k];
}
/** @param {unknown} name */
export function initials(name) {
  const parts = String(name).split(/\s+/);
  return parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : parts[0].slice(0, 2);
}

/** The top-left corner of square i on the board's drawing. @param {number} i */
export function sqX(i) {
  return BX + XY[i][0] * C;
}
/** @param {number} i */
export function sqY(i) {
  return BY + XY[i][1] * C;
}
