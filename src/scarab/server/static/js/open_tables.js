// @ts-check
// The public lobby on the page: quick play, the open tables with a button per open seat,
// and the games being played, to watch. Taking a seat needs a player (the "You" card);
// the seat's link then opens it.

import { api, player } from "./api.js";
import { html } from "./common.js";
import { lang, t } from "./i18n.js";

// How often the open tables are read again while the lobby is seen.
const REFRESH_MS = 20_000;

/**
 * @param {any[]} games the games as /api/games lists them
 * @returns {HTMLElement}
 */
export function openTablesCard(games) {
  const box = html("section", { class: "card open-tables", id: "open-tables" }, html("h2", {}, t("ui.open.title")));
  const said = html("p", { class: "muted", "aria-live": "polite" });
  const list = html("ul", { class: "open-list", id: "lobby-list" });
  const lister = listing(list, said, "/api/lobby", "ui.open.none",
    (table, refresh) => tableItem(table, said, refresh));
  const played = html("ul", { class: "open-list", id: "playing-list" });
  const watcher = listing(played, said, "/api/lobby/playing", "ui.open.none_playing", playingItem);
  box.append(quickPlay(games, said), said, html("h3", {}, t("ui.open.tables")), list,
    html("h3", {}, t("ui.open.playing")), played);
  for (const one of [lister, watcher]) {
    one.refresh();
    keepFresh(box, one);
  }
  return box;
}

/**
 * The list read again every REFRESH_MS while the page is seen (at once when it is seen
 * again after longer), until the card leaves the page.
 * @param {HTMLElement} box
 * @param {{refresh: () => void, age: () => number}} lister
 */
function keepFresh(box, lister) {
  const look = () => {
    if (!box.isConnected) {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", look);
    } else if (document.visibilityState === "visible" && lister.age() >= REFRESH_MS - 500) {
      lister.refresh();
    }
  };
  const timer = setInterval(look, REFRESH_MS);
  document.addEventListener("visibilitychange", look);
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
 * A list of lobby entries read from ``url``: ``refresh`` reads it again (an answer
 * overtaken by a later read is dropped) and redraws it when it changed, the focus kept on
 * its button; ``age`` is how long ago it was last read, in ms.
 * @param {HTMLElement} list
 * @param {HTMLElement} said
 * @param {string} url
 * @param {string} none the message when the list is empty
 * @param {(table: any, refresh: () => void) => HTMLElement} item
 */
function listing(list, said, url, none, item) {
  let asked = 0;
  let readAt = 0;
  let shown = "";
  const refresh = async () => {
    const mine = ++asked;
    readAt = Date.now();
    let items;
    let drawn;
    try {
      const tables = (await api(url)).tables;
      drawn = JSON.stringify(tables);
      items = tables.length ? tables.map((/** @type {any} */ table) => item(table, refresh))
        : [html("li", { class: "muted" }, t(none))];
    } catch (err) {
      drawn = "";
      items = [html("li", { class: "error" }, /** @type {any} */ (err).message)];
    }
    if (mine !== asked || (drawn && drawn === shown)) return;
    shown = drawn;
    const held = document.activeElement;
    const focused = held instanceof HTMLElement && list.contains(held) ? held.dataset.key : undefined;
    list.replaceChildren(...items);
    const again = focused ? list.querySelector(`[data-key="${CSS.escape(focused)}"]`) : null;
    if (again instanceof HTMLElement) again.focus();
  };
  return { refresh, age: () => Date.now() - readAt };
}

/**
 * One open table: its seats, with a button to take each open one, or a link to the
 * asker's own seat where they sit already (its other open seats are not theirs to take).
 * @param {any} table
 * @param {HTMLElement} said
 * @param {() => void} refresh
 */
function tableItem(table, said, refresh) {
  const mine = table.yours !== null && table.yours !== undefined;
  const seats = table.seats.map((/** @type {any} */ s, /** @type {number} */ i) => {
    const key = `${table.table}/${i}`;
    if (i === table.yours) {
      return html("a", { href: `/t/${table.table}`, class: "button secondary your-seat", "data-key": key }, t("ui.open.yours", { seat: i + 1 }));
    }
    if (s.kind !== "open") return html("span", {}, s.name);
    if (mine) return html("span", { class: "muted" }, t("ui.seat.open"));
    return html("button", { type: "button", class: "secondary take-seat", "data-table": table.table, "data-seat": i, "data-key": key,
      onclick: () => take(table.table, i, said, refresh) }, t("ui.open.take", { seat: i + 1 }));
  });
  const timer = table.timer ? ` · ${turnTime(table.timer)}` : "";
  const rated = table.rated ? ` · ${t("ui.open.rated")}` : "";
  return html("li", {}, html("strong", {}, table.title), ` (${t("ui.players.count", { n: table.players })}${timer}${rated}): `,
    ...seats.flatMap((/** @type {any} */ el, /** @type {number} */ i) => (i ? [", ", el] : [el])));
}

/**
 * A game being played: its seats, and a link to watch it (the watchers' view).
 * @param {any} table
 */
function playingItem(table) {
  const names = table.seats.map((/** @type {any} */ s) => s.name).join(", ");
  const key = `${table.table}/watch`;
  return html("li", {}, html("strong", {}, table.title), ` (${t("ui.players.count", { n: table.players })}): ${names} `,
    html("a", { href: table.watch, class: "button secondary watch-game", "data-key": key }, t("ui.open.watch")));
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
 * Take a seat; when refused (taken meanwhile, say), the reason, and the list read again.
 * @param {string} table
 * @param {number} seat
 * @param {HTMLElement} said
 * @param {() => void} refresh
 */
async function take(table, seat, said, refresh) {
  if (!needPlayer(said)) return;
  try {
    const got = await api(`/api/tables/${table}/sit`, { seat });
    location.href = got.link;
  } catch (err) {
    said.className = "error";
    said.textContent = /** @type {any} */ (err).message;
    refresh();
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
