// @ts-check
// The table's chat on the page: lines drawn as text (never HTML), the newest in view; a
// seat speaks to the table, a watcher to the watchers; a person may mute it.

import { html } from "./common.js";
import { t } from "./i18n.js";

const MUTED = "scarab.chat.muted";
const MAX_LINES = 200; // lines kept on the page

/**
 * The chat box: its list, its input and its mute switch. A line the socket could not
 * take stays in the input, and so does one the server refuses (``refused``).
 * @param {(text: string) => boolean} send
 * @returns {{box: HTMLElement, add: (lines: any[]) => void, refused: () => void}}
 */
export function chatBox(send) {
  // new lines are read out (a live list keeps its list semantics, as role "log" would not)
  const list = html("ul", { class: "chat", id: "chat", "aria-label": t("ui.chat.list"), "aria-live": "polite", "aria-relevant": "additions" });
  const input = html("input", { type: "text", maxlength: 300, id: "chat-text", placeholder: t("ui.chat.placeholder"), "aria-label": t("ui.chat.line") });
  const mute = html("input", { type: "checkbox", id: "chat-mute" });
  mute.checked = localStorage.getItem(MUTED) === "1";
  const body = html("div", { class: "chat-body" }, list,
    html("form", { class: "seat-row", onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); say(); } },
      input, html("button", { type: "submit", id: "chat-send" }, t("ui.chat.send"))));
  const show = () => { body.hidden = mute.checked; };
  mute.addEventListener("change", () => { localStorage.setItem(MUTED, mute.checked ? "1" : "0"); show(); });
  show();
  let unsent = ""; // the last line sent, until it comes back or is refused
  function say() {
    const text = input.value.trim();
    if (text && !send(text)) return;
    unsent = text;
    input.value = "";
  }
  function refused() {
    if (unsent && !input.value) input.value = unsent;
    unsent = "";
  }
  /** @type {number[]} */
  const ids = []; // the shown lines' ids, in order, one per item of the list
  /** @param {any[]} lines */
  function add(lines) {
    for (const line of lines) {
      const at = placeOf(ids, line.id);
      if (at < 0) continue;
      ids.splice(at, 0, line.id);
      if (line.text === unsent) unsent = "";
      const who = line.channel === "watchers" ? t("ui.chat.a_watcher") : line.name; // watchers are nameless
      list.insertBefore(html("li", { class: line.channel }, html("strong", {}, `${who}: `), line.text), list.children[at] ?? null);
    }
    while (ids.length > MAX_LINES) {
      ids.shift();
      list.firstElementChild?.remove();
    }
    list.scrollTop = list.scrollHeight;
  }
  const box = html("section", { class: "chat-box" },
    html("h2", {}, `${t("ui.chat.title")} `, html("label", { class: "check" }, mute, ` ${t("ui.chat.mute")}`)), body);
  return { box, add, refused };
}

/**
 * Where a line goes among those shown: its index in id order, or -1 when it is shown
 * already. A line said while the history was on its way comes before the older lines
 * that the history brings, and a reconnection sends the history again.
 * @param {readonly number[]} ids the shown lines' ids, ascending
 * @param {number} id
 */
export function placeOf(ids, id) {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ids[middle] < id) low = middle + 1;
    else high = middle;
  }
  return ids[low] === id ? -1 : low;
}

/**
 * The players' chat of a finished table, shown with its replay (the watchers' channel is
 * never served).
 * @param {string} tableId
 * @returns {Promise<HTMLElement | null>}
 */
export async function replayChat(tableId) {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/chat`);
  if (!response.ok) return null;
  const { lines } = await response.json();
  if (!lines.length) return null;
  return html("section", { class: "card replay-chat", id: "replay-chat" }, html("h2", {}, t("ui.chat.replay")),
    html("ul", { class: "chat" }, lines.map((/** @type {any} */ l) => html("li", {}, html("strong", {}, `${l.name}: `), l.text))));
}
