// @ts-check
// "My tables" as this browser keeps it: the seats it sat at (by seat link), and, for a
// table made here, the links made for the other people ("invited"). Those are not the
// maker's seats: they are listed apart, to copy or share again (or to open, for someone
// who plays every seat on this one device), and stay apart once opened here.

import { api } from "./api.js";
import { madeOn } from "./clock.js";
import { html } from "./common.js";
import { lang, t } from "./i18n.js";
import { linkItem } from "./share.js";

const MY_TABLES = "scarab.tables";

/**
 * @typedef {{table: string, seat: number, token: string, name: string, game: string, invited?: boolean}} Kept
 */

/** @returns {Kept[]} this browser's seats, the newest first */
export function myTables() {
  try {
    const list = JSON.parse(localStorage.getItem(MY_TABLES) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/**
 * Keep a seat (the newest first). A seat kept as another person's ("invited") stays so
 * when it is opened here, unless ``entry`` says otherwise.
 * @param {Kept} entry
 */
export function remember(entry) {
  const list = myTables();
  const was = list.find((kept) => kept.table === entry.table && kept.seat === entry.seat);
  const kept = was && was.invited && !("invited" in entry) ? { ...entry, invited: true } : entry;
  const others = list.filter((k) => k !== was);
  localStorage.setItem(MY_TABLES, JSON.stringify([kept, ...others].slice(0, 100)));
}

/**
 * The seats of a table just made, to keep: the maker's own (the seat marked "me", else
 * the first person's, the table's host), and each other person's as invited.
 * @param {{table: string, seats: {seat: number, name: string, token?: string | null, link?: string | null}[]}} made
 * @param {{game: string, seats: {kind: string, me?: boolean}[]}} spec
 * @returns {Kept[]} the maker's first
 */
export function madeSeats(made, spec) {
  const people = made.seats.filter((s) => s.link);
  const own = people.find((s) => spec.seats[s.seat] && spec.seats[s.seat].me) || people[0];
  const entry = (/** @type {any} */ s) => ({ table: made.table, seat: s.seat, token: s.token, name: s.name, game: spec.game });
  return people.map((s) => /** @type {Kept} */ (s === own ? entry(s) : { ...entry(s), invited: true }))
    .sort((a, b) => Number(Boolean(a.invited)) - Number(Boolean(b.invited)));
}

/**
 * The kept seats by table, in the order the tables were last kept: its own seats and the
 * links made for the others.
 * @param {Kept[]} list
 * @returns {{table: string, own: Kept[], others: Kept[]}[]}
 */
export function byTable(list) {
  /** @type {Map<string, {table: string, own: Kept[], others: Kept[]}>} */
  const tables = new Map();
  for (const entry of list) {
    let group = tables.get(entry.table);
    if (!group) {
      group = { table: entry.table, own: [], others: [] };
      tables.set(entry.table, group);
    }
    (entry.invited ? group.others : group.own).push(entry);
  }
  return [...tables.values()];
}

/**
 * Where a table stands for a seat, as a message: finished, their turn, or whose it is.
 * @param {{over: boolean, current: number | null, names: string[]}} table
 * @param {number} seat
 * @returns {{msg: string, args: Record<string, string>}}
 */
export function tableStatus(table, seat) {
  if (table.over) return { msg: "ui.mine.finished", args: {} };
  if (table.current === seat) return { msg: "ui.mine.your_turn", args: {} };
  const who = table.current === null || table.current === undefined ? undefined : table.names[table.current];
  return who === undefined ? { msg: "ui.mine.waiting", args: {} } : { msg: "ui.mine.to_play", args: { who } };
}

/**
 * A table's seats with the reader's own marked ("ann (you), bob"): "… as ann" read oddly
 * where the reader kept a default name ("player 1, novice bot 2 as player 1").
 * @param {string[]} names
 * @param {number} seat the reader's seat
 * @param {string} mark what follows the reader's name, in their language
 * @returns {string}
 */
export function seatNames(names, seat, mark) {
  return names.map((name, i) => (i === seat ? `${name} ${mark}` : name)).join(", ");
}

/**
 * Where a table stands for a seat, in words.
 * @param {{over: boolean, current: number | null, names: string[]}} table
 * @param {number} seat
 */
export function statusText(table, seat) {
  const { msg, args } = tableStatus(table, seat);
  return t(msg, args);
}

/**
 * When a table of a list was made, to tell apart tables of the same seats.
 * @param {number} created
 * @returns {HTMLElement}
 */
export function madeNote(created) {
  return html("span", { class: "made" }, t("ui.mine.made", { when: madeOn(created, lang()) }));
}

/**
 * A kept seat at its finished table's rematch: the rematch as that seat sees it, or null
 * where there is none for it (none offered, or declined: a bot plays the seat). Unsure
 * (the server unreachable) reads as there, with nothing known of it.
 * @param {{over: boolean, rematch?: string | null}} table its summary
 * @param {string} token the seat's token, which opens its seat at the rematch too
 * @returns {Promise<any>}
 */
async function atRematch(table, token) {
  if (!table.over || !table.rematch) return null;
  try {
    const response = await fetch(`/api/tables/${table.rematch}`, { headers: { "X-Seat-Token": token } });
    if (response.status === 429 || response.status >= 500) return {};
    if (!response.ok) return null; // the link holds no seat there (400), or no such table
    const m = await response.json();
    return m.seat === null || m.seat === undefined ? null : m;
  } catch {
    return {};
  }
}

/**
 * The links made here for a table's other people, folded: each to copy, share or open.
 * @param {Kept[]} others
 * @param {string} title the game's title
 * @returns {HTMLElement | string}
 */
export function othersLinks(others, title) {
  if (!others.length) return "";
  return html("details", { class: "others" }, html("summary", {}, t("ui.mine.others")),
    html("ul", { class: "links" }, others.map((e) => linkItem(`${e.name}:`, `/t/${e.table}#seat=${e.token}`, {
      copy: t("ui.share.copy_seat", { name: e.name }), share: t("ui.share.share_seat", { name: e.name }),
      text: t("ui.share.seat_text", { name: e.name, game: title }),
    }))));
}

/**
 * A guest's tables (kept in this browser), each seat its own line, with the others' links;
 * a finished table whose rematch holds the seat links to it ("rematch ready"), unless the
 * rematch is listed itself.
 * @param {HTMLElement} box
 * @returns {Promise<number>} how many of the listed tables are still being played
 */
export async function showMine(box) {
  const list = myTables();
  if (!list.length) {
    box.append(html("p", {}, t("ui.mine.none")));
    return 0;
  }
  const ids = [...new Set(list.map((entry) => entry.table))];
  /** @type {any[]} */
  let found = [];
  try {
    found = (await api("/api/tables/summaries", { tables: ids })).tables;
  } catch (err) {
    box.append(html("p", { class: "error" }, /** @type {any} */ (err).message));
  }
  const byId = Object.fromEntries(found.map((s) => [s.table, s]));
  const groups = byTable(list).filter((g) => byId[g.table]);
  const listed = new Set(groups.filter((g) => g.own.length).map((g) => g.table));
  // the rematches waiting for a seat kept here, asked all at once
  const rematches = await Promise.all(groups.map((g) => (g.own.length && !listed.has(byId[g.table].rematch)
    ? Promise.all(g.own.map((entry) => atRematch(byId[g.table], entry.token))) : [])));
  /** @type {HTMLElement[]} */
  const lines = [];
  let playing = 0;
  groups.forEach(({ table, own, others }, n) => {
    const s = byId[table];
    const folded = othersLinks(others, s.title);
    if (!own.length) { // its own seat fell off the end of the list: the others' links alone
      lines.push(html("li", {}, `${s.title}: ${s.names.join(", ")}`, folded));
      return;
    }
    own.forEach((entry, i) => {
      const next = rematches[n][i];
      if (!s.over || next) playing += 1;
      const rematch = next
        ? [" · ", html("a", { href: `/t/${s.rematch}#seat=${entry.token}`, class: "rematch-ready" }, t("ui.mine.rematch")),
          next.names ? `: ${statusText(next, next.seat)}` : ""]
        : "";
      const waits = (/** @type {any} */ x, /** @type {any} */ seat) => Boolean(x && typeof seat === "number" && !x.over && x.current === seat);
      lines.push(html("li", { class: waits(s, entry.seat) || waits(next, next && next.seat) ? "your-turn" : "" },
        html("a", { href: `/t/${entry.table}#seat=${entry.token}` }, `${s.title}: ${seatNames(s.names, entry.seat, t("ui.seat.you"))}`),
        ` — ${statusText(s, entry.seat)}`, rematch, madeNote(s.created),
        i === own.length - 1 ? folded : ""));
    });
  });
  box.append(html("ul", { class: "mine" }, lines));
  return playing;
}
