// @ts-check
// Silver & Gold: Pyramids: the scene one drawing of the table reads (the view, this
// seat, its legal actions sorted by kind, the expedition shape as turned), made once per
// render and handed to the panels and the clicks.

import { redrawKeepingFocus } from "../../common.js";
import { markKey, orient } from "./tables.js";

/** @typedef {import("../../common.js").BoardContext<import("./tables.js").PyramidsBoard>} BoardContext */
/** @typedef {import("../../common.js").Json} Json */
/** @typedef {import("../../common.js").LegalEntry} LegalEntry */
/** @typedef {import("./card.js").PyramidCard} PyramidCard */

/**
 * A seat's score card as the view shows it (games/pyramids/view.py score_card_view).
 * @typedef {object} PyramidsScoreCard
 * @property {number} points
 * @property {number} red_gems
 * @property {number} green_gems
 * @property {number} skulls
 * @property {number} worst_skull
 * @property {boolean[]} torches by round
 * @property {{colour: string, value: number}[]} pyramid_points
 */

/**
 * @typedef {object} PyramidsSeatView
 * @property {string} name
 * @property {boolean} chosen
 * @property {PyramidCard[]} cards
 * @property {PyramidCard[]} completed
 * @property {PyramidsScoreCard} score_card
 * @property {number[]} [dealt] this seat's dealt cards at setup
 * @property {PyramidCard[]} [dealt_cards]
 */

/**
 * The view the server sends (games/pyramids/view.py view).
 * @typedef {object} PyramidsView
 * @property {number | null} viewer
 * @property {number} round
 * @property {number} turn
 * @property {string} phase
 * @property {number | null} current_player
 * @property {{name: string, cells: number[][]} | null} expedition
 * @property {string[]} expedition_used
 * @property {PyramidCard[]} display
 * @property {number} deck
 * @property {Record<string, number[]>} race
 * @property {PyramidsSeatView[]} seats
 * @property {number} [extra_marks]
 * @property {{total: number}[]} [final]
 * @property {number[]} [winners]
 */

/** @typedef {{entry: LegalEntry, card: number, cells: number[], key: string}} MarkAction */
/** @typedef {{entry: LegalEntry, cards: number[], colours: string[]}} KeepAction */
/** @typedef {{entry: LegalEntry, card: string}} TakeAction a display card's id, or "deck" */
/** @typedef {{marks: MarkAction[], keeps: KeepAction[], takes: TakeAction[], pass: LegalEntry | null}} PyramidsLegal */

/**
 * One drawing of the table: what the panels and the clicks read.
 * @typedef {object} PyramidsScene
 * @property {Element} root
 * @property {BoardContext} ctx
 * @property {PyramidsView} view
 * @property {Json} memo UI state kept between renders (the shape's turn, the cards picked to keep)
 * @property {number | null} me the seat drawn as this browser's
 * @property {(p: number) => string} nameOf
 * @property {PyramidsLegal} legal
 * @property {boolean} myTurn
 * @property {{name: string, cells: number[][]} | null} exp the expedition shown this turn
 * @property {boolean} single marking one cell, not the shape
 * @property {boolean} forcedSingle only single cells can be marked now
 * @property {number[][]} shape the cells a click covers, as turned
 * @property {() => void} redraw draw the table again (a selection changed), the focus kept
 */

/** The legal actions, sorted by kind. @param {LegalEntry[] | undefined} legal @returns {PyramidsLegal} */
export function readLegal(legal) {
  /** @type {MarkAction[]} */
  const marks = [];
  /** @type {KeepAction[]} */
  const keeps = [];
  /** @type {TakeAction[]} */
  const takes = [];
  let pass = null;
  for (const entry of legal || []) {
    const f = entry.fields;
    if (f.verb === "mark") marks.push({ entry, card: f.card, cells: f.cells, key: markKey(f.card, f.cells) });
    else if (f.verb === "keep") keeps.push({ entry, cards: f.cards, colours: f.colours });
    else if (f.verb === "take") takes.push({ entry, card: f.card ? String(f.card) : "deck" });
    else if (f.verb === "pass") pass = entry;
  }
  return { marks, keeps, takes, pass };
}

/**
 * The scene of one render of ``ctx`` into ``root``; ``draw`` renders again.
 * @param {Element} root @param {BoardContext} ctx @param {(root: Element, ctx: BoardContext) => void} draw
 * @returns {PyramidsScene}
 */
export function sceneOf(root, ctx, draw) {
  const view = /** @type {PyramidsView} */ (ctx.view);
  const memo = ctx.memo;
  memo.rot ??= 0;
  memo.mir ??= false;
  memo.single ??= false;
  memo.keepSel ??= [];
  const me = typeof view.viewer === "number" ? view.viewer : ctx.seat ?? null;
  /** @param {number} p */
  const nameOf = (p) => (ctx.names && ctx.names[p]) || view.seats[p].name;
  const legal = readLegal(ctx.legal);
  const myTurn = (ctx.legal || []).length > 0;
  const exp = view.expedition;
  const multiLegal = legal.marks.some((m) => m.cells.length > 1);
  const forcedSingle = legal.marks.length > 0 && (view.phase === "extra" || !exp || !multiLegal);
  const single = forcedSingle || memo.single;
  const shape = exp && !single ? orient(exp.name, memo.rot, memo.mir) : [[0, 0]];
  const turnKey = `${view.round}|${view.turn}|${view.phase}`;
  if (memo.turnKey !== turnKey) {
    memo.turnKey = turnKey;
    memo.showLegal = null;
  }
  const redraw = () => redrawKeepingFocus(root, () => draw(root, ctx));
  return { root, ctx, view, memo, me, nameOf, legal, myTurn, exp, single, forcedSingle, shape, redraw };
}
