// @ts-check
// Silver & Gold: Pyramids: the viewer's own panel: the expedition shown this turn, the
// rounds and turns, the dealt cards to keep at setup, then the cards to mark.

import { fitSize, hit, resolve, seatColour, svg, textWidth } from "../../common.js";
import { t } from "../../i18n.js";
import { drawCard } from "./card.js";
import { chooseKeep, wireCell } from "./input.js";
import { background, GOLD, icon, INK, named, naming, panel, text } from "./look.js";
import { orient, ROUNDS, SHAPES, term, TURNS } from "./tables.js";

/** @typedef {import("./scene.js").PyramidsScene} PyramidsScene */
/** @typedef {import("./card.js").PyramidCard} PyramidCard */
/** @typedef {import("./scene.js").PyramidsSeatView} PyramidsSeatView */

/** The expedition card shown this turn (in its chosen orientation) and the earlier
 * ones of the round; the phase's title when there is none.
 * @param {PyramidsScene} scene @param {SVGElement} strip @param {number} y @param {number} W */
function expeditionStrip(scene, strip, y, W) {
  const { exp, legal, memo, single, view } = scene;
  if (exp) {
    const s = 15;
    const shp = orient(exp.name, legal.marks.length ? memo.rot : 0, legal.marks.length ? memo.mir : false);
    const sw = Math.max(...shp.map((p) => p[0])) + 1;
    const sh = Math.max(...shp.map((p) => p[1])) + 1;
    strip.append(
      svg("rect", { x: 10, y, width: 4 * s + 16, height: 4 * s + 16, rx: 6, fill: "#3b2a1a" }),
    );
    const ox = 10 + 8 + (4 * s - sw * s) / 2;
    const oy = y + 8 + (4 * s - sh * s) / 2;
    for (const [c, r] of shp) {
      strip.append(svg("rect", { x: ox + c * s, y: oy + r * s, width: s - 1.5, height: s - 1.5, rx: 2, fill: GOLD, stroke: "#fff3c4", "stroke-width": 1 }));
    }
    strip.append(
      text(96, y + 16, t("pyramids.page.expedition"), { "font-size": 12, fill: "#7a6a50" }),
      text(96, y + 36, term("shape", exp.name), { "font-size": 19, "font-weight": 700 }),
    );
    // the hint, smaller where the reader's words would run into the rounds beside it
    const hint = single && legal.marks.length ? t("pyramids.page.marking_single") : t("pyramids.page.any_orientation");
    strip.append(
      text(96, y + 56, hint, {
        "font-size": fitSize(hint, 11, roundsAt(W) - 104, false, 8),
        fill: single && legal.marks.length ? "#1f7a3a" : "#7a6a50",
        "font-weight": single && legal.marks.length ? 700 : 400,
      }),
    );
    // the cards revealed earlier this round, as small shapes
    const used = (view.expedition_used || []).slice(0, -1);
    if (used.length) {
      strip.append(text(96, y + 75, t("pyramids.page.earlier"), { "font-size": 10, fill: "#7a6a50" }));
      let ux = 140;
      for (const name of used) {
        const cells = SHAPES[name];
        if (!cells) {
          const words = term("shape", name);
          strip.append(text(ux, y + 75, words, { "font-size": 10, fill: "#7a6a50" }));
          ux += textWidth(words, 10) + 8;
          continue;
        }
        const us = 6;
        const g = svg("g", { transform: `translate(${ux} ${y + 64})` });
        g.append(svg("title", {}, term("shape", name)));
        for (const [c, r] of cells) g.append(svg("rect", { x: c * us, y: r * us, width: us - 1, height: us - 1, fill: "#a88f5e" }));
        strip.append(g);
        ux += (Math.max(...cells.map((q) => q[0])) + 1) * us + 8;
      }
    }
  } else {
    const title = { keep: t("pyramids.page.setup"), over: t("pyramids.page.game_over") }[view.phase] || t("pyramids.page.expedition");
    const sub = { keep: t("pyramids.page.setup_sub"), over: t("pyramids.page.over_sub", { n: ROUNDS }) }[view.phase] || "";
    strip.append(
      text(14, y + 22, title, { "font-size": 19, "font-weight": 700 }),
      text(14, y + 42, sub, { "font-size": 12, fill: "#7a6a50" }),
    );
  }
}

/** Where the rounds and turns begin, in a strip ``W`` wide. @param {number} W */
const roundsAt = (W) => W - 150;

/** The rounds (with the torches this seat lit) and the turns of this round.
 * @param {PyramidsScene} scene @param {PyramidsSeatView} seat @param {SVGElement} strip @param {number} y @param {number} W */
function roundPips(scene, seat, strip, y, W) {
  const { view } = scene;
  const px = roundsAt(W);
  strip.append(text(px, y + 14, t("pyramids.page.round"), { "font-size": 11, fill: "#7a6a50" }));
  for (let r = 1; r <= ROUNDS; r++) {
    const on = r <= view.round;
    const torch = seat.score_card.torches[r - 1];
    strip.append(svg("circle", { cx: px + 48 + (r - 1) * 22, cy: y + 10, r: 8, fill: on ? (r === view.round ? GOLD : "#c9b58a") : "none", stroke: INK, "stroke-width": 1 }));
    strip.append(text(px + 48 + (r - 1) * 22, y + 14, r, { "text-anchor": "middle", "font-size": 10, "font-weight": 700 }));
    if (torch) strip.append(icon("t", px + 48 + (r - 1) * 22, y + 30, 16));
  }
  strip.append(text(px, y + 52, t("pyramids.page.turn"), { "font-size": 11, fill: "#7a6a50" }));
  for (let k = 1; k <= TURNS; k++) {
    const on = view.phase !== "keep" && k <= view.turn;
    strip.append(svg("rect", { x: px + 34 + (k - 1) * 15, y: y + 43, width: 11, height: 11, rx: 2, fill: on ? (k === view.turn ? GOLD : "#c9b58a") : "none", stroke: INK, "stroke-width": 1 }));
  }
}

/** This seat's cards: the dealt ones to keep at setup, else the ones to mark (with
 * their legal placements), or why there is none; the pass button.
 * @param {PyramidsScene} scene @param {number} me @param {SVGElement[]} parts @param {number} y @param {number} W @returns {number} */
function mineCards(scene, me, parts, y, W) {
  const { ctx, legal, memo, myTurn, view } = scene;
  const seat = view.seats[me];
  const dealt = seat.dealt_cards || seat.dealt || [];
  const keeping = legal.keeps.length > 0;
  if (dealt.length && (keeping || (view.phase === "keep" && !seat.chosen))) {
    // setup: pick two of the four dealt cards (the view gives ids; the grids come
    // from the keep texts' colours only, so draw what the view has); before this
    // seat's turn to keep they are shown, not choosable yet
    const cards = dealt.map((id) => dealtCard(scene, id));
    const s = 40;
    let x = 10;
    let rowH = 0;
    cards.forEach((card, k) => {
      const sel = keeping && memo.keepSel.includes(card.id);
      const d = drawCard(card, { s, labels: false, selected: sel, choosable: keeping && !sel });
      const col = k % 2;
      x = 10 + col * ((W - 20) / 2) + ((W - 20) / 2 - d.w) / 2;
      d.g.setAttribute("transform", `translate(${x} ${y})`);
      d.g.setAttribute("data-spot", `dealt-${card.id}`);
      if (keeping) {
        const label = t(sel ? "pyramids.page.unselect_card" : "pyramids.page.keep_card", { card: card.id, colour: term("colour", card.colour) });
        hit(d.g, `dealt-${card.id}`, () => chooseKeep(scene, card.id), label);
        d.g.setAttribute("style", "cursor:pointer");
      }
      parts.push(d.g);
      rowH = Math.max(rowH, d.h);
      if (col === 1) y += rowH + 14;
    });
    if (cards.length % 2) y += rowH + 14;
    if (!keeping) {
      parts.push(text(W / 2, y + 2, t("pyramids.page.mine.keep_later"), { "text-anchor": "middle", "font-size": 12, fill: "#7a6a50" }));
      y += 16;
    }
    if (cards.some((c) => !c.rows)) {
      parts.push(text(W / 2, y + 2, t("pyramids.page.grids_later"), { "text-anchor": "middle", "font-size": 11, fill: "#7a6a50" }));
      y += 14;
    }
  } else if (seat.cards.length) {
    const s = 46;
    const dims = seat.cards.map((c) => drawCard(c, { s, labels: true }));
    const total = dims.reduce((sum, d) => sum + d.w, 0) + (dims.length - 1) * 14;
    let x = Math.max(8, (W - total) / 2);
    for (const card of seat.cards) {
      const all = memo.showLegal === card.id;
      const hints = new Set(
        legal.marks.filter((m) => m.card === card.id && (all || m.cells.length === 1)).flatMap((m) => m.cells),
      );
      const d = drawCard(card, {
        s,
        labels: true,
        markColour: seatColour(me),
        hints: legal.marks.length ? hints : null,
        cellHit: legal.marks.length ? (i, r, preview) => wireCell(scene, card, i, r, preview, s) : null,
      });
      d.g.setAttribute("transform", `translate(${x} ${y})`);
      parts.push(d.g);
      x += d.w + 14;
    }
    y += dims[0].h + 12;
  } else {
    let msg = t("pyramids.page.mine.no_card");
    if (view.phase === "keep") msg = seat.chosen ? t("pyramids.page.mine.chosen") : t("pyramids.page.mine.dealing");
    parts.push(text(W / 2, y + 30, msg, { "text-anchor": "middle", "font-size": 14, fill: "#7a6a50" }));
    y += 50;
  }
  const pass = legal.pass;
  if (myTurn && pass) {
    const b = svg("g", { transform: `translate(${W / 2 - 70} ${y})`, style: "cursor:pointer" });
    b.append(
      svg("rect", { width: 140, height: 32, rx: 8, fill: "#7b4a1e" }),
      text(70, 21, t("pyramids.page.pass"), { "text-anchor": "middle", "font-size": 15, "font-weight": 700, fill: "#fff" }),
    );
    hit(b, "pass", () => resolve(ctx, [pass], null, ""), t("pyramids.page.pass_label"));
    parts.push(b);
    y += 44;
  }
  return y;
}

/** The viewer's own panel. @param {PyramidsScene} scene @param {number} me the viewer's seat */
export function drawMine(scene, me) {
  const { view } = scene;
  const seat = view.seats[me];
  const W = 540;
  /** @type {SVGElement[]} */
  const parts = [];
  let y = 10;
  const strip = svg("g", {});
  parts.push(strip);
  expeditionStrip(scene, strip, y, W);
  roundPips(scene, seat, strip, y, W);
  y += scene.exp ? 4 * 15 + 16 + 14 : 74;

  const you = svg("g", {});
  parts.push(you);
  const final = view.final && view.final[me];
  const soFar = final ? t("pyramids.page.vp_final", { n: final.total }) : t("pyramids.page.vp_so_far", { n: seat.score_card.points });
  you.append(
    svg("circle", { cx: 18, cy: y + 2, r: 6, fill: seatColour(me) }),
    named(30, y + 7, naming("pyramids.page.you"), scene.nameOf(me), W - 50 - textWidth(soFar, 13), { "font-size": 15, "font-weight": 700 }),
    text(W - 10, y + 7, soFar, { "font-size": 13, "text-anchor": "end", fill: "#7a6a50" }),
  );
  y += 18;

  y = mineCards(scene, me, parts, y, W);
  const p = panel(W, y, 430, 560, t("pyramids.page.your_cards"));
  p.el.append(background(W, y), ...parts);
  return p.box;
}

// The view names the dealt cards by id (a future view may give whole cards);
// their grids are drawn when known, else the card's number and colour only.
/** @param {PyramidsScene} scene @param {number | PyramidCard} d @returns {PyramidCard} */
function dealtCard(scene, d) {
  const { legal, view } = scene;
  if (d && typeof d === "object") return { ...d, marked: d.marked || [] };
  const id = Number(d);
  const known = [...view.display, ...view.seats.flatMap((s) => [...s.cards, ...s.completed])].find((c) => c.id === id);
  if (known) return { ...known, marked: [] };
  let colour = "";
  for (const k of legal.keeps) {
    const at = k.cards.indexOf(id);
    if (at >= 0) colour = k.colours[at];
  }
  return { id, colour, rows: null, marked: [], complete: false };
}

