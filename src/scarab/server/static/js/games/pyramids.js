// @ts-check
// Silver & Gold: Pyramids, drawn in SVG from the view; clicks become actions.
//
// Notation (games/pyramids/actions.py): "keep 5,33", "17:b1,b2,c2" (cells a1..e5:
// column letter, row number), "take 12", "take deck", "pass".
//
// Data-hit names:
//   cell-<card>-<cell>   a cell of one of your cards while marking (e.g. cell-6-a1):
//                        places the expedition shape (or one single cell) there
//   dealt-<card>         a card dealt to you at setup (pick two to keep)
//   display-<card>       a display card to take as a replacement
//   deck                 the pyramid deck's top card as a replacement
//   pass                 pass (no card left to mark)
//   rotate, mirror       turn / flip the expedition shape (keys R, M)
//   single               toggle marking one single cell instead of the shape (key S)

import { fitSize, hit, html, namedLine, redrawKeepingFocus, resolve, seatColour, seatInk, svg, textWidth } from "../common.js";
import { t } from "../i18n.js";

const INK = "#3b2a1a";
const PAPER = "#fbf4e2";
const SAND = "#f1e2bb";
const WALL = "#8b7355";
const GOLD = "#d9a514";
// The static data (GET /api/games/pyramids/board): the grid's cell names, rounds and
// turns, the expedition shapes by name and the colours. Set by useBoard.
let B = null;
let COLS = [];
let ROUNDS = 0;
let TURNS = 0;
let SHAPES = {};
let PYR = {};

export function useBoard(board) {
  if (B === board) return;
  B = board;
  COLS = board.columns;
  ROUNDS = board.rounds;
  TURNS = board.turns;
  SHAPES = board.shapes;
  PYR = board.colour_hex;
}
const FONT = "system-ui, -apple-system, 'Segoe UI', sans-serif";

const cellName = (i) => B.cell_names[i];
const cellIndex = (name) => B.cell_names.indexOf(name);
const markKey = (card, cells) => `${card}:${[...cells].sort((a, b) => a - b).join(",")}`;
// An ordinal ("2nd"): English picks its suffix by the number; the other languages may word
// all four forms alike.
const ordinal = (n) => t(`pyramids.page.ordinal.${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`, { n });
// A term's words: a card colour ("purple"), a symbol ("red gem"), an expedition shape.
const term = (kind, name) => (name ? t(`pyramids.term.${kind}.${String(name).toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "")}`) : "");
const cellsText = (cells) => [...cells].sort((a, b) => a - b).map(cellName).join(", ");

// ---- keys: one listener for the module, talking to the table drawn last ------
let active = null;
if (typeof document !== "undefined") {
  document.addEventListener("keydown", (event) => {
    if (!active || !active.root.isConnected) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof Element && target.closest("input, textarea, select, [contenteditable]")) return;
    const fn = { r: active.rotate, m: active.mirror, s: active.single }[event.key.toLowerCase()];
    if (!fn) return;
    event.preventDefault();
    fn();
  });
}

// ---- small drawing helpers ---------------------------------------------------
function text(x, y, str, attrs = {}) {
  return svg(
    "text",
    { x, y, "font-family": FONT, "font-size": 12, fill: INK, ...attrs },
    String(str),
  );
}

// A line naming a seat in ``space`` (namedLine), in this board's lettering.
function named(x, y, say, name, space, attrs) {
  return namedLine(text, x, y, say, name, space, attrs);
}

// A message naming seat 0 as "#0", its name given apart (never read as markup).
const naming = (id) => (name) => t(id, { name: "#0" }, [name]);

function background(w, h) {
  return svg("rect", { x: 0, y: 0, width: w, height: h, rx: 10, fill: PAPER, stroke: "#d8c69a" });
}

function panel(w, h, minWidth, maxWidth, label) {
  const el = svg("svg", {
    viewBox: `0 0 ${w} ${h}`,
    width: "100%",
    role: "group",
    "aria-label": label,
    style: "display:block;height:auto;max-width:100%",
  });
  const box = html("div", {
    style: `flex:1 1 ${minWidth}px;min-width:0;max-width:${maxWidth}px`,
  });
  box.append(el);
  return { el, box };
}

// An icon for a cell symbol, centred on (cx, cy), s the cell size.
function icon(ch, cx, cy, s) {
  const k = s / 40;
  const g = svg("g", { transform: `translate(${cx} ${cy}) scale(${k})`, "pointer-events": "none" });
  switch (ch) {
    case "E": // an entrance: a doorway with an arrow in
      g.append(
        svg("path", { d: "M-11 14 V-2 A11 11 0 0 1 11 -2 V14 Z", fill: INK }),
        svg("path", { d: "M-6 14 V0 A6 6 0 0 1 6 0 V14 Z", fill: "#6b4f2e" }),
        svg("path", { d: "M0 -16 V-6 M-4 -10 L0 -5 L4 -10", stroke: "#2d6a35", "stroke-width": 3, fill: "none", "stroke-linecap": "round" }),
      );
      break;
    case "T": // the tomb: a golden sarcophagus
      g.append(
        svg("path", { d: "M-6 -15 L6 -15 L10 -6 L7 15 L-7 15 L-10 -6 Z", fill: GOLD, stroke: "#7a5a00", "stroke-width": 2 }),
        svg("circle", { cx: 0, cy: -7, r: 4, fill: "#3a6ea5", stroke: "#7a5a00", "stroke-width": 1 }),
        svg("path", { d: "M-5 1 H5 M-4 6 H4 M-3 11 H3", stroke: "#7a5a00", "stroke-width": 1.6 }),
      );
      break;
    case "x": // red cross
      g.append(
        svg("path", {
          d: "M-4 -13 H4 V-4 H13 V4 H4 V13 H-4 V4 H-13 V-4 H-4 Z",
          fill: "#d32f2f",
          stroke: "#fff",
          "stroke-width": 1.5,
        }),
      );
      break;
    case "r": // red gem: a brilliant cut
      g.append(
        svg("path", { d: "M-13 -4 L-7 -11 H7 L13 -4 L0 13 Z", fill: "#e53935", stroke: "#8e1b1b", "stroke-width": 1.5 }),
        svg("path", { d: "M-13 -4 H13 M-4 -11 L-5 -4 L0 13 L5 -4 L4 -11", stroke: "#ffb4b0", "stroke-width": 1, fill: "none" }),
      );
      break;
    case "g": // green gem: an emerald cut
      g.append(
        svg("path", { d: "M-7 -12 H7 L12 -7 V7 L7 12 H-7 L-12 7 V-7 Z", fill: "#2e9e4f", stroke: "#145c2a", "stroke-width": 1.5 }),
        svg("rect", { x: -5, y: -6, width: 10, height: 12, fill: "#7ddc95", opacity: 0.6 }),
      );
      break;
    case "t": // torch
      g.append(
        svg("path", { d: "M-3 -1 H3 L2 15 H-2 Z", fill: "#7b4a1e" }),
        svg("path", { d: "M0 -16 C8 -8 7 -2 0 0 C-7 -2 -8 -8 0 -16 Z", fill: "#f57c00" }),
        svg("path", { d: "M0 -9 C3 -6 3 -3 0 -2 C-3 -3 -3 -6 0 -9 Z", fill: "#ffe082" }),
      );
      break;
    case "s": // skull
      g.append(
        svg("circle", { cx: 0, cy: -3, r: 11, fill: "#f7f5ee", stroke: "#333", "stroke-width": 1.5 }),
        svg("rect", { x: -6, y: 5, width: 12, height: 8, rx: 2, fill: "#f7f5ee", stroke: "#333", "stroke-width": 1.5 }),
        svg("circle", { cx: -4.5, cy: -3, r: 3.2, fill: "#333" }),
        svg("circle", { cx: 4.5, cy: -3, r: 3.2, fill: "#333" }),
        svg("path", { d: "M-2 9 V13 M2 9 V13", stroke: "#333", "stroke-width": 1.2 }),
      );
      break;
    case "p": // potion
      g.append(
        svg("circle", { cx: 0, cy: 5, r: 10, fill: "#29b6d6", stroke: "#0d5c70", "stroke-width": 1.5 }),
        svg("rect", { x: -4, y: -12, width: 8, height: 9, fill: "#d9f3f9", stroke: "#0d5c70", "stroke-width": 1.5 }),
        svg("rect", { x: -5, y: -16, width: 10, height: 5, rx: 1.5, fill: "#8d6e63" }),
        svg("circle", { cx: -3, cy: 3, r: 2.5, fill: "#b3ecf8" }),
      );
      break;
    default:
      return null;
  }
  return g;
}

// A little pyramid in a card colour, for chips and completed cards.
function pyramidChip(x, y, size, colour, label) {
  const g = svg("g", { transform: `translate(${x} ${y})`, class: "chip" });
  g.append(
    svg("path", {
      d: `M0 ${size} L${size / 2} 0 L${size} ${size} Z`,
      fill: PYR[colour] || "#999",
      stroke: INK,
      "stroke-width": 0.8,
    }),
  );
  if (label !== undefined) {
    g.append(
      text(size / 2, size - 2, label, {
        "text-anchor": "middle",
        "font-size": size * 0.45,
        "font-weight": 700,
        fill: "#fff",
      }),
    );
  }
  return g;
}

/**
 * An expedition shape turned by quarter turns (clockwise) after mirroring, as the game
 * publishes it: the page does not compute orientations.
 * @param {string} name the expedition card's name
 * @param {number} rot quarter turns, 0 to 3
 * @param {boolean} mir mirrored first
 * @returns {number[][]} (column, row) cells from the top-left corner
 */
export function orient(name, rot, mir) {
  return B.orientations[name][mir ? 1 : 0][rot % 4];
}

// The cells a shape covers when the pointer is on cell idx (snapped inside the grid).
export function placeShape(shape, idx) {
  const size = B.size;
  const w = Math.max(...shape.map((p) => p[0])) + 1;
  const h = Math.max(...shape.map((p) => p[1])) + 1;
  // the shape cell nearest its centre sits under the pointer
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  let anchor = shape[0];
  let best = Infinity;
  for (const p of shape) {
    const d = (p[0] - cx) ** 2 + (p[1] - cy) ** 2;
    if (d < best - 1e-9) {
      best = d;
      anchor = p;
    }
  }
  let dc = (idx % size) - anchor[0];
  let dr = Math.floor(idx / size) - anchor[1];
  dc = Math.max(0, Math.min(size - w, dc));
  dr = Math.max(0, Math.min(size - h, dr));
  return shape.map(([c, r]) => (r + dr) * size + c + dc);
}

// ---- one pyramid card ----------------------------------------------------------
// Returns {g, w, h}. opts: s (cell size), labels, markColour, title, selected,
// choosable, hints (Set of cell indices legal as a single mark), cellHit(i, rect).
/** The grid of a pyramid card: walls, open cells, this seat's marks and the symbols. */
function drawCells(grid, card, s, marked, mc) {
  const rows = (card.rows || []).join("");
  for (let i = 0; i < B.size * B.size; i++) {
    const x = (i % B.size) * s;
    const y = Math.floor(i / B.size) * s;
    const ch = rows[i] || ".";
    if (ch === "#") {
      grid.append(
        svg("rect", { x, y, width: s, height: s, fill: WALL, stroke: "#6d5940", "stroke-width": 0.6 }),
        svg("path", {
          d: `M${x} ${y + s / 3} H${x + s} M${x} ${y + (2 * s) / 3} H${x + s} M${x + s / 2} ${y} V${y + s / 3} M${x + s / 4} ${y + s / 3} V${y + (2 * s) / 3} M${x + (3 * s) / 4} ${y + s / 3} V${y + (2 * s) / 3} M${x + s / 2} ${y + (2 * s) / 3} V${y + s}`,
          stroke: "#6d5940",
          "stroke-width": Math.max(0.5, s / 40),
        }),
      );
      continue;
    }
    grid.append(svg("rect", { x, y, width: s, height: s, fill: SAND, stroke: "#cdb98a", "stroke-width": 0.6,
      "data-spot": `cell-${card.id}-${cellName(i)}` }));
    if (marked.has(i)) {
      grid.append(
        svg("rect", { x: x + 1, y: y + 1, width: s - 2, height: s - 2, fill: mc, opacity: 0.38 }),
        svg("path", {
          d: `M${x + s * 0.15} ${y + s * 0.15} L${x + s * 0.85} ${y + s * 0.85} M${x + s * 0.85} ${y + s * 0.15} L${x + s * 0.15} ${y + s * 0.85}`,
          stroke: mc,
          "stroke-width": Math.max(1, s * 0.07),
          "stroke-linecap": "round",
          opacity: 0.75,
        }),
      );
    }
    const ic = icon(ch, x + s / 2, y + s / 2, s);
    if (ic) {
      if (marked.has(i) && ch !== "T") ic.setAttribute("opacity", "0.8");
      grid.append(ic);
    }
  }
}

function drawCard(card, opts) {
  const s = opts.s;
  const lab = opts.labels ? Math.max(11, s * 0.32) : 0;
  const pad = Math.max(3, s * 0.12);
  const head = Math.max(14, s * 0.42);
  const w = pad * 2 + lab + s * B.size;
  const h = head + pad * 2 + lab + s * B.size;
  const colour = PYR[card.colour] || "#999";
  const g = svg("g", {});
  const done = !!card.complete;

  if (opts.selected) {
    g.append(svg("rect", { x: -4, y: -4, width: w + 8, height: h + 8, rx: 9, fill: "none", stroke: GOLD, "stroke-width": 4 }));
  }
  g.append(
    svg("rect", { x: 0, y: 0, width: w, height: h, rx: 6, fill: "#fffaf0", stroke: colour, "stroke-width": Math.max(2, s * 0.07) }),
    svg("path", { d: `M0 ${head} V6 A6 6 0 0 1 6 0 H${w - 6} A6 6 0 0 1 ${w} 6 V${head} Z`, fill: colour }),
    text(pad + 2, head * 0.74, `${card.id}`, { "font-size": head * 0.72, "font-weight": 700, fill: "#fff" }),
  );
  if (s >= 26 || opts.labels) {
    g.append(text(pad + head * 1.6, head * 0.72, term("colour", card.colour), { "font-size": head * 0.58, fill: "#fff", opacity: 0.9 }));
  }
  if (done) {
    g.append(text(w - pad - 2, head * 0.74, `✓ ${t("pyramids.page.tomb_done")}`, { "font-size": head * 0.62, "font-weight": 700, fill: "#fff3c4", "text-anchor": "end" }));
  }
  const ox = pad + lab;
  const oy = head + pad + lab;
  if (opts.labels) {
    for (let c = 0; c < B.size; c++) {
      g.append(text(ox + c * s + s / 2, oy - 4, COLS[c], { "text-anchor": "middle", "font-size": lab * 0.85, fill: "#7a6a50" }));
    }
    for (let r = 0; r < B.size; r++) {
      g.append(text(ox - 4, oy + r * s + s / 2 + lab * 0.3, r + 1, { "text-anchor": "end", "font-size": lab * 0.85, fill: "#7a6a50" }));
    }
  }
  if (!card.rows) {
    // a card known by number and colour only
    const gw = s * B.size;
    g.append(
      svg("rect", { x: ox, y: oy, width: gw, height: gw, fill: SAND, stroke: "#cdb98a" }),
      svg("path", { d: `M${ox + gw * 0.15} ${oy + gw * 0.8} L${ox + gw / 2} ${oy + gw * 0.2} L${ox + gw * 0.85} ${oy + gw * 0.8} Z`, fill: colour, opacity: 0.85 }),
      text(ox + gw / 2, oy + gw * 0.7, card.id, { "text-anchor": "middle", "font-size": gw * 0.22, "font-weight": 800, fill: "#fff" }),
    );
    if (opts.choosable) {
      g.append(svg("rect", { x: 0, y: 0, width: w, height: h, rx: 6, fill: "none", stroke: "#1f7a3a", "stroke-width": 3, "stroke-dasharray": "7 4", "pointer-events": "none" }));
    }
    return { g, w, h, preview: null };
  }
  const grid = svg("g", { transform: `translate(${ox} ${oy})` });
  g.append(grid);
  drawCells(grid, card, s, new Set((card.marked || []).map(cellIndex)), opts.markColour || "#555");
  if (opts.hints && opts.hints.size) {
    for (const i of opts.hints) {
      grid.append(
        svg("rect", {
          x: (i % B.size) * s + 2.5,
          y: Math.floor(i / B.size) * s + 2.5,
          width: s - 5,
          height: s - 5,
          rx: 3,
          fill: "none",
          stroke: "#1f7a3a",
          "stroke-width": 2,
          "stroke-dasharray": "5 3",
          "pointer-events": "none",
          "data-fits": `${card.id}-${cellName(i)}`, // a cell a legal mark may cover
        }),
      );
    }
  }
  if (done) {
    g.append(svg("rect", { x: 1, y: 1, width: w - 2, height: h - 2, rx: 6, fill: "#fff", opacity: 0.25, "pointer-events": "none" }));
  }
  const preview = svg("g", { "pointer-events": "none" });
  grid.append(preview);
  if (opts.cellHit) {
    for (let i = 0; i < B.size * B.size; i++) {
      const r = svg("rect", {
        x: (i % B.size) * s,
        y: Math.floor(i / B.size) * s,
        width: s,
        height: s,
        fill: "transparent",
        style: "cursor:pointer",
      });
      grid.append(r);
      opts.cellHit(i, r, preview);
    }
  }
  if (opts.choosable) {
    g.append(
      svg("rect", { x: 0, y: 0, width: w, height: h, rx: 6, fill: "none", stroke: "#1f7a3a", "stroke-width": 3, "stroke-dasharray": "7 4", "pointer-events": "none" }),
    );
  }
  return { g, w, h, preview };
}

// ---- the legal actions, sorted by kind ----------------------------------------
function readLegal(legal) {
  const marks = [];
  const keeps = [];
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

// ---- render ---------------------------------------------------------------------
export function render(root, ctx) {
  // The scene being drawn: what the drawing functions below read (getters, so each
  // reads a value once it is set).
  const S = {
    get root() { return root; },
    get ctx() { return ctx; },
    get view() { return view; },
    get memo() { return memo; },
    get me() { return me; },
    get nameOf() { return nameOf; },
    get legal() { return legal; },
    get myTurn() { return myTurn; },
    get exp() { return exp; },
    get single() { return single; },
    get shape() { return shape; },
  };
  useBoard(ctx.board);
  const view = ctx.view;
  const memo = ctx.memo;
  memo.rot ??= 0;
  memo.mir ??= false;
  memo.single ??= false;
  memo.keepSel ??= [];
  const me = typeof view.viewer === "number" ? view.viewer : ctx.seat ?? null;
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

  active = {
    root,
    rotate: () => {
      if (!legal.marks.length || !exp) return;
      memo.rot = (memo.rot + 1) % 4;
      refresh(S);
    },
    mirror: () => {
      if (!legal.marks.length || !exp) return;
      memo.mir = !memo.mir;
      refresh(S);
    },
    single: () => {
      if (!legal.marks.length || forcedSingle) return;
      memo.single = !memo.single;
      refresh(S);
    },
  };

  // ---- header: where the game stands, what to do, the shape controls
  const header = html("div", { style: "display:flex;flex-wrap:wrap;align-items:center;gap:6px 12px;margin:0 0 8px" });
  const status = [];
  if (view.phase === "keep") status.push(t("pyramids.page.setup"));
  else if (view.phase === "over") status.push(t("pyramids.page.game_over"));
  else status.push(t("pyramids.page.round_turn", { round: view.round, rounds: ROUNDS, turn: view.turn, turns: TURNS }));
  status.push(t("pyramids.page.deck_count", { n: view.deck }));
  header.append(html("span", { style: "opacity:0.8" }, status.join(" · ")));
  let prompt = "";
  if (myTurn) {
    if (legal.keeps.length) {
      prompt = memo.keepSel.length
        ? t("pyramids.page.prompt.keep_other", { card: memo.keepSel[0] })
        : t("pyramids.page.prompt.keep");
    } else if (view.phase === "extra") {
      const n = view.extra_marks || 1;
      prompt = n > 1 ? t("pyramids.page.prompt.extra_many", { n }) : t("pyramids.page.prompt.extra");
    } else if (legal.marks.length) {
      prompt = single
        ? t("pyramids.page.prompt.single")
        : t("pyramids.page.prompt.shape", { shape: term("shape", exp.name) });
    } else if (legal.takes.length) {
      prompt = t("pyramids.page.prompt.replace");
    } else if (legal.pass) {
      prompt = t("pyramids.page.prompt.pass");
    }
  } else if (view.phase !== "over" && typeof view.current_player === "number") {
    prompt = t("pyramids.page.prompt.waiting", { name: `#${view.current_player}` }, seatNames(S));
  }
  if (prompt) header.append(html("strong", {}, prompt));
  if (legal.marks.length && exp) {
    const btn = (name, label, title, onclick, pressed) =>
      html(
        "button",
        { type: "button", class: "hit", "data-hit": name, title, "aria-pressed": pressed === undefined ? null : String(pressed), onclick },
        label,
      );
    const controls = html("span", { style: "display:inline-flex;gap:6px" });
    if (!single) {
      controls.append(
        btn("rotate", `⟳ ${t("pyramids.page.rotate")}`, t("pyramids.page.rotate_title"), active.rotate),
        btn("mirror", `⇋ ${t("pyramids.page.mirror")}`, t("pyramids.page.mirror_title"), active.mirror, memo.mir),
      );
    }
    if (!forcedSingle) {
      controls.append(btn("single", single ? `◼ ${t("pyramids.page.shape")}` : `▪ ${t("pyramids.page.single")}`, t("pyramids.page.single_title"), active.single, memo.single));
    }
    header.append(controls);
  }
  root.append(header);

  const wrap = html("div", { style: "display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start" });
  root.append(wrap);

  if (me !== null) wrap.append(drawMine(S), drawSide(S), drawOthers(S));
  else wrap.append(drawOthers(S), drawSide(S));






}

// Why a mark does not fit, in words (the legal placements are then highlighted).
function misfit(S, card, cells) {
  const { exp, legal, single } = S;
  const onCard = legal.marks.filter((m) => m.card === card.id);
  if (!onCard.length) return t("pyramids.page.misfit.card", { card: card.id });
  const where = { cells: cellsText(cells), card: card.id };
  let why = t("pyramids.page.misfit.pattern", where);
  if (single) why = t("pyramids.page.misfit.single", where);
  else if (exp) why = t("pyramids.page.misfit.shape", { ...where, shape: term("shape", exp.name) });
  return `${why} ${t("pyramids.page.misfit.hint")}`;
}

// The seats' names, for messages that name a seat as "#n" (a name is never read as a
// message's markup that way).
function seatNames(S) {
  return S.view.seats.map((_, p) => S.nameOf(p));
}

function refresh(S) {
  const { ctx, root } = S;
  redrawKeepingFocus(root, () => render(root, ctx));
}

// ---- the viewer's own cards, the expedition, the dealt cards at setup
/** The expedition card shown this turn (in its chosen orientation) and the earlier
 * ones of the round; the phase's title when there is none. */
function expeditionStrip(S, strip, y, W) {
  const { exp, legal, memo, single, view } = S;
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

/** The rounds (with the torches this seat lit) and the turns of this round. */
function roundPips(S, strip, y, W) {
  const { me, view } = S;
  const seat = view.seats[me];
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
 * their legal placements), or why there is none; the pass button. @returns {number} */
function mineCards(S, parts, y, W) {
  const { ctx, legal, me, memo, myTurn, view } = S;
  const seat = view.seats[me];
  const dealt = seat.dealt_cards || seat.dealt || [];
  const keeping = legal.keeps.length > 0;
  if (dealt.length && (keeping || (view.phase === "keep" && !seat.chosen))) {
    // setup: pick two of the four dealt cards (the view gives ids; the grids come
    // from the keep texts' colours only, so draw what the view has); before this
    // seat's turn to keep they are shown, not choosable yet
    const cards = dealt.map((id) => dealtCard(S, id));
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
        hit(d.g, `dealt-${card.id}`, () => chooseKeep(S, card.id), label);
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
        cellHit: legal.marks.length ? (i, r, preview) => wireCell(S, card, i, r, preview, s) : null,
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
  if (myTurn && legal.pass) {
    const b = svg("g", { transform: `translate(${W / 2 - 70} ${y})`, style: "cursor:pointer" });
    b.append(
      svg("rect", { width: 140, height: 32, rx: 8, fill: "#7b4a1e" }),
      text(70, 21, t("pyramids.page.pass"), { "text-anchor": "middle", "font-size": 15, "font-weight": 700, fill: "#fff" }),
    );
    hit(b, "pass", () => resolve(ctx, [legal.pass], null, ""), t("pyramids.page.pass_label"));
    parts.push(b);
    y += 44;
  }
  return y;
}

function drawMine(S) {
  const { me, view } = S;
  const seat = view.seats[me];
  const W = 540;
  const parts = [];
  let y = 10;
  const strip = svg("g", {});
  parts.push(strip);
  expeditionStrip(S, strip, y, W);
  roundPips(S, strip, y, W);
  y += S.exp ? 4 * 15 + 16 + 14 : 74;

  const you = svg("g", {});
  parts.push(you);
  const final = view.final && view.final[me];
  const soFar = final ? t("pyramids.page.vp_final", { n: final.total }) : t("pyramids.page.vp_so_far", { n: seat.score_card.points });
  you.append(
    svg("circle", { cx: 18, cy: y + 2, r: 6, fill: seatColour(me) }),
    named(30, y + 7, naming("pyramids.page.you"), S.nameOf(me), W - 50 - textWidth(soFar, 13), { "font-size": 15, "font-weight": 700 }),
    text(W - 10, y + 7, soFar, { "font-size": 13, "text-anchor": "end", fill: "#7a6a50" }),
  );
  y += 18;

  y = mineCards(S, parts, y, W);
  const p = panel(W, y, 430, 560, t("pyramids.page.your_cards"));
  p.el.append(background(W, y), ...parts);
  return p.box;
}

// The view names the dealt cards by id (a future view may give whole cards);
// their grids are drawn when known, else the card's number and colour only.
function dealtCard(S, d) {
  const { legal, view } = S;
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

function chooseKeep(S, id) {
  const { ctx, legal, memo } = S;
  let sel = memo.keepSel.filter((x) => legal.keeps.some((k) => k.cards.includes(x)));
  if (sel.includes(id)) sel = sel.filter((x) => x !== id);
  else sel.push(id);
  if (sel.length >= 2) {
    const pair = sel.slice(-2).sort((a, b) => a - b);
    memo.keepSel = [];
    const cands = legal.keeps.filter((k) => k.cards.length === 2 && k.cards.includes(pair[0]) && k.cards.includes(pair[1])).map((k) => k.entry);
    resolve(ctx, cands, null, t("pyramids.page.keep_apart", { card1: pair[0], card2: pair[1] }));
    refresh(S);
    return;
  }
  memo.keepSel = sel;
  refresh(S);
}

// hover preview and click on one cell of an own card
function wireCell(S, card, i, rect, preview, s) {
  const { ctx, legal, memo, shape, single } = S;
  const cellsAt = () => (single ? [i] : placeShape(shape, i));
  const show = () => {
    const cells = cellsAt();
    const ok = legal.marks.some((m) => m.key === markKey(card.id, cells));
    preview.replaceChildren();
    for (const c of cells) {
      preview.append(
        svg("rect", {
          x: (c % B.size) * s + 1.5,
          y: Math.floor(c / B.size) * s + 1.5,
          width: s - 3,
          height: s - 3,
          rx: 4,
          fill: ok ? "#ffd23f" : "#e53935",
          opacity: ok ? 0.6 : 0.45,
          stroke: ok ? "#8a6100" : "#8e1b1b",
          "stroke-width": 2.5,
        }),
      );
    }
    if (!ok) {
      const c = cells[0];
      preview.append(text((c % B.size) * s + s / 2, Math.floor(c / B.size) * s + s / 2 + 6, "✕", { "text-anchor": "middle", "font-size": 18, "font-weight": 700, fill: "#8e1b1b" }));
    }
    memo.hover = { card: card.id, i };
  };
  const hide = () => {
    preview.replaceChildren();
  };
  rect.addEventListener("pointerenter", show);
  rect.addEventListener("pointerleave", hide);
  rect.addEventListener("pointerdown", (e) => {
    memo.lastPointer = e.pointerType || "mouse"; // a tap arms a mark, a second tap plays it
  });
  rect.addEventListener("focus", show);
  rect.addEventListener("blur", hide);
  const cellsNow = single ? [i] : placeShape(shape, i);
  const tried = cellsText(cellsNow);
  const fits = legal.marks.some((m) => m.key === markKey(card.id, cellsNow));
  hit(
    rect,
    `cell-${card.id}-${cellName(i)}`,
    (event) => {
      const cells = cellsAt();
      const key = markKey(card.id, cells);
      const candidates = legal.marks.filter((m) => m.key === key).map((m) => m.entry);
      if (event && event.type === "click" && (event.pointerType || memo.lastPointer) === "touch" && memo.armed !== key) {
        memo.armed = key;
        show();
        ctx.say(t("pyramids.page.tap_again", { cells: cellsText(cells), card: card.id }));
        return;
      }
      memo.armed = null;
      if (!candidates.length) {
        memo.showLegal = card.id;
        refresh(S);
      }
      resolve(ctx, candidates, null, misfit(S, card, cells));
    },
    t("pyramids.page.cell_label", { card: card.id, cell: cellName(i), cells: tried }),
    fits,
  );
  if (memo.hover && memo.hover.card === card.id && memo.hover.i === i) {
    queueMicrotask(() => {
      if (rect.matches(":hover") || document.activeElement === rect) show();
    });
  }
}

// ---- display, deck, race and score cards
function drawSide(S) {
  const W = 450;
  const parts = [];
  let y = 8;
  y = sideDisplay(S, parts, y, W);
  y = sideRace(S, parts, y, W);
  y = sideScoreCards(S, parts, y, W);
  y = sideLegend(S, parts, y, W);
  const pnl = panel(W, y, 340, 480, t("pyramids.page.side_label"));
  pnl.el.append(background(W, y), ...parts);
  return pnl.box;
}

/** The display cards and the deck, each takeable when legal. @returns {number} the y below it */
function sideDisplay(S, parts, y, W) {
  const { ctx, legal, view } = S;
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
    if (can) {
      const entry = legal.takes.find((k) => k.card === String(card.id)).entry;
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
  if (takeable.has("deck")) {
    deck.append(svg("rect", { x: -3, y: -3, width: dw - 2, height: dh - 2, rx: 6, fill: "none", stroke: "#1f7a3a", "stroke-width": 3, "stroke-dasharray": "7 4" }));
    const entry = legal.takes.find((k) => k.card === "deck").entry;
    hit(deck, "deck", () => resolve(ctx, [entry], null, ""), t("pyramids.page.take_deck"));
  }
  parts.push(deck);
  y += dh + 8;
  return y;
}

/** The pyramid points race: each colour's claims left. @returns {number} the y below it */
function sideRace(S, parts, y, W) {
  const { view } = S;
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

/** Each seat's score card: gems, torches, skulls, claims and pyramids done. @returns {number} the y below it */
function sideScoreCards(S, parts, y, W) {
  const { me, view } = S;
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
    const who = (name) => `${turn ? "▶ " : ""}${naming(whose)(name)}`;
    const space = W - 54 - textWidth(String(sc.points), 22, true); // left of the points
    g.append(named(14, 18, who, S.nameOf(p), space, { "font-size": 14, "font-weight": 700, fill: seatInk(p) }));
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

/** What the card symbols mean. @returns {number} the y below it */
function sideLegend(S, parts, y, W) {
  const { me } = S;
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
    } else parts.push(svg("rect", { x: lx, y: ly, width: 18, height: 18, fill: SAND, stroke: "#cdb98a" }), icon(ch, lx + 9, ly + 9, 18));
    parts.push(text(lx + 22, ly + 13, name, { "font-size": 11 }));
    lx += wdt;
  }
  y = ly + 28;
  return y;
}

// ---- the other seats' cards (every seat's for a spectator)
function drawOthers(S) {
  const { me, nameOf, view } = S;
  const seats = view.seats.map((seat, p) => ({ seat, p })).filter(({ p }) => p !== me);
  const s = me === null ? 28 : 20;
  const W = me === null ? 1100 : 1000;
  const parts = [];
  let x = 10;
  let y = 10;
  let rowH = 0;
  let maxX = 0;
  for (const { seat, p } of seats) {
    const blocks = seat.cards.map((c) => drawCard(c, { s, labels: false, markColour: seatColour(p) }));
    const bw = Math.max(160, blocks.reduce((sum, d) => sum + d.w + 8, 0) - 8);
    const bh = 24 + (blocks.length ? blocks[0].h : 40);
    if (x + bw > W - 10 && x > 10) {
      x = 10;
      y += rowH + 12;
      rowH = 0;
    }
    const g = svg("g", { transform: `translate(${x} ${y})` });
    const turn = p === view.current_player && view.phase !== "over";
    g.append(
      svg("circle", { cx: 6, cy: 8, r: 6, fill: seatColour(p) }),
      named(16, 13, (name) => `${turn ? "▶ " : ""}${name}`, nameOf(p), bw - 16, { "font-size": 14, "font-weight": 700, fill: turn ? "#8a6100" : INK }),
    );
    if (!blocks.length) {
      let msg = t("pyramids.page.others.no_card");
      if (view.phase === "keep") msg = seat.chosen ? t("pyramids.page.others.chosen") : t("pyramids.page.others.choosing");
      g.append(text(16, 40, msg, { "font-size": 12, fill: "#7a6a50" }));
    }
    let cx = 0;
    for (const d of blocks) {
      d.g.setAttribute("transform", `translate(${cx} 22)`);
      g.append(d.g);
      cx += d.w + 8;
    }
    parts.push(g);
    maxX = Math.max(maxX, x + bw);
    x += bw + 24;
    rowH = Math.max(rowH, bh);
  }
  const H = y + rowH + 10;
  const used = Math.min(W, Math.max(200, maxX + 10));
  const pnl = panel(used, H, 300, used * 1.05, t(me === null ? "pyramids.page.players_cards" : "pyramids.page.others_cards"));
  pnl.el.append(background(used, H), ...parts);
  pnl.box.style.flexBasis = "100%";
  return pnl.box;
}

/**
 * The board elements (their data-hit names) an action involves, from its fields: where
 * a hint is shown.
 * @param {Record<string, any>} f
 * @returns {string[]}
 */
export function spots(f) {
  if (f.verb === "mark") return f.cell_names.map((c) => `cell-${f.card}-${c}`);
  if (f.verb === "take") return [f.card ? `display-${f.card}` : "deck"];
  if (f.verb === "keep") return f.cards.map((id) => `dealt-${id}`);
  return [f.verb];
}

/**
 * The cells newly marked between two views, on any card either shows (marks still
 * hidden from this seat are in neither): how the last move is shown.
 * @param {Record<string, any> | null} before
 * @param {Record<string, any>} after
 * @returns {string[]}
 */
export function moved(before, after) {
  if (!before || !before.seats || !after.seats) return [];
  const seen = new Map();
  for (const seat of before.seats) {
    for (const card of [...(seat.cards || []), ...(seat.completed || [])]) seen.set(card.id, new Set(card.marked || []));
  }
  const out = [];
  for (const seat of after.seats) {
    for (const card of [...(seat.cards || []), ...(seat.completed || [])]) {
      const had = seen.get(card.id);
      if (!had) continue;
      for (const c of card.marked || []) if (!had.has(c)) out.push(`cell-${card.id}-${c}`);
    }
  }
  return out;
}
