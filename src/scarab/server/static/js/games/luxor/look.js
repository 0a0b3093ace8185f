// @ts-check
// Luxor: the look of the drawing (the spiral's pitch, colours, lettering) and the small
// pieces drawn on the board and the panels (a die, a key, a pawn).

import { fitSize, namedLine, svg } from "../../common.js";

/** @typedef {import("../../common.js").Attrs} Attrs */

export const P = 100; // grid pitch of the spiral
export const C = 90; // size of a space
export const INK = "#3b2a17";
export const SAND = "#f6ecd2";
/** @type {Record<number, string>} a wall section's colour, by its value */
export const BAND_FILL = { 0: "#f3e6c4", 1: "#efdcb0", 2: "#ead29d", 3: "#e4c68a", 5: "#ddb877", 8: "#d4a862", 13: "#c8964f" };
/** @type {Record<string, string>} */
export const TREASURE = { vase: "#23808f", statue: "#6d6f78", jewelry: "#a8327f" };

/** @param {number} x @param {number} y @param {number} size @param {number} value */
export function dieFace(x, y, size, value) {
  const g = svg("g", {});
  g.append(svg("rect", { x, y, width: size, height: size, rx: size / 6, fill: "#fff", stroke: INK, "stroke-width": 2 }));
  /** @type {Record<number, number[][]>} */
  const pips = { 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]],
    5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]] };
  const face = pips[value] || [];
  for (const [i, j] of face) {
    g.append(svg("circle", { cx: x + size * (0.25 + i * 0.25), cy: y + size * (0.25 + j * 0.25), r: size / 11, fill: INK }));
  }
  return g;
}

/** @param {number} cx @param {number} cy */
export function keyIcon(cx, cy) {
  return svg("g", { "pointer-events": "none", fill: "none", stroke: "#7a5c12", "stroke-width": 3.5, "stroke-linecap": "round" },
    svg("circle", { cx: cx - 9, cy, r: 6 }),
    svg("path", { d: `M${cx - 3},${cy} H${cx + 13} M${cx + 8},${cy} v6 M${cx + 13},${cy} v5` }));
}

/** @param {number} x @param {number} y @param {string} colour @param {number} [r] */
export function pawn(x, y, colour, r = 8) {
  return svg("g", { "pointer-events": "none" },
    svg("circle", { cx: x, cy: y - r * 0.9, r: r * 0.55, fill: colour, stroke: "#1b1208", "stroke-width": 1.2 }),
    svg("path", { d: `M${x - r * 0.8},${y + r * 0.7} Q${x},${y - r * 1.1} ${x + r * 0.8},${y + r * 0.7} Z`,
      fill: colour, stroke: "#1b1208", "stroke-width": 1.2 }));
}

// The font size of a card's face ("3", "all +1", "1–die") in ``room``: ``size`` when it
// fits, smaller when its words are longer (a face is drawn bold, and wider than its
// estimate's bold, so a little more is left).
/** @param {string} str @param {number} size @param {number} room */
export function faceSize(str, size, room) {
  return fitSize(str, size, room / 1.05, true);
}

/** @param {number} x @param {number} y @param {string} str @param {Attrs} [attrs] */
export function text(x, y, str, attrs = {}) {
  return svg("text", { x, y, "font-family": "system-ui, sans-serif", fill: INK, "pointer-events": "none", ...attrs }, str);
}

// A line naming a seat in ``space`` (namedLine), in this board's lettering.
/** @param {number} x @param {number} y @param {(name: string) => string} say @param {string} name @param {number} space @param {Attrs} attrs */
export function named(x, y, say, name, space, attrs) {
  return namedLine(text, x, y, say, name, space, attrs);
}

