// @ts-check
// Luxor: the panels round the board: the status line above it, and beside it (below on
// a phone) your hand, the supply of rewards and every seat's pieces.

import { fitSize, fitText, hit, keepWhole, seatColour, seatInk, svg, textWidth, wrapText } from "../../common.js";
import { t } from "../../i18n.js";
import { clickCard, clickReward } from "./input.js";
import { dieFace, faceSize, INK, keyIcon, named, pawn, text, TREASURE } from "./look.js";
import { CARD, cardLabel, countLeft, shortLabel } from "./tables.js";

/** @typedef {import("./scene.js").LuxorScene} LuxorScene */
/** @typedef {import("./scene.js").LuxorSeatView} LuxorSeatView */
/** A panel drawn at the origin and its height. @typedef {{g: SVGElement, h: number}} Drawn */

const PHASES = ["play", "die", "act", "choice"];

/** The status line, ``w`` wide. @param {LuxorScene} scene @param {number} w @returns {Drawn} */
export function drawStatus(scene, w) {
  const { active, names, phase, view } = scene;
  const g = svg("g", {});
  const cur = view.current_player;
  let line;
  if (phase === "over") {
    const winners = view.winners || [];
    const win = winners.map((p) => names[p]).join(" & ");
    line = win ? t("luxor.page.status.won", { who: win, n: winners.length }) : t("luxor.page.status.over");
  } else if (active) {
    line = PHASES.includes(phase) ? t(`luxor.page.prompt.${phase}`) : "";
  } else if (cur !== null && cur !== undefined) {
    line = t(`luxor.page.status.waiting.${PHASES.includes(phase) ? phase : "choice"}`, { who: names[cur] });
  } else line = "";
  g.append(text(6, 22, t("luxor.page.status.round", { round: view.round ?? "?" }), { "font-size": 17, "font-weight": 700 }));
  if (cur !== null && cur !== undefined && phase !== "over") {
    g.append(svg("circle", { cx: 112, cy: 16, r: 7, fill: seatColour(cur), stroke: INK }));
  }
  const textX = 126;
  const lineW = w - textX - (phase === "die" ? 40 : 0);
  // a word longer than a line (a long name) is shortened to it; the whole stays its tooltip
  const lines = wrapText(line, 16, lineW, active);
  lines.forEach((l, i) => g.append(keepWhole(text(textX, 22 + i * 19, fitText(l, 16, lineW, active), { "font-size": 16,
    "font-weight": active ? 700 : 400, fill: active ? "#8a3b00" : INK }), l)));
  if (phase === "die" && view.die) g.append(dieFace(w - 36, 2, 32, view.die));
  return { g, h: Math.max(40, 10 + lines.length * 19) };
}

// ---------- the viewer's hand ----------
/** @param {LuxorScene} scene @param {number} me @param {number} w @returns {Drawn} */
export function drawHand(scene, me, w) {
  const { active, ctx, hand, legal, memo, names, phase, sideName } = scene;
  const g = svg("g", {});
  g.append(svg("rect", { x: 0, y: 0, width: w, height: 168, rx: 10, fill: "#efe3c6", stroke: "#c7ad7a" }));
  const hint = t("luxor.page.hand.hint");
  const space = w - 36 - textWidth(hint, 12); // the title's, left of the hint
  g.append(named(12, 22, (who) => t("luxor.page.hand.title", { who }), names[me], space, { "font-size": 16, "font-weight": 700 }));
  g.append(text(w - 12, 22, hint, { "font-size": 12, "text-anchor": "end", fill: "#6b4c26" }));
  const n = hand.length;
  const gap = 8;
  const cw = Math.min(92, (w - 24 - gap * (n - 1)) / Math.max(n, 1));
  const ch = 116;
  const startX = (w - (n * cw + (n - 1) * gap)) / 2;
  hand.forEach((code, i) => {
    const side = i === 0 ? "L" : i === n - 1 ? "R" : null;
    const selected = side && memo.side === side;
    const playable = side && active && phase === "play" && legal.some((e) => e.fields.side === side);
    const x = startX + i * (cw + gap);
    const y = 36 + (selected ? -6 : 0);
    const cg = svg("g", {});
    const horus = Boolean(CARD[code] && CARD[code].level);
    cg.append(svg("rect", { x, y, width: cw, height: ch, rx: 9, fill: horus ? "#f7d774" : "#fffaf0",
      stroke: selected ? "#d35400" : playable ? "#e0a800" : side ? "#8c6a3f" : "#b8a27a",
      "stroke-width": selected ? 5 : playable ? 4 : side ? 2 : 1.2 }));
    if (!side) cg.append(svg("rect", { x, y, width: cw, height: ch, rx: 9, fill: "#8c6a3f", "fill-opacity": 0.14, "pointer-events": "none" }));
    const [big, small] = cardLabel(code);
    if (code === "die") cg.append(dieFace(x + cw / 2 - 18, y + 24, 36, 5));
    else cg.append(text(x + cw / 2, y + 58, big, { "font-size": faceSize(big, big.length > 4 ? 20 : big.length > 2 ? 26 : 36, cw - 10), "font-weight": 800, "text-anchor": "middle" }));
    const room = cw < 80 ? 9.5 : 11; // the line under the number, smaller where it would spill
    cg.append(text(x + cw / 2, y + 86, small, { "font-size": fitSize(small, room, cw - 8), "text-anchor": "middle", fill: "#5a4020" }));
    if (horus) cg.append(text(x + cw / 2, y + 104, t("luxor.page.horus"), { "font-size": 11, "font-weight": 700, "text-anchor": "middle", fill: "#8a5a00" }));
    if (side) cg.append(text(x + 10, y + 18, t(`luxor.page.side_letter.${side}`), { "font-size": 15, "font-weight": 800, fill: selected ? "#d35400" : "#8c6a3f" }));
    g.append(cg);
    if (active) {
      if (side) hit(cg, `card-${side}`, () => clickCard(scene, side), t("luxor.page.hit.card", { side: sideName(side), card: big }), Boolean(playable));
      else hit(cg, `card-${i + 1}`, () => ctx.say(t("luxor.page.say.only_ends")), t("luxor.page.hit.middle_card", { card: big }), false);
    }
    if (n === 1 && active) {
      // A single card is both ends: the right end gets its own small handle.
      const rg = svg("g", {}, svg("rect", { x: x + cw + 6, y: y + 40, width: 34, height: 34, rx: 6, fill: "#fffaf0", stroke: "#8c6a3f" }),
        text(x + cw + 23, y + 62, t("luxor.page.side_letter.R"), { "font-size": 15, "font-weight": 800, "text-anchor": "middle" }));
      g.append(rg);
      hit(rg, "card-R", () => clickCard(scene, "R"), t("luxor.page.hit.single_card"), phase === "play" && legal.some((e) => e.fields.side === "R"));
    }
  });
  if (!n) g.append(text(w / 2, 100, t("luxor.page.hand.empty"), { "font-size": 14, "text-anchor": "middle" }));
  return { g, h: 168 };
}

// ---------- supply: Horus stacks and rewards ----------
/** @param {LuxorScene} scene @param {number} w @returns {Drawn} */
export function drawSupply(scene, w) {
  const { active, phase, view } = scene;
  const g = svg("g", {});
  const choosing = phase === "choice" && active;
  const offered = new Set(choosing ? view.choices || [] : []);
  const h = 132;
  g.append(svg("rect", { x: 0, y: 0, width: w, height: h, rx: 10, fill: choosing ? "#fff3cf" : "#f2ead8", stroke: choosing ? "#e0a800" : "#d6c6a4", "stroke-width": choosing ? 3 : 1 }));
  g.append(text(12, 21, t(choosing ? "luxor.page.rewards.choose" : "luxor.page.rewards.title"), { "font-size": 15, "font-weight": 700, fill: choosing ? "#8a3b00" : INK }));
  const items = [];
  for (const hs of view.horus_stacks || []) {
    items.push({ what: `h${hs.level}`, title: t("luxor.page.rewards.horus", { level: hs.level }), big: hs.top ? cardLabel(hs.top)[0] : "—",
      small: countLeft(hs.size), fill: "#f7d774", eyes: hs.level });
  }
  const s = view.supply || {};
  items.push({ what: "key", title: t("luxor.page.rewards.key"), big: "", small: countLeft(s.keys ?? 0), fill: "#e9e2d0" });
  items.push({ what: "scarab", title: t("luxor.page.rewards.scarab"), big: "◉", small: countLeft(s.scarabs ?? 0), fill: "#cfe8d0" });
  items.push({ what: "wild", title: t("luxor.page.rewards.wild"), big: "✱", small: countLeft(s.wild_tiles ?? 0), fill: "#e7d3ef" });
  const gap = 6;
  const iw = (w - 24 - gap * (items.length - 1)) / items.length;
  items.forEach((it, i) => {
    const x = 12 + i * (iw + gap), y = 30;
    const on = offered.has(it.what);
    const ig = svg("g", {});
    ig.append(svg("rect", { x, y, width: iw, height: 92, rx: 8, fill: it.fill, stroke: on ? "#d35400" : "#a89468", "stroke-width": on ? 4 : 1.2,
      opacity: choosing && !on ? 0.45 : 1 }));
    const room = iw - 8; // each line inside its card, whatever its language
    ig.append(text(x + iw / 2, y + 17, it.title, { "font-size": fitSize(it.title, iw < 60 || it.title.length > 9 ? 10 : 12, room, true), "font-weight": 700, "text-anchor": "middle" }));
    if (it.what === "key") ig.append(keyIcon(x + iw / 2, y + 45));
    else ig.append(text(x + iw / 2, y + 52, it.big, { "font-size": faceSize(it.big, it.big.length > 4 ? 15 : it.big.length > 2 ? 19 : 24, room), "font-weight": 800, "text-anchor": "middle" }));
    ig.append(text(x + iw / 2, y + 80, it.small, { "font-size": fitSize(it.small, iw < 60 ? 10 : 11.5, room), "text-anchor": "middle", fill: "#5a4020" }));
    g.append(ig);
    if (choosing) hit(ig, `reward-${it.what}`, () => clickReward(scene, it.what), t("luxor.page.hit.reward", { reward: it.title }), on);
  });
  return { g, h };
}

// ---------- seats ----------
/** @param {LuxorScene} scene @param {number} w @returns {Drawn} */
export function drawSeats(scene, w) {
  const { seats } = scene;
  const g = svg("g", {});
  const perRow = w >= 600 ? 2 : 1;
  const pw = (w - (perRow - 1) * 10) / perRow;
  const ph = 122;
  seats.forEach((s, i) => {
    const x = (i % perRow) * (pw + 10), y = Math.floor(i / perRow) * (ph + 10);
    g.append(drawSeat(scene, s, i, x, y, pw, ph));
  });
  return { g, h: Math.ceil(seats.length / perRow) * (ph + 10) - 10 };
}

/** @param {LuxorScene} scene @param {LuxorSeatView} s @param {number} i @param {number} x @param {number} y @param {number} w @param {number} h */
function drawSeat(scene, s, i, x, y, w, h) {
  const { me, names, phase, view } = scene;
  const g = svg("g", {});
  const isCur = view.current_player === i && phase !== "over";
  const won = (view.winners || []).includes(i);
  g.append(svg("rect", { x, y, width: w, height: h, rx: 10, fill: "#fffaf0", stroke: isCur ? seatColour(i) : "#d6c6a4", "stroke-width": isCur ? 3.5 : 1.2 }));
  g.append(svg("rect", { x, y, width: 10, height: h, rx: 5, fill: seatColour(i) }));
  g.append(pawn(x + 27, y + 24, seatColour(i), 10));
  const say = (/** @type {string} */ who) => (i === me ? t("luxor.page.seat.you", { who }) : who);
  const space = w - 64 - textWidth(String(s.score), 28, true); // left of the score
  g.append(named(x + 44, y + 25, say, names[i], space, { "font-size": 16, "font-weight": 700 }));
  if (isCur) g.append(text(x + 44, y + 42, t("luxor.page.seat.to_move"), { "font-size": 11.5, fill: seatInk(i), "font-weight": 700 }));
  if (won) g.append(text(x + 44, y + 42, t("luxor.page.seat.winner"), { "font-size": 12.5, fill: "#b8860b", "font-weight": 800 }));
  g.append(text(x + w - 12, y + 30, String(s.score), { "font-size": 28, "font-weight": 800, "text-anchor": "end" }));
  g.append(text(x + w - 12, y + 44, t("luxor.page.seat.vp"), { "font-size": 11, "text-anchor": "end", fill: "#6b4c26" }));
  // Line 2: keys, scarabs, sarcophagi, adventurers.
  const act = s.adventurers.length;
  const onStairs = s.adventurers.filter((a) => a === "S").length;
  const inChamber = s.adventurers.filter((a) => a === "C").length;
  const sleeping = (s.sleeping_at_statues || []).length;
  const scarabs = s.scarabs && s.scarabs.length
    ? t("luxor.page.seat.scarabs_known", { count: s.scarab_count, values: s.scarabs.join("+"), sum: s.scarabs.reduce((a, b) => a + b, 0) })
    : t("luxor.page.seat.scarabs", { count: s.scarab_count });
  const l2 = [t("luxor.page.seat.keys", { count: s.keys }), scarabs];
  if ((s.sarcophagi || []).length) l2.push(t("luxor.page.seat.sarcophagi", { values: s.sarcophagi.join("+") }));
  g.append(text(x + 18, y + 62, l2.join(" · "), { "font-size": 12.5 }));
  const l3 = [t("luxor.page.seat.adventurers", { count: act })];
  if (onStairs) l3.push(t("luxor.page.seat.on_stairs", { count: onStairs }));
  if (inChamber) l3.push(t("luxor.page.seat.in_chamber", { count: inChamber }));
  if (sleeping) l3.push(t("luxor.page.seat.lying", { n: sleeping, statues: `A${s.sleeping_at_statues.join(",A")}` }));
  g.append(text(x + 18, y + 80, l3.join(" · "), { "font-size": 12.5 }));
  // Treasures as tokens, grouped by type, then wild tiles.
  let tx = x + 18;
  const ty = y + 92;
  for (const type of ["vase", "statue", "jewelry"]) {
    const list = (s.treasures || []).filter((held) => held.type === type);
    for (const item of list) {
      g.append(svg("g", {}, svg("title", {}, t("luxor.page.seat.treasure", { treasure: `@luxor.term.treasure.${type}`, vp: item.vp })),
        svg("rect", { x: tx, y: ty, width: 16, height: 20, rx: 3, fill: TREASURE[type] }),
        text(tx + 8, ty + 14.5, String(item.vp), { "font-size": 11.5, "font-weight": 700, fill: "#fff", "text-anchor": "middle" })));
      tx += 18;
    }
    if (list.length) tx += 5;
  }
  for (let k = 0; k < (s.wild_tiles || 0); k++) {
    g.append(svg("rect", { x: tx, y: ty, width: 16, height: 20, rx: 3, fill: "#8e5fb0" }));
    g.append(text(tx + 8, ty + 14.5, t("luxor.page.seat.wild_letter"), { "font-size": 11, "font-weight": 700, fill: "#fff", "text-anchor": "middle" }));
    tx += 18;
  }
  if (!(s.treasures || []).length && !s.wild_tiles) g.append(text(tx, ty + 15, t("luxor.page.seat.no_treasures"), { "font-size": 11.5, fill: "#8c7a5a" }));
  // Hand: card backs, known Horus cards shown.
  /** @type {Record<number, string>} the Horus cards known, by their place in the hand */
  const known = {};
  for (const k of s.known_cards || []) known[k.slot] = k.card;
  const hx0 = x + w - 12 - s.hand_size * 15;
  if (tx < hx0 - 4 || i !== me) {
    for (let k = 0; k < s.hand_size; k++) {
      const hx = x + w - 12 - (s.hand_size - k) * 15;
      const code = known[k];
      g.append(svg("g", {}, svg("title", {}, code ? t("luxor.page.seat.known_card", { card: cardLabel(code)[0] }) : t("luxor.page.seat.card")),
        svg("rect", { x: hx, y: ty - 2, width: 13, height: 22, rx: 2, fill: code ? "#f7d774" : "#8c6a3f", stroke: "#3b2a17", "stroke-width": 0.8 }),
        code ? text(hx + 6.5, ty + 13, shortLabel(code), { "font-size": 7, "font-weight": 700, "text-anchor": "middle" }) : null));
    }
  }
  return g;
}
