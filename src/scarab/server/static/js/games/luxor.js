// @ts-check
// Luxor: the spiral path to the tomb chamber, drawn in SVG from the view.
//
// The 40 spaces wind inward as a square spiral (outer ring 1-24, inner ring
// 25-40) around the tomb chamber; the stairs lie outside next to space 1.
// Clicks: select the leftmost/rightmost card (card-L / card-R), then click one
// of your adventurers (adv-S, adv-12, adv-C) or a destination space (space-14,
// space-C); after a roll click the adventurer to move; after "advance all"
// click the space (space-14 / adv-14 / space-C) whose action to perform; a
// reward choice is made on the supply (reward-key, reward-h1..h3,
// reward-scarab, reward-wild).
//
// The parts: luxor/tables.js (the static board and its words), luxor/scene.js (what one
// drawing reads), luxor/board.js (the spiral), luxor/panels.js (status, hand, supply,
// seats), luxor/input.js (the clicks), luxor/look.js (colours and small pieces).

import { svg } from "../common.js";
import { t } from "../i18n.js";
import { drawBoard } from "./luxor/board.js";
import { drawHand, drawSeats, drawStatus, drawSupply } from "./luxor/panels.js";
import { sceneOf } from "./luxor/scene.js";
import { cardLabel, tileName, useBoard } from "./luxor/tables.js";

export { cardLabel, tileName, useBoard };

/** @typedef {import("../common.js").BoardContext<import("./luxor/tables.js").LuxorBoard>} BoardContext */
/** @typedef {import("../common.js").Json} Json */

/** Draw the table into ``root`` (emptied) from ``ctx``. @param {Element} root @param {BoardContext} ctx */
export function render(root, ctx) {
  useBoard(ctx.board);
  const scene = sceneOf(root, ctx, render);
  const { me, mine, phase } = scene;

  // ---------- layout ----------
  const wide = (root.clientWidth || 0) >= 760; // board and hand side by side: a laptop screen
  const boardW = 700;
  const sideW = 470;
  const W = wide ? boardW + 30 + sideW : boardW;
  const top = svg("svg", {
    viewBox: "0 0 0 0", width: "100%", role: "group", "aria-label": t("luxor.page.board"),
    style: "display:block;max-width:" + (wide ? "1240px" : "760px") + ";margin:0 auto;height:auto;user-select:none",
  });
  top.append(svg("rect", { x: 0, y: 0, width: "100%", height: "100%", fill: "#fbf6ea" }));

  let y = 0;
  const status = drawStatus(scene, W);
  top.append(status.g); y += status.h;

  const board = drawBoard(scene);
  board.g.setAttribute("transform", `translate(0 ${y})`);
  top.append(board.g);
  let y2 = wide ? y : y + board.h + 10;
  const x2 = wide ? boardW + 30 : 0;
  const colW = sideW;
  const zoom = wide ? 1 : W / sideW; // narrow screens: the side panels are scaled up to the board's width
  /** @type {{g: SVGElement, h: number}[]} */
  const parts = [];
  // the final scoring is the page's, under the board: at the end the hand is drawn no more
  if (mine && me !== null && phase !== "over") parts.push(drawHand(scene, me, colW));
  parts.push(drawSupply(scene, colW));
  parts.push(drawSeats(scene, colW));
  for (const part of parts) {
    part.g.setAttribute("transform", `translate(${x2} ${y2}) scale(${zoom})`);
    top.append(part.g);
    y2 += (part.h + 10) * zoom;
  }
  const H = Math.max(wide ? y + board.h : 0, y2) + 4;
  top.setAttribute("viewBox", `0 0 ${W} ${H}`);
  root.append(top);
}


/**
 * The board elements (their data-hit names) an action involves, from its fields: where
 * a hint is shown.
 * @param {Record<string, any>} f
 * @returns {string[]}
 */
export function spots(f) {
  /** @type {string[]} */
  const out = [];
  if (f.side) out.push(`card-${f.side}`);
  if (f.verb === "move" || f.verb === "go") out.push(`adv-${f.from}`, f.to ? `space-${f.to}` : "");
  if (f.verb === "act") out.push(`space-${f.space}`);
  if (f.verb === "take") out.push(`reward-${f.reward}`);
  return out.filter(Boolean);
}

/**
 * Where pieces moved between two views (the spots of their new places): how the last
 * move is shown, whoever made it. Only what both views show is compared.
 * @param {Record<string, any> | null} before
 * @param {Record<string, any>} after
 * @returns {string[]}
 */
export function moved(before, after) {
  if (!before || !before.seats || !after.seats) return [];
  /** @type {Set<string>} */
  const out = new Set();
  after.seats.forEach((/** @type {Json} */ seat, /** @type {number} */ p) => {
    const left = [...((before.seats[p] || {}).adventurers || [])];
    for (const at of seat.adventurers || []) {
      const k = left.indexOf(at);
      if (k >= 0) left.splice(k, 1);
      else out.add(`space-${at}`);
    }
  });
  return [...out];
}

