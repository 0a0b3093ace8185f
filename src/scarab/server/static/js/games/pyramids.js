// @ts-check
// Silver & Gold: Pyramids, drawn in SVG from the view; clicks become actions.
//
// Notation (games/pyramids/actions.py): "keep 5,33", "17:b1,b2,c2" (cells a1..e5:
// column letter, row number), "take 12", "take deck", "pass".
//
// Data-hit names:
//   cell-<card>-<cell>   a cell of one of your cards while marking (e.g. cell-6-a1):
//                        places the expedition shape (or one single cell) there
//   dealt-<card>         a card dealt to you at setup (pick two to keep)
//   display-<card>       a display card to take as a replacement
//   deck                 the pyramid deck's top card as a replacement
//   pass                 pass (no card left to mark)
//   rotate, mirror       turn / flip the expedition shape (keys R, M)
//   single               toggle marking one single cell instead of the shape (key S)
//
// The parts: pyramids/tables.js (the static data), pyramids/scene.js (what one drawing
// reads), pyramids/header.js (the line above), pyramids/own_cards.js (your cards),
// pyramids/side.js (display, deck, race, score cards), pyramids/others.js (the other
// seats' cards), pyramids/card.js (one card), pyramids/input.js (the clicks).

import { html } from "../common.js";
import { headerOf, shapeTurns } from "./pyramids/header.js";
import { drawMine } from "./pyramids/own_cards.js";
import { drawOthers } from "./pyramids/others.js";
import { sceneOf } from "./pyramids/scene.js";
import { drawSide } from "./pyramids/side.js";
import { orient, placeShape, useBoard } from "./pyramids/tables.js";

export { orient, placeShape, useBoard };

/** @typedef {import("../common.js").BoardContext<import("./pyramids/tables.js").PyramidsBoard>} BoardContext */
/** @typedef {import("./pyramids/header.js").ShapeTurns} ShapeTurns */

// ---- keys: one listener for the module, talking to the table drawn last ------
/** @type {(ShapeTurns & {root: Element}) | null} */
let active = null;
if (typeof document !== "undefined") {
  document.addEventListener("keydown", (event) => {
    if (!active || !active.root.isConnected) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof Element && target.closest("input, textarea, select, [contenteditable]")) return;
    /** @type {Record<string, () => void>} */
    const keys = { r: active.rotate, m: active.mirror, s: active.single };
    const fn = keys[event.key.toLowerCase()];
    if (!fn) return;
    event.preventDefault();
    fn();
  });
}

/** Draw the table into ``root`` (emptied) from ``ctx``. @param {Element} root @param {BoardContext} ctx */
export function render(root, ctx) {
  useBoard(ctx.board);
  const scene = sceneOf(root, ctx, render);
  const turns = shapeTurns(scene);
  active = { root, ...turns };
  root.append(headerOf(scene, turns));

  const wrap = html("div", { style: "display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start" });
  root.append(wrap);

  const { me } = scene;
  if (me !== null) wrap.append(drawMine(scene, me), drawSide(scene), drawOthers(scene));
  else wrap.append(drawOthers(scene), drawSide(scene));
}

/**
 * The board elements (their data-hit names) an action involves, from its fields: where
 * a hint is shown.
 * @param {Record<string, any>} f
 * @returns {string[]}
 */
export function spots(f) {
  if (f.verb === "mark") return f.cell_names.map((/** @type {string} */ c) => `cell-${f.card}-${c}`);
  if (f.verb === "take") return [f.card ? `display-${f.card}` : "deck"];
  if (f.verb === "keep") return f.cards.map((/** @type {number} */ id) => `dealt-${id}`);
  return [f.verb];
}

/**
 * The cells newly marked between two views, on any card either shows (marks still
 * hidden from this seat are in neither): how the last move is shown.
 * @param {Record<string, any> | null} before
 * @param {Record<string, any>} after
 * @returns {string[]}
 */
export function moved(before, after) {
  if (!before || !before.seats || !after.seats) return [];
  const seen = new Map();
  for (const seat of before.seats) {
    for (const card of [...(seat.cards || []), ...(seat.completed || [])]) seen.set(card.id, new Set(card.marked || []));
  }
  const out = [];
  for (const seat of after.seats) {
    for (const card of [...(seat.cards || []), ...(seat.completed || [])]) {
      const had = seen.get(card.id);
      if (!had) continue;
      for (const c of card.marked || []) if (!had.has(c)) out.push(`cell-${card.id}-${c}`);
    }
  }
  return out;
}

