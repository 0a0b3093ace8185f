// @ts-check
// The public lobby on the page: quick play, and the open tables with a button per open
// seat. Taking a seat needs a player (the "You" card); the seat's link then opens it.

import { api, player } from "./api.js";
import { html } from "./common.js";

/**
 * @param {any[]} games the games as /api/games lists them
 * @returns {HTMLElement}
 */
export function openTablesCard(games) {
  const box = html("section", { class: "card open-tables", id: "open-tables" }, html("h2", {}, "Play with anyone"));
  const said = html("p", { class: "muted", "aria-live": "polite" });
  const list = html("ul", { class: "open-list", id: "lobby-list" });
  box.append(quickPlay(games, said), said, html("h3", {}, "Open tables"), list);
  fill(list, said);
  return box;
}

/**
 * @param {any[]} games
 * @param {HTMLElement} said
 */
function quickPlay(games, said) {
  const gameSelect = html("select", { id: "quick-game", "aria-label": "game for quick play" },
    games.map((g) => html("option", { value: g.name }, g.title)));
  const count = html("select", { id: "quick-players", "aria-label": "players for quick play" });
  const counts = () => {
    const g = games.find((x) => x.name === gameSelect.value);
    count.replaceChildren(...range(g.min_players, g.max_players).map((n) => html("option", { value: n }, `${n} players`)));
    count.value = String(Math.max(2, g.min_players));
  };
  gameSelect.addEventListener("change", counts);
  counts();
  const go = async () => {
    if (!needPlayer(said)) return;
    try {
      const got = await api("/api/quickplay", { game: gameSelect.value, players: Number(count.value) });
      location.href = got.link;
    } catch (err) {
      said.className = "error";
      said.textContent = /** @type {any} */ (err).message;
    }
  };
  return html("div", { class: "seat-row" }, gameSelect, count,
    html("button", { type: "button", id: "quick-play", onclick: go }, "Quick play"));
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
    list.append(html("li", { class: "muted" }, "No public table is waiting: quick play makes one."));
    return;
  }
  for (const t of tables) {
    const seats = t.seats.map((/** @type {any} */ s, /** @type {number} */ i) => (s.kind === "open"
      ? html("button", { type: "button", class: "secondary take-seat", "data-table": t.table, "data-seat": i,
        onclick: () => take(t.table, i, said) }, `take seat ${i + 1}`)
      : html("span", {}, s.name)));
    const timer = t.timer ? ` · ${Math.round(t.timer / 60)} min a turn` : "";
    list.append(html("li", {}, html("strong", {}, t.title), ` (${t.players} players${timer}): `,
      ...seats.flatMap((/** @type {any} */ el, /** @type {number} */ i) => (i ? [", ", el] : [el]))));
  }
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
  said.textContent = "Choose your name in the You card first: a seat at a public table is a player's.";
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
