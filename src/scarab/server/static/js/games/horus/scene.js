// @ts-check
// The Pyramid of Horus: the scene one drawing of the table reads (the view, this seat,
// what each board element would do), made once per render and handed to the board, the
// panel and the clicks.

import { redrawKeepingFocus, withFields } from "../../common.js";
import { t } from "../../i18n.js";
import { AREA, BOARD, CURES, INSIDE } from "./tables.js";

/** @typedef {import("../../common.js").BoardContext<import("./tables.js").HorusBoard>} BoardContext */
/** @typedef {import("../../common.js").Json} Json */
/** @typedef {import("../../common.js").LegalEntry} LegalEntry */

/**
 * An adventurer's part of the view (games/horus/view.py seat_view); the others' cards
 * are the public ones.
 * @typedef {object} HorusSeatView
 * @property {string} name
 * @property {string | null} adventurer
 * @property {string | null} adventurer_name
 * @property {string} ability
 * @property {boolean} ability_used
 * @property {string} status
 * @property {number} square
 * @property {string | null} at
 * @property {string | null} facing
 * @property {string[]} cards
 * @property {{bag: number, holds: string[]}[]} bags
 * @property {number} card_count
 * @property {number} wll
 * @property {string[]} cursed
 * @property {number} actions
 * @property {string[]} chests
 * @property {number} score
 * @property {number} carrying
 */

/**
 * @typedef {object} HorusSarcophagusView
 * @property {number} square
 * @property {string} god
 * @property {string} state "closed", "open" or "empty"
 * @property {string} [card] an open one's card
 * @property {string} [read] the card this seat read in a closed one
 */

/**
 * The view the server sends (games/horus/view.py view).
 * @typedef {object} HorusView
 * @property {number | null} viewer
 * @property {number} round
 * @property {string} stage
 * @property {number} keeper
 * @property {number | null} to_move
 * @property {{kind: string, seat: number | null, card?: string, block?: number} | null} pending
 * @property {number} actions_left
 * @property {number[]} dice
 * @property {string[]} dice_colours
 * @property {number[]} mummy_dice
 * @property {{alcove: string, dice: number[], missing: number[]} | null} lock
 * @property {HorusSeatView[]} seats
 * @property {{name: string, square: number, facing: string}[]} mummies
 * @property {number[]} blocks
 * @property {number} blocks_in_box
 * @property {number | string | null} block_aside a number when this seat knows it
 * @property {Record<string, number>} decks
 * @property {HorusSarcophagusView[]} sarcophagi
 * @property {Record<string, boolean>} idols
 * @property {string[]} discard
 * @property {{mummy: number, block: number}} wound_supply
 */

/**
 * One drawing of the table: what the board, the panel and the clicks read.
 * @typedef {object} HorusScene
 * @property {Element} root the emptied box drawn into
 * @property {BoardContext} ctx
 * @property {HorusView} view
 * @property {Json} memo UI state kept between renders (the adventurer picked, the dice to reroll)
 * @property {number | null} seat this browser's seat, null for a watcher
 * @property {HorusSeatView | null} me this seat's part of the view
 * @property {number} myQ this seat's square, -1 when off the board
 * @property {Set<string>} verbs the verbs of the legal actions
 * @property {(test: (fields: Json) => boolean) => LegalEntry[]} acts the legal actions whose fields pass
 * @property {boolean} canAct whether this seat has a decision now
 * @property {(p: number) => string} seatName
 * @property {(q: number) => LegalEntry[]} stepTo the moves and jumps to square q
 * @property {() => LegalEntry[]} searchHere
 * @property {(i: number) => LegalEntry[]} sarcActs the actions on sarcophagus i
 * @property {(name: string) => LegalEntry[]} cardActs the actions of a card in hand
 * @property {(ability: string) => LegalEntry[]} abilityActs
 * @property {(adventurer: string | null, entrance: number | null) => LegalEntry[]} choices the setup's choices
 * @property {string | null} deckOfHere the deck searched on this seat's square
 * @property {boolean} wide the wide layout (the panel beside the board)
 * @property {number} panelWidth
 * @property {number} fontScale the panel's lettering, larger on a phone
 * @property {() => void} redraw draw the table again (a selection changed), the focus kept
 */

/**
 * The scene of one render of ``ctx`` into ``root``; ``draw`` renders again.
 * @param {Element} root @param {BoardContext} ctx @param {(root: Element, ctx: BoardContext) => void} draw
 * @returns {HorusScene}
 */
export function sceneOf(root, ctx, draw) {
  const view = /** @type {HorusView} */ (ctx.view || {});
  const memo = ctx.memo || {};
  const legal = ctx.legal || [];
  const seat = ctx.seat === null || ctx.seat === undefined ? null : ctx.seat;
  const me = seat !== null && view.seats ? view.seats[seat] : null;
  const myQ = me && me.square >= 0 ? me.square : -1;
  const names = ctx.names || [];
  /** @param {(fields: Json) => boolean} test */
  const acts = (test) => withFields(ctx, test);
  /** @param {number} p */
  const seatName = (p) => (view.seats && view.seats[p] && view.seats[p].name) || names[p] || t("horus.page.seat", { number: p + 1 });

  // reroll selection survives re-renders of the same lock only
  const lockKey = view.lock ? JSON.stringify(view.lock) : "";
  if (memo.horusLockKey !== lockKey) {
    memo.horusLockKey = lockKey;
    memo.horusReroll = [];
  }
  if (view.stage !== "setup") memo.horusAdv = null;

  // -- layout -------------------------------------------------------------------
  const width = root.clientWidth || (typeof window !== "undefined" ? window.innerWidth : 1200) || 1200;
  const wide = width >= 820;
  return {
    root,
    ctx,
    view,
    memo,
    seat,
    me,
    myQ,
    verbs: new Set(legal.map((e) => e.fields.verb)),
    acts,
    canAct: legal.length > 0,
    seatName,
    // -- what each board element would do ---------------------------------------
    stepTo: (q) => acts((f) => (f.verb === "move" || f.verb === "jump") && f.to === q),
    searchHere: () => acts((f) => f.verb === "search"),
    sarcActs: (i) => acts((f) => f.sarcophagus === i),
    cardActs: (name) =>
      acts((f) => f.card === name || (f.verb === name && (name === "udjat" || name === "crowbar"))
        || (f.verb in CURES && (f.verb === name || f.wound === name))),
    abilityActs: (ab) => acts((f) => f.verb === ab),
    choices: (adv, q) => acts((f) => f.verb === "choose" && (q === null || f.entrance === q) && (!adv || f.adventurer === adv)),
    deckOfHere: myQ >= 0 && myQ < INSIDE ? BOARD.areas[AREA[myQ]].deck : null,
    wide,
    // A phone's panel is laid out at the screen's own width, a unit to a pixel.
    panelWidth: wide ? 400 : Math.max(300, width - 24),
    fontScale: wide ? 1 : 1.1,
    redraw: () => redrawKeepingFocus(root, () => draw(root, ctx)),
  };
}
