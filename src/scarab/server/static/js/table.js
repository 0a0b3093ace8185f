// @ts-check
// A table's page (/t/<id>#seat=<token>): the status line, the board (the game's module
// draws it), the players, the actions, the log, the chat and the rules, kept live over
// the table's socket. It never implements rules: it draws the view the server sends and
// sends notation back.

import { device, player } from "./api.js";
import { clear, html, seatColour, seatInk } from "./common.js";
import { chatBox } from "./chat.js";
import { timeLeft } from "./clock.js";
import { drawFinal, fitScoring } from "./final.js";
import { howtoPanel } from "./howto.js";
import { phrased, t, wonBy } from "./i18n.js";
import { remember } from "./mine.js";
import { lookSoon, setTitle } from "./notify.js";
import { fillBox, rematchBox, rematchWatch } from "./rematch.js";
import { rulesPanel } from "./rules.js";

/** @typedef {import("./common.js").Json} Json */
/** @typedef {import("./common.js").LegalEntry} LegalEntry */
/** @typedef {import("./common.js").BoardContext} BoardContext */

/**
 * A game's drawing module, its static board bound (app.js loads it): render draws the
 * table; spots and moved name the board elements a hint and the last move mark.
 * @typedef {object} BoardModule
 * @property {(root: Element, ctx: Omit<BoardContext, "board">) => void} render
 * @property {(fields: Json) => string[]} [spots]
 * @property {(before: Json | null, after: Json) => string[]} [moved]
 */

/** @typedef {(game: string) => Promise<BoardModule>} BoardLoader */

/**
 * @typedef {object} SeatState
 * @property {string} name
 * @property {string} kind "human", "bot" or "open"
 * @property {string} [level] a bot's
 * @property {boolean} [online]
 * @property {boolean} [left] left for good: the zombie plays it
 */

/**
 * The table's state, as the server sends it to this page (a "state" message).
 * @typedef {object} TableState
 * @property {number} version
 * @property {string} game
 * @property {string} title
 * @property {Json} view the game's view for this seat
 * @property {number | null} seat
 * @property {string[]} names
 * @property {LegalEntry[]} legal
 * @property {number | null} current
 * @property {boolean} over
 * @property {number[]} winners
 * @property {number[]} [scores]
 * @property {SeatState[]} seats
 * @property {Json[]} log
 * @property {boolean} [rated]
 * @property {string} [unrated] why a rated table counts no more, a message id
 * @property {{deadline: number} | null} [timer]
 * @property {Json[]} [final_rows]
 * @property {boolean} [undo]
 * @property {boolean} [allow_undo]
 */

/**
 * What changes while the table is open: the last state, the socket, the reconnect delay
 * and timer, the message timer, the last move's marks, the hint shown, the last refusal.
 * @typedef {object} LiveTable
 * @property {TableState | null} last
 * @property {WebSocket | null} socket
 * @property {number} retry
 * @property {number | undefined} sayTimer
 * @property {{view: Json, spots: string[]} | null} shown
 * @property {Hint | null} hinted
 * @property {number | undefined} timer
 * @property {string} lastError
 * @property {string} lastErrorId
 * @property {boolean} listFocus whether a keyboard user's focus is in the action list
 */

/** The hint bot's top actions for a position. @typedef {{version: number, level: string, top: (LegalEntry & {win: number})[]}} Hint */

/** What the board module is given to act with. @typedef {Pick<BoardContext, "memo" | "act" | "choose" | "confirm" | "say">} TableActions */

/**
 * The open table's page: its elements, its seat token and its live state, which the
 * functions below read.
 * @typedef {object} TablePage
 * @property {HTMLElement} main
 * @property {BoardLoader} board
 * @property {string} tableId
 * @property {string | null} token this page's seat token
 * @property {boolean} watching opened by the watchers' link
 * @property {LiveTable} live
 * @property {HTMLElement} status
 * @property {HTMLElement} boardBox
 * @property {HTMLElement} message
 * @property {HTMLElement} offline
 * @property {HTMLElement} asking
 * @property {HTMLElement} players
 * @property {HTMLElement} actions
 * @property {HTMLElement} controls
 * @property {HTMLElement} side
 * @property {HTMLElement} finalBox
 * @property {HTMLElement} log
 * @property {TableActions} ctx
 * @property {ReturnType<typeof chatBox>} chat
 * @property {ReturnType<typeof rulesPanel>} rules
 * @property {ReturnType<typeof howtoPanel>} howto
 */

/** Open table ``tableId`` in ``main``; ``board`` loads a game's drawing module.
 * @param {HTMLElement} main @param {string} tableId @param {BoardLoader} board */
export function tableView(main, tableId, board) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get("seat");
  // a watcher's link (#watch) shows the watchers' view even to a player who sits here (a
  // streamer's screen): the player's key does not find their seat
  const watching = fragment.has("watch");
  /** @type {import("./common.js").Json} */
  const memo = {};
  // What changes while the table is open: the last state, the socket, the reconnect
  // delay, the message timer, the last move's marks and the hint shown.
  /** @type {LiveTable} */
  const live = { last: null, socket: null, retry: 500, sayTimer: undefined, shown: null, hinted: null, timer: undefined, lastError: "", lastErrorId: "", listFocus: false };
  clear(main);
  const status = html("div", { class: "status", role: "status" });
  const boardBox = html("div", { class: "board", id: "board" });
  const message = html("div", { class: "message", id: "message", role: "alert" });
  const offline = html("div", { class: "message warn", id: "offline", role: "status", hidden: true },
    t("ui.table.reconnecting"));
  const asking = html("div", { class: "confirm", id: "confirm", hidden: true });
  const players = html("ol", { class: "players", id: "players" });
  const actions = html("ul", { class: "actions", id: "actions", "aria-label": t("ui.table.actions_label") });
  const controls = html("div", { class: "controls" });
  const finalBox = html("div", { class: "final", id: "final" });
  const log = html("ul", { class: "log", id: "log", "aria-label": t("ui.table.log_label") });
  const chat = chatBox((text) => send(page, { type: "chat", text }));
  const rules = rulesPanel();
  const howto = howtoPanel();
  const side = html("aside", { class: "side" },
    html("h2", {}, t("ui.table.players")), players,
    html("h2", {}, t("ui.table.actions")), actions, controls,
    html("h2", {}, t("ui.table.log")), log, howto.box, rules.box, chat.box);
  main.append(html("div", { class: "table-page" },
    html("div", { class: "left" }, status, offline, message, asking, boardBox, finalBox), side));

  /** @type {TableActions} */
  const ctx = {
    memo,
    act: (action) => send(page, { type: "act", action, version: live.last && live.last.version }),
    choose: (list) => drawActions(page, list, true),
    confirm: (entry, question) => askFirst(page, entry, question),
    say: (text, tone) => say(page, text, tone),
  };
  /** @type {TablePage} */
  const page = { main, board, tableId, token, watching, live, status, boardBox, message, offline, asking, players,
    actions, controls, side, finalBox, log, ctx, chat, rules, howto };

  let finalWidth = 0;
  new ResizeObserver(() => {
    if (finalBox.clientWidth === finalWidth) return;
    finalWidth = finalBox.clientWidth;
    if (live.last && live.last.over) fitScoring(finalBox, live.last);
  }).observe(finalBox);
  setInterval(() => {
    const span = /** @type {HTMLElement | null} */ (status.querySelector(".timer"));
    if (!span) return;
    const left = Math.max(0, Math.round(Number(span.dataset.deadline) - Date.now() / 1000));
    span.textContent = ` · ${t("ui.table.left", { time: timeLeft(left) })}`;
  }, 1000);
  connect(page);
  window.addEventListener("online", () => { // the network is back: try now, not at the next back-off
    if (live.socket && live.socket.readyState === WebSocket.CLOSED && live.timer) {
      clearTimeout(live.timer);
      connect(page);
    }
  });
}

// A message to the table's socket; false (and the reader told) while it reconnects.
/** @param {TablePage} page @param {Json} payload @returns {boolean} */
function send(page, payload) {
  const { live } = page;
  if (live.socket && live.socket.readyState === WebSocket.OPEN) {
    live.socket.send(JSON.stringify(payload));
    return true;
  }
  say(page, t("ui.table.reconnecting"));
  return false;
}

/** @param {TablePage} page @param {string} text @param {string} [tone] */
function say(page, text, tone = "warn") {
  const { live, message } = page;
  message.textContent = text;
  message.className = `message ${tone}`;
  clearTimeout(live.sayTimer);
  live.sayTimer = setTimeout(() => { message.textContent = ""; }, 8000);
}

// A move that cannot be taken back and that the click did not clearly aim at is asked
// about first: the question, then Yes (plays the entry) or Cancel.
/** @param {TablePage} page @param {LegalEntry} entry @param {string} question */
function askFirst(page, entry, question) {
  const { asking, ctx } = page;
  clear(asking);
  asking.hidden = false;
  const done = () => { clear(asking); asking.hidden = true; };
  asking.append(html("span", {}, question),
    html("button", { type: "button", id: "confirm-yes", onclick: () => { done(); ctx.act(entry.action); } }, t("ui.table.yes")),
    html("button", { type: "button", id: "confirm-no", class: "secondary", onclick: done }, t("ui.table.cancel")));
  /** @type {HTMLElement} */ (asking.querySelector("#confirm-yes")).focus();
}

/** The action list: ``list`` (a click's few, when ``narrowed``) with a way back to all.
 * @param {TablePage} page @param {LegalEntry[]} list @param {boolean} narrowed */
function drawActions(page, list, narrowed) {
  const { actions, ctx, live } = page;
  // a keyboard user whose focus was in the list keeps it there, on the same action if it
  // is still offered, else on the first; through the others' turns too, while it has not
  // gone elsewhere (clearing the list drops it to the page's body)
  const held = document.activeElement;
  const inList = held instanceof HTMLElement && actions.contains(held);
  const was = inList ? held.dataset.action : undefined;
  live.listFocus = inList || (live.listFocus && (held === document.body || held === null));
  clear(actions);
  list.forEach((entry, i) => {
    const button = html("button", {
      type: "button", class: "action", "data-action": entry.action,
      onclick: () => ctx.act(entry.action),
    }, html("code", {}, entry.action), entry.text || entry.msg ? ` ${phrased(entry, live.last ? live.last.names : [])}` : "");
    actions.append(html("li", {}, button));
    if (narrowed && i === 0) button.focus();
  });
  if (!narrowed && live.listFocus && list.length) {
    const buttons = /** @type {HTMLElement[]} */ ([...actions.querySelectorAll("button.action")]);
    (buttons.find((b) => b.dataset.action === was) || buttons[0]).focus();
  }
  if (narrowed) {
    actions.append(html("li", {}, html("button", {
      type: "button", class: "secondary", onclick: () => drawActions(page, live.last ? live.last.legal : [], false),
    }, t("ui.table.all_actions"))));
  }
  if (list.length) return;
  const m = live.last;
  const idle = m && m.over ? "ui.table.no_more" : m && m.seat === null ? "ui.table.watching" : "ui.table.waiting";
  actions.append(html("li", { class: "muted" }, t(idle)));
}

/** @param {TablePage} page @param {TableState} m */
function drawControls(page, m) {
  const { controls, ctx, side, tableId, token } = page;
  clear(controls);
  side.classList.toggle("over", Boolean(m.over)); // a phone shows what comes next before How to play
  if (m.over) {
    drawNext(page, m);
    return;
  }
  if (m.seat === null || m.seats[m.seat].left) return; // a seat left for good is the zombie's
  const filling = fillBox(m, tableId, token, ctx.say);
  if (filling) controls.append(filling);
  if (m.legal.length > 1) {
    controls.append(html("button", { type: "button", id: "hint", onclick: () => askHint(page) }, t("ui.table.hint")));
  }
  if (m.undo) {
    controls.append(html("button", { type: "button", id: "undo", onclick: () => send(page, { type: "undo", version: m.version }) }, t("ui.table.undo")));
  }
  const allow = html("input", { type: "checkbox", id: "allow-undo" });
  allow.checked = Boolean(m.allow_undo);
  allow.addEventListener("change", () => send(page, { type: "allow_undo", allow: allow.checked }));
  controls.append(html("label", { class: "check" }, allow, ` ${t("ui.table.allow_undo")}`));
  if (!m.seats[m.seat].left) {
    controls.append(html("button", {
      type: "button", class: "secondary", id: "leave",
      onclick: () => { if (window.confirm(t("ui.table.leave_ask"))) send(page, { type: "leave" }); },
    }, t("ui.table.leave")));
  }
}

// What comes after a game, under the Actions (in view on a laptop's screen, where the
// board and the scoring fill the left): for the seats a rematch, and for anyone the
// game's record and its replay.
/** @param {TablePage} page @param {TableState} m */
function drawNext(page, m) {
  const { controls, ctx, tableId, token } = page;
  controls.append(rematchBox(m, tableId, token, ctx.say) || "",
    html("p", { class: "next" },
      html("a", { href: `/api/tables/${tableId}/record`, download: "", class: "button", id: "download" }, t("ui.final.download")), " ",
      html("a", { href: `/replay#table=${tableId}`, class: "button", id: "replay" }, t("ui.final.replay"))));
}

/** @param {TablePage} page @param {TableState} m */
function drawPlayers(page, m) {
  const { players } = page;
  clear(players);
  m.seats.forEach((s, i) => {
    const score = m.scores ? ` — ${m.scores[i]}` : "";
    // a seat left for good is a bot's now: whether its person's page is still open is no matter
    const badges = s.left ? t("ui.seat.left") : s.kind === "bot" ? t("ui.seat.bot", { level: `@ui.level.${s.level}` }) : s.kind === "open" ? t("ui.seat.open") : s.online ? t("ui.seat.online") : t("ui.seat.away");
    players.append(html("li", { class: i === m.current ? "turn" : "" },
      html("span", { class: "dot", style: `background:${seatColour(i)}` }),
      html("strong", {}, s.name), i === m.seat ? ` ${t("ui.seat.you")}` : "", ` · ${badges}${score}`,
      m.winners && m.winners.includes(i) ? html("strong", { class: "won" }, ` ★ ${t("ui.seat.won")}`) : ""));
  });
}

// The log in the order things happened, a heading at each new round, the newest in view.
/** @param {TablePage} page @param {TableState} m */
function drawLog(page, m) {
  const { log, rules, howto } = page;
  clear(log);
  howto.load(m.game);
  rules.load(m.game).catch(() => {}); // the panel stays closed and empty if it cannot load
  let round = null;
  for (const line of m.log) {
    if (line.round !== round) {
      round = line.round;
      log.append(html("li", { class: "round" }, round ? t("ui.table.round", { n: round }) : t("ui.table.setup")));
    }
    const who = line.seat === null || line.seat === undefined ? "" : `${m.names[line.seat]}: `;
    const why = line.clauses && line.clauses.length
      ? html("button", { type: "button", class: "why", title: line.clauses.join(", "), onclick: () => rules.show(line.clauses) }, t("ui.table.why"))
      : "";
    const words = phrased(line, m.names);
    // a move the zombie played for a seat (its person left, or its turn timer ran out)
    const by = line.note ? [" ", html("span", { class: "by" }, `(${phrased(line.note, m.names)})`)] : "";
    log.append(html("li", {}, who && !words.startsWith(m.names[line.seat]) ? html("span", { style: `color:${seatInk(line.seat)}` }, who) : "", words, by, " ", why));
  }
  log.scrollTop = log.scrollHeight;
}

/** @param {TablePage} page @param {TableState} m */
function drawStatus(page, m) {
  const { status } = page;
  clear(status);
  let text;
  if (m.over) text = wonBy("ui.status.over", m.names, m.winners);
  else if (m.current === m.seat) text = t("ui.status.yours");
  else text = t("ui.status.to_play", { who: m.current === null ? undefined : m.names[m.current] });
  status.append(html("strong", {}, m.title), ` · ${text}`);
  if (m.rated) status.append(` · ${t(m.unrated || "ui.rated.on")}`);
  // the countdown is redrawn each second: kept out of the status line's announcements
  if (m.timer) status.append(html("span", { class: "timer", "data-deadline": m.timer.deadline, "aria-hidden": "true" }, ""));
  const mine = !m.over && m.current === m.seat;
  status.classList.toggle("your-turn", mine); // said once, where the eye starts
  status.setAttribute("aria-live", mine ? "assertive" : "polite");
  if (mine) {
    setTitle(`● ${t("ui.status.title_yours")} · Scarab`);
  } else {
    setTitle(`${m.title} · Scarab`);
  }
}

/** Draw the table's new state. @param {TablePage} page @param {TableState} m */
async function draw(page, m) {
  const { asking, board, boardBox, ctx, live, message, tableId, token } = page;
  if (!live.last && token && m.seat !== null) {
    remember({ table: tableId, seat: m.seat, token, name: m.names[m.seat], game: m.game });
  }
  // A message spoke of the position before this move: once anyone has moved it is stale.
  if (live.last && (m.log.length !== live.last.log.length || m.current !== live.last.current || m.over !== live.last.over)) {
    clearTimeout(live.sayTimer);
    message.textContent = "";
    clear(asking);
    asking.hidden = true;
  }
  // the title's count of tables waiting: looked at again when this seat's turn comes or goes
  const mine = (/** @type {TableState} */ x) => x.seat !== null && !x.over && x.current === x.seat;
  if (live.last && mine(live.last) !== mine(m)) lookSoon();
  live.last = m;
  drawStatus(page, m);
  drawPlayers(page, m);
  drawActions(page, m.legal, false);
  drawControls(page, m);
  drawLog(page, m);
  drawFinal(page.finalBox, m);
  const next = rematchWatch(m); // a watcher is told of the players' rematch
  if (next) page.finalBox.append(next);
  const mod = await board(m.game);
  if (live.last !== m) return;
  clear(boardBox);
  try {
    mod.render(boardBox, { ...ctx, view: m.view, seat: m.seat, names: m.names, legal: m.legal });
    markMoved(page, mod, m.view);
    markHint(page);
  } catch (err) {
    boardBox.append(html("p", { class: "error" }, t("ui.table.board_failed", { why: /** @type {Error} */ (err).message })));
  }
}

// ---- the last move on the board: where pieces went since the view drawn before -----
/** @param {TablePage} page @param {BoardModule} mod @param {Json} view */
function markMoved(page, mod, view) {
  const { boardBox, live } = page;
  if (!live.shown || live.shown.view !== view) {
    const spots = mod.moved ? mod.moved(live.shown && live.shown.view, view) : [];
    live.shown = { view, spots: spots.length ? spots : live.shown ? live.shown.spots : [] };
  }
  for (const name of live.shown.spots) {
    for (const el of boardBox.querySelectorAll(`[data-spot="${CSS.escape(name)}"]`)) el.setAttribute("data-last", "");
  }
}

// ---- hints: the hint bot's top actions, marked on the board and in the list -----
/** @param {TablePage} page */
function askHint(page) {
  say(page, t("ui.hint.asking"), "info");
  send(page, { type: "hint" });
}

/** @param {TablePage} page @param {Hint} h the hint bot's answer */
function showHint(page, h) {
  const { live } = page;
  const last = live.last;
  if (!last || h.version !== last.version) return; // the position moved on meanwhile
  live.hinted = h;
  // each action as the list shows it, its notation and its words: a Pyramids mark's words
  // name only the symbols it reaches, not the card and cells
  const words = h.top.map((e, i) => {
    const said = phrased(e, last.names);
    return `${i + 1}. ${e.action}${said ? ` ${said}` : ""} (${Math.round(e.win * 100)}%)`;
  });
  say(page, t("ui.hint.says", { level: `@ui.level.${h.level}`, words: words.join(" · ") }), "info");
  markHint(page);
}

/** @param {TablePage} page */
async function markHint(page) {
  const { actions, board, boardBox, live } = page;
  const hinted = live.hinted;
  if (!live.last || !hinted || hinted.version !== live.last.version) return;
  const mod = await board(live.last.game);
  (live.hinted || hinted).top.forEach((entry, i) => { // the latest hint, once the module is loaded
    for (const name of mod.spots ? mod.spots(entry.fields) : []) {
      for (const el of boardBox.querySelectorAll(`[data-hit="${CSS.escape(name)}"]`)) {
        if (!el.hasAttribute("data-hint")) el.setAttribute("data-hint", String(i + 1));
      }
    }
    const button = /** @type {HTMLElement | null} */ (actions.querySelector(`button.action[data-action="${CSS.escape(entry.action)}"]`));
    if (button) {
      button.setAttribute("data-hint", String(i + 1));
      button.dataset.hintLabel = t("ui.hint.rank", { n: i + 1 }); // the badge, in the reader's language
    }
  });
}

/** Open the table's socket (again, after a drop). @param {TablePage} page */
function connect(page) {
  const { chat, live, tableId, token } = page;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${tableId}`);
  live.socket = socket;
  socket.addEventListener("open", () => {
    live.retry = 500;
    page.offline.hidden = true;
    // a table opened from "My tables" has no seat token: the key finds the seat; a seat's
    // link opened by a player makes the seat theirs, listed in My tables on every device
    const me = page.watching ? null : player();
    socket.send(JSON.stringify({ type: "hello", token, player: me && me.key, device: page.watching ? null : device() }));
  });
  socket.addEventListener("message", (event) => {
    const m = JSON.parse(event.data);
    if (m.type === "state") draw(page, m);
    else if (m.type === "hint") showHint(page, m);
    else if (m.type === "chat") chat.add([m]);
    else if (m.type === "chat_history") chat.add(m.lines);
    else if (m.type === "error") {
      live.lastError = m.msg ? t(m.msg, m.args || {}, live.last ? live.last.names : []) : m.message;
      live.lastErrorId = m.msg || "";
      say(page, live.lastError);
      if (String(m.msg).startsWith("ui.err.chat")) chat.refused(); // the line is given back to edit
    }
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4400) { // refused for good (a link that holds no seat): say so, and stay
      closedForGood(page, live.lastError || t("ui.table.closed"), live.lastErrorId);
      return;
    }
    page.offline.hidden = false; // until it is back: a turn shown as yours may have moved on
    live.timer = setTimeout(() => connect(page), live.retry);
    live.retry = Math.min(live.retry * 2, 10000);
  });
}

/** The table refused this page for good: the reason stays, with where to go instead. A
 * table that does not exist, or a seat link that holds no seat at it, leaves nothing of a
 * table to show: the page says so alone, with the way back (and, at a real table, to watch).
 * @param {TablePage} page @param {string} reason @param {string} why the refusal's message id */
function closedForGood(page, reason, why) {
  const { live, main, message, tableId } = page;
  clearTimeout(live.sayTimer);
  if (why === "ui.err.no_table" || why === "ui.err.token") {
    const none = why === "ui.err.no_table";
    const back = html("a", { href: "/", class: none ? "button" : "button secondary", id: "back-to-tables" }, t("ui.gone.tables"));
    main.replaceChildren(html("section", { class: "card gone", id: "gone", role: "alert" },
      html("h2", {}, t(none ? "ui.gone.no_table_title" : "ui.gone.bad_seat_title")),
      html("p", {}, t(none ? "ui.gone.no_table" : "ui.gone.bad_seat")),
      html("p", { class: "gone-links" }, none ? back
        : [html("a", { href: `/t/${tableId}`, class: "button", id: "watch-instead" }, t("ui.gone.watch")), " ", back])));
    setTitle(`${t(none ? "ui.gone.no_table_title" : "ui.gone.bad_seat_title")} · Scarab`);
    return;
  }
  message.className = "message error";
  message.replaceChildren(`${reason} `,
    html("a", { href: `/t/${tableId}`, id: "watch-instead" }, t("ui.rematch.watch")), " · ",
    html("a", { href: "/" }, t("ui.nav.tables")));
}
