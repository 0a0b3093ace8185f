// @ts-check
// The lobby (/): this person's tables, the form that makes a new one (the game, its
// seats, a turn timer, the zombie's level, public and rated), the open tables to join
// and the leaderboard.

import { api, player } from "./api.js";
import { clear, html, NAME_INPUT_MAX, seatColour } from "./common.js";
import { seatName, t } from "./i18n.js";
import { levelNote, levelOptions } from "./levels.js";
import { madeSeats, remember, showMine } from "./mine.js";
import { watchTurns } from "./notify.js";
import { openTablesCard } from "./open_tables.js";
import { showServerTables, youCard } from "./players.js";
import { leaderboardCard } from "./ratings.js";
import { linkItem } from "./share.js";

/** A game as /api/games lists it. @typedef {{name: string, title: string, min_players: number, max_players: number}} GameInfo */
/** A seat of the new table as the form asks for it. @typedef {{kind: string, level?: string, me?: boolean, name?: string}} SeatSpec */

/** Draw the lobby into ``main``. @param {HTMLElement} main */
export async function lobby(main) {
  const mine = html("section", { class: "card", id: "mine" });
  const showTables = () => {
    mine.replaceChildren(html("h2", {}, t("ui.mine.title")));
    return player() ? showServerTables(mine) : showMine(mine);
  };
  const listed = showTables(); // asked beside the games: the page is laid out once
  /** @type {{games: GameInfo[], levels: string[]}} */
  const { games, levels } = await api("/api/games");
  const { form, start } = newTableForm(games, levels, showTables);
  // With games under way, My tables comes before the ways to start another: on a phone,
  // one column, it was below the whole New table form. Placed in the page's order, not
  // by CSS, so that reading and the keyboard follow what is seen; and placed once, so a
  // table made here does not move the card under the reader.
  const first = (await listed) > 0;
  clear(main);
  main.append(html("div", { class: "lobby" }, youCard(() => { watchTurns(); lobby(main); }), first ? mine : "",
    openTablesCard(games), form, first ? "" : mine, leaderboardCard(games)));
  start();
}

/**
 * The New table form; ``start`` fills its seats once it is on the page, and ``onMade``
 * lists this person's tables again after one is made.
 * @param {GameInfo[]} games @param {string[]} levels @param {() => unknown} onMade
 * @returns {{form: HTMLElement, start: () => void}}
 */
function newTableForm(games, levels, onMade) {
  const gameSelect = html("select", { id: "game", name: "game" },
    games.map((g) => html("option", { value: g.name }, g.title)));
  const countSelect = html("select", { id: "players", name: "players" });
  const seatsBox = html("div", { class: "seats" });
  const timer = html("select", { id: "timer" },
    html("option", { value: "" }, t("ui.new.no_timer")),
    html("option", { value: "60" }, t("ui.new.timer_minute")),
    html("option", { value: "300" }, t("ui.new.timer_five")),
    html("option", { value: "86400" }, t("ui.new.timer_day")));
  const zombie = html("select", { id: "zombie" }, levelOptions(levels));
  zombie.value = levels.includes("greedy") ? "greedy" : levels[0];
  const zombieNote = levelNote(zombie);
  const result = html("div", { class: "created", "aria-live": "polite" });
  const publicBox = html("input", { type: "checkbox", id: "public" });
  const ratedBox = html("input", { type: "checkbox", id: "rated", disabled: true }); // public tables only
  publicBox.addEventListener("change", () => {
    ratedBox.disabled = !publicBox.checked;
    if (!publicBox.checked) ratedBox.checked = false;
  });

  function seatsFor() {
    const g = games.find((x) => x.name === gameSelect.value);
    if (!g) return;
    clear(countSelect);
    for (let n = g.min_players; n <= g.max_players; n++) {
      countSelect.append(html("option", { value: n }, t("ui.players.count", { n })));
    }
    countSelect.value = String(Math.max(g.min_players, Math.min(3, g.max_players)));
    drawSeats();
  }
  function drawSeats() {
    clear(seatsBox);
    const n = Number(countSelect.value);
    for (let i = 0; i < n; i++) seatsBox.append(seatRow(levels, i));
  }
  gameSelect.addEventListener("change", seatsFor);
  countSelect.addEventListener("change", drawSeats);

  /** @param {Event} event */
  async function create(event) {
    event.preventDefault();
    /** @type {{game: string, seats: SeatSpec[], zombie: string, public: boolean, rated: boolean, timer?: number}} */
    const spec = { game: gameSelect.value, seats: seatsAsked(seatsBox), zombie: zombie.value, public: publicBox.checked,
      rated: publicBox.checked && ratedBox.checked };
    if (timer.value) spec.timer = Number(timer.value);
    clear(result);
    try {
      const made = await api("/api/tables", spec);
      const game = games.find((g) => g.name === spec.game)?.title ?? spec.game;
      showMade(result, made, spec, game);
      onMade(); // the new table is among this person's own
    } catch (err) {
      result.append(html("p", { class: "error", role: "alert" }, /** @type {Error} */ (err).message));
    }
  }

  const form = html("form", { class: "card new-table", onsubmit: create },
    html("h2", {}, t("ui.new.title")),
    html("label", {}, `${t("ui.new.game")} `, gameSelect),
    html("label", {}, `${t("ui.new.players")} `, countSelect),
    seatsBox,
    html("label", {}, `${t("ui.new.timer")} `, timer),
    html("label", {}, `${t("ui.new.zombie")} `, zombie),
    zombieNote,
    html("label", { class: "check" }, publicBox, ` ${t("ui.new.public")}`),
    html("label", { class: "check" }, ratedBox, ` ${t("ui.new.rated")}`),
    html("button", { type: "submit", id: "create" }, t("ui.new.create")),
    result);
  return { form, start: seatsFor };
}

/** Seat i's row of the form: who sits there (a person, an open seat, a bot) and a name.
 * @param {string[]} levels @param {number} i */
function seatRow(levels, i) {
  const kind = html("select", { "aria-label": t("ui.new.seat_kind", { seat: i + 1 }), class: "seat-kind" },
    html("option", { value: "human" }, t("ui.new.person")),
    html("option", { value: "open" }, t("ui.new.open_seat")),
    levelOptions(levels, (l) => `bot:${l}`, (l) => t("ui.new.bot", { level: `@ui.level.${l}` })));
  kind.value = i === 0 ? "human" : `bot:${levels.includes("greedy") ? "greedy" : levels[0]}`;
  const note = levelNote(kind, (v) => (v.startsWith("bot:") ? v.slice(4) : null));
  const me = i === 0 ? player() : null;
  const name = html("input", {
    type: "text", maxlength: NAME_INPUT_MAX, value: me ? me.name : "", placeholder: t("ui.new.player", { seat: i + 1 }),
    "aria-label": t("ui.new.seat_name", { seat: i + 1 }), class: "seat-name",
  });
  return html("div", { class: me ? "seat-row me" : "seat-row" },
    html("span", { class: "dot", style: `background:${seatColour(i)}` }), kind, note, name);
}

/** The seats as the form's rows ask for them. @param {HTMLElement} seatsBox @returns {SeatSpec[]} */
function seatsAsked(seatsBox) {
  return [...seatsBox.querySelectorAll(".seat-row")].map((row, i) => {
    const kind = /** @type {HTMLSelectElement} */ (row.querySelector(".seat-kind")).value;
    const name = /** @type {HTMLInputElement} */ (row.querySelector(".seat-name")).value.trim();
    /** @type {SeatSpec} */
    const seat = kind === "human" || kind === "open" ? { kind } : { kind: "bot", level: kind.slice(4) };
    if (row.classList.contains("me")) seat.me = true; // the player's own seat
    // a name left empty is named in the reader's language (an open seat's, until taken)
    const named = name || seatName(seat, i);
    if (named) seat.name = named;
    return seat;
  });
}

/**
 * A table just made, as POST /api/tables answers: each seat's link for its person, and
 * the watchers' link.
 * @typedef {{table: string, watch: string, seats: {seat: number, name: string, token?: string | null, link?: string | null}[]}} MadeTable
 */

/** The links of a table just made, for its people and its watchers.
 * @param {HTMLElement} result @param {MadeTable} made @param {{game: string, seats: SeatSpec[]}} spec @param {string} game */
function showMade(result, made, spec, game) {
  const people = made.seats.filter((s) => s.link);
  // My tables lists the maker's own seat; the others' links are kept apart (othersLinks)
  madeSeats(made, spec).reverse().forEach((entry) => remember(entry));
  result.append(html("h3", {}, t("ui.new.ready")),
    html("p", {}, t("ui.new.links")),
    html("ul", { class: "links" }, people.map((s) => linkItem(`${s.name}:`, String(s.link), {
      copy: t("ui.share.copy_seat", { name: s.name }), share: t("ui.share.share_seat", { name: s.name }),
      text: t("ui.share.seat_text", { name: s.name, game }), linkClass: "seat-link",
    })),
    linkItem(t("ui.new.watch"), made.watch, {
      copy: t("ui.share.copy_watch"), share: t("ui.share.share_watch"), text: t("ui.share.watch_text", { game }),
    })));
  if (people.length) result.append(html("p", {}, html("a", { href: people[0].link, class: "button", id: "sit" }, t("ui.new.sit", { name: people[0].name }))));
}
