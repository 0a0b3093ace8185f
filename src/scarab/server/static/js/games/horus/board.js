// @ts-check
// The Pyramid of Horus: the board (squares, walls and doors, blocks, sarcophagi,
// alcoves, entrances, adventurers and mummies), drawn in SVG from the view; the pieces
// with a legal action are outlined and take the clicks (input.js).

import { hit, seatColour, svg } from "../../common.js";
import { t } from "../../i18n.js";
import { AREA_FILL, AREA_LABEL_AT, BX, BY, C, DIE, GOD, GOLD, INK, pulse, text, title } from "./look.js";
import { alcoveActs, onAlcove, onSarc, onSquare } from "./input.js";
import { AREA, areaName, BLOCK_AT, BOARD, cardName, DIRS, H, initials, INSIDE, room, SQUARE_OF_BLOCK, squareName, sqX, sqY, STEP, term, W, XY } from "./tables.js";

/** @typedef {import("./scene.js").HorusScene} HorusScene */
/** @typedef {import("./scene.js").HorusSeatView} HorusSeatView */
/** A token on a square: a mummy, or seat p's adventurer. @typedef {{mummy: Json} | {seat: number, s: HorusSeatView}} Occupant */
/** @typedef {import("../../common.js").Json} Json */

/** The board into ``g``. @param {HorusScene} scene @param {SVGElement} g */
export function drawBoard(scene, g) {
  const { view } = scene;
  const fallen = new Set((view.blocks || []).map((b) => SQUARE_OF_BLOCK[b]));
  // the stone around the pyramid
  g.append(svg("rect", { x: BX - 10, y: BY - 10, width: W * C + 20, height: H * C + 20, rx: 6, fill: "#4a3a2c" }));
  // squares
  for (let i = 0; i < INSIDE; i++) {
    const x = sqX(i);
    const y = sqY(i);
    g.append(svg("rect", { x, y, width: C, height: C, fill: AREA_FILL[AREA[i]] }));
    if (BLOCK_AT[i] && !fallen.has(i)) {
      g.append(svg("rect", { x: x + 3, y: y + 3, width: 15, height: 12, rx: 2, fill: "#000", "fill-opacity": 0.12 }));
      g.append(text(x + 10.5, y + 12.5, BLOCK_AT[i], { "font-size": 9, "text-anchor": "middle", fill: INK, opacity: 0.7 }));
    }
  }
  // faint area names
  for (const [area, [cx, cy]] of Object.entries(AREA_LABEL_AT)) {
    const light = area === "w";
    g.append(text(BX + cx * C, BY + cy * C + 4, term("area", area), { "font-size": area === "c" ? 12 : 13, "text-anchor": "middle",
      fill: light ? "#fff" : INK, opacity: light ? 0.45 : 0.35, "font-style": "italic" }));
  }
  // fallen blocks
  for (const i of fallen) {
    if (i === undefined) continue;
    const x = sqX(i);
    const y = sqY(i);
    g.append(svg("rect", { x: x + 2, y: y + 2, width: C - 4, height: C - 4, rx: 3, fill: "#77716a", stroke: "#3d3833", "stroke-width": 2 }));
    g.append(svg("path", { d: `M${x + 5} ${y + C - 5} L${x + 5} ${y + 5} L${x + C - 5} ${y + 5}`, fill: "none", stroke: "#a9a39a", "stroke-width": 2 }));
    g.append(text(x + C / 2, y + C / 2 + 6, BLOCK_AT[i], { "font-size": 17, "font-weight": "bold", "text-anchor": "middle", fill: "#eee" }));
  }
  drawRulers(g); // over the fallen blocks, which would hide an edge's number
  // edges: thin inside a room, walls thick, doors a gap between jambs
  const thin = svg("g", { stroke: INK, "stroke-opacity": 0.22, "stroke-width": 1, "stroke-dasharray": "3 3" });
  const walls = svg("g", { stroke: INK, "stroke-width": 5, "stroke-linecap": "round" });
  g.append(thin, walls);
  /** @type {(a: number, d: number) => number[]} */
  const edge = (a, d) => {
    // the side d of square a, from corner to corner
    const x = sqX(a);
    const y = sqY(a);
    return [
      [x, y, x + C, y],
      [x + C, y, x + C, y + C],
      [x, y + C, x + C, y + C],
      [x, y, x, y + C],
    ][d];
  };
  /** @type {(grp: Element, seg: number[], extra?: object) => void} */
  const line = (grp, [x1, y1, x2, y2], extra = {}) => grp.append(svg("line", { x1, y1, x2, y2, ...extra }));
  /** @param {number[]} seg */
  const door = ([x1, y1, x2, y2]) => {
    // jambs at both ends, a gap in the middle
    const gx = (x2 - x1) * 0.28;
    const gy = (y2 - y1) * 0.28;
    line(walls, [x1, y1, x1 + gx, y1 + gy]);
    line(walls, [x2 - gx, y2 - gy, x2, y2]);
  };
  for (let i = 0; i < INSIDE; i++) {
    const [x, y] = XY[i];
    for (const d of [1, 2]) {
      const nx = x + STEP[d][0];
      const ny = y + STEP[d][1];
      const seg = edge(i, d);
      if (nx >= W || ny >= H) {
        if (BOARD.neigh[i][d] >= 0) door(seg);
        else line(walls, seg);
        continue;
      }
      const j = ny * W + nx;
      if (BOARD.neigh[i][d] < 0) line(walls, seg);
      else if (room(i) !== room(j)) door(seg);
      else if (AREA[i] !== AREA[j]) line(thin, seg, { "stroke-dasharray": null, "stroke-opacity": 0.35 });
      else line(thin, seg);
    }
    if (x === 0) line(walls, edge(i, 3));
    if (y === 0) line(walls, edge(i, 0));
  }
  drawFurniture(scene, g);
  drawEntrances(scene, g);
  drawOccupants(scene, g);
  drawTargets(scene, g);
  drawLegend(g);
}

// The squares' coordinates, as the log and the notation name them ("1,7": column 1,
// row 7), at the board's edges as a chessboard has them: each column's number in its
// bottom square, each row's in its left one.
/** @param {SVGElement} g */
function drawRulers(g) {
  const look = { "font-size": 12, "font-weight": "bold", fill: INK, opacity: 0.5, class: "ruler" };
  for (let x = 0; x < W; x++) {
    const i = (H - 1) * W + x;
    g.append(text(sqX(i) + C - 3, sqY(i) + C - 3, x, { ...look, "text-anchor": "end" }));
  }
  for (let y = 0; y < H; y++) {
    const i = y * W;
    g.append(text(sqX(i) + 3, sqY(i) + C - 3, y, look));
  }
}

/** The sarcophagi and the alcoves round the pyramid. @param {HorusScene} scene @param {SVGElement} g */
function drawFurniture(scene, g) {
  const { canAct, sarcActs, view } = scene;
  // sarcophagi: on the outer side of the square they are used from
  (view.sarcophagi || []).forEach((s, i) => {
    const [x, y] = XY[s.square];
    let cx;
    let cy;
    const w = 34;
    const h = 48;
    if (y === 0) {
      cx = sqX(s.square) + C / 2;
      cy = BY - 14 - h / 2;
    } else {
      cx = x === 0 ? BX - 14 - w / 2 : BX + W * C + 14 + w / 2;
      cy = sqY(s.square) + C / 2;
    }
    const grp = svg("g", { transform: `translate(${cx},${cy})` });
    const shape = `M${-w * 0.35} ${-h / 2} L${w * 0.35} ${-h / 2} L${w / 2} ${-h * 0.2} L${w * 0.38} ${h / 2} L${-w * 0.38} ${h / 2} L${-w / 2} ${-h * 0.2} Z`;
    const god = GOD[s.god] || INK;
    if (s.state === "empty") {
      grp.append(svg("path", { d: shape, fill: "none", stroke: god, "stroke-width": 1.5, "stroke-dasharray": "3 2" }));
    } else if (s.state === "open") {
      grp.append(svg("path", { d: shape, fill: "#f1c74e", stroke: god, "stroke-width": 2.5 }));
      const v = String(s.card || "").replace(/^[a-z]+/, "");
      grp.append(text(0, 8, v, { "font-size": 20, "font-weight": "bold", "text-anchor": "middle", fill: INK }));
    } else {
      grp.append(svg("path", { d: shape, fill: god, stroke: "#d9b24a", "stroke-width": 2 }));
      grp.append(svg("ellipse", { cx: 0, cy: -h * 0.22, rx: 6, ry: 7, fill: "#d9b24a", opacity: 0.8 }));
      if (s.read) {
        const v = String(s.read).replace(/^[a-z]+/, "");
        grp.append(svg("circle", { cx: 0, cy: 10, r: 10, fill: "#f3d1f3", stroke: "#a02aa0" }));
        grp.append(text(0, 15, v, { "font-size": 14, "font-weight": "bold", "text-anchor": "middle", fill: "#7a107a" }));
      } else grp.append(text(0, 16, "?", { "font-size": 16, "font-weight": "bold", "text-anchor": "middle", fill: "#f4e3b0" }));
    }
    const acts = canAct ? sarcActs(i) : [];
    if (acts.length) grp.append(pulse(svg("path", { d: shape, transform: "scale(1.22)", fill: "none", stroke: GOLD, "stroke-width": 3 })));
    const label = sarcophagusLabel(s);
    grp.append(title(label));
    if (canAct) {
      grp.insertBefore(svg("rect", { x: -w / 2 - 3, y: -h / 2 - 3, width: w + 6, height: h + 6, fill: "transparent" }), grp.firstChild);
      hit(grp, `sarcophagus-${i}`, () => onSarc(scene, i), label, acts.length > 0);
    }
    g.append(grp);
  });
  // god names along the sarcophagus rows
  g.append(text(BX - 88, BY + 3 * C, term("god", "anubis").toUpperCase(), { "font-size": 11, "letter-spacing": 3, "text-anchor": "middle", fill: GOD.anubis, transform: `rotate(-90 ${BX - 88} ${BY + 3 * C})`, "font-weight": "bold" }));
  g.append(text(BX + W * C + 88, BY + 3 * C, term("god", "thoth").toUpperCase(), { "font-size": 11, "letter-spacing": 3, "text-anchor": "middle", fill: GOD.thoth, transform: `rotate(90 ${BX + W * C + 88} ${BY + 3 * C})`, "font-weight": "bold" }));
  g.append(text(BX + 1.5 * C, BY - 70, term("god", "horus").toUpperCase(), { "font-size": 10, "letter-spacing": 2, "text-anchor": "middle", fill: GOD.horus, "font-weight": "bold" }));
  g.append(text(BX + 6.5 * C, BY - 70, term("god", "horus").toUpperCase(), { "font-size": 10, "letter-spacing": 2, "text-anchor": "middle", fill: GOD.horus, "font-weight": "bold" }));
  // alcoves with their idols
  for (const a of BOARD.alcoves) {
    const xs = a.sq.map((q) => XY[q][0]);
    const y0 = XY[a.sq[0]][1];
    let cx;
    let cy;
    const w = a.sq.length > 1 ? 64 : 44;
    const h = 52;
    if (y0 === 0) {
      cx = BX + ((Math.min(...xs) + Math.max(...xs) + 1) / 2) * C;
      cy = BY - 12 - h / 2;
    } else {
      cx = xs[0] === 0 ? BX - 62 - w / 2 + 14 : BX + W * C + 62 + w / 2 - 14;
      cy = BY + y0 * C + C / 2;
    }
    const grp = svg("g", { transform: `translate(${cx},${cy})` });
    const idol = BOARD.idols[a.god];
    const present = view.idols ? view.idols[a.god] : true;
    const arch = `M${-w / 2} ${h / 2} L${-w / 2} ${-h / 2 + w / 2} A${w / 2} ${w / 2} 0 0 1 ${w / 2} ${-h / 2 + w / 2} L${w / 2} ${h / 2} Z`;
    grp.append(svg("path", { d: arch, fill: "#3b2a1c", stroke: GOD[a.god], "stroke-width": 3 }));
    if (present) {
      grp.append(svg("path", { d: "M0 -20 L11 -6 L0 8 L-11 -6 Z", fill: "#f1c74e", stroke: "#8a6500", "stroke-width": 1.5 }));
      grp.append(text(0, -2, idol.value, { "font-size": 10, "font-weight": "bold", "text-anchor": "middle", fill: INK }));
    } else grp.append(svg("path", { d: "M0 -20 L11 -6 L0 8 L-11 -6 Z", fill: "none", stroke: "#8a6500", "stroke-dasharray": "2 2" }));
    grp.append(text(0, 19, idol.faces.join(""), { "font-size": 10, "text-anchor": "middle", fill: "#f4e3b0", "font-family": "DejaVu Sans Mono, monospace" }));
    const [df] = DIE[idol.curse] || ["#888"];
    grp.append(svg("rect", { x: w / 2 - 9, y: h / 2 - 9, width: 8, height: 8, rx: 1.5, fill: df, stroke: "#fff", "stroke-width": 0.8 }));
    const acts = canAct ? alcoveActs(scene, a.god) : [];
    if (acts.length) grp.append(pulse(svg("path", { d: arch, transform: "scale(1.15)", fill: "none", stroke: GOLD, "stroke-width": 3 })));
    const label = t(present ? "horus.page.alcove" : "horus.page.alcove.taken", { god: `@horus.term.god.${a.god}`, squares: a.sq.map(squareName).join(", "), value: idol.value, faces: idol.faces.join(" "), colour: `@horus.term.die.${idol.curse}` });
    grp.append(title(label));
    if (canAct) hit(grp, `alcove-${a.god}`, () => onAlcove(scene, a.god), label, acts.length > 0);
    g.append(grp);
  }
}

// A sarcophagus as words: its god, square and state, its card, what you read in it.
/** @param {Json} s a sarcophagus of the view */
function sarcophagusLabel(s) {
  let label = t("horus.page.sarcophagus", { god: `@horus.term.god.${s.god}`, square: squareName(s.square), state: `@horus.term.sarcophagus.${s.state}` });
  if (s.card) label += " " + cardName(s.card);
  if (s.read) label += " " + t("horus.page.you_read", { card: `@horus.term.card.${s.read}` });
  return label;
}

/** @param {HorusScene} scene @param {SVGElement} g */
function drawEntrances(scene, g) {
  const { canAct, choices, memo, stepTo, view } = scene;
  for (const e of BOARD.exits) {
    const q = INSIDE + BOARD.exits.indexOf(e);
    const x = sqX(q);
    const y = sqY(q) + 10;
    const grp = svg("g", { "data-spot": `square-${e.name}` });
    grp.append(svg("path", { d: `M${x + 4} ${y + C - 10} L${x + 10} ${y - 2} L${x + C - 10} ${y - 2} L${x + C - 4} ${y + C - 10} Z`, fill: "#d8c49a", stroke: INK, "stroke-width": 1.5 }));
    for (let s = 1; s < 4; s++) grp.append(svg("line", { x1: x + 8, y1: y + s * 11, x2: x + C - 8, y2: y + s * 11, stroke: INK, "stroke-opacity": 0.25 }));
    grp.append(text(x - 6, y + C / 2 - 4, e.name, { "font-size": 14, "font-weight": "bold", "text-anchor": "end", fill: INK }));
    grp.append(text(x - 6, y + C / 2 + 9, t("horus.page.entrance"), { "font-size": 9, "text-anchor": "end", fill: INK, opacity: 0.7 }));
    const label = t("horus.page.entrance_label", { name: e.name });
    grp.append(title(label));
    const dest = canAct ? stepTo(q) : [];
    if (dest.length) {
      grp.append(pulse(svg("rect", { x: x + 1, y: y - 5, width: C - 2, height: C - 2, rx: 6, fill: GOLD, "fill-opacity": 0.25, stroke: GOLD, "stroke-width": 3 })));
      grp.append(text(x + C / 2, y + C + 2, t("horus.page.escape_mark"), { "font-size": 10, "font-weight": "bold", "text-anchor": "middle", fill: INK }));
    }
    const setupHere = canAct && view.stage === "setup" && choices(memo.horusAdv, q).length;
    if (setupHere) grp.append(pulse(svg("rect", { x: x + 1, y: y - 5, width: C - 2, height: C - 2, rx: 6, fill: GOLD, "fill-opacity": 0.2, stroke: GOLD, "stroke-width": 3 })));
    if (canAct) hit(grp, `square-${e.name}`, () => onSquare(scene, q), label, dest.length > 0 || Boolean(setupHere));
    g.append(grp);
  }
}

/** Where ``n`` tokens on one square stand: [dx, dy, radius] each. @param {number} n @returns {number[][]} */
function tokenSpots(n) {
  const d = C * 0.23;
  if (n === 1) return [[0, 0, C * 0.3]];
  if (n === 2) return [[-d, 0, C * 0.21], [d, 0, C * 0.21]];
  if (n <= 4) return [[-d, -d, C * 0.19], [d, -d, C * 0.19], [-d, d, C * 0.19], [d, d, C * 0.19]].slice(0, n);
  const out = [];
  for (let i = 0; i < n; i++) out.push([((i % 3) - 1) * C * 0.3, (Math.floor(i / 3) - 0.5) * C * 0.36, C * 0.14]);
  return out;
}

/** The pointer of a token facing ``dir``. @param {number} r @param {string | null} dir @param {string} fill */
function wedge(r, dir, fill) {
  const k = dir === null ? -1 : DIRS.indexOf(dir);
  if (k < 0) return null;
  const ang = [-90, 0, 90, 180][k];
  return svg("path", { d: `M${r + 7} 0 L${r - 1} ${-r * 0.55} L${r - 1} ${r * 0.55} Z`, fill, stroke: "#fff", "stroke-width": 1, transform: `rotate(${ang})` });
}

/** @param {number} r @param {string | null} facing @param {string | null} ring @param {string} label */
function mummyToken(r, facing, ring, label) {
  const g = svg("g", {});
  const w = wedge(r, facing, "#8b1e13");
  if (w) g.append(w);
  g.append(svg("circle", { r, fill: "#efe6cf", stroke: ring || "#5a4a35", "stroke-width": ring ? 4 : 2 }));
  for (const dy of [-0.45, 0.1, 0.55]) {
    g.append(svg("line", { x1: -r * 0.8, y1: r * dy, x2: r * 0.8, y2: r * (dy - 0.25), stroke: "#8c7b5c", "stroke-width": 1.4 }));
  }
  g.append(svg("circle", { cx: -r * 0.32, cy: -r * 0.12, r: r * 0.12, fill: "#8b1e13" }));
  g.append(svg("circle", { cx: r * 0.32, cy: -r * 0.12, r: r * 0.12, fill: "#8b1e13" }));
  g.append(title(label));
  return g;
}

/** @param {HorusScene} scene @param {number} p @param {Json} s the seat's view @param {number} r */
function advToken(scene, p, s, r) {
  const { seat, seatName, view } = scene;
  const g = svg("g", {});
  const colour = seatColour(p);
  if (s.status === "sealed") g.setAttribute("opacity", "0.5");
  if (p === view.to_move && view.stage === "actions") g.append(pulse(svg("circle", { r: r + 5, fill: "none", stroke: GOLD, "stroke-width": 3 })));
  const w = s.status === "inside" || s.status === "sealed" ? wedge(r, s.facing, colour) : null;
  if (w) g.append(w);
  g.append(svg("circle", { r, fill: colour, stroke: p === seat ? INK : "#fff", "stroke-width": p === seat ? 3 : 2 }));
  const ini = initials(s.adventurer_name || s.name);
  g.append(text(0, r * 0.36, ini, { "font-size": r * (ini.length > 1 ? 0.95 : 1.2), "font-weight": "bold", "text-anchor": "middle", fill: "#fff" }));
  if (s.status === "sealed") g.append(text(0, r * 0.4, "✗", { "font-size": r * 1.6, "text-anchor": "middle", fill: INK }));
  if (s.status === "escaped") {
    g.append(svg("circle", { cx: r * 0.8, cy: -r * 0.8, r: r * 0.5, fill: "#1b7f2a", stroke: "#fff" }));
    g.append(text(r * 0.8, -r * 0.55, "✓", { "font-size": r * 0.7, "text-anchor": "middle", fill: "#fff" }));
  }
  const who = p === seat ? t("horus.page.you_mark", { who: seatName(p) }) : seatName(p);
  let label = t("horus.page.token", { who, adventurer: s.adventurer_name || "?", status: `@horus.term.status.${s.status}` });
  if (s.at) label += " " + t("horus.page.token_at", { square: s.at });
  if (s.facing) label += ", " + t("horus.page.token_facing", { dir: `@horus.term.dir.${s.facing}` });
  g.append(title(label));
  return g;
}

/** @param {HorusScene} scene @param {SVGElement} g */
function drawOccupants(scene, g) {
  const { seatName, view } = scene;
  /** @type {Map<number, Occupant[]>} what stands on each square */
  const at = new Map();
  /** @param {number} q @param {Occupant} item */
  const add = (q, item) => {
    if (q === undefined || q === null || q < 0) return;
    const here = at.get(q) || [];
    if (!here.length) at.set(q, here);
    here.push(item);
  };
  (view.mummies || []).forEach((m) => add(m.square, { mummy: m }));
  (view.seats || []).forEach((s, p) => {
    if (["unchosen", "crushed"].includes(s.status)) return;
    add(s.square, { seat: p, s });
  });
  for (const [q, items] of at) {
    const cx = sqX(q) + C / 2;
    const cy = sqY(q) + C / 2 + (q >= INSIDE ? 6 : 0);
    const places = tokenSpots(items.length);
    items.forEach((it, n) => {
      const [dx, dy, r] = places[n];
      const grp = svg("g", { transform: `translate(${cx + dx},${cy + dy})`, "pointer-events": "none" });
      if ("mummy" in it) grp.append(mummyToken(r, it.mummy.facing, null, t("horus.page.mummy_token", { name: it.mummy.name, square: squareName(q), dir: `@horus.term.dir.${it.mummy.facing}` })));
      else if (it.s.status === "mummy") grp.append(mummyToken(r, it.s.facing, seatColour(it.seat), t("horus.page.mummified_token", { who: seatName(it.seat), adventurer: it.s.adventurer_name })));
      else grp.append(advToken(scene, it.seat, it.s, r));
      g.append(grp);
    });
  }
}

// the squares, last so they take the clicks; legal destinations outlined
/** @param {HorusScene} scene @param {SVGElement} g */
function drawTargets(scene, g) {
  const { canAct, myQ, searchHere, seat, stepTo, view } = scene;
  const aside = view.pending && view.pending.kind === "foresee" && view.pending.seat === seat ? view.pending.block : typeof view.block_aside === "number" ? view.block_aside : null;
  for (let i = 0; i < INSIDE; i++) {
    const x = sqX(i);
    const y = sqY(i);
    const cell = svg("rect", { x: x + 1, y: y + 1, width: C - 2, height: C - 2, fill: "transparent" });
    const grp = svg("g", { "data-spot": `square-${squareName(i)}` }, cell);
    const dest = canAct ? stepTo(i) : [];
    const search = canAct && i === myQ && searchHere().length > 0;
    if (dest.length) {
      cell.setAttribute("fill", GOLD);
      cell.setAttribute("fill-opacity", "0.28");
      grp.append(pulse(svg("rect", { x: x + 3, y: y + 3, width: C - 6, height: C - 6, rx: 4, fill: "none", stroke: GOLD, "stroke-width": 3 })));
      const d = dest[0].fields.dir;
      const k = DIRS.indexOf(d);
      grp.append(svg("path", { d: "M-7 4 L0 -6 L7 4", fill: "none", stroke: INK, "stroke-width": 2.5, "stroke-linecap": "round", transform: `translate(${x + C / 2 - STEP[k][0] * C * 0.3},${y + C / 2 - STEP[k][1] * C * 0.3}) rotate(${k * 90})`, opacity: 0.6 }));
    } else if (search) {
      grp.append(pulse(svg("rect", { x: x + 3, y: y + 3, width: C - 6, height: C - 6, rx: 4, fill: "none", stroke: GOLD, "stroke-width": 2, "stroke-dasharray": "5 3" })));
      grp.append(text(x + C - 4, y + C - 4, t("horus.page.search_mark"), { "font-size": 9, "text-anchor": "end", fill: INK, "font-weight": "bold" }));
    }
    if (aside !== null && aside !== undefined && SQUARE_OF_BLOCK[aside] === i) {
      grp.append(svg("rect", { x: x + 2, y: y + 2, width: C - 4, height: C - 4, fill: "none", stroke: "#a02aa0", "stroke-width": 3, "stroke-dasharray": "6 3" }));
    }
    const where = t(BLOCK_AT[i] ? "horus.page.square.block" : "horus.page.square", { square: squareName(i), area: areaName(i), block: BLOCK_AT[i] });
    const label = `${where}${dest.length ? ": " + dest.map((e) => e.action).join(" / ") : ""}`;
    grp.append(title(label));
    if (canAct) hit(grp, `square-${squareName(i)}`, () => onSquare(scene, i), label, dest.length > 0 || search);
    g.append(grp);
  }
}

/** @param {SVGElement} g */
function drawLegend(g) {
  const y = BY + H * C + C + 22;
  let x = 12;
  const items = Object.entries(BOARD.areas).map(([a, area]) => [a, area.deck ? t("horus.page.legend_area", { area: `@horus.term.area.${a}`, deck: `@horus.term.deck.${area.deck}` }) : t("horus.page.corridor")]);
  for (const [a, name] of items) {
    g.append(svg("rect", { x, y: y - 10, width: 12, height: 12, fill: AREA_FILL[a], stroke: INK, "stroke-width": 0.5 }));
    g.append(text(x + 16, y, name, { "font-size": 11 }));
    x += 22 + name.length * 6.3;
  }
  g.append(svg("rect", { x, y: y - 10, width: 12, height: 12, fill: "#77716a" }));
  g.append(text(x + 16, y, t("horus.page.fallen_block"), { "font-size": 11 }));
}

