// @ts-check
// The lobby's "You" card and the player's tables: a name, no password; a code opens the
// same player on another device. Guests can still play by seat links alone.

import { api, player, setPlayer } from "./api.js";
import { html, NAME_INPUT_MAX } from "./common.js";
import { t } from "./i18n.js";
import { madeNote, myTables, othersLinks, statusText } from "./mine.js";
import { notifyButton } from "./notify.js";

/**
 * The "You" card: make a player, use a code from another device, or (once a player)
 * show a code for the next device or forget this one.
 * @param {() => void} changed called when this browser's player changes
 * @returns {HTMLElement}
 */
export function youCard(changed) {
  const me = player();
  const box = html("section", { class: "card you", id: "you" }, html("h2", {}, t("ui.you.title")));
  const said = html("p", { class: "muted", "aria-live": "polite" });
  const fail = (/** @type {any} */ err) => { said.className = "error"; said.textContent = err.message; };
  if (!me) {
    const name = html("input", {
      type: "text", maxlength: NAME_INPUT_MAX, id: "player-name", placeholder: t("ui.you.name"), "aria-label": t("ui.you.name"),
      "aria-describedby": "player-name-help",
    });
    const code = html("input", { type: "text", maxlength: 16, id: "player-code", placeholder: "ABCD-EFGH" });
    const other = t("ui.you.other_device"); // the button, on a device already playing, that gives a code
    const start = async () => {
      try { setPlayer(await api("/api/players", { name: name.value.trim() })); changed(); } catch (err) { fail(err); }
    };
    const claim = async () => {
      try { setPlayer(await api("/api/players/claim", { code: code.value })); changed(); } catch (err) { fail(err); }
    };
    box.append(
      html("p", {}, t("ui.you.intro")),
      html("div", { class: "seat-row" }, name, html("button", { type: "button", id: "player-start", onclick: start }, t("ui.you.start"))),
      // a name typed again on a new device makes a second player: how to move one's games
      html("p", { class: "help", id: "player-name-help" }, t("ui.you.name_help", { other })),
      html("label", { for: "player-code", class: "code-label" }, t("ui.you.code_label", { other })),
      html("div", { class: "seat-row" }, code, html("button", { type: "button", class: "secondary", id: "player-claim", onclick: claim }, t("ui.you.claim"))),
      said);
    return box;
  }
  const showCode = async () => {
    try {
      const got = await api("/api/players/me/code", {});
      said.className = "code";
      said.textContent = t("ui.you.code", { code: got.code });
    } catch (err) { fail(err); }
  };
  const forget = () => { setPlayer(null); changed(); };
  box.append(
    html("p", {}, `${t("ui.you.as")} `, html("strong", { id: "player-me" }, me.name), " (",
      html("a", { href: `/p/${me.player}`, id: "player-profile" }, t("ui.you.profile")), ")."),
    notifyButton() || "",
    html("div", { class: "seat-row" },
      html("button", { type: "button", id: "player-code-show", onclick: showCode }, t("ui.you.other_device")),
      html("button", { type: "button", class: "secondary", id: "player-forget", onclick: forget }, t("ui.you.forget"))),
    said);
  return box;
}

/**
 * The player's tables from the server (any device), their turn first, each saying whose
 * turn it is and when it was made; under a table made here, the links made for the others.
 * @param {HTMLElement} box
 * @returns {Promise<number>} how many of them are still being played
 */
export async function showServerTables(box) {
  let found;
  try {
    found = (await api("/api/players/me")).tables;
  } catch (err) {
    box.append(html("p", { class: "error" }, /** @type {any} */ (err).message));
    return 0;
  }
  if (!found.length) {
    box.append(html("p", {}, t("ui.mine.none_server")));
    return 0;
  }
  const kept = myTables(); // the links this browser made for the others at a table
  box.append(html("ul", { class: "mine", id: "my-tables" }, found.map((/** @type {any} */ table) => {
    const others = kept.filter((entry) => entry.table === table.table && entry.invited);
    return html("li", { class: table.your_turn ? "your-turn" : "" },
      html("a", { href: table.link }, `${table.title}: ${table.names.join(", ")}`), ` — ${statusText(table, table.seat)}`,
      madeNote(table.created), othersLinks(others, table.title));
  })));
  return found.filter((/** @type {any} */ table) => !table.over).length;
}
