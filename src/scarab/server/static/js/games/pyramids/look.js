// @ts-check
// Silver & Gold: Pyramids: the look of the drawing (colours, lettering, the panels'
// frames) and the small pieces drawn everywhere (symbols, pyramid chips).

import { html, namedLine, svg } from "../../common.js";
import { t } from "../../i18n.js";
import { PYR } from "./tables.js";

/** @typedef {import("../../common.js").Attrs} Attrs */

export const INK = "#3b2a1a";
export const PAPER = "#fbf4e2";
export const SAND = "#f1e2bb";
export const WALL = "#8b7355";
export const GOLD = "#d9a514";
const FONT = "system-ui, -apple-system, 'Segoe UI', sans-serif";

/** @param {number} x @param {number} y @param {unknown} str @param {Attrs} [attrs] */
export function text(x, y, str, attrs = {}) {
  return svg(
    "text",
    { x, y, "font-family": FONT, "font-size": 12, fill: INK, ...attrs },
    String(str),
  );
}

// A line naming a seat in ``space`` (namedLine), in this board's lettering.
/** @param {number} x @param {number} y @param {(name: string) => string} say @param {string} name @param {number} space @param {Attrs} attrs */
export function named(x, y, say, name, space, attrs) {
  return namedLine(text, x, y, say, name, space, attrs);
}

// A message naming seat 0 as "#0", its name given apart (never read as markup).
/** @param {string} id @returns {(name: string) => string} */
export const naming = (id) => (name) => t(id, { name: "#0" }, [name]);

/** @param {number} w @param {number} h */
export function background(w, h) {
  return svg("rect", { x: 0, y: 0, width: w, height: h, rx: 10, fill: PAPER, stroke: "#d8c69a" });
}

/** A panel's SVG, ``w`` by ``h`` units, in a box that flexes between the widths.
 * @param {number} w @param {number} h @param {number} minWidth @param {number} maxWidth @param {string} label */
export function panel(w, h, minWidth, maxWidth, label) {
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
/** A cell's symbol: an entrance, the tomb, a red cross, a red or green gem, a torch, a
 * skull, a potion. @typedef {"E" | "T" | "x" | "r" | "g" | "t" | "s" | "p"} SymbolChar */

/**
 * @overload
 * @param {SymbolChar} ch @param {number} cx @param {number} cy @param {number} s
 * @returns {SVGElement}
 */
/**
 * @overload
 * @param {string} ch a cell's letter: none for an open cell or a wall
 * @param {number} cx @param {number} cy @param {number} s
 * @returns {SVGElement | null}
 */
/** @param {string} ch @param {number} cx @param {number} cy @param {number} s @returns {SVGElement | null} */
export function icon(ch, cx, cy, s) {
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
/** @param {number} x @param {number} y @param {number} size @param {string | null} colour @param {unknown} [label] */
export function pyramidChip(x, y, size, colour, label) {
  const g = svg("g", { transform: `translate(${x} ${y})`, class: "chip" });
  g.append(
    svg("path", {
      d: `M0 ${size} L${size / 2} 0 L${size} ${size} Z`,
      fill: (colour && PYR[colour]) || "#999",
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
