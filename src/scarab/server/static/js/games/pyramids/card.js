// @ts-check
// Silver & Gold: Pyramids: one pyramid card drawn, its grid of cells, the marks on it,
// the cells a legal mark may cover, and (on this seat's own cards) the cells to click.

import { svg } from "../../common.js";
import { t } from "../../i18n.js";
import { GOLD, icon, SAND, text, WALL } from "./look.js";
import { B, cellIndex, cellName, COLS, PYR, term } from "./tables.js";

/**
 * A pyramid card as the view shows it; ``rows`` is null for a card known by number and
 * colour only.
 * @typedef {object} PyramidCard
 * @property {number} id
 * @property {string} colour
 * @property {string[] | null} rows
 * @property {string[]} marked the cells marked, by name
 * @property {boolean} complete
 */

/**
 * How a card is drawn: s (cell size), labels (the grid's column and row names),
 * markColour, selected, choosable, hints (cells legal as a single mark), and
 * cellHit(i, rect, preview) to wire each cell's click.
 * @typedef {object} CardLook
 * @property {number} s
 * @property {boolean} [labels]
 * @property {string} [markColour]
 * @property {boolean} [selected]
 * @property {boolean} [choosable]
 * @property {Set<number> | null} [hints]
 * @property {((i: number, rect: SVGElement, preview: SVGElement) => void) | null} [cellHit]
 */

/** The grid of a pyramid card: walls, open cells, this seat's marks and the symbols.
 * @param {SVGElement} grid @param {PyramidCard} card @param {number} s @param {Set<number>} marked @param {string} mc */
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

/** A card drawn at the origin: its group, its size and the group for a mark's preview.
 * @param {PyramidCard} card @param {CardLook} opts
 * @returns {{g: SVGElement, w: number, h: number, preview: SVGElement | null}} */
export function drawCard(card, opts) {
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

