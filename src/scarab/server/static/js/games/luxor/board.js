// @ts-check
// Luxor: the board: the spiral of 40 spaces winding in to the tomb chamber, its walls
// and gates, the Anubis statues, the stairs, and everyone's adventurers on it; the spaces
// and adventurers with a legal move are outlined and take the clicks (input.js).

import { hit, seatColour, svg } from "../../common.js";
import { t } from "../../i18n.js";
import { clickAdventurer, clickSpace } from "./input.js";
import { BAND_FILL, C, P, pawn, SAND, text, TREASURE } from "./look.js";
import { B, capital, cardLabel, cell, CHAMBER, frontLines, N, pos, posText, tileName } from "./tables.js";

/** @typedef {import("./scene.js").LuxorScene} LuxorScene */
/** @typedef {import("./scene.js").LuxorSpace} LuxorSpace */

/** Where space n is drawn (its top-left corner). @param {number} n @returns {number[]} */
function cellXY(n) {
  const [c, r] = cell(n);
  return [c * P + (P - C) / 2, r * P + (P - C) / 2];
}

/** The board, at the origin; its height. @param {LuxorScene} scene @returns {{g: SVGElement, h: number}} */
export function drawBoard(scene) {
  const { rows } = scene;
  const g = svg("g", {});
  g.append(svg("rect", { x: 0, y: 0, width: 700, height: 700, rx: 14, fill: "#8c6a3f" }));
  g.append(svg("rect", { x: 3, y: 3, width: 694, height: 694, rx: 12, fill: "#a07c4c" }));
  // Corridors between consecutive spaces (and into the chamber).
  /** @param {number[]} a @param {number[]} b @param {number} band */
  const corridor = (a, b, band) => {
    const [ax, ay] = a, [bx, by] = b;
    const w = 46;
    let r;
    if (ay === by) r = { x: Math.min(ax, bx) + C - 2, y: ay + (C - w) / 2, width: Math.abs(ax - bx) - C + 4, height: w };
    else r = { x: ax + (C - w) / 2, y: Math.min(ay, by) + C - 2, width: w, height: Math.abs(ay - by) - C + 4 };
    g.append(svg("rect", { ...r, fill: BAND_FILL[band] || SAND }));
  };
  for (let n = 1; n < N; n++) corridor(cellXY(n), cellXY(n + 1), rows[n + 1] ? rows[n + 1].wall : 0);
  const [cx, cy, cw, ch] = B.chamber_box;
  const chamberBox = { x: cx * P + 5, y: cy * P + 5, w: cw * P - 10, h: ch * P - 10 };
  corridor(cellXY(N), [chamberBox.x, cellXY(N)[1]], B.chamber_wall);
  // Stairs corridor: from space 1 down out of the board.
  const [sx, sy] = B.stairs_cell;
  g.append(svg("rect", { x: sx * P + (P - 46) / 2, y: (sy - 1) * P + C, width: 46, height: P - C + 30, fill: BAND_FILL[0] }));

  for (let n = 1; n <= N; n++) drawSpace(scene, g, n);
  // Gates between wall sections.
  for (let n = 1; n < N; n++) {
    if (!rows[n] || !rows[n + 1] || rows[n].wall === rows[n + 1].wall || rows[n].statue_after) continue;
    const [ax, ay] = cellXY(n), [bx, by] = cellXY(n + 1);
    if (ay === by) {
      const x = (Math.min(ax, bx) + C + Math.max(ax, bx)) / 2;
      g.append(svg("line", { x1: x, y1: ay + 18, x2: x, y2: ay + C - 18, stroke: "#5a3d1c", "stroke-width": 4, "stroke-dasharray": "6 4", "pointer-events": "none" }));
    } else {
      const yy = (Math.min(ay, by) + C + Math.max(ay, by)) / 2;
      g.append(svg("line", { x1: ax + 18, y1: yy, x2: ax + C - 18, y2: yy, stroke: "#5a3d1c", "stroke-width": 4, "stroke-dasharray": "6 4", "pointer-events": "none" }));
    }
  }
  // Anubis statues between spaces.
  for (let n = 1; n < N; n++) {
    const statue = rows[n] && rows[n].statue_after;
    if (statue) drawStatue(scene, g, n, statue);
  }
  drawChamber(scene, g, chamberBox);
  const stairs = drawStairs(scene, g, 706);
  return { g, h: stairs };
}

/** @param {LuxorScene} scene @param {SVGElement} g @param {number} n */
function drawSpace(scene, g, n) {
  const { actSpaces, active, dests, rows } = scene;
  const row = rows[n] || { tile: "empty", wall: 0 };
  const [x, y] = cellXY(n);
  const sg = svg("g", { "data-spot": `space-${n}` });
  const isDest = dests.has(n);
  const isAct = actSpaces.has(n);
  sg.append(svg("rect", { x, y, width: C, height: C, rx: 8, fill: BAND_FILL[row.wall] || SAND, stroke: "#6b4c26", "stroke-width": 1.5 }));
  if (isDest || isAct) {
    sg.append(svg("rect", { x: x + 2, y: y + 2, width: C - 4, height: C - 4, rx: 7, fill: "none",
      stroke: isAct ? "#d35400" : "#f1c40f", "stroke-width": 4, "stroke-dasharray": isAct ? null : "7 4" }));
  }
  sg.append(text(x + 6, y + 15, String(n), { "font-size": 14, "font-weight": 700 }));
  // Wall scarab VP.
  sg.append(svg("ellipse", { cx: x + C - 13, cy: y + 11, rx: 11, ry: 8, fill: "#2f6e4a", stroke: "#173b27" }));
  sg.append(text(x + C - 13, y + 15.5, String(row.wall), { "font-size": 12, "font-weight": 700, fill: "#fff", "text-anchor": "middle" }));
  drawTile(sg, x + 5, y + 21, C - 10, 42, row);
  g.append(sg);
  if (active) hit(sg, `space-${n}`, () => clickSpace(scene, n), t("luxor.page.hit.space", { space: n, tile: tileName(row.tile) }), isDest || isAct);
  drawPieces(scene, g, n, x + 5, y + C - 12, C - 10);
}

/** @param {SVGElement} g @param {number} x @param {number} y @param {number} w @param {number} h @param {LuxorSpace} row */
function drawTile(g, x, y, w, h, row) {
  const words = String(row.tile).split(" ");
  const kind = words[0];
  const cx = x + w / 2;
  if (row.tile === "empty") {
    g.append(svg("rect", { x, y, width: w, height: h, rx: 5, fill: "none", stroke: "#9c7b4d", "stroke-dasharray": "3 3" }));
  } else if (TREASURE[kind]) {
    g.append(svg("rect", { x, y, width: w, height: h, rx: 5, fill: TREASURE[kind] }));
    g.append(text(cx, y + 16, capital(t(`luxor.term.treasure.${kind}`)),
      { "font-size": 14, "font-weight": 700, fill: "#fff", "text-anchor": "middle" }));
    g.append(text(x + 6, y + 36, t("luxor.page.vp", { vp: words[1].replace("vp", "") }), { "font-size": 15, "font-weight": 800, fill: "#fff" }));
    const need = Number(words[3]) || 1;
    for (let i = 0; i < need; i++) {
      const px = x + w - 9 - i * 11;
      g.append(svg("circle", { cx: px, cy: y + 26.5, r: 3, fill: "#fff", "pointer-events": "none" }));
      g.append(svg("path", { d: `M${px - 4.5},${y + 37} Q${px},${y + 26} ${px + 4.5},${y + 37} Z`, fill: "#fff", "pointer-events": "none" }));
    }
  } else if (kind === "horus") {
    g.append(svg("rect", { x, y, width: w, height: h, rx: 5, fill: "#d9a514" }));
    g.append(text(cx, y + 16, t("luxor.page.horus"), { "font-size": 14, "font-weight": 700, fill: "#3a2600", "text-anchor": "middle" }));
    const eyes = Number(words[1]) || 1;
    for (let i = 0; i < eyes; i++) {
      const ex = cx + (i - (eyes - 1) / 2) * 22;
      g.append(svg("ellipse", { cx: ex, cy: y + 30, rx: 9, ry: 5, fill: "#fff", stroke: "#3a2600", "stroke-width": 1.5, "pointer-events": "none" }));
      g.append(svg("circle", { cx: ex, cy: y + 30, r: 2.7, fill: "#3a2600", "pointer-events": "none" }));
    }
  } else if (kind === "osiris") {
    g.append(svg("rect", { x, y, width: w, height: h, rx: 5, fill: "#2b5797" }));
    g.append(text(cx, y + 16, t("luxor.page.osiris"), { "font-size": 14, "font-weight": 700, fill: "#fff", "text-anchor": "middle" }));
    g.append(text(cx, y + 36, `+${words[1]}`, { "font-size": 17, "font-weight": 800, fill: "#fff", "text-anchor": "middle" }));
  } else {
    const [a, b] = frontLines(kind);
    const fill = kind === "tunnel" ? "#3d3d3d" : kind.startsWith("horus") ? "#b5770d" : "#2e7d32";
    g.append(svg("rect", { x, y, width: w, height: h, rx: 5, fill, stroke: "#fff", "stroke-width": 1.5, "stroke-dasharray": "2 2" }));
    g.append(text(cx, y + (b ? 17 : 26), a, { "font-size": a.length > 9 ? 11 : 14, "font-weight": 700, fill: "#fff", "text-anchor": "middle" }));
    if (b) g.append(text(cx, y + 34, b, { "font-size": 12, fill: "#fff", "text-anchor": "middle" }));
  }
  if (row.icon) {
    const known = (B.temple_backs || []).includes(row.icon);
    const letter = known ? t(`luxor.page.back_letter.${row.icon}`) : "?";
    const ix = x + 8, iy = y + h + 10;
    g.append(svg("g", {},
      svg("title", {}, t("luxor.page.back_title", { back: known ? t(`luxor.term.back.${row.icon}`) : row.icon })),
      svg("rect", { x: ix - 7, y: iy - 7, width: 14, height: 14, rx: 3, fill: "#efe2c4", stroke: "#6b4c26" }),
      text(ix, iy + 4, letter, { "font-size": 10.5, "font-weight": 700, "text-anchor": "middle", fill: "#6b4c26" })));
  }
}

// Pawns of every seat on position p, laid out in rows inside width w from (x, baseY).
/** The adventurers on place p, in rows of ``perRow``.
 * @param {LuxorScene} scene @param {SVGElement} g @param {number} p @param {number} x @param {number} baseY @param {number} w @param {number} [perRow] */
function drawPieces(scene, g, p, x, baseY, w, perRow = 5) {
  const { actSpaces, active, me, myCount, seats, sources } = scene;
  /** @type {number[]} the seat of each adventurer here */
  const list = [];
  seats.forEach((s, i) => {
    const k = s.adventurers.filter((a) => pos(a) === p).length;
    for (let j = 0; j < k; j++) list.push(i);
  });
  if (!list.length) return;
  const step = Math.min(17, w / Math.min(perRow, list.length));
  const slots = list.map((seat, i) => {
    const rowI = Math.floor(i / perRow), col = i % perRow;
    const inRow = Math.min(perRow, list.length - rowI * perRow);
    const sx = x + w / 2 + (col - (inRow - 1) / 2) * step;
    return { seat, sx, sy: baseY - rowI * 17 };
  });
  const myGroup = svg("g", {});
  let bb = null;
  for (const s of slots) {
    const pw = pawn(s.sx, s.sy, seatColour(s.seat));
    if (s.seat === me) {
      myGroup.append(pw);
      bb = bb ? { x0: Math.min(bb.x0, s.sx), x1: Math.max(bb.x1, s.sx), y0: Math.min(bb.y0, s.sy), y1: Math.max(bb.y1, s.sy) }
        : { x0: s.sx, x1: s.sx, y0: s.sy, y1: s.sy };
    } else g.append(pw);
  }
  if (bb) {
    const live = active && (sources.has(p) || (actSpaces.has(p)));
    myGroup.insertBefore(svg("rect", { x: bb.x0 - 10, y: bb.y0 - 17, width: bb.x1 - bb.x0 + 20, height: bb.y1 - bb.y0 + 27, rx: 8,
      fill: live ? "#fff59d" : "#000", "fill-opacity": live ? 0.75 : 0, stroke: live ? "#e67e22" : "none", "stroke-width": 2.5 }), myGroup.firstChild);
    g.append(myGroup);
    if (active) hit(myGroup, `adv-${posText(p)}`, () => clickAdventurer(scene, p), t("luxor.page.hit.adventurers", { n: Math.max(1, myCount(p)), at: posText(p) }), live);
  }
}

/** @param {LuxorScene} scene @param {SVGElement} g @param {number} n the space before it @param {number} index */
function drawStatue(scene, g, n, index) {
  const { names, seats } = scene;
  const [ax, ay] = cellXY(n), [bx, by] = cellXY(n + 1);
  const sleepers = seats.map((s, i) => ((s.sleeping_at_statues || []).includes(index) ? i : -1)).filter((i) => i >= 0);
  const w = 26 + Math.max(1, sleepers.length) * 11, h = 20;
  let cx, cy;
  if (ay === by) { cx = (Math.min(ax, bx) + C + Math.max(ax, bx)) / 2; cy = ay + C / 2; }
  else { cx = ax + C / 2; cy = (Math.min(ay, by) + C + Math.max(ay, by)) / 2; }
  const sg = svg("g", { "pointer-events": "none" });
  sg.append(svg("title", {}, sleepers.length
    ? t("luxor.page.statue.lying", { statue: index, who: sleepers.map((i) => names[i]).join(", ") })
    : t("luxor.page.statue", { statue: index })));
  sg.append(svg("rect", { x: cx - w / 2, y: cy - h / 2, width: w, height: h, rx: 6, fill: "#1d1d1d", stroke: "#d4af37", "stroke-width": 1.5 }));
  sg.append(text(cx - w / 2 + 11, cy + 4.5, `A${index}`, { "font-size": 11, "font-weight": 700, fill: "#d4af37", "text-anchor": "middle" }));
  sleepers.forEach((seat, i) => {
    sg.append(svg("rect", { x: cx - w / 2 + 22 + i * 11, y: cy - 3.5, width: 9, height: 7, rx: 3, fill: seatColour(seat), stroke: "#fff", "stroke-width": 0.8 }));
  });
  g.append(sg);
}

/** @param {LuxorScene} scene @param {SVGElement} g @param {{x: number, y: number, w: number, h: number}} b */
function drawChamber(scene, g, b) {
  const { actSpaces, active, dests, view } = scene;
  const cg = svg("g", { "data-spot": `space-${B.chamber}` });
  const isDest = dests.has(CHAMBER);
  const isAct = actSpaces.has(CHAMBER);
  cg.append(svg("rect", { x: b.x, y: b.y, width: b.w, height: b.h, rx: 12, fill: "#3b2a17", stroke: "#d4af37", "stroke-width": 3 }));
  if (isDest || isAct) cg.append(svg("rect", { x: b.x + 4, y: b.y + 4, width: b.w - 8, height: b.h - 8, rx: 10, fill: "none",
    stroke: isAct ? "#d35400" : "#f1c40f", "stroke-width": 4, "stroke-dasharray": isAct ? null : "8 5" }));
  const cx = b.x + b.w / 2;
  cg.append(text(cx, b.y + 30, t("luxor.page.chamber.title"), { "font-size": 20, "font-weight": 700, fill: "#f3dc8f", "text-anchor": "middle" }));
  const wall = 13;
  cg.append(text(cx, b.y + 50, t("luxor.page.chamber.rule", { vp: wall }), { "font-size": 12, fill: "#e8d7a8", "text-anchor": "middle" }));
  // Sarcophagi left.
  const sarcs = view.sarcophagi_left || [];
  cg.append(text(b.x + 14, b.y + 82, t("luxor.page.chamber.sarcophagi"), { "font-size": 13, fill: "#e8d7a8" }));
  if (!sarcs.length) cg.append(text(b.x + 96, b.y + 82, t("luxor.page.chamber.none_left"), { "font-size": 13, fill: "#bfae83" }));
  sarcs.forEach((v, i) => {
    const sx = b.x + 96 + i * 40;
    cg.append(svg("rect", { x: sx, y: b.y + 64, width: 32, height: 26, rx: 10, fill: "#c9a227", stroke: "#fff3c4" }));
    cg.append(text(sx + 16, b.y + 82, String(v), { "font-size": 14, "font-weight": 700, "text-anchor": "middle", fill: "#3b2a17" }));
  });
  // Key space.
  cg.append(text(b.x + 14, b.y + 112, t("luxor.page.chamber.keys_spent", { keys: view.key_space ?? 0 }), { "font-size": 13, fill: "#e8d7a8" }));
  const inside = (view.chamber || []).length;
  cg.append(text(b.x + 14, b.y + 134, inside ? t("luxor.page.chamber.inside", { count: inside }) : t("luxor.page.chamber.empty"),
    { "font-size": 13, fill: "#e8d7a8" }));
  g.append(cg);
  if (active) hit(cg, "space-C", () => clickSpace(scene, CHAMBER), t("luxor.page.the_chamber"), isDest || isAct);
  drawPieces(scene, g, CHAMBER, b.x + 14, b.y + 168, b.w - 28, 8);
  // Horus stacks and supply digest in the chamber's lower half.
  const yy = b.y + 212;
  const discard = view.discard_pile || [];
  const piles = { draw: view.draw_pile ?? 0, discard: discard.length };
  g.append(text(b.x + 14, yy, discard.length
    ? t("luxor.page.piles.top", { ...piles, card: cardLabel(discard[discard.length - 1])[0] })
    : t("luxor.page.piles", piles),
  { "font-size": 12.5, fill: "#e8d7a8" }));
  const ts = view.temple_stacks || {};
  g.append(text(b.x + 14, yy + 20, t("luxor.page.temple_stacks", { cobra: ts.cobra ?? 0, falcon: ts.falcon ?? 0, lion: ts.lion ?? 0 }),
    { "font-size": 12.5, fill: "#e8d7a8" }));
  g.append(text(b.x + 14, yy + 40, t("luxor.page.legend.space"), { "font-size": 11.5, fill: "#bfae83" }));
  g.append(text(b.x + 14, yy + 56, t("luxor.page.legend.backs"), { "font-size": 11.5, fill: "#bfae83" }));
}

/** The stairs and the supplies beside them; the height drawn to. @param {LuxorScene} scene @param {SVGElement} g @param {number} y0 */
function drawStairs(scene, g, y0) {
  const { view } = scene;
  const x = 5, w = 300, h = 66;
  const sg = svg("g", { "data-spot": `space-${B.stairs}` });
  sg.append(svg("rect", { x, y: y0 + 24, width: w, height: h, rx: 8, fill: BAND_FILL[0], stroke: "#6b4c26", "stroke-width": 1.5 }));
  for (let i = 0; i < 4; i++) {
    sg.append(svg("line", { x1: x + w - 70 + i * 16, y1: y0 + 32 + i * 14, x2: x + w - 8, y2: y0 + 32 + i * 14, stroke: "#b08d57", "stroke-width": 3 }));
  }
  sg.append(text(x + 10, y0 + 42, t("luxor.page.stairs.title"), { "font-size": 14, "font-weight": 700 }));
  sg.append(text(x + 48, y0 + 16, t("luxor.page.stairs.to_space_1"), { "font-size": 12, fill: "#6b4c26" }));
  g.append(sg);
  drawPieces(scene, g, 0, x + 8, y0 + 78, w - 90, 10);
  // Supply digest beside the stairs.
  const s = view.supply || {};
  g.append(text(320, y0 + 44, t("luxor.page.supply", { keys: s.keys ?? 0, wild: s.wild_tiles ?? 0, scarabs: s.scarabs ?? 0 }), { "font-size": 13 }));
  const hs = (view.horus_stacks || []).map((stack) => `H${stack.level} ${stack.top ? cardLabel(stack.top)[0] : "—"} (${stack.size})`).join(" · ");
  g.append(text(320, y0 + 66, t("luxor.page.horus_stacks", { stacks: hs }), { "font-size": 13 }));
  return y0 + 24 + h;
}

