// @ts-check
// The Pyramid of Horus: the look of the drawing (sizes, colours, lettering) and the
// pieces drawn alike on the board and in the panel (dice, cards).

import { namedLine, svg } from "../../common.js";
import { t } from "../../i18n.js";
import { cardName, term, WOUNDS } from "./tables.js";

/** @typedef {import("../../common.js").Attrs} Attrs */

export const C = 56; // one square
export const MIN_PHONE_WIDTH = 600; // the narrow layout's least width in CSS px: squares of about 45 px
export const MW = 104; // west/east margin: sarcophagi and alcoves
export const MN = 84; // north margin
export const BX = MW;
export const BY = MN;
export const FONT = "DejaVu Sans, Verdana, Arial, sans-serif";
export const INK = "#2a1f17";
export const PAPER = "#f4ecd8";
/** @type {Record<string, string>} */
export const AREA_FILL = { c: "#a8977a", s: "#e3c583", w: "#6aa6cf", r: "#8fae68" };
/** @type {Record<string, string>} */
export const GOD = {
  horus: "#7b4fa0",
  anubis: "#4a4a4a",
  thoth: "#2f7f7a",
  hededet: "#c0902c",
  sobek: "#2f6fa8",
};
/** @type {Record<string, string[]>} a die's colour: its face and its pips */
export const DIE = {
  yellow: ["#f2c230", "#3a2a00"],
  green: ["#3f9b4a", "#fff"],
  blue: ["#2f6fd0", "#fff"],
  black: ["#222", "#fff"],
  red: ["#cf3a32", "#fff"],
};
export const GOLD = "#ffcf40";
// Where each area's name is written, in squares from the board's north-west corner.
export const AREA_LABEL_AT = { w: [4.5, 3.5], s: [4.5, 1.5], r: [4.5, 7.5], c: [4.5, 0.5] };
export const EQUIP = ["antidote", "medikit", "crowbar", "udjat", "bag"];
/** @param {number} x @param {number} y @param {unknown} str @param {Attrs} [attrs] */
export function text(x, y, str, attrs = {}) {
  return svg("text", { x, y, "font-family": FONT, "font-size": 12, fill: INK, ...attrs }, String(str));
}
// A line naming a seat in ``space`` (namedLine), in this board's lettering.
/** @param {number} x @param {number} y @param {(name: string) => string} say @param {string} name @param {number} space @param {Attrs} attrs */
export function named(x, y, say, name, space, attrs) {
  return namedLine(text, x, y, say, name, space, attrs);
}
/** @param {string} str */
export function title(str) {
  return svg("title", {}, str);
}
/** @param {unknown} str @param {number} max characters a line */
export function wrap(str, max) {
  /** @type {string[]} */
  const out = [];
  let line = "";
  for (const word of String(str).split(/\s+/)) {
    if (line && (line + " " + word).length > max) {
      out.push(line);
      line = word;
    } else line = line ? line + " " + word : word;
  }
  if (line) out.push(line);
  return out;
}
/** @param {SVGElement} el */
export function pulse(el) {
  el.append(svg("animate", { attributeName: "stroke-opacity", values: "1;0.35;1", dur: "1.6s", repeatCount: "indefinite" }));
  return el;
}

/** @type {Record<number, number[][]>} */
const PIPS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};
/**
 * @param {number} x @param {number} y @param {number} s its size
 * @param {number} value @param {string} colour
 * @param {{selected?: boolean, good?: boolean, cursed?: boolean, dim?: boolean}} [opts]
 */
export function drawDie(x, y, s, value, colour, opts = {}) {
  const [fill, pip] = DIE[colour] || ["#fbf7ee", INK];
  const g = svg("g", { transform: `translate(${x},${y})` });
  if (opts.selected) g.append(svg("rect", { x: -4, y: -4, width: s + 8, height: s + 8, rx: 8, fill: "none", stroke: GOLD, "stroke-width": 3 }));
  g.append(svg("rect", { width: s, height: s, rx: s * 0.18, fill, stroke: opts.good ? "#1b7f2a" : INK, "stroke-width": opts.good ? 3 : 1.2 }));
  const r = s * 0.09;
  for (const [px, py] of PIPS[value] || []) {
    g.append(svg("circle", { cx: s / 2 + px * s * 0.27, cy: s / 2 + py * s * 0.27, r, fill: pip }));
  }
  if (opts.cursed) {
    g.append(svg("line", { x1: 2, y1: 2, x2: s - 2, y2: s - 2, stroke: "#b00", "stroke-width": 3 }));
    g.setAttribute("opacity", "0.55");
  }
  if (opts.dim) g.setAttribute("opacity", "0.5");
  const colourWord = colour in DIE ? `@horus.term.die.${colour}` : "@horus.page.die_mummy";
  g.append(title(t(opts.cursed ? "horus.page.die_title.cursed" : "horus.page.die_title", { colour: colourWord, value })));
  return g;
}

// A card chip: name and value, coloured by kind.
/** @typedef {{fill: string, stroke: string, ink: string, top: string, main: string, big?: boolean}} CardLook */

/** @param {string} name @returns {CardLook} */
function cardLook(name) {
  const top = (/** @type {string} */ key) => t(`horus.page.card_top.${key}`);
  if (WOUNDS.has(name)) return { fill: "#f6d5d0", stroke: "#b03a2e", ink: "#8b1e13", top: top("wound"), main: cardName(name) };
  if (name.endsWith("-idol")) {
    const god = name.slice(0, -5);
    return { fill: "#f7df8a", stroke: "#a87b00", ink: INK, top: top("idol"), main: term("god", god) };
  }
  if (EQUIP.includes(name)) return { fill: "#d7eef0", stroke: "#2f7f7a", ink: "#174845", top: top("equipment"), main: t(`horus.page.equip.${name}`) };
  if (name === "necklace") return { fill: "#f3e3c3", stroke: "#9b7a3a", ink: INK, top: top("necklace"), main: "2" };
  if (name === "chest") return { fill: "#e8d2b0", stroke: "#7a5230", ink: INK, top: top("chest"), main: t("horus.page.card_die") };
  const m = /^([a-z]+)(\d+)$/.exec(name);
  if (m) return { fill: "#fff6dc", stroke: GOD[m[1]] || INK, ink: GOD[m[1]] || INK, top: term("god", m[1]), main: m[2], big: true };
  return { fill: "#eee", stroke: INK, ink: INK, top: "", main: name };
}
/**
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {string} name
 * @param {{count?: number, legal?: boolean}} [opts]
 */
export function drawCard(x, y, w, h, name, opts = {}) {
  const look = cardLook(name);
  const g = svg("g", { transform: `translate(${x},${y})` });
  g.append(svg("rect", { width: w, height: h, rx: 5, fill: look.fill, stroke: look.stroke, "stroke-width": 1.5 }));
  const fs = h * 0.26;
  g.append(text(w / 2, fs + 2, look.top, { "font-size": Math.max(fs * 0.85, 7), "text-anchor": "middle", fill: look.ink, opacity: 0.8 }));
  const big = look.big || look.main.length <= 3;
  g.append(
    text(w / 2, h - h * 0.18, look.main, {
      "font-size": big ? h * 0.42 : Math.min(h * 0.3, (w * 1.6) / Math.max(4, look.main.length)),
      "font-weight": "bold",
      "text-anchor": "middle",
      fill: look.ink,
    }),
  );
  if ((opts.count ?? 0) > 1) {
    g.append(svg("circle", { cx: w - 3, cy: 3, r: h * 0.2, fill: INK }));
    g.append(text(w - 3, 3 + h * 0.08, `×${opts.count}`, { "font-size": h * 0.2, fill: "#fff", "text-anchor": "middle", "font-weight": "bold" }));
  }
  if (opts.legal) g.append(pulse(svg("rect", { x: -3, y: -3, width: w + 6, height: h + 6, rx: 7, fill: "none", stroke: GOLD, "stroke-width": 3 })));
  g.append(title(cardName(name)));
  return g;
}

