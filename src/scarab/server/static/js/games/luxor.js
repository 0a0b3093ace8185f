// @ts-check
// Luxor: the spiral path to the tomb chamber, drawn in SVG from the view.
//
// The 40 spaces wind inward as a square spiral (outer ring 1-24, inner ring
// 25-40) around the tomb chamber; the stairs lie outside next to space 1.
// Clicks: select the leftmost/rightmost card (card-L / card-R), then click one
// of your adventurers (adv-S, adv-12, adv-C) or a destination space (space-14,
// space-C); after a roll click the adventurer to move; after "advance all"
// click the space (space-14 / adv-14 / space-C) whose action to perform; a
// reward choice is made on the supply (reward-key, reward-h1..h3,
// reward-scarab, reward-wild).

import { fitSize, fitText, hit, keepWhole, namedLine, redrawKeepingFocus, resolve, seatColour, seatInk, svg, textWidth, wrapText } from "../common.js";
import { t, phrased } from "../i18n.js";

// The static board (GET /api/games/luxor/board): set by useBoard before drawing.
let B = null;
let CHAMBER = 0;
let N = 0;
let CARD = {};
const P = 100; // grid pitch of the spiral
const C = 90; // size of a space
const INK = "#3b2a17";
const SAND = "#f6ecd2";
const BAND_FILL = { 0: "#f3e6c4", 1: "#efdcb0", 2: "#ead29d", 3: "#e4c68a", 5: "#ddb877", 8: "#d4a862", 13: "#c8964f" };
const TREASURE = { vase: "#23808f", statue: "#6d6f78", jewelry: "#a8327f" };
const PHASES = ["play", "die", "act", "choice"];

export function useBoard(board) {
  if (B === board) return;
  B = board;
  N = board.spaces;
  CHAMBER = N + 1;
  CARD = Object.fromEntries(board.cards.map((c) => [c.code, c]));
}

// Positions as the view and the action fields write them (S, 1..40, C) and as drawn (0..41).
const pos = (at) => (at === B.stairs ? 0 : at === B.chamber ? CHAMBER : Number(at));
const posText = (p) => (p === 0 ? B.stairs : p === CHAMBER ? B.chamber : String(p));
const cell = (n) => B.cells[n - 1];

// Words the page builds from the view. A message about a space has its own form for the
// tomb chamber (`<id>_chamber`); a tile, a temple front and a count left are worded too.
const aboutPlace = (id, p) => (p === CHAMBER ? t(`${id}_chamber`) : t(id, { space: posText(p) }));
const capital = (str) => str.charAt(0).toUpperCase() + str.slice(1);
const countLeft = (n) => t("luxor.page.left", { n });

/**
 * A tile as the view writes it ("vase 3vp need 2", "horus 2", "tunnel", "empty") in words.
 * @param {string} tile
 */
export function tileName(tile) {
  const words = String(tile).split(" ");
  if (words.length === 4 && (B.treasure_types || []).includes(words[0])) {
    return t("luxor.page.tile.treasure", { treasure: `@luxor.term.treasure.${words[0]}`, vp: words[1].replace("vp", ""), need: words[3] });
  }
  const key = words.join("");
  return /^(empty|horus[123]|osiris[1-4]|scarab|wild|scarab_or_wild|horus12|horus23|tunnel)$/.test(key) ? t(`luxor.term.tile.${key}`) : tile;
}

// A temple tile's front in two short lines (what it gives).
function frontLines(kind) {
  const [a, b] = B.temple_fronts[kind] || [kind, ""];
  if (!B.temple_fronts[kind]) return [a, b];
  return [t(`luxor.page.front.${kind}`), b ? t(`luxor.page.front.${kind}.more`) : ""];
}

// The kinds of card face the page words (any other kind reads as a number card).
const FACES = ["number", "pm", "die", "range_die", "range", "all", "last", "less"];

// A card's face: its big label and a few words, from its kind in the board data.
export function cardLabel(code) {
  const c = CARD[code];
  if (!c) return [code, ""];
  const kind = FACES.includes(c.kind) ? c.kind : "number";
  const big = ["number", "less"].includes(kind) ? String(c.n) : t(`luxor.page.face.${kind}`, { steps: c.n });
  return [big, t(`luxor.page.face.${kind}.words`, { steps: c.n })];
}

function shortLabel(code) {
  const c = CARD[code];
  if (!c) return code;
  return ["pm", "die", "range_die", "last", "all", "less"].includes(c.kind) ? t(`luxor.page.short.${c.kind}`, { steps: c.n }) : String(c.n);
}

function dieFace(x, y, size, value) {
  const g = svg("g", {});
  g.append(svg("rect", { x, y, width: size, height: size, rx: size / 6, fill: "#fff", stroke: INK, "stroke-width": 2 }));
  const pips = { 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]],
    5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]] }[value] || [];
  for (const [i, j] of pips) {
    g.append(svg("circle", { cx: x + size * (0.25 + i * 0.25), cy: y + size * (0.25 + j * 0.25), r: size / 11, fill: INK }));
  }
  return g;
}

function keyIcon(cx, cy) {
  return svg("g", { "pointer-events": "none", fill: "none", stroke: "#7a5c12", "stroke-width": 3.5, "stroke-linecap": "round" },
    svg("circle", { cx: cx - 9, cy, r: 6 }),
    svg("path", { d: `M${cx - 3},${cy} H${cx + 13} M${cx + 8},${cy} v6 M${cx + 13},${cy} v5` }));
}

function pawn(x, y, colour, r = 8) {
  return svg("g", { "pointer-events": "none" },
    svg("circle", { cx: x, cy: y - r * 0.9, r: r * 0.55, fill: colour, stroke: "#1b1208", "stroke-width": 1.2 }),
    svg("path", { d: `M${x - r * 0.8},${y + r * 0.7} Q${x},${y - r * 1.1} ${x + r * 0.8},${y + r * 0.7} Z`,
      fill: colour, stroke: "#1b1208", "stroke-width": 1.2 }));
}

// The font size of a card's face ("3", "all +1", "1–die") in ``room``: ``size`` when it
// fits, smaller when its words are longer (a face is drawn bold, and wider than its
// estimate's bold, so a little more is left).
function faceSize(str, size, room) {
  return fitSize(str, size, room / 1.05, true);
}

function text(x, y, str, attrs = {}) {
  return svg("text", { x, y, "font-family": "system-ui, sans-serif", fill: INK, "pointer-events": "none", ...attrs }, str);
}

// A line naming a seat in ``space`` (namedLine), in this board's lettering.
function named(x, y, say, name, space, attrs) {
  return namedLine(text, x, y, say, name, space, attrs);
}

const isMove = (e) => e.fields.verb === "move" || e.fields.verb === "go";

export function render(root, ctx) {
  // The scene being drawn: what the drawing functions below read (getters, so each
  // reads a value once it is set).
  const S = {
    get ctx() { return ctx; },
    get view() { return view; },
    get seats() { return seats; },
    get me() { return me; },
    get hand() { return hand; },
    get legal() { return legal; },
    get active() { return active; },
    get phase() { return phase; },
    get memo() { return memo; },
    get redraw() { return redraw; },
    get rows() { return rows; },
    get names() { return names; },
    get moves() { return moves; },
    get sources() { return sources; },
    get dests() { return dests; },
    get actSpaces() { return actSpaces; },
    get cardOf() { return cardOf; },
    get sideName() { return sideName; },
    get actAt() { return actAt; },
    get myCount() { return myCount; },
  };
  useBoard(ctx.board);
  const view = ctx.view || {};
  const seats = view.seats || [];
  const me = ctx.seat;
  const mine = me !== null && me !== undefined && seats[me] ? seats[me] : null;
  const hand = (mine && mine.hand) || [];
  const legal = ctx.legal || [];
  const active = legal.length > 0;
  const phase = view.phase;
  const memo = ctx.memo || (ctx.memo = {});
  const redraw = () => redrawKeepingFocus(root, () => render(root, ctx));

  const key = `${view.round}|${phase}|${view.current_player}|${hand.join(",")}|${legal.length}`;
  if (memo.luxorKey !== key) { memo.luxorKey = key; memo.side = null; }
  if (!active) memo.side = null;

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
  const sources = new Set(selMoves.map((x) => x.mv.src));
  const dests = new Set(selMoves.map((x) => x.dest));
  const actSpaces = new Set(phase === "act" && active ? view.act_spaces || [] : []);

  // ---------- click handlers ----------
  const cardOf = (side) => (side === "L" ? hand[0] : hand[hand.length - 1]);
  const sideName = (side) => t(`luxor.page.side.${side === "L" ? "L" : "R"}`);
  const actAt = (p) => legal.filter((e) => e.fields.verb === "act" && e.fields.space === p);
  const myCount = (p) => (mine ? mine.adventurers.filter((a) => pos(a) === p).length : 0);

  // ---------- layout ----------
  const wide = (root.clientWidth || 0) >= 760; // board and hand side by side: a laptop screen
  const boardW = 700;
  const sideW = 470;
  const W = wide ? boardW + 30 + sideW : boardW;
  const top = svg("svg", {
    viewBox: "0 0 0 0", width: "100%", role: "group", "aria-label": t("luxor.page.board"),
    style: "display:block;max-width:" + (wide ? "1240px" : "760px") + ";margin:0 auto;height:auto;user-select:none",
  });
  top.append(svg("rect", { x: 0, y: 0, width: "100%", height: "100%", fill: "#fbf6ea" }));

  let y = 0;
  const status = drawStatus(S, W);
  top.append(status.g); y += status.h;

  const board = drawBoard(S);
  board.g.setAttribute("transform", `translate(0 ${y})`);
  top.append(board.g);
  let y2 = wide ? y : y + board.h + 10;
  const x2 = wide ? boardW + 30 : 0;
  const colW = sideW;
  const zoom = wide ? 1 : W / sideW; // narrow screens: the side panels are scaled up to the board's width
  const parts = [];
  // the final scoring is the page's, under the board: at the end the hand is drawn no more
  if (mine && phase !== "over") parts.push(drawHand(S, colW));
  parts.push(drawSupply(S, colW));
  parts.push(drawSeats(S, colW));
  for (const part of parts) {
    part.g.setAttribute("transform", `translate(${x2} ${y2}) scale(${zoom})`);
    top.append(part.g);
    y2 += (part.h + 10) * zoom;
  }
  const H = Math.max(wide ? y + board.h : 0, y2) + 4;
  top.setAttribute("viewBox", `0 0 ${W} ${H}`);
  root.append(top);













}

function clickCard(S, side) {
  const { cardOf, ctx, legal, memo, phase, redraw, sideName } = S;
  if (phase !== "play") {
    ctx.say(t(`luxor.page.say.first_${phase === "die" ? "roll" : phase === "act" ? "act" : "reward"}`));
    return;
  }
  const cands = legal.filter((e) => e.fields.side === side);
  if (cands.length === 0) {
    ctx.say(t("luxor.page.say.card_stuck", { side: sideName(side), card: cardLabel(cardOf(side) || "?")[0] }));
    return;
  }
  // A card play draws a new card, so it cannot be taken back: one click on the card
  // selects it, and a move the click did not aim at is asked about first.
  memo.side = memo.side === side ? null : side;
  if (cands.length === 1 && memo.side) {
    redraw();
    ctx.confirm(cands[0], t("luxor.page.confirm", { side: sideName(side), card: cardLabel(cardOf(side) || "?")[0],
      action: phrased(cands[0], ctx.names || []) }));
    return;
  }
  redraw();
}

function clickAdventurer(S, src) {
  const { actAt, ctx, memo, moves, phase, sideName } = S;
  const p = posText(src);
  if (phase === "act") { resolve(ctx, actAt(p), null, aboutPlace("luxor.page.say.not_moved_onto", src)); return; }
  if (phase === "choice") { ctx.say(t("luxor.page.say.first_supply")); return; }
  if (phase === "die") {
    const cands = moves.filter((x) => x.mv.src === src).map((x) => x.entry);
    resolve(ctx, cands, null, t("luxor.page.say.roll_cannot_move", { at: p }));
    return;
  }
  if (src === CHAMBER) { ctx.say(t("luxor.page.say.chamber_stays")); return; }
  if (memo.side) {
    const cands = moves.filter((x) => x.mv.side === memo.side && x.mv.src === src).map((x) => x.entry);
    resolve(ctx, cands, null,
      t("luxor.page.say.card_cannot_move", { side: sideName(memo.side), at: p }));
    return;
  }
  const cands = moves.filter((x) => x.mv.src === src).map((x) => x.entry);
  resolve(ctx, cands, null, t("luxor.page.say.neither_can_move", { at: p }));
}

function clickSpace(S, n) {
  const { actAt, ctx, memo, moves, myCount, phase } = S;
  const p = posText(n);
  if (phase === "act") { resolve(ctx, actAt(p), null, aboutPlace("luxor.page.say.not_moved_onto", n)); return; }
  if (phase === "choice") { ctx.say(t("luxor.page.say.first_supply")); return; }
  if (phase === "play" && !memo.side && myCount(n) > 0) { clickAdventurer(S, n); return; }
  const pool = phase === "die" ? moves : memo.side ? moves.filter((x) => x.mv.side === memo.side) : moves;
  const cands = pool.filter((x) => x.dest === n).map((x) => x.entry);
  if (cands.length === 0 && myCount(n) > 0 && n !== CHAMBER) { clickAdventurer(S, n); return; }
  resolve(ctx, cands, null, phase === "play" && !memo.side
    ? aboutPlace("luxor.page.say.no_move_ends", n)
    : aboutPlace(`luxor.page.say.cannot_reach_${phase === "die" ? "roll" : "card"}`, n));
}

function clickReward(S, what) {
  const { ctx, legal, phase } = S;
  const cands = legal.filter((e) => e.fields.reward === what);
  if (phase !== "choice") { ctx.say(t("luxor.page.say.no_reward")); return; }
  resolve(ctx, cands, null, t("luxor.page.say.reward_not_offered"));
}

// ---------- status line ----------
function drawStatus(S, w) {
  const { active, names, phase, view } = S;
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

// ---------- the board ----------
function cellXY(S, n) {
  const [c, r] = cell(n);
  return [c * P + (P - C) / 2, r * P + (P - C) / 2];
}

function drawBoard(S) {
  const { rows } = S;
  const g = svg("g", {});
  g.append(svg("rect", { x: 0, y: 0, width: 700, height: 700, rx: 14, fill: "#8c6a3f" }));
  g.append(svg("rect", { x: 3, y: 3, width: 694, height: 694, rx: 12, fill: "#a07c4c" }));
  // Corridors between consecutive spaces (and into the chamber).
  const corridor = (a, b, band) => {
    const [ax, ay] = a, [bx, by] = b;
    const w = 46;
    let r;
    if (ay === by) r = { x: Math.min(ax, bx) + C - 2, y: ay + (C - w) / 2, width: Math.abs(ax - bx) - C + 4, height: w };
    else r = { x: ax + (C - w) / 2, y: Math.min(ay, by) + C - 2, width: w, height: Math.abs(ay - by) - C + 4 };
    g.append(svg("rect", { ...r, fill: BAND_FILL[band] || SAND }));
  };
  for (let n = 1; n < N; n++) corridor(cellXY(S, n), cellXY(S, n + 1), rows[n + 1] ? rows[n + 1].wall : 0);
  const [cx, cy, cw, ch] = B.chamber_box;
  const chamberBox = { x: cx * P + 5, y: cy * P + 5, w: cw * P - 10, h: ch * P - 10 };
  corridor(cellXY(S, N), [chamberBox.x, cellXY(S, N)[1]], B.chamber_wall);
  // Stairs corridor: from space 1 down out of the board.
  const [sx, sy] = B.stairs_cell;
  g.append(svg("rect", { x: sx * P + (P - 46) / 2, y: (sy - 1) * P + C, width: 46, height: P - C + 30, fill: BAND_FILL[0] }));

  for (let n = 1; n <= N; n++) drawSpace(S, g, n);
  // Gates between wall sections.
  for (let n = 1; n < N; n++) {
    if (!rows[n] || !rows[n + 1] || rows[n].wall === rows[n + 1].wall || rows[n].statue_after) continue;
    const [ax, ay] = cellXY(S, n), [bx, by] = cellXY(S, n + 1);
    if (ay === by) {
      const x = (Math.min(ax, bx) + C + Math.max(ax, bx)) / 2;
      g.append(svg("line", { x1: x, y1: ay + 18, x2: x, y2: ay + C - 18, stroke: "#5a3d1c", "stroke-width": 4, "stroke-dasharray": "6 4", "pointer-events": "none" }));
    } else {
      const yy = (Math.min(ay, by) + C + Math.max(ay, by)) / 2;
      g.append(svg("line", { x1: ax + 18, y1: yy, x2: ax + C - 18, y2: yy, stroke: "#5a3d1c", "stroke-width": 4, "stroke-dasharray": "6 4", "pointer-events": "none" }));
    }
  }
  // Anubis statues between spaces.
  for (let n = 1; n < N; n++) if (rows[n] && rows[n].statue_after) drawStatue(S, g, n, rows[n].statue_after);
  drawChamber(S, g, chamberBox);
  const stairs = drawStairs(S, g, 706);
  return { g, h: stairs };
}

function drawSpace(S, g, n) {
  const { actSpaces, active, dests, rows } = S;
  const row = rows[n] || { tile: "empty", wall: 0 };
  const [x, y] = cellXY(S, n);
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
  drawTile(S, sg, x + 5, y + 21, C - 10, 42, row);
  g.append(sg);
  if (active) hit(sg, `space-${n}`, () => clickSpace(S, n), t("luxor.page.hit.space", { space: n, tile: tileName(row.tile) }), isDest || isAct);
  drawPieces(S, g, n, x + 5, y + C - 12, C - 10);
}

function drawTile(S, g, x, y, w, h, row) {
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
function drawPieces(S, g, p, x, baseY, w, perRow = 5) {
  const { actSpaces, active, me, myCount, seats, sources } = S;
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
    if (active) hit(myGroup, `adv-${posText(p)}`, () => clickAdventurer(S, p), t("luxor.page.hit.adventurers", { n: Math.max(1, myCount(p)), at: posText(p) }), live);
  }
}

function drawStatue(S, g, n, index) {
  const { names, seats } = S;
  const [ax, ay] = cellXY(S, n), [bx, by] = cellXY(S, n + 1);
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

function drawChamber(S, g, b) {
  const { actSpaces, active, dests, view } = S;
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
  if (active) hit(cg, "space-C", () => clickSpace(S, CHAMBER), t("luxor.page.the_chamber"), isDest || isAct);
  drawPieces(S, g, CHAMBER, b.x + 14, b.y + 168, b.w - 28, 8);
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

function drawStairs(S, g, y0) {
  const { view } = S;
  const x = 5, w = 300, h = 66;
  const sg = svg("g", { "data-spot": `space-${B.stairs}` });
  sg.append(svg("rect", { x, y: y0 + 24, width: w, height: h, rx: 8, fill: BAND_FILL[0], stroke: "#6b4c26", "stroke-width": 1.5 }));
  for (let i = 0; i < 4; i++) {
    sg.append(svg("line", { x1: x + w - 70 + i * 16, y1: y0 + 32 + i * 14, x2: x + w - 8, y2: y0 + 32 + i * 14, stroke: "#b08d57", "stroke-width": 3 }));
  }
  sg.append(text(x + 10, y0 + 42, t("luxor.page.stairs.title"), { "font-size": 14, "font-weight": 700 }));
  sg.append(text(x + 48, y0 + 16, t("luxor.page.stairs.to_space_1"), { "font-size": 12, fill: "#6b4c26" }));
  g.append(sg);
  drawPieces(S, g, 0, x + 8, y0 + 78, w - 90, 10);
  // Supply digest beside the stairs.
  const s = view.supply || {};
  g.append(text(320, y0 + 44, t("luxor.page.supply", { keys: s.keys ?? 0, wild: s.wild_tiles ?? 0, scarabs: s.scarabs ?? 0 }), { "font-size": 13 }));
  const hs = (view.horus_stacks || []).map((stack) => `H${stack.level} ${stack.top ? cardLabel(stack.top)[0] : "—"} (${stack.size})`).join(" · ");
  g.append(text(320, y0 + 66, t("luxor.page.horus_stacks", { stacks: hs }), { "font-size": 13 }));
  return y0 + 24 + h;
}

// ---------- the viewer's hand ----------
function drawHand(S, w) {
  const { active, ctx, hand, legal, me, memo, names, phase, sideName } = S;
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
      if (side) hit(cg, `card-${side}`, () => clickCard(S, side), t("luxor.page.hit.card", { side: sideName(side), card: big }), playable);
      else hit(cg, `card-${i + 1}`, () => ctx.say(t("luxor.page.say.only_ends")), t("luxor.page.hit.middle_card", { card: big }), false);
    }
    if (n === 1 && active) {
      // A single card is both ends: the right end gets its own small handle.
      const rg = svg("g", {}, svg("rect", { x: x + cw + 6, y: y + 40, width: 34, height: 34, rx: 6, fill: "#fffaf0", stroke: "#8c6a3f" }),
        text(x + cw + 23, y + 62, t("luxor.page.side_letter.R"), { "font-size": 15, "font-weight": 800, "text-anchor": "middle" }));
      g.append(rg);
      hit(rg, "card-R", () => clickCard(S, "R"), t("luxor.page.hit.single_card"), phase === "play" && legal.some((e) => e.fields.side === "R"));
    }
  });
  if (!n) g.append(text(w / 2, 100, t("luxor.page.hand.empty"), { "font-size": 14, "text-anchor": "middle" }));
  return { g, h: 168 };
}

// ---------- supply: Horus stacks and rewards ----------
function drawSupply(S, w) {
  const { active, phase, view } = S;
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
    if (choosing) hit(ig, `reward-${it.what}`, () => clickReward(S, it.what), t("luxor.page.hit.reward", { reward: it.title }), on);
  });
  return { g, h };
}

// ---------- seats ----------
function drawSeats(S, w) {
  const { seats } = S;
  const g = svg("g", {});
  const perRow = w >= 600 ? 2 : 1;
  const pw = (w - (perRow - 1) * 10) / perRow;
  const ph = 122;
  seats.forEach((s, i) => {
    const x = (i % perRow) * (pw + 10), y = Math.floor(i / perRow) * (ph + 10);
    g.append(drawSeat(S, s, i, x, y, pw, ph));
  });
  return { g, h: Math.ceil(seats.length / perRow) * (ph + 10) - 10 };
}

function drawSeat(S, s, i, x, y, w, h) {
  const { me, names, phase, view } = S;
  const g = svg("g", {});
  const isCur = view.current_player === i && phase !== "over";
  const won = (view.winners || []).includes(i);
  g.append(svg("rect", { x, y, width: w, height: h, rx: 10, fill: "#fffaf0", stroke: isCur ? seatColour(i) : "#d6c6a4", "stroke-width": isCur ? 3.5 : 1.2 }));
  g.append(svg("rect", { x, y, width: 10, height: h, rx: 5, fill: seatColour(i) }));
  g.append(pawn(x + 27, y + 24, seatColour(i), 10));
  const say = (who) => (i === me ? t("luxor.page.seat.you", { who }) : who);
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

/**
 * The board elements (their data-hit names) an action involves, from its fields: where
 * a hint is shown.
 * @param {Record<string, any>} f
 * @returns {string[]}
 */
export function spots(f) {
  const out = [];
  if (f.side) out.push(`card-${f.side}`);
  if (f.verb === "move" || f.verb === "go") out.push(`adv-${f.from}`, f.to ? `space-${f.to}` : "");
  if (f.verb === "act") out.push(`space-${f.space}`);
  if (f.verb === "take") out.push(`reward-${f.reward}`);
  return out.filter(Boolean);
}

/**
 * Where pieces moved between two views (the spots of their new places): how the last
 * move is shown, whoever made it. Only what both views show is compared.
 * @param {Record<string, any> | null} before
 * @param {Record<string, any>} after
 * @returns {string[]}
 */
export function moved(before, after) {
  if (!before || !before.seats || !after.seats) return [];
  const out = new Set();
  after.seats.forEach((seat, p) => {
    const left = [...((before.seats[p] || {}).adventurers || [])];
    for (const at of seat.adventurers || []) {
      const k = left.indexOf(at);
      if (k >= 0) left.splice(k, 1);
      else out.add(`space-${at}`);
    }
  });
  return [...out];
}
