// @ts-check
// The Scarab page: the lobby (/, lobby.js), a table (/t/<id>#seat=<token>, table.js),
// a player's profile (/p/<key>) and the replay viewer (/replay). It never implements
// rules: it draws the view the server sends and sends notation back.

import { api } from "./api.js";
import { clear, html } from "./common.js";
import { keep, lang, LANGS, preferred, t, useLang } from "./i18n.js";
import { lobby } from "./lobby.js";
import { watchTurns } from "./notify.js";
import { profileView } from "./ratings.js";
import { replayView } from "./replay.js";
import { tableView } from "./table.js";

/** @typedef {import("./table.js").BoardModule} BoardModule */

// Each language named in itself, so a reader finds their own.
/** @type {Record<string, string>} */
const NAMES = { en: "English", pt: "Português", es: "Español" };

const main = /** @type {HTMLElement} */ (document.getElementById("main")); // index.html's
/** @type {Record<string, BoardModule>} */
const boards = {};

/** A game's drawing module and its static board data (fetched once, cached by the
 * browser); the module is games/<game>.js. @param {string} game @returns {Promise<BoardModule>} */
async function board(game) {
  if (!boards[game]) {
    const [mod, data] = await Promise.all([import(`./games/${game}.js`), api(`/api/games/${game}/board`)]);
    boards[game] = {
      render: (root, ctx) => mod.render(root, { ...ctx, board: data }),
      spots: mod.spots,
      moved: mod.moved,
    };
  }
  return boards[game];
}

// ---- the header: its words, and the language selector ------------------------------
function header() {
  const nav = document.querySelector("header.top nav");
  if (!nav) return;
  const pick = html("select", { id: "lang", "aria-label": t("ui.language") },
    LANGS.map((code) => html("option", { value: code }, NAMES[code])));
  pick.value = lang();
  pick.addEventListener("change", () => { keep(pick.value); location.reload(); });
  nav.replaceChildren(html("a", { href: "/" }, t("ui.nav.tables")), " ",
    html("a", { href: "/replay" }, t("ui.nav.replay")), " ", pick);
}

// ---- routing ----------------------------------------------------------------------
async function start() {
  try {
    await useLang(preferred());
  } catch {
    await useLang("en").catch(() => {}); // the ids show if even English cannot load
  }
  header();
  const path = location.pathname;
  watchTurns();
  if (path.startsWith("/t/")) {
    tableView(main, decodeURIComponent(path.slice(3)), board);
    // another seat's link, or the watch link, pasted into this tab changes the fragment
    // alone: open the table again as whoever that link says
    window.addEventListener("hashchange", () => location.reload());
  }
  else if (path.startsWith("/p/")) profileView(main, decodeURIComponent(path.slice(3)));
  else if (path === "/replay") {
    replayView(main, board);
    window.addEventListener("hashchange", () => replayView(main, board));
  }
  else lobby(main).catch((err) => { clear(main).append(html("p", { class: "error" }, err.message)); });
}

start();
