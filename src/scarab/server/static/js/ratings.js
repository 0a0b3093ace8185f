// @ts-check
// Ratings on the page: a leaderboard per game (bots among the players, on one scale) and
// a player's public profile.

import { api } from "./api.js";
import { html } from "./common.js";
import { t } from "./i18n.js";

/**
 * @param {any[]} games
 * @returns {HTMLElement}
 */
export function leaderboardCard(games) {
  const pick = html("select", { id: "board-game", "aria-label": t("ui.board.game") },
    games.map((g) => html("option", { value: g.name }, g.title)));
  const body = html("div", { id: "leaderboard" });
  const load = async () => {
    body.replaceChildren();
    try {
      const got = await api(`/api/leaderboard/${encodeURIComponent(pick.value)}`);
      body.append(got.rows.length ? ratingTable(got.rows) : html("p", { class: "muted" }, t("ui.board.none")));
    } catch (err) {
      body.append(html("p", { class: "error" }, /** @type {any} */ (err).message));
    }
  };
  pick.addEventListener("change", load);
  load();
  return html("section", { class: "card" }, html("h2", {}, t("ui.board.title")), pick, body);
}

/**
 * A bot level's row named in the page's language ("bot:greedy" is the greedy bot).
 * @param {any} r
 */
function botName(r) {
  const level = String(r.entrant || "");
  return level.startsWith("bot:") ? t("ui.seat.bot", { level: `@ui.level.${level.slice(4)}` }) : r.name;
}

/** @param {any[]} rows */
function ratingTable(rows) {
  return html("table", { class: "scoring ratings" },
    html("thead", {}, html("tr", {}, ["", t("ui.board.rating"), t("ui.board.games"), t("ui.board.won")].map((h) => html("th", {}, h)))),
    html("tbody", {}, rows.map((r, i) => html("tr", {},
      html("th", {}, `${i + 1}. `, r.bot ? html("em", {}, botName(r)) : html("a", { href: `/p/${r.entrant}` }, r.name)),
      html("td", {}, r.rating.toFixed(1)), html("td", {}, String(r.played)), html("td", {}, String(r.won))))));
}

/**
 * A player's public profile page.
 * @param {HTMLElement} main
 * @param {string} playerId
 */
export async function profileView(main, playerId) {
  main.replaceChildren();
  let p;
  /** @type {Record<string, string>} */
  let titles;
  try {
    const [profile, listed] = await Promise.all([api(`/api/players/${encodeURIComponent(playerId)}/profile`), api("/api/games")]);
    p = profile;
    titles = Object.fromEntries(listed.games.map((/** @type {any} */ g) => [g.name, g.title]));
  } catch (err) {
    main.append(html("p", { class: "error" }, /** @type {any} */ (err).message));
    return;
  }
  const title = (/** @type {string} */ game) => titles[game] || game;
  const finished = Object.entries(p.finished).map(([game, n]) => `${title(game)} ${n}`).join(", ") || t("ui.profile.none_yet");
  main.append(html("section", { class: "card profile", id: "profile" },
    html("h2", {}, p.name),
    html("p", {}, t("ui.profile.finished", { games: finished })),
    html("h3", {}, t("ui.profile.ratings")),
    p.ratings.length ? ratingTable(p.ratings.map((/** @type {any} */ r) => ({ ...r, name: title(r.game), bot: true })))
      : html("p", { class: "muted" }, t("ui.profile.no_rated")),
    html("h3", {}, t("ui.profile.recent")),
    p.recent.length
      ? html("ul", {}, p.recent.map((/** @type {any} */ game) => html("li", {},
        `${game.title}: ${game.names.join(", ")} `, html("a", { href: game.replay }, t("ui.profile.replay")))))
      : html("p", { class: "muted" }, t("ui.profile.no_finished"))));
}
