// @ts-check
// The Pyramid of Horus: the panel beside the board (below it on a phone): the round and
// its Dice Keeper, the setup's gallery of adventurers, the dice, the lock being opened,
// the decks and supplies, your cards and every adventurer's card.

import { fitPhrase, fitSize, hit, resolve, seatColour, seatInk, svg, textWidth, wrapText } from "../../common.js";
import { t } from "../../i18n.js";
import { AREA_FILL, DIE, drawCard, drawDie, GOLD, INK, named, pulse, text, title, wrap } from "./look.js";
import { onAbility, onAdventurer, onCard, onDeck, onDie, onReroll } from "./input.js";
import { ADV, BOARD, cardName, term } from "./tables.js";

/** @typedef {import("./scene.js").HorusScene} HorusScene */
/** @typedef {import("./scene.js").HorusSeatView} HorusSeatView */
/** @typedef {import("../../common.js").Json} Json */
/** The panel's lettering at a size, scaled for the layout. @typedef {(n: number) => number} FontSize */

/** @type {Record<string, string>} the area whose colour a deck's cards have */
const DECK_AREA = { rubble: "r", sand: "s", water: "w" };

/** The panel into ``g``; its height. @param {HorusScene} scene @param {SVGElement} g */
export function drawPanel(scene, g) {
  const { fontScale, me, view } = scene;
  /** @type {FontSize} */
  const fs = (n) => n * fontScale;
  /** A heading below the line at ``at``; the line after it. @param {number} at @param {string} str */
  const head = (at, str) => {
    at += fs(18);
    g.append(text(0, at, str, { "font-size": fs(14), "font-weight": "bold", fill: "#5a3d1e" }));
    return at + fs(6);
  };
  let y = 0;
  // round line
  const stage = view.stage || "";
  y += fs(16);
  const round = view.stage === "setup" ? t("horus.page.setup") : t("horus.page.round", { round: view.round, stage: `@horus.term.stage.${stage}` });
  g.append(text(0, y, round, { "font-size": fs(16), "font-weight": "bold" }));
  if (view.keeper !== undefined && view.seats) y = drawKeeper(scene, g, y, round, fs);
  y += fs(4);

  if (view.stage === "setup") y = drawGallery(scene, g, y, fs);
  if ((view.dice && view.dice.length) || (view.mummy_dice && view.mummy_dice.length)) {
    y = drawDice(scene, g, head(y, t("horus.page.head.dice")), fs);
  }
  if (view.lock) y = drawLock(scene, g, y, view.lock, fs);
  y = drawDecks(scene, g, head(y, t("horus.page.head.decks")), fs);
  if (me && me.adventurer) y = drawHand(scene, g, y, me, fs);
  return drawSeats(scene, g, head(y, t("horus.page.head.adventurers")), fs);
}

/** The adventurers' dice and the mummy's, whose turn it is beside them when it fits;
 * the line after them.
 * @param {HorusScene} scene @param {SVGElement} g @param {number} y @param {FontSize} fs */
function drawDice(scene, g, y, fs) {
  const { me, panelWidth, seatName, view } = scene;
  const s = fs(30);
  const cursed = me ? me.cursed || [] : [];
  let x = 0;
  (view.dice || []).forEach((v, i) => {
    const colour = (view.dice_colours || BOARD.dice)[i];
    g.append(drawDie(x, y, s, v, colour, { cursed: cursed.includes(colour) }));
    x += s + fs(6);
  });
  const ms = fs(18);
  const mummied = view.mummy_dice && view.mummy_dice.length;
  const mx = mummied ? panelWidth - 5 * (ms + fs(4)) : panelWidth; // where the mummy's dice begin
  const mover = view.stage === "actions" ? view.to_move : null;
  const beside = mover !== null && moverFits(scene, mover, mx - x - fs(10), fs); // between the dice and the mummy's
  if (beside) {
    g.append(named(x + fs(4), y + s * 0.45, (who) => `${who}:`, seatName(mover), mx - x - fs(10), { "font-size": fs(11) }));
    g.append(text(x + fs(4), y + s * 0.95, t("horus.page.actions_left", { n: view.actions_left }), { "font-size": fs(11), "font-weight": "bold" }));
  }
  if (mummied) {
    g.append(text(panelWidth, y - fs(2), t("horus.page.mummy_steps", { n: view.mummy_dice.filter((v) => v >= BOARD.mummyMovesOn).length }), { "font-size": fs(9), fill: INK, opacity: 0.8, "text-anchor": "end" }));
    view.mummy_dice.forEach((v, i) => {
      g.append(drawDie(mx + i * (ms + fs(4)), y + fs(4), ms, v, "mummy", { good: v >= BOARD.mummyMovesOn }));
    });
  }
  y += s + fs(6);
  if (mover !== null && !beside) y = drawMover(scene, g, y, mover, fs);
  return y;
}

/** The decks (the one you may search outlined) and the supplies; the line after them.
 * @param {HorusScene} scene @param {SVGElement} g @param {number} y @param {FontSize} fs */
function drawDecks(scene, g, y, fs) {
  const { canAct, deckOfHere, searchHere, view, wide } = scene;
  const dw = fs(74);
  const dh = fs(44);
  let x = 0;
  for (const [deck, n] of Object.entries(view.decks || {})) {
    const grp = svg("g", { transform: `translate(${x},${y})` });
    for (let s = 2; s >= 0; s--) grp.append(svg("rect", { x: s * 2, y: -s * 2 + 4, width: dw - 8, height: dh - 6, rx: 4, fill: AREA_FILL[DECK_AREA[deck]] || "#ccc", stroke: INK, "stroke-width": 0.8 }));
    const deckName = term("deck", deck);
    grp.append(text((dw - 4) / 2, dh * 0.45, deckName, { "font-size": Math.min(fs(12), (dw * 1.25) / deckName.length), "font-weight": "bold", "text-anchor": "middle" }));
    grp.append(text((dw - 4) / 2, dh * 0.8, t("horus.page.deck_left", { n }), { "font-size": fs(10), "text-anchor": "middle" }));
    const can = canAct && deckOfHere === deck && searchHere().length;
    if (can) grp.append(pulse(svg("rect", { x: -3, y: -1, width: dw, height: dh + 2, rx: 6, fill: "none", stroke: GOLD, "stroke-width": 3 })));
    grp.append(title(t("horus.page.deck_title", { deck: `@horus.term.deck.${deck}`, n })));
    if (canAct) hit(grp, `deck-${deck}`, () => onDeck(scene, deck), t("horus.page.deck_hit", { deck: `@horus.term.deck.${deck}` }), Boolean(can));
    g.append(grp);
    x += dw + fs(6);
  }
  const lines = [
    t("horus.page.blocks_line", { n: (view.blocks || []).length, box: view.blocks_in_box }),
    t("horus.page.wounds_line", { mummy: view.wound_supply ? view.wound_supply.mummy : "?", block: view.wound_supply ? view.wound_supply.block : "?" }),
    t("horus.page.discard_line", { n: (view.discard || []).length }),
  ];
  if (view.block_aside !== null && view.block_aside !== undefined) {
    lines.push(typeof view.block_aside === "number" ? t("horus.page.aside_mine", { block: view.block_aside }) : t("horus.page.aside_unseen"));
  }
  if (wide) {
    lines.forEach((l, n) => g.append(text(x + fs(2), y + fs(11) + n * fs(13), l, { "font-size": fs(10) })));
    y += Math.max(dh, lines.length * fs(13)) + fs(6);
  } else {
    y += dh + fs(4);
    lines.forEach((l) => {
      y += fs(13);
      g.append(text(0, y, l, { "font-size": fs(10.5) }));
    });
    y += fs(6);
  }
  return y;
}

/** Every adventurer's card, in as many columns as fit; the line after them.
 * @param {HorusScene} scene @param {SVGElement} g @param {number} y @param {FontSize} fs */
function drawSeats(scene, g, y, fs) {
  const { panelWidth, view } = scene;
  const cols = Math.max(1, Math.floor(panelWidth / fs(190)));
  const cw = (panelWidth - (cols - 1) * fs(8)) / cols;
  let rowH = 0;
  (view.seats || []).forEach((s, p) => {
    const col = p % cols;
    if (col === 0 && p > 0) {
      y += rowH + fs(8);
      rowH = 0;
    }
    const h = drawSeat(scene, g, col * (cw + fs(8)), y, cw, s, p, fs);
    rowH = Math.max(rowH, h);
  });
  y += rowH + fs(4);
  return y;
}

// The Dice Keeper beside the round line (``round``, on the line at ``y``) when the whole
// of it fits there, else on a line of its own below; the line it ends on.
/** @param {HorusScene} scene @param {SVGElement} g @param {number} y @param {string} round @param {FontSize} fs */
function drawKeeper(scene, g, y, round, fs) {
  const { panelWidth, seatName, view } = scene;
  const say = (/** @type {string} */ who) => t("horus.page.keeper", { who });
  const attrs = { "font-size": fs(12), fill: seatInk(view.keeper), "font-weight": "bold" };
  const space = panelWidth - textWidth(round, fs(16), true) - fs(12); // right of the round
  if (textWidth(say(seatName(view.keeper)), fs(12), true) <= space) {
    g.append(named(panelWidth, y, say, seatName(view.keeper), space, { ...attrs, "text-anchor": "end" }));
    return y;
  }
  y += fs(16);
  g.append(named(0, y, say, seatName(view.keeper), panelWidth, attrs));
  return y;
}

// Whether whose turn it is and the actions left, two lines, fit ``space`` whole.
/** @param {HorusScene} scene @param {number} mover the seat to move @param {number} space @param {FontSize} fs */
function moverFits(scene, mover, space, fs) {
  const { seatName, view } = scene;
  const left = t("horus.page.actions_left", { n: view.actions_left });
  return textWidth(`${seatName(mover)}:`, fs(11)) <= space && textWidth(left, fs(11), true) <= space;
}

// Whose turn it is and the actions left, on one line below the dice (for want of room
// beside them); the line after it.
/** @param {HorusScene} scene @param {SVGElement} g @param {number} y @param {number} mover @param {FontSize} fs */
function drawMover(scene, g, y, mover, fs) {
  const { panelWidth, seatName, view } = scene;
  const left = t("horus.page.actions_left", { n: view.actions_left });
  const gap = fs(6);
  const space = panelWidth - textWidth(left, fs(11), true) - gap; // the name's, left of the count
  const say = (/** @type {string} */ who) => `${who}:`;
  const shown = fitPhrase(say, seatName(mover), fs(11), space);
  y += fs(8);
  g.append(named(0, y, say, seatName(mover), space, { "font-size": fs(11) }));
  g.append(text(textWidth(shown, fs(11)) + gap, y, left, { "font-size": fs(11), "font-weight": "bold" }));
  return y + fs(6);
}

/** Seat p's card (``s`` its part of the view), ``w`` wide; its height.
 * @param {HorusScene} scene @param {SVGElement} g @param {number} x @param {number} y @param {number} w
 * @param {HorusSeatView} s @param {number} p @param {FontSize} fs */
function drawSeat(scene, g, x, y, w, s, p, fs) {
  const { abilityActs, canAct, seat, view } = scene;
  const grp = svg("g", { transform: `translate(${x},${y})` });
  const colour = seatColour(p);
  let yy = fs(16);
  const body = svg("g", {});
  const mark = p === view.to_move ? "▶ " : "";
  const say = (/** @type {string} */ who) => mark + (p === seat ? t("horus.page.you_mark", { who }) : who);
  body.append(named(fs(10), yy, say, s.name, w - fs(16), { "font-size": fs(13), "font-weight": "bold", fill: colour }));
  yy += fs(15);
  if (s.adventurer) {
    body.append(text(fs(10), yy, s.adventurer_name, { "font-size": fs(11.5) }));
    // the ability badge
    const ab = s.ability;
    const abName = term("ability", ab);
    const bw = fs(8) + abName.length * fs(6.6);
    const bx = w - bw - fs(6);
    const badge = svg("g", { transform: `translate(${bx},${yy - fs(11)})` });
    badge.append(svg("rect", { width: bw, height: fs(15), rx: fs(7), fill: s.ability_used ? "#ddd" : "#efe0ff", stroke: "#7b4fa0", "stroke-width": 1 }));
    badge.append(text(bw / 2, fs(11), abName, { "font-size": fs(10), "text-anchor": "middle", fill: s.ability_used ? "#888" : "#4b2470", "text-decoration": s.ability_used ? "line-through" : null }));
    const info = ADV[s.adventurer] ? t(`horus.term.ability.${ab}.text`) : "";
    badge.append(title(t(s.ability_used ? "horus.page.ability_title.used" : "horus.page.ability_title", { ability: abName, text: info })));
    if (p === seat && canAct) {
      const usable = abilityActs(ab).length > 0;
      if (usable) badge.append(pulse(svg("rect", { x: -2, y: -2, width: bw + 4, height: fs(15) + 4, rx: fs(8), fill: "none", stroke: GOLD, "stroke-width": 3 })));
      hit(badge, `ability-${ab}`, () => onAbility(scene, ab), t("horus.page.ability_hit", { ability: abName, text: info }), usable);
    }
    body.append(badge);
    yy += fs(15);
  }
  const where = ["inside", "waiting", "escaped"].includes(s.status) ? t(`horus.page.where.${s.status}`, { square: s.at }) : term("status", s.status);
  body.append(text(fs(10), yy, where, { "font-size": fs(11), fill: s.status === "escaped" ? "#1b7f2a" : ["sealed", "crushed", "mummy"].includes(s.status) ? "#b03a2e" : INK }));
  // the keeper's badge beside where he is (the name's line is the name's)
  if (p === view.keeper) body.append(text(w - fs(6), yy, t("horus.page.keeper_badge"), { "font-size": fs(10), "text-anchor": "end", fill: INK }));
  yy += fs(14);
  body.append(text(fs(10), yy, t("horus.page.seat_stats", { wll: s.wll, actions: s.actions, cards: s.card_count, limit: BOARD.cardLimit }), { "font-size": fs(11) }));
  yy += fs(4);
  const extra = [];
  if (s.chests && s.chests.length) extra.push(t("horus.page.seat_chests", { chests: s.chests.join(", ") }));
  if (s.status === "escaped") extra.push(t("horus.page.seat_score", { score: s.score }));
  else if (["inside", "waiting"].includes(s.status)) extra.push(t("horus.page.seat_carrying", { n: s.carrying }));
  if (extra.length) {
    yy += fs(12);
    body.append(text(fs(10), yy, extra.join(" · "), { "font-size": fs(11) }));
  }
  if (s.cursed && s.cursed.length) {
    yy += fs(14);
    body.append(text(fs(10), yy, t("horus.page.cursed"), { "font-size": fs(10.5), fill: "#b03a2e" }));
    s.cursed.forEach((c, n) => body.append(svg("rect", { x: fs(56) + n * fs(16), y: yy - fs(10), width: fs(12), height: fs(12), rx: 2, fill: (DIE[c] || ["#888"])[0], stroke: INK })));
  }
  // carried cards (public) for the others
  if (p !== seat) {
    const list = groupCards(s.cards.filter((c) => c !== "bag"));
    const cw = fs(42);
    const ch = fs(30);
    let cx = fs(10);
    /** @type {Array<[string, number, string[]?]>} */
    const items = [...list];
    for (const b of s.bags || []) items.push([`bag`, 1, b.holds]);
    if (items.length) yy += fs(6);
    let rowY = yy;
    for (const [name, count, holds] of items) {
      if (cx + cw > w - fs(4)) {
        cx = fs(10);
        rowY += ch + fs(4);
      }
      const card = drawCard(cx, rowY, cw, ch, name, { count });
      if (holds) card.append(title(t("horus.page.bag_holds", { cards: holds.map(cardName).join(", ") || t("horus.page.empty") })));
      body.append(card);
      cx += cw + fs(4);
    }
    if (items.length) yy = rowY + ch;
  }
  yy += fs(8);
  grp.append(svg("rect", { width: w, height: yy, rx: 6, fill: "#fffaf0", stroke: p === view.to_move ? GOLD : "#cdbd9c", "stroke-width": p === view.to_move ? 2.5 : 1 }));
  grp.append(svg("rect", { width: fs(5), height: yy, rx: 2, fill: colour }));
  grp.append(body);
  g.append(grp);
  return yy;
}

/** Cards by name with their counts, in first-seen order.
 * @param {string[]} cards
 * @returns {Array<[string, number]>} */
function groupCards(cards) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const c of cards) counts.set(c, (counts.get(c) || 0) + 1);
  return [...counts.entries()];
}

/** @param {HorusScene} scene @param {SVGElement} g @param {number} y @param {HorusSeatView} me @param {FontSize} fs */
function drawHand(scene, g, y, me, fs) {
  const { panelWidth, canAct, cardActs, verbs, view } = scene;
  y += fs(18);
  const heading = t("horus.page.your_cards", { cards: me.card_count, limit: BOARD.cardLimit, wll: me.wll });
  g.append(text(0, y, heading, { "font-size": fs(14), "font-weight": "bold", fill: "#5a3d1e" }));
  if (canAct && (view.stage === "adjust" || verbs.has("discard") || verbs.has("bag"))) y = drawHandHint(scene, g, y, heading, fs);
  y += fs(8);
  const cw = fs(56);
  const ch = fs(40);
  let x = 0;
  const list = groupCards(me.cards);
  if (!list.length) {
    g.append(text(0, y + fs(14), t("horus.page.none"), { "font-size": fs(11), opacity: 0.6 }));
    return y + fs(22);
  }
  let bagN = 0;
  for (const [name, count] of list) {
    if (x + cw > panelWidth) {
      x = 0;
      y += ch + fs(8);
    }
    const acts = canAct ? cardActs(name) : [];
    const card = drawCard(x, y, cw, ch, name, { count, legal: acts.length > 0 });
    if (name === "bag") {
      const holds = (me.bags || []).map((b) => b.holds.map(cardName).join("+") || t("horus.page.empty")).join(" | ");
      // under the bag, into half the gaps beside it at most
      card.append(text(cw / 2, ch + fs(10), holds, { "font-size": fitSize(holds, fs(8.5), cw + fs(6)), "text-anchor": "middle", fill: "#174845" }));
      bagN++;
    }
    if (canAct) hit(card, `card-${name}`, () => onCard(scene, name), `${cardName(name)}${acts.length ? ": " + acts.map((e) => e.action).join(" / ") : ""}`, acts.length > 0);
    g.append(card);
    x += cw + fs(8);
  }
  return y + ch + (bagN ? fs(14) : fs(4));
}

// How to use the cards: beside the heading (on the line at ``y``) when it fits there,
// else wrapped below it; the line it ends on.
/** @param {HorusScene} scene @param {SVGElement} g @param {number} y @param {string} heading @param {FontSize} fs */
function drawHandHint(scene, g, y, heading, fs) {
  const { panelWidth } = scene;
  const hint = t("horus.page.hand_hint");
  const attrs = { "font-size": fs(9.5), opacity: 0.75 };
  if (textWidth(heading, fs(14), true) + fs(12) + textWidth(hint, fs(9.5)) <= panelWidth) {
    g.append(text(panelWidth, y, hint, { ...attrs, "text-anchor": "end" }));
    return y;
  }
  for (const line of wrapText(hint, fs(9.5), panelWidth)) {
    y += fs(13);
    g.append(text(0, y, line, attrs));
  }
  return y;
}

/** The lock being opened (``lock`` the view's): its dice, what it needs, the reroll.
 * @param {HorusScene} scene @param {SVGElement} g @param {number} y @param {{alcove: string, dice: number[], missing: number[]}} lock @param {FontSize} fs */
function drawLock(scene, g, y, lock, fs) {
  const { panelWidth, abilityActs, canAct, ctx, memo, verbs } = scene;
  const idol = BOARD.idols[lock.alcove];
  y += fs(18);
  g.append(text(0, y, t("horus.page.lock_head", { god: `@horus.term.god.${lock.alcove}` }), { "font-size": fs(14), "font-weight": "bold", fill: "#5a3d1e" }));
  g.append(text(panelWidth, y, t("horus.page.lock_needs", { faces: idol.faces.join(" "), missing: lock.missing.length ? lock.missing.join(" ") : "@horus.page.none", n: lock.missing.length }), { "font-size": fs(11), "text-anchor": "end" }));
  y += fs(10);
  const s = fs(34);
  const needed = [...idol.faces];
  const good = lock.dice.map((v) => {
    const at = needed.indexOf(v);
    if (at >= 0) {
      needed.splice(at, 1);
      return true;
    }
    return false;
  });
  const sel = new Set(memo.horusReroll || []);
  lock.dice.forEach((v, i) => {
    const n = i + 1;
    const die = drawDie(i * (s + fs(10)) + fs(4), y + fs(4), s, v, BOARD.dice[i], { good: good[i], selected: sel.has(n) });
    g.append(text(i * (s + fs(10)) + fs(4) + s / 2, y + s + fs(16), n, { "font-size": fs(9), "text-anchor": "middle", opacity: 0.7 }));
    if (canAct) hit(die, `die-${n}`, () => onDie(scene, n), t(sel.has(n) ? "horus.page.die_hit.selected" : "horus.page.die_hit", { die: n, colour: `@horus.term.die.${BOARD.dice[i]}`, value: v }), verbs.has("reroll"));
    g.append(die);
  });
  // the reroll button and the missing-face helpers
  let bx = 5 * (s + fs(10)) + fs(8);
  /** @param {string} label @param {string} name @param {() => void} fn @param {boolean} on */
  const button = (label, name, fn, on) => {
    const bw = fs(10) + label.length * fs(6.6);
    const b = svg("g", { transform: `translate(${bx},${y + fs(4)})` });
    b.append(svg("rect", { width: bw, height: fs(22), rx: fs(5), fill: on ? "#ffe9a8" : "#eee", stroke: on ? "#a87b00" : "#aaa" }));
    b.append(text(bw / 2, fs(15), label, { "font-size": fs(11), "text-anchor": "middle", fill: on ? INK : "#888" }));
    if (canAct) hit(b, name, fn, label);
    g.append(b);
    bx += bw + fs(6);
    if (bx > panelWidth - fs(60)) {
      bx = 5 * (s + fs(10)) + fs(8);
      y += fs(26);
    }
  };
  if (canAct && verbs.has("reroll")) {
    const want = (memo.horusReroll || []).join(",");
    button(want ? t("horus.page.reroll_button", { dice: want }) : t("horus.page.reroll_pick"), "reroll", () => onReroll(scene), !!want);
  }
  if (canAct && verbs.has("crowbar")) button(cardName("crowbar"), "lock-crowbar", () => resolve(ctx, abilityActs("crowbar"), null, ""), true);
  if (canAct && verbs.has("lockpick")) button(term("ability", "lockpick"), "lock-lockpick", () => resolve(ctx, abilityActs("lockpick"), null, ""), true);
  return y + s + fs(22);
}

/** @param {HorusScene} scene @param {SVGElement} g @param {number} y @param {FontSize} fs */
function drawGallery(scene, g, y, fs) {
  const { panelWidth, canAct, choices, memo, seatName, view } = scene;
  y += fs(18);
  g.append(text(0, y, t("horus.page.gallery"), { "font-size": fs(14), "font-weight": "bold", fill: "#5a3d1e" }));
  y += fs(8);
  const taken = new Map();
  (view.seats || []).forEach((s, p) => {
    if (s.adventurer) taken.set(s.adventurer, p);
  });
  const cols = 4;
  const gap = fs(6);
  const cw = (panelWidth - gap * (cols - 1)) / cols;
  const ch = fs(48);
  BOARD.adventurers.forEach((a, n) => {
    const x = (n % cols) * (cw + gap);
    const yy = y + Math.floor(n / cols) * (ch + gap);
    const grp = svg("g", { transform: `translate(${x},${yy})` });
    const by = taken.get(a.key);
    const avail = canAct && choices(a.key, null).length > 0;
    const selected = memo.horusAdv === a.key;
    grp.append(svg("rect", { width: cw, height: ch, rx: 6, fill: by !== undefined ? "#e6e0d4" : "#fffaf0", stroke: selected ? GOLD : by !== undefined ? seatColour(by) : "#cdbd9c", "stroke-width": selected ? 4 : by !== undefined ? 2.5 : 1 }));
    grp.append(text(cw / 2, fs(17), a.name, { "font-size": Math.min(fs(11), (cw * 1.4) / a.name.length), "font-weight": "bold", "text-anchor": "middle" }));
    const ability = term("ability", a.ability);
    const info = t(`horus.term.ability.${a.ability}.text`);
    grp.append(text(cw / 2, fs(32), ability, { "font-size": fs(10), "text-anchor": "middle", fill: "#4b2470" }));
    if (by !== undefined) grp.append(text(cw / 2, fs(44), `${seatName(by)}`, { "font-size": fs(9), "text-anchor": "middle", fill: seatInk(by), "font-weight": "bold" }));
    grp.append(title(t("horus.page.adventurer_title", { adventurer: a.name, ability, text: info })));
    if (avail) {
      if (!selected) grp.append(svg("rect", { x: 1, y: 1, width: cw - 2, height: ch - 2, rx: 6, fill: "none", stroke: GOLD, "stroke-width": 1.5, "stroke-dasharray": "4 3" }));
      hit(grp, `adventurer-${a.key}`, () => onAdventurer(scene, a.key), t("horus.page.adventurer_hit", { adventurer: a.name, ability }));
    }
    g.append(grp);
  });
  y += 2 * (ch + gap);
  const sel = memo.horusAdv ? ADV[memo.horusAdv] : null;
  if (sel) {
    const chosen = t("horus.page.adventurer_chosen", { adventurer: sel.name, ability: `@horus.term.ability.${sel.ability}`, text: `@horus.term.ability.${sel.ability}.text` });
    const lines = wrap(chosen, Math.floor(panelWidth / fs(6.2)));
    lines.forEach((l) => {
      y += fs(14);
      g.append(text(0, y, l, { "font-size": fs(11), fill: "#4b2470" }));
    });
    y += fs(4);
  }
  return y;
}

