// @ts-check
// Silver & Gold: Pyramids: the side panel: the display and the deck (to take a
// replacement from), the pyramid points race, every seat's score card, the legend.

import { fitSize, hit, resolve, seatColour, seatInk, svg, textWidth } from "../../common.js";
import { t } from "../../i18n.js";
import { drawCard } from "./card.js";
import { background, GOLD, icon, named, naming, panel, pyramidChip, SAND, text, WALL } from "./look.js";
import { B, ordinal, PYR, term } from "./tables.js";

/** @typedef {import("./scene.js").PyramidsScene} PyramidsScene */
/** @typedef {import("./look.js").SymbolChar} SymbolChar */
/** @typedef {import("./card.js").PyramidCard} PyramidCard */

/** The side panel. @param {PyramidsScene} scene */
export function drawSide(scene) {
  const W = 450;
  /** @type {SVGElement[]} */
  const parts = [];
  let y = 8;
  y = sideDisplay(scene, parts, y, W);
  y = sideRace(scene, parts, y, W);
  y = sideScoreCards(scene, parts, y, W);
  y = sideLegend(scene, parts, y, W);
  const pnl = panel(W, y, 340, 480, t("pyramids.page.side_label"));
  pnl.el.append(background(W, y), ...parts);
  return pnl.box;
}

/** The display cards and the deck, each takeable when legal.
 * @param {PyramidsScene} scene @param {SVGElement[]} parts @param {number} y @param {number} W @returns {number} the y below it */
function sideDisplay(scene, parts, y, W) {
  const { ctx, legal, view } = scene;
  const takeable = new Set(legal.takes.map((k) => k.card));
  const title = t("pyramids.page.display");
  parts.push(text(10, y + 14, title, { "font-size": 15, "font-weight": 700 }));
  if (takeable.size) {
    // the hint after the title, smaller where the reader's words would run past the panel
    const hint = t("pyramids.page.display_hint");
    const hx = 18 + textWidth(title, 15, true);
    const size = fitSize(hint, 12, W - 10 - hx, true, 8);
    parts.push(text(hx, y + 14, hint, { "font-size": size, "font-weight": 700, fill: "#1f7a3a" }));
  }
  y += 22;
  const s = 16;
  let x = 10;
  let h = 0;
  for (const card of view.display) {
    const can = takeable.has(String(card.id));
    const d = drawCard(card, { s, labels: false, choosable: can });
    d.g.setAttribute("transform", `translate(${x} ${y})`);
    const take = legal.takes.find((k) => k.card === String(card.id));
    if (can && take) {
      const entry = take.entry;
      const label = t("pyramids.page.take_display", { card: card.id, colour: term("colour", card.colour) });
      hit(d.g, `display-${card.id}`, () => resolve(ctx, [entry], null, ""), label);
    }
    parts.push(d.g);
    x += d.w + 7;
    h = Math.max(h, d.h);
  }
  if (!view.display.length) {
    parts.push(text(x, y + 30, t("pyramids.page.empty"), { fill: "#7a6a50" }));
    h = 60;
  }
  // the deck: a stack of card backs
  const dw = 56;
  const dh = h || 100;
  const deck = svg("g", { transform: `translate(${W - dw - 10} ${y})` });
  const stack = Math.min(3, Math.ceil(view.deck / 10));
  for (let k = stack; k >= 0; k--) {
    deck.append(svg("rect", { x: k * 2, y: k * 2, width: dw - 8, height: dh - 8, rx: 5, fill: view.deck ? "#6b4f2e" : "none", stroke: view.deck ? "#3b2a1a" : "#b9a77f", "stroke-dasharray": view.deck ? null : "4 3" }));
  }
  const mid = (dw - 8) / 2;
  if (view.deck) {
    deck.append(svg("path", { d: `M${mid - 16} ${dh / 2 - 6} L${mid} ${dh / 2 - 32} L${mid + 16} ${dh / 2 - 6} Z`, fill: GOLD, opacity: 0.85 }));
  }
  deck.append(
    text(mid, dh / 2 + 16, view.deck, { "text-anchor": "middle", "font-size": 18, "font-weight": 700, fill: view.deck ? "#fff" : "#7a6a50" }),
    text(mid, dh / 2 + 30, t("pyramids.page.deck"), { "text-anchor": "middle", "font-size": 10, fill: view.deck ? "#f1e2bb" : "#7a6a50" }),
  );
  const deckTake = legal.takes.find((k) => k.card === "deck");
  if (takeable.has("deck") && deckTake) {
    deck.append(svg("rect", { x: -3, y: -3, width: dw - 2, height: dh - 2, rx: 6, fill: "none", stroke: "#1f7a3a", "stroke-width": 3, "stroke-dasharray": "7 4" }));
    const entry = deckTake.entry;
    hit(deck, "deck", () => resolve(ctx, [entry], null, ""), t("pyramids.page.take_deck"));
  }
  parts.push(deck);
  y += dh + 8;
  return y;
}

/** The pyramid points race: each colour's claims left.
 * @param {PyramidsScene} scene @param {SVGElement[]} parts @param {number} y @param {number} W @returns {number} the y below it */
function sideRace(scene, parts, y, W) {
  const { view } = scene;
  // the colour race: its rule beside the title, or under it where both do not fit
  const title = t("pyramids.page.race");
  const rule = t("pyramids.page.race_rule", { places: B.claim_at.map(ordinal).join(", ") });
  parts.push(text(10, y + 14, title, { "font-size": 15, "font-weight": 700 }));
  const beside = textWidth(title, 15, true) + textWidth(rule, 10) + 16 <= W - 20;
  if (!beside) y += 13;
  parts.push(text(W - 10, y + 14, rule, { "font-size": 10, fill: "#7a6a50", "text-anchor": "end" }));
  y += 22;
  const race = view.race || {};
  const all = B.pyramid_points;
  const colours = Object.keys(PYR);
  // each colour's name, then its chips; what room is left goes between the colours
  const labels = colours.map((c) => Math.max(40, textWidth(term("colour", c), 12, true) + 6));
  const used = labels.reduce((a, b) => a + b, 0) + colours.length * all.length * 28;
  const gap = Math.max(4, (W - 20 - used) / Math.max(1, colours.length - 1));
  let rx = 10;
  colours.forEach((colour, c) => {
    const left = race[colour] || [];
    const taken = all.length - left.length;
    parts.push(text(rx, y + 18, term("colour", colour), { "font-size": 12, "font-weight": 700, fill: PYR[colour] }));
    all.forEach((v, k) => {
      const gone = k < taken;
      const g = pyramidChip(rx + labels[c] + k * 28, y, 25, gone ? null : colour, v);
      if (gone) {
        g.append(svg("path", { d: "M2 23 L23 3", stroke: "#8e1b1b", "stroke-width": 2.5 }));
        g.setAttribute("opacity", "0.5");
      }
      parts.push(g);
    });
    rx += labels[c] + all.length * 28 + gap;
  });
  y += 36;
  return y;
}

/** Each seat's score card: gems, torches, skulls, claims and pyramids done.
 * @param {PyramidsScene} scene @param {SVGElement[]} parts @param {number} y @param {number} W @returns {number} the y below it */
function sideScoreCards(scene, parts, y, W) {
  const { me, view } = scene;
  // score cards
  parts.push(text(10, y + 14, t("pyramids.page.score_cards"), { "font-size": 15, "font-weight": 700 }));
  if (me !== null && (view.phase === "mark" || view.phase === "extra")) {
    parts.push(text(W - 10, y + 14, t("pyramids.page.others_as_of"), { "font-size": 10, fill: "#7a6a50", "text-anchor": "end" }));
  }
  y += 20;
  view.seats.forEach((seat, p) => {
    const sc = seat.score_card;
    const g = svg("g", { transform: `translate(10 ${y})` });
    const turn = p === view.current_player && view.phase !== "over";
    const won = (view.winners || []).includes(p);
    const RH = 78;
    g.append(svg("rect", { x: 0, y: 0, width: W - 20, height: RH, rx: 7, fill: turn || won ? "#fff2c2" : "#fffaf0", stroke: turn || won ? GOLD : "#e0d2ad", "stroke-width": turn || won ? 2 : 1 }));
    g.append(svg("rect", { x: 0, y: 0, width: 6, height: RH, rx: 3, fill: seatColour(p) }));
    const whose = `pyramids.page.${p === me ? "you" : "seat"}${won ? "_winner" : ""}`;
    const who = (/** @type {string} */ name) => `${turn ? "▶ " : ""}${naming(whose)(name)}`;
    const space = W - 54 - textWidth(String(sc.points), 22, true); // left of the points
    g.append(named(14, 18, who, scene.nameOf(p), space, { "font-size": 14, "font-weight": 700, fill: seatInk(p) }));
    g.append(text(W - 30, 22, seat.score_card.points, { "font-size": 22, "font-weight": 800, "text-anchor": "end" }), text(W - 30, 35, t(view.phase === "over" ? "pyramids.page.vp_in_all" : "pyramids.page.vp_now"), { "font-size": 9, "text-anchor": "end", fill: "#7a6a50" }));
    // gems, torches, skulls
    const row = 38;
    let gx = 14;
    g.append(icon("r", gx + 9, row, 22), text(gx + 21, row + 5, sc.red_gems, { "font-size": 14, "font-weight": 700 }));
    gx += 44;
    g.append(icon("g", gx + 9, row, 22), text(gx + 21, row + 5, sc.green_gems, { "font-size": 14, "font-weight": 700 }));
    gx += 48;
    sc.torches.forEach((lit, r) => {
      const tx = gx + 9 + r * 19;
      const torch = icon("t", tx, row, 22);
      if (!lit) torch.setAttribute("opacity", "0.25");
      g.append(torch, text(tx + 6, row + 11, r + 1, { "font-size": 8, fill: "#7a6a50" }));
    });
    gx += 4 * 19 + 10;
    g.append(icon("s", gx + 9, row, 22), text(gx + 21, row + 5, sc.skulls ? t("pyramids.page.skulls", { n: sc.skulls, worst: sc.worst_skull }) : "0", { "font-size": 14, "font-weight": 700 }));
    // pyramid points claimed and completed cards
    const row2 = 54;
    let px = 14;
    if (sc.pyramid_points.length) {
      for (const pp of sc.pyramid_points) {
        g.append(pyramidChip(px, row2, 20, pp.colour, pp.value));
        px += 22;
      }
      px += 8;
    }
    const doneWords = seat.completed.length ? t("pyramids.page.done") : t("pyramids.page.none_done");
    g.append(text(px, row2 + 15, doneWords, { "font-size": 11, fill: "#7a6a50" }));
    px += Math.max(34, textWidth(doneWords, 11) + 6);
    seat.completed.forEach((c, k) => {
      if (px + k * 21 < W - 40) g.append(pyramidChip(px + k * 21, row2, 20, c.colour, c.id));
    });
    parts.push(g);
    y += RH + 6;
  });
  return y;
}

/** What the card symbols mean.
 * @param {PyramidsScene} scene @param {SVGElement[]} parts @param {number} y @param {number} W @returns {number} the y below it */
function sideLegend(scene, parts, y, W) {
  const { me } = scene;
  // legend
  y += 4;
  const legend = [
    ["E", "entrance"], ["T", "tomb"], ["#", "wall"], ["x", "red cross"], ["r", "red gem"],
    ["g", "green gem"], ["t", "torch"], ["s", "skull"], ["p", "potion"], ["mark", "marked"],
  ].map(([ch, name]) => [ch, term("symbol", name)]);
  let lx = 10;
  let ly = y;
  for (const [ch, name] of legend) {
    const wdt = 30 + name.length * 6.2;
    if (lx + wdt > W - 6) {
      lx = 10;
      ly += 24;
    }
    if (ch === "#") parts.push(svg("rect", { x: lx, y: ly, width: 18, height: 18, fill: WALL, stroke: "#6d5940" }));
    else if (ch === "mark") {
      const mc = me !== null ? seatColour(me) : "#555";
      parts.push(
        svg("rect", { x: lx, y: ly, width: 18, height: 18, fill: SAND, stroke: "#cdb98a" }),
        svg("rect", { x: lx + 1, y: ly + 1, width: 16, height: 16, fill: mc, opacity: 0.38 }),
        svg("path", { d: `M${lx + 3} ${ly + 3} L${lx + 15} ${ly + 15} M${lx + 15} ${ly + 3} L${lx + 3} ${ly + 15}`, stroke: mc, "stroke-width": 1.5, opacity: 0.75 }),
      );
    } else parts.push(svg("rect", { x: lx, y: ly, width: 18, height: 18, fill: SAND, stroke: "#cdb98a" }), icon(/** @type {SymbolChar} */ (ch), lx + 9, ly + 9, 18));
    parts.push(text(lx + 22, ly + 13, name, { "font-size": 11 }));
    lx += wdt;
  }
  y = ly + 28;
  return y;
}

