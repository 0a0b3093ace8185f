// @ts-check
// Rematch at a finished table: one click offers the same seats a new game; each person
// then joins it (their link opens their new seat) or declines (a bot takes the seat).

import { html } from "./common.js";
import { errorText, player } from "./api.js";
import { seatName, t } from "./i18n.js";
import { LADDER, levelNote, levelOptions, YARDSTICKS } from "./levels.js";

/**
 * Who asks: the seat token of this page, else this browser's player key.
 * @param {string | null} token
 * @returns {Record<string, string>}
 */
function seatHeaders(token) {
  const me = player();
  if (token) return { "X-Seat-Token": token };
  return me ? { "X-Player-Key": me.key } : {};
}

/**
 * A POST about a table, as its seat (by seat token, else by player key).
 * @param {string} path
 * @param {string | null} token
 * @param {object} [payload]
 */
async function asSeat(path, token, payload = {}) {
  const headers = { ...seatHeaders(token), "Content-Type": "application/json" };
  const response = await fetch(path, { method: "POST", headers, body: JSON.stringify(payload) });
  const data = await response.json().catch(() => ({ error: t("ui.err.no_json") }));
  if (!response.ok) throw new Error(errorText(data, response.status));
  return data;
}

/**
 * The rematch controls of a finished table's page (nothing for a watcher).
 * @param {any} m the table's last state
 * @param {string} tableId
 * @param {string | null} token this page's seat token
 * @param {(text: string) => void} say
 * @returns {HTMLElement | null}
 */
export function rematchBox(m, tableId, token, say) {
  if (m.seat === null || m.seat === undefined) return null;
  const open = (/** @type {string} */ id) => { location.href = token ? `/t/${id}#seat=${token}` : `/t/${id}`; };
  if (!m.rematch) {
    const offer = async () => {
      try { open((await asSeat(`/api/tables/${tableId}/rematch`, token)).table); } catch (err) { say(/** @type {any} */ (err).message); }
    };
    return html("p", { class: "rematch" }, html("button", { type: "button", id: "rematch", onclick: offer }, t("ui.rematch.offer")),
      ` ${t("ui.rematch.offer_what")}`);
  }
  const box = html("p", { class: "rematch" });
  const gone = () => box.replaceChildren(`${t("ui.rematch.gone")} `,
    html("a", { href: `/t/${m.rematch}#watch`, class: "button secondary", id: "rematch-watch" }, t("ui.rematch.watch")));
  // a refusal is said beside the buttons: on a phone the page's message line is far above
  const refused = html("span", { class: "error", id: "rematch-refused", role: "alert" });
  const decline = async () => {
    try {
      await asSeat(`/api/tables/${m.rematch}/decline`, token);
      holding.set(m.rematch, Promise.resolve(false));
      say(t("ui.rematch.declined"));
      gone();
    } catch (err) { refused.textContent = ` ${/** @type {any} */ (err).message}`; }
  };
  box.append(`${t("ui.rematch.ready")} `,
    html("button", { type: "button", id: "rematch-join", onclick: () => open(m.rematch) }, t("ui.rematch.join")), " ",
    html("button", { type: "button", class: "secondary", id: "rematch-decline", onclick: decline }, t("ui.rematch.decline")),
    refused);
  seatedAt(m.rematch, token).then((mine) => { if (!mine) gone(); });
  return box;
}

/** Whether this person still holds a seat at a rematch, asked once per page and rematch.
 * @type {Map<string, Promise<boolean>>} */
const holding = new Map();

/**
 * Whether this page's token (or player) still holds a seat at table ``id``: not once
 * declined, when a bot plays it. Unsure (the server unreachable, say) reads as yes, so
 * the Join button stays.
 * @param {string} id
 * @param {string | null} token
 * @returns {Promise<boolean>}
 */
function seatedAt(id, token) {
  let known = holding.get(id);
  if (!known) {
    known = fetch(`/api/tables/${id}`, { headers: seatHeaders(token) })
      .then(async (r) => (r.status === 400 ? false : !r.ok || (await r.json()).seat !== null))
      .catch(() => true);
    holding.set(id, known);
  }
  return known;
}

/**
 * For the table's maker: a bot for each open seat (the level to choose, then Fill), or for
 * a person's seat the table waits on who has not come, or, before the first move, a start
 * with the players already seated.
 * @param {any} m the table's state
 * @param {string} tableId
 * @param {string | null} token
 * @param {(text: string) => void} say
 * @returns {HTMLElement | null}
 */
export function fillBox(m, tableId, token, say) {
  const me = m.seat === null || m.seat === undefined ? null : m.seats[m.seat];
  const open = m.seats.map((/** @type {any} */ s, /** @type {number} */ i) => (s.kind === "open" ? i : -1)).filter((/** @type {number} */ i) => i >= 0);
  // the server names the seats its maker may fill: open ones, and, once the table waits
  // on it, a person's who has not come (a rematch's seat nobody answers)
  const fillable = /** @type {number[]} */ (m.fillable || []);
  if (!me || !me.host || !fillable.length) return null;
  const seat = fillable[0];
  const absent = m.seats[seat].kind === "human";
  const who = { who: `#${seat}` };
  const level = html("select", { id: "fill-level", "aria-label": t("ui.fill.level") },
    levelOptions([...LADDER, ...YARDSTICKS]));
  level.value = "greedy";
  const fill = async () => {
    if (absent && !window.confirm(t("ui.fill.replace_ask", who, m.names))) return;
    try { await asSeat(`/api/tables/${tableId}/fill`, token, { seat, level: level.value, name: seatName({ kind: "bot", level: level.value }, seat) }); } catch (err) { say(/** @type {any} */ (err).message); }
  };
  const seated = m.seats.length - open.length;
  const start = async () => {
    try { await asSeat(`/api/tables/${tableId}/start`, token); } catch (err) { say(/** @type {any} */ (err).message); }
  };
  const what = absent ? t("ui.fill.absent", who, m.names) : t("ui.fill.open", { seat: seat + 1 });
  return html("div", { class: "seat-row" }, `${what} `, level,
    html("button", { type: "button", id: "fill", onclick: fill }, t(absent ? "ui.fill.replace" : "ui.fill.go")),
    !m.started && open.length && seated >= 2
      ? html("button", { type: "button", class: "secondary", id: "start-now", onclick: start }, t("ui.fill.start", { n: seated }))
      : "",
    levelNote(/** @type {HTMLSelectElement} */ (level)));
}

/**
 * For a watcher of a finished table whose players began a rematch: a link to watch it
 * (a seat has its own controls, rematchBox).
 * @param {any} m the table's state
 * @returns {HTMLElement | null}
 */
export function rematchWatch(m) {
  if ((m.seat !== null && m.seat !== undefined) || !m.over || !m.rematch) return null;
  return html("p", { class: "rematch", id: "rematch-next" }, `${t("ui.rematch.watch_next")} `,
    html("a", { href: `/t/${encodeURIComponent(m.rematch)}`, class: "button secondary", id: "watch-rematch" }, t("ui.rematch.watch")));
}
