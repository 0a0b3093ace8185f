// @ts-check
// Turn notifications: the tab title counts the player's tables waiting for them, and, if
// the person allows it, the browser says when one more becomes their turn (the
// Notification API alone: no outside push service).

import { api, player } from "./api.js";
import { html } from "./common.js";

const EVERY_MS = 30_000; // how often the player's tables are looked at
let waiting = new Set(); // the tables where it is the player's turn, as last seen
let base = document.title;

/** Start watching the player's tables (once per page; nothing for a guest). */
export function watchTurns() {
  if (!player()) return;
  look();
  setInterval(look, EVERY_MS);
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
  let tables;
  try {
    tables = (await api("/api/players/me")).tables;
  } catch {
    return; // offline or forgotten: try again next time
  }
  const now = new Set(tables.filter((/** @type {any} */ t) => t.your_turn).map((/** @type {any} */ t) => t.table));
  const fresh = tables.filter((/** @type {any} */ t) => t.your_turn && !waiting.has(t.table));
  waiting = now;
  show();
  if (fresh.length && typeof Notification !== "undefined" && Notification.permission === "granted" && document.hidden) {
    const t = fresh[0];
    const note = new Notification("Scarab: your turn", { body: `${t.title}: ${t.names.join(", ")}`, tag: t.table });
    note.onclick = () => { window.focus(); location.href = t.link; };
  }
}

/** A button that asks the browser to allow turn notifications (none once decided). */
export function notifyButton() {
  if (typeof Notification === "undefined" || Notification.permission !== "default" || !player()) return null;
  const button = html("button", { type: "button", class: "secondary", id: "notify" }, "Tell me when it is my turn");
  button.addEventListener("click", async () => {
    await Notification.requestPermission();
    button.remove();
  });
  return button;
}
