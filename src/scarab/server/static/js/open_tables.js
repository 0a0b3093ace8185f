// @ts-check
// The public lobby on the page: quick play, and the open tables with a button per open
// seat. Taking a seat needs a player (the "You" card); the seat's link then opens it.

import { api, player } from "./api.js";
import { html } from "./common.js";
import { lang, t } from "./i18n.js";

/**
 * @param {any[]} games the games as /api/games lists them
 * @returns {HTMLElement}
 */
export function openTablesCard(games) {
  const box = html("section", { class: "card open-tables", id: "open-tables" }, html("h2", {}, t("ui.open.title")));
  const said = html("p", { class: "muted", "aria-live": "polite" });
  const list = html("ul", { class: "open-list", id: "lobby-list" });
  box.append(quickPlay(games, said), said, html("h3", {}, t("ui.open.tables")), list);
  fill(list, said);
  return box;
}

/**
 * @param {any[]} games
 * @param {HTMLElement} said
 */
function quickPlay(games, said) {
  const gameSelect = html("select", { id: "quick-game", "aria-label": t("ui.open.quick_game") },
    games.map((g) => html("option", { value: g.name }, g.title)));
  const count = html("select", { id: "quick-players", "aria-label": t("ui.open.quick_players") });
  const counts = () => {  // quick play pairs people: two players or more (the server's rule)
    const g = games.find((x) => x.name === gameSelect.value);
    const low = Math.max(2, g.min_players);
    count.replaceChildren(...range(low, g.max_players).map((n) => html("option", { value: n }, t("ui.players.count", { n }))));
    count.value = String(low);
  };
  gameSelect.addEventListener("change", counts);
  counts();
  const go = async () => {
    if (!needPlayer(said)) return;
    try {
      const got = await api("/api/quickplay", { game: gameSelect.value, players: Number(count.value), lang: lang() });
      location.href = got.link;
    } catch (err) {
      said.className = "error";
      said.textContent = /** @type {any} */ (err).message;
    }
  };
  return html("div", { class: "seat-row" }, gameSelect, count,
    html("button", { type: "button", id: "quick-play", onclick: go }, t("ui.open.quick")));
}

/**
 * @param {HTMLElement} list
 * @param {HTMLElement} said
 */
async function fill(list, said) {
  let tables = [];
  try {
    tables = (await api("/api/lobby")).tables;
  } catch (err) {
    list.append(html("li", { class: "error" }, /** @type {any} */ (err).message));
    return;
  }
  if (!tables.length) {
    list.append(html("li", { class: "muted" }, t("ui.open.none")));
    return;
  }
  for (const table of tables) {
    const seats = table.seats.map((/** @type {any} */ s, /** @type {number} */ i) => (s.kind === "open"
      ? html("button", { type: "button", class: "secondary take-seat", "data-table": table.table, "data-seat": i,
        onclick: () => take(table.table, i, said) }, t("ui.open.take", { seat: i + 1 }))
      : html("span", {}, s.name)));
    const timer = table.timer ? ` · ${turnTime(table.timer)}` : "";
    const rated = table.rated ? ` · ${t("ui.open.rated")}` : "";
    list.append(html("li", {}, html("strong", {}, table.title), ` (${t("ui.players.count", { n: table.players })}${timer}${rated}): `,
      ...seats.flatMap((/** @type {any} */ el, /** @type {number} */ i) => (i ? [", ", el] : [el]))));
  }
}

/**
 * A turn timer in its own unit: "30 s", "5 min", "1 day" a turn (not "1440 min").
 * @param {number} seconds
 * @returns {string}
 */
export function turnTime(seconds) {
  const units = /** @type {const} */ ([[86400, "ui.open.timer_days"], [3600, "ui.open.timer_hours"], [60, "ui.open.timer"]]);
  for (const [size, msg] of units) {
    if (seconds >= size && seconds % size === 0) return t(msg, { n: seconds / size });
  }
  return seconds >= 60 ? t("ui.open.timer", { n: Math.round(seconds / 60) }) : t("ui.open.timer_seconds", { n: seconds });
}

/**
 * @param {string} table
 * @param {number} seat
 * @param {HTMLElement} said
 */
async function take(table, seat, said) {
  if (!needPlayer(said)) return;
  try {
    const got = await api(`/api/tables/${table}/sit`, { seat });
    location.href = got.link;
  } catch (err) {
    said.className = "error";
    said.textContent = /** @type {any} */ (err).message;
  }
}

/** @param {HTMLElement} said */
function needPlayer(said) {
  if (player()) return true;
  said.className = "error";
  said.textContent = t("ui.open.need_player");
  return false;
}

/**
 * @param {number} low
 * @param {number} high
 * @returns {number[]}
 */
function range(low, high) {
  return Array.from({ length: high - low + 1 }, (_, i) => low + i);
}
