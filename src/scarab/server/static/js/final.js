
// @ts-check
// A finished table's final scoring, under the board: the game's own rows by category,
// a column per seat where that fits, else a block of rows per seat.

import { clear, html } from "./common.js";
import { has, phrased, t } from "./i18n.js";

/** @typedef {import("./table.js").TableState} TableState */
/** A row of the final scoring (the game's final_rows). @typedef {import("./common.js").Json} ScoringRow */

/** The scoring into ``finalBox`` (emptied), once the game is over.
 * @param {HTMLElement} finalBox @param {TableState} m */
export function drawFinal(finalBox, m) {
  clear(finalBox);
  if (!m.over) return;
  // what a game's scoring needs explained, under it (Horus: only who escaped scores)
  const note = `${m.game}.final.note`;
  finalBox.append(html("h2", {}, t("ui.final.title")), scoringTable(m, false),
    has(note) ? html("p", { class: "final-note", id: "final-note" }, t(note)) : "");
  fitScoring(finalBox, m);
}

// The game's own final scoring (rows by category that add up to each score): a column
// per seat, or ``bySeat`` (where those columns are wider than the screen: a phone, five
// or six seats, longer words) a block of rows per seat, its name above.
/** @param {TableState} m @param {boolean} bySeat */
function scoringTable(m, bySeat) {
  /** @type {ScoringRow[]} */
  const rows = m.final_rows || [];
  const won = (/** @type {number} */ i) => (m.winners.includes(i) ? "winner" : "");
  const label = (/** @type {ScoringRow} */ row) => (row.msg ? t(row.msg, row.args || {}) : row.label);
  const cell = (/** @type {ScoringRow} */ row, /** @type {number} */ i) => (row.cell_msgs && row.cell_msgs[i] ? phrased(row.cell_msgs[i], m.names) : row.cells[i]);
  const who = (/** @type {string} */ name, /** @type {number} */ i) => html("span", { class: "who" }, m.winners.includes(i) ? `★ ${name}` : name);
  const td = (/** @type {ScoringRow} */ row, /** @type {number} */ i) => html("td", { class: won(i), "data-points": row.points[i] ?? "" }, cell(row, i));
  if (bySeat) {
    return html("table", { class: "scoring by-seat", id: "scoring" }, m.names.map((name, i) => html("tbody", { class: won(i) },
      html("tr", { class: "seat" }, html("th", { colspan: 2, scope: "rowgroup" }, who(name, i))),
      rows.map((row) => html("tr", { class: row.total ? "total" : "" }, html("th", { scope: "row" }, label(row)), td(row, i))))));
  }
  return html("table", { class: "scoring", id: "scoring" },
    html("thead", {}, html("tr", {}, html("th", {}, t("ui.final.category")),
      m.names.map((name, i) => html("th", { class: won(i), title: name, scope: "col" }, who(name, i))))),
    html("tbody", {}, rows.map((row) => html("tr", { class: row.total ? "total" : "" },
      html("th", { scope: "row" }, label(row)), row.cells.map((/** @type {unknown} */ _, /** @type {number} */ i) => td(row, i))))));
}

// The scoring a column per seat where that fits the final box's width, else by seat
// (again at each change of the box's width: a phone turned).
/** @param {HTMLElement} finalBox @param {TableState} m */
export function fitScoring(finalBox, m) {
  const shown = finalBox.querySelector("#scoring");
  if (!shown) return;
  const wide = shown.classList.contains("by-seat") ? scoringTable(m, false) : shown;
  if (wide !== shown) shown.replaceWith(wide);
  if (wide.getBoundingClientRect().width > finalBox.clientWidth + 1) wide.replaceWith(scoringTable(m, true));
}
