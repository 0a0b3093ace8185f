// @ts-check
// Turn notifications: the tab title counts the player's tables waiting for them, and, if
// the person allows it, the browser says when one more becomes their turn (the
// Notification API alone: no outside push service).

import { api, player } from "./api.js";
import { html } from "./common.js";
import { t } from "./i18n.js";

const EVERY_MS = 30_000; // how often the player's tables are looked at
const SOON_MS = 300; // a look asked for by the page waits this long for others to join it
let waiting = new Set(); // the tables where it is the player's turn, as last seen
let base = document.title;
/** @type {ReturnType<typeof setInterval> | undefined} */
let every;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let soon;
let asked = 0; // looks begun: an answer older than one already shown is dropped
let shown = 0;

/**
 * Watch the player's tables: at page load, and again whenever this browser's player
 * changes (made, opened with a code, forgotten). Nothing for a guest: no count.
 */
export function watchTurns() {
  clearInterval(every);
  clearTimeout(soon);
  every = soon = undefined;
  waiting = new Set(); // another player's count is not theirs
  shown = asked; // nor is an answer still coming for them
  show();
  if (!player()) return;
  look();
  every = setInterval(look, EVERY_MS);
}

/**
 * Look at the player's tables soon, not at the next round: a turn came or went on this
 * page (their own move, say). Several asks close together make one look.
 */
export function lookSoon() {
  if (!player() || soon !== undefined) return;
  soon = setTimeout(() => { soon = undefined; look(); }, SOON_MS);
}

/**
 * The page's own title, under the count of waiting tables.
 * @param {string} title
 */
export function setTitle(title) {
  base = title;
  show();
}

function show() {
  document.title = waiting.size ? `(${waiting.size}) ${base}` : base;
}

async function look() {
  const mine = ++asked;
  let tables;
  try {
    tables = (await api("/api/players/me")).tables;
  } catch {
    return; // offline or forgotten: try again next time
  }
  if (mine <= shown) return; // a later look was shown already, or the player changed
  shown = mine;
  const now = new Set(tables.filter((/** @type {any} */ table) => table.your_turn).map((/** @type {any} */ table) => table.table));
  const fresh = tables.filter((/** @type {any} */ table) => table.your_turn && !waiting.has(table.table));
  waiting = now;
  show();
  if (fresh.length && typeof Notification !== "undefined" && Notification.permission === "granted" && document.hidden) {
    const table = fresh[0];
    const note = new Notification(t("ui.notify.title"), { body: `${table.title}: ${table.names.join(", ")}`, tag: table.table });
    note.onclick = () => { window.focus(); location.href = table.link; };
  }
}

/** A button that asks the browser to allow turn notifications (none once decided). */
export function notifyButton() {
  if (typeof Notification === "undefined" || Notification.permission !== "default" || !player()) return null;
  const button = html("button", { type: "button", class: "secondary", id: "notify" }, t("ui.notify.ask"));
  button.addEventListener("click", async () => {
    await Notification.requestPermission();
    button.remove();
  });
  return button;
}
