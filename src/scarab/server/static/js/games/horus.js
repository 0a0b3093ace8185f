// @ts-check
// The Adventurers: The Pyramid of Horus — the board drawn in SVG from the view.
//
// The static board (squares, rooms, walls, doors, blocks, sarcophagi, alcoves,
// entrances) is not in the view: useBoard derives its tables from the board the server
// serves (horus/tables.js). Clicks become actions (horus/input.js): a square beside you
// moves (or jumps) there, your own square searches, a sarcophagus opens/takes/reads, an
// alcove picks, the lock dice select a reroll, a card in your hand discards/bags/uses it,
// an ability badge uses the ability; end, accept, keep and swap are buttons
// (horus/controls.js). The board is drawn by horus/board.js, the panel beside it by
// horus/panel.js, both from one scene (horus/scene.js).

import { html, svg } from "../common.js";
import { t } from "../i18n.js";
import { drawBoard } from "./horus/board.js";
import { controlsOf } from "./horus/controls.js";
import { MIN_PHONE_WIDTH, PAPER } from "./horus/look.js";
import { drawPanel } from "./horus/panel.js";
import { sceneOf } from "./horus/scene.js";
import { BOARD, BOARD_H, BOARD_W, squareName, useBoard } from "./horus/tables.js";

export { useBoard };

/** @typedef {import("../common.js").BoardContext<import("./horus/tables.js").HorusBoard>} BoardContext */
/** @typedef {import("../common.js").Json} Json */
/** @typedef {import("./horus/scene.js").HorusScene} HorusScene */

/** Draw the table into ``root`` (emptied) from ``ctx``. @param {Element} root @param {BoardContext} ctx */
export function render(root, ctx) {
  useBoard(ctx.board);
  const scene = sceneOf(root, ctx, render);
  const { panelWidth, wide } = scene;
  const PX = wide ? BOARD_W + 12 : 8;
  const PY = 8;

  const boardG = svg("g", {});
  const panelG = svg("g", { transform: `translate(${PX},${PY})` });
  drawBoard(scene, boardG);
  const panelH = drawPanel(scene, panelG);
  const totalW = PX + panelWidth + 8; // the wide layout's
  const totalH = Math.max(BOARD_H, PY + panelH + 8);

  // -- HTML controls: prompt and the actions with no place on the board -----------
  root.append(controlsOf(scene));

  /** @param {number} w @param {number} h @param {string} fit @param {SVGElement[]} parts */
  const frame = (w, h, fit, parts) => svg(
    "svg",
    {
      viewBox: `0 0 ${w} ${h}`,
      width: "100%",
      preserveAspectRatio: "xMidYMin meet",
      style: `display:block;${fit};height:auto;background:${PAPER};border-radius:8px`,
      role: "group",
      "aria-label": t("horus.page.board_label"),
    },
    ...parts,
  );
  if (wide) {
    root.append(frame(totalW, totalH, "max-width:100%", [boardG, panelG]));
    return;
  }
  // On a phone the board keeps squares big enough to tap (about 44 px) and scrolls
  // sideways in its own box; the panel below fits the screen's width, unscrolled.
  panelG.setAttribute("transform", `translate(${PX},4)`);
  const scroller = html("div", { class: "board-scroll", style: "overflow-x:auto" },
    frame(BOARD_W, BOARD_H, `min-width:${MIN_PHONE_WIDTH}px`, [boardG]));
  root.append(scroller, frame(panelWidth + 16, panelH + 12, "max-width:100%;margin-top:4px", [panelG]));
  keepInView(scene, scroller);
}

// The phone's board box, drawn anew at each update, stays where its reader scrolled it;
// it brings their pawn into view when first drawn, and their pawn and the squares they
// may click when these change on their turn (the turn comes, a move gives new ones),
// unless all are in view already.
/** @param {HorusScene} scene @param {HTMLElement} box */
function keepInView(scene, box) {
  const { canAct, memo, myQ } = scene;
  const was = typeof memo.horusScroll === "number" ? memo.horusScroll : null;
  box.scrollLeft = was ?? 0;
  const mine = myQ >= 0 ? box.querySelector(`[data-spot="square-${squareName(myQ)}"]`) : null;
  const live = [...box.querySelectorAll('[data-hit][tabindex="0"]')];
  const key = canAct ? `${myQ} ${live.map((el) => el.getAttribute("data-hit")).join(" ")}` : "";
  if ((was === null && mine) || (key && key !== memo.horusFocus)) bringIntoView(box, mine ? [mine, ...live] : live);
  memo.horusFocus = key;
  memo.horusScroll = box.scrollLeft;
  box.addEventListener("scroll", () => { memo.horusScroll = box.scrollLeft; });
}

// Scroll ``box`` sideways so the elements (the first first) are in view: centred
// together when they fit, else centred on the first; not at all when all are seen.
/** @param {HTMLElement} box @param {Element[]} els */
function bringIntoView(box, els) {
  if (!els.length) return;
  const frame = box.getBoundingClientRect();
  const at = els.map((el) => {
    const r = el.getBoundingClientRect();
    return [r.left - frame.left + box.scrollLeft, r.right - frame.left + box.scrollLeft];
  });
  const left = Math.min(...at.map((r) => r[0]));
  const right = Math.max(...at.map((r) => r[1]));
  const seen = box.clientWidth;
  if (left >= box.scrollLeft && right <= box.scrollLeft + seen) return;
  const [from, to] = right - left <= seen ? [left, right] : at[0];
  box.scrollLeft = Math.max(0, (from + to - seen) / 2);
}

/**
 * The board elements (their data-hit names) an action involves, from its fields: where
 * a hint is shown.
 * @param {Record<string, any>} f
 * @returns {string[]}
 */
export function spots(f) {
  if (f.verb === "choose") return [`adventurer-${f.adventurer}`, `square-${squareName(f.entrance)}`];
  if ("to" in f && f.to >= 0) return [`square-${squareName(f.to)}`];
  if ("deck" in f) return [`square-${squareName(f.square)}`, `deck-${f.deck}`];
  if ("sarcophagus" in f) return [`sarcophagus-${f.sarcophagus}`];
  if ("alcove" in f) return [`alcove-${BOARD.alcoves[f.alcove].god}`];
  if (f.verb === "reroll") return f.dice.map((/** @type {number} */ d) => `die-${d + 1}`);
  if ("card" in f) return [`card-${f.card}`];
  if ("wound" in f) return [`card-${f.verb}`, `card-${f.wound}`];
  return [`ability-${f.verb}`, `card-${f.verb}`, `action-${f.verb}`];
}

/**
 * Where adventurers and mummies moved between two views (the spots of their new
 * squares): how the last move is shown, whoever made it.
 * @param {Record<string, any> | null} before
 * @param {Record<string, any>} after
 * @returns {string[]}
 */
export function moved(before, after) {
  if (!before || !before.seats || !after.seats) return [];
  /** @type {Set<string>} */
  const out = new Set();
  const was = (/** @type {Json[] | undefined} */ list, /** @type {number} */ k) => (list && list[k] ? list[k].square : undefined);
  after.seats.forEach((/** @type {Json} */ seat, /** @type {number} */ p) => {
    if (seat.square >= 0 && seat.square !== was(before.seats, p)) out.add(`square-${squareName(seat.square)}`);
  });
  (after.mummies || []).forEach((/** @type {Json} */ m, /** @type {number} */ k) => {
    if (m.square >= 0 && m.square !== was(before.mummies, k)) out.add(`square-${squareName(m.square)}`);
  });
  return [...out];
}

