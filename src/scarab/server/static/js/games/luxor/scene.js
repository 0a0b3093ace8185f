// @ts-check
// Luxor: the scene one drawing of the table reads (the view, this seat and its hand,
// the legal moves with where they end, the card selected), made once per render and
// handed to the board, the panels and the clicks.

import { redrawKeepingFocus } from "../../common.js";
import { t } from "../../i18n.js";
import { pos } from "./tables.js";

/** @typedef {import("../../common.js").BoardContext<import("./tables.js").LuxorBoard>} BoardContext */
/** @typedef {import("../../common.js").Json} Json */
/** @typedef {import("../../common.js").LegalEntry} LegalEntry */

/**
 * A seat's pieces (games/luxor/view.py seat_view): its hand for itself only, its scarabs
 * also once revealed at the end.
 * @typedef {object} LuxorSeatView
 * @property {string} name
 * @property {number} score
 * @property {string[]} adventurers where each stands ("S", "1".."40", "C")
 * @property {number[]} sleeping_at_statues
 * @property {number} keys
 * @property {number} wild_tiles
 * @property {{type: string, vp: number}[]} treasures
 * @property {number[]} sarcophagi
 * @property {number} scarab_count
 * @property {number} hand_size
 * @property {{slot: number, card: string}[]} known_cards
 * @property {string[]} [hand]
 * @property {number[]} [scarabs]
 */

/** A space of the spiral as the view shows it. @typedef {{space: number, tile: string, wall: number, icon?: string, statue_after?: number}} LuxorSpace */

/**
 * The view the server sends (games/luxor/view.py view).
 * @typedef {object} LuxorView
 * @property {number | null} viewer
 * @property {number} round
 * @property {number | null} current_player
 * @property {string} phase
 * @property {LuxorSpace[]} board
 * @property {LuxorSeatView[]} seats
 * @property {{level: number, top: string | null, size: number}[]} horus_stacks
 * @property {Record<string, number>} temple_stacks
 * @property {number} draw_pile
 * @property {string[]} discard_pile
 * @property {{keys: number, wild_tiles: number, scarabs: number}} supply
 * @property {number} key_space
 * @property {number[]} sarcophagi_left
 * @property {string[]} chamber the names of those who reached it, in order
 * @property {number} [die]
 * @property {number[]} [act_spaces] the spaces (by number, the chamber 41) whose action may be taken
 * @property {string[]} [choices]
 * @property {number[]} [winners]
 */

/** A legal move: its entry, the card side and adventurer it moves, where it ends (null: off the path).
 * @typedef {{entry: LegalEntry, mv: {side: string, src: number, steps: number}, dest: number | null}} LuxorMove */

/**
 * One drawing of the table: what the board, the panels and the clicks read.
 * @typedef {object} LuxorScene
 * @property {BoardContext} ctx
 * @property {LuxorView} view
 * @property {LuxorSeatView[]} seats
 * @property {number | null} me this browser's seat
 * @property {LuxorSeatView | null} mine this seat's part of the view
 * @property {string[]} hand this seat's cards, left to right
 * @property {LegalEntry[]} legal
 * @property {boolean} active whether this seat has a decision now
 * @property {string} phase
 * @property {Json} memo UI state kept between renders (the card side selected)
 * @property {() => void} redraw draw the table again, the focus kept
 * @property {Record<number, LuxorSpace>} rows the spaces by number
 * @property {string[]} names
 * @property {LuxorMove[]} moves
 * @property {Set<number>} sources where the selected card's (or the roll's) moves start
 * @property {Set<number | null>} dests where they end
 * @property {Set<number>} actSpaces the spaces whose action may be taken now
 * @property {(side: string) => string | undefined} cardOf the card at that end of the hand
 * @property {(side: string) => string} sideName
 * @property {(p: string) => LegalEntry[]} actAt the actions of space p
 * @property {(p: number) => number} myCount how many of this seat's adventurers stand there
 */

/** @param {LegalEntry} e */
const isMove = (e) => e.fields.verb === "move" || e.fields.verb === "go";

/**
 * The scene of one render of ``ctx`` into ``root``; ``draw`` renders again.
 * @param {Element} root @param {BoardContext} ctx @param {(root: Element, ctx: BoardContext) => void} draw
 * @returns {LuxorScene}
 */
export function sceneOf(root, ctx, draw) {
  const view = /** @type {LuxorView} */ (ctx.view || {});
  const seats = view.seats || [];
  const me = ctx.seat;
  const mine = me !== null && me !== undefined && seats[me] ? seats[me] : null;
  const hand = (mine && mine.hand) || [];
  const legal = ctx.legal || [];
  const active = legal.length > 0;
  const phase = view.phase;
  const memo = ctx.memo || (ctx.memo = {});
  const redraw = () => redrawKeepingFocus(root, () => draw(root, ctx));

  const key = `${view.round}|${phase}|${view.current_player}|${hand.join(",")}|${legal.length}`;
  if (memo.luxorKey !== key) { memo.luxorKey = key; memo.side = null; }
  if (!active) memo.side = null;

  /** @type {Record<number, LuxorSpace>} */
  const rows = {};
  for (const row of view.board || []) rows[row.space] = row;
  const names = seats.map((s, i) => (ctx.names && ctx.names[i]) || s.name || t("luxor.page.seat_name", { seat: i + 1 }));

  // Legal moves and where they end (the engine's fields say both).
  const moves = legal.filter(isMove).map((e) => ({
    entry: e,
    mv: { side: e.fields.side || "", src: pos(e.fields.from), steps: e.fields.steps },
    dest: e.fields.to === null ? null : pos(e.fields.to),
  }));
  const selMoves = memo.side ? moves.filter((x) => x.mv.side === memo.side) : phase === "die" ? moves : [];
  return {
    ctx, view, seats, me, mine, hand, legal, active, phase, memo, redraw, rows, names, moves,
    sources: new Set(selMoves.map((x) => x.mv.src)),
    dests: new Set(selMoves.map((x) => x.dest)),
    actSpaces: new Set(phase === "act" && active ? view.act_spaces || [] : []),
    cardOf: (side) => (side === "L" ? hand[0] : hand[hand.length - 1]),
    sideName: (side) => t(`luxor.page.side.${side === "L" ? "L" : "R"}`),
    actAt: (p) => legal.filter((e) => e.fields.verb === "act" && e.fields.space === p),
    myCount: (p) => (mine ? mine.adventurers.filter((a) => pos(a) === p).length : 0),
  };
}
