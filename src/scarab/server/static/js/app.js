// @ts-check
// The Scarab page: the lobby (/), a table (/t/<id>#seat=<token>) and the replay viewer (/replay).
// It never implements rules: it draws the view the server sends and sends notation back.

import { api, device, player } from "./api.js";
import { html, NAME_INPUT_MAX, seatColour, seatInk } from "./common.js";
import { chatBox } from "./chat.js";
import { timeLeft } from "./clock.js";
import { lookSoon, setTitle, watchTurns } from "./notify.js";
import { openTablesCard } from "./open_tables.js";
import { leaderboardCard, profileView } from "./ratings.js";
import { fillBox, rematchBox, rematchWatch } from "./rematch.js";
import { replayView } from "./replay.js";
import { rulesPanel } from "./rules.js";
import { howtoPanel } from "./howto.js";
import { linkItem } from "./share.js";
import { levelNote, levelOptions } from "./levels.js";
import { madeSeats, remember, showMine } from "./mine.js";
import { has, LANGS, keep, lang, phrased, preferred, seatName, t, useLang, wonBy } from "./i18n.js";
import { showServerTables, youCard } from "./players.js";

// Each language named in itself, so a reader finds their own.
const NAMES = { en: "English", pt: "Português", es: "Español" };

const main = document.getElementById("main");
const boards = {};

// A game's drawing module and its static board data (fetched once, cached by the browser).
async function board(game) {
  if (!boards[game]) {
    const [mod, data] = await Promise.all([import(`./games/${game}.js`), api(`/api/games/${game}/board`)]);
    boards[game] = { render: (root, ctx) => mod.render(root, { ...ctx, board: data }), spots: mod.spots, moved: mod.moved };
  }
  return boards[game];
}

function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

// ---- the lobby --------------------------------------------------------------------
async function lobby() {
  const mine = html("section", { class: "card", id: "mine" });
  const showTables = () => {
    mine.replaceChildren(html("h2", {}, t("ui.mine.title")));
    return player() ? showServerTables(mine) : showMine(mine);
  };
  const listed = showTables(); // asked beside the games: the page is laid out once
  const { games, levels } = await api("/api/games");
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
    for (let i = 0; i < n; i++) {
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
      seatsBox.append(html("div", { class: me ? "seat-row me" : "seat-row" },
        html("span", { class: "dot", style: `background:${seatColour(i)}` }), kind, note, name));
    }
  }
  gameSelect.addEventListener("change", seatsFor);
  countSelect.addEventListener("change", drawSeats);

  async function create(event) {
    event.preventDefault();
    const seats = [...seatsBox.querySelectorAll(".seat-row")].map((row, i) => {
      const kind = row.querySelector(".seat-kind").value;
      const name = row.querySelector(".seat-name").value.trim();
      const seat = kind === "human" || kind === "open" ? { kind } : { kind: "bot", level: kind.slice(4) };
      if (row.classList.contains("me")) seat.me = true; // the player's own seat
      // a name left empty is named in the reader's language (an open seat's, until taken)
      const named = name || seatName(seat, i);
      if (named) seat.name = named;
      return seat;
    });
    const spec = { game: gameSelect.value, seats, zombie: zombie.value, public: publicBox.checked,
      rated: publicBox.checked && ratedBox.checked };
    if (timer.value) spec.timer = Number(timer.value);
    clear(result);
    try {
      const made = await api("/api/tables", spec);
      const people = made.seats.filter((s) => s.link);
      // My tables lists the maker's own seat; the others' links are kept apart (othersLinks)
      madeSeats(made, spec).reverse().forEach((entry) => remember(entry));
      const game = games.find((g) => g.name === spec.game).title;
      result.append(html("h3", {}, t("ui.new.ready")),
        html("p", {}, t("ui.new.links")),
        html("ul", { class: "links" }, people.map((s) => linkItem(`${s.name}:`, s.link, {
          copy: t("ui.share.copy_seat", { name: s.name }), share: t("ui.share.share_seat", { name: s.name }),
          text: t("ui.share.seat_text", { name: s.name, game }), linkClass: "seat-link",
        })),
        linkItem(t("ui.new.watch"), made.watch, {
          copy: t("ui.share.copy_watch"), share: t("ui.share.share_watch"), text: t("ui.share.watch_text", { game }),
        })));
      if (people.length) result.append(html("p", {}, html("a", { href: people[0].link, class: "button", id: "sit" }, t("ui.new.sit", { name: people[0].name }))));
      showTables(); // the new table is among this person's own
    } catch (err) {
      result.append(html("p", { class: "error", role: "alert" }, err.message));
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
  // With games under way, My tables comes before the ways to start another: on a phone,
  // one column, it was below the whole New table form. Placed in the page's order, not
  // by CSS, so that reading and the keyboard follow what is seen; and placed once, so a
  // table made here does not move the card under the reader.
  const first = (await listed) > 0;
  clear(main);
  main.append(html("div", { class: "lobby" }, youCard(() => { watchTurns(); lobby(); }), first ? mine : "",
    openTablesCard(games), form, first ? "" : mine, leaderboardCard(games)));
  seatsFor();
}

// ---- a table ----------------------------------------------------------------------
function tableView(tableId) {
  // The open table's page: its elements, token and live state, which the functions
  // below read (getters, so each reads a value once it is set).
  const S = {
    get tableId() { return tableId; },
    get token() { return token; },
    get watching() { return watching; },
    get live() { return live; },
    get status() { return status; },
    get boardBox() { return boardBox; },
    get message() { return message; },
    get offline() { return offline; },
    get asking() { return asking; },
    get players() { return players; },
    get actions() { return actions; },
    get controls() { return controls; },
    get side() { return side; },
    get finalBox() { return finalBox; },
    get log() { return log; },
    get ctx() { return ctx; },
    get chat() { return chat; },
    get rules() { return rules; },
    get howto() { return howto; },
  };
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get("seat");
  // a watcher's link (#watch) shows the watchers' view even to a player who sits here (a
  // streamer's screen): the player's key does not find their seat
  const watching = fragment.has("watch");
  const memo = {};
  // What changes while the table is open: the last state, the socket, the reconnect
  // delay, the message timer, the last move's marks and the hint shown.
  const live = { last: null, socket: null, retry: 500, sayTimer: null, shown: null, hinted: null, timer: null, lastError: "", lastErrorId: "", listFocus: false };
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
  const chat = chatBox((text) => send(S, { type: "chat", text }));
  const rules = rulesPanel();
  const howto = howtoPanel();
  const side = html("aside", { class: "side" },
    html("h2", {}, t("ui.table.players")), players,
    html("h2", {}, t("ui.table.actions")), actions, controls,
    html("h2", {}, t("ui.table.log")), log, howto.box, rules.box, chat.box);
  main.append(html("div", { class: "table-page" },
    html("div", { class: "left" }, status, offline, message, asking, boardBox, finalBox), side));

  const ctx = {
    memo,
    act: (action) => send(S, { type: "act", action, version: live.last && live.last.version }),
    choose: (list) => drawActions(S, list, true),
    confirm: (...a) => askFirst(S, ...a),
    say: (...a) => say(S, ...a),
  };

  let finalWidth = 0;
  new ResizeObserver(() => {
    if (finalBox.clientWidth === finalWidth) return;
    finalWidth = finalBox.clientWidth;
    if (live.last && live.last.over) fitScoring(S, live.last);
  }).observe(finalBox);
  setInterval(() => {
    const span = status.querySelector(".timer");
    if (!span) return;
    const left = Math.max(0, Math.round(Number(span.dataset.deadline) - Date.now() / 1000));
    span.textContent = ` · ${t("ui.table.left", { time: timeLeft(left) })}`;
  }, 1000);
  connect(S);
  window.addEventListener("online", () => { // the network is back: try now, not at the next back-off
    if (live.socket && live.socket.readyState === WebSocket.CLOSED && live.timer) {
      clearTimeout(live.timer);
      connect(S);
    }
  });
}

// A message to the table's socket; false (and the reader told) while it reconnects.
function send(S, payload) {
  const { live } = S;
  if (live.socket && live.socket.readyState === WebSocket.OPEN) {
    live.socket.send(JSON.stringify(payload));
    return true;
  }
  say(S, t("ui.table.reconnecting"));
  return false;
}

function say(S, text, tone = "warn") {
  const { live, message } = S;
  message.textContent = text;
  message.className = `message ${tone}`;
  clearTimeout(live.sayTimer);
  live.sayTimer = setTimeout(() => { message.textContent = ""; }, 8000);
}

// A move that cannot be taken back and that the click did not clearly aim at is asked
// about first: the question, then Yes (plays the entry) or Cancel.
function askFirst(S, entry, question) {
  const { asking, ctx } = S;
  clear(asking);
  asking.hidden = false;
  const done = () => { clear(asking); asking.hidden = true; };
  asking.append(html("span", {}, question),
    html("button", { type: "button", id: "confirm-yes", onclick: () => { done(); ctx.act(entry.action); } }, t("ui.table.yes")),
    html("button", { type: "button", id: "confirm-no", class: "secondary", onclick: done }, t("ui.table.cancel")));
  asking.querySelector("#confirm-yes").focus();
}

function drawActions(S, list, narrowed) {
  const { actions, ctx, live } = S;
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
      type: "button", class: "secondary", onclick: () => drawActions(S, live.last.legal, false),
    }, t("ui.table.all_actions"))));
  }
  if (list.length) return;
  const m = live.last || {};
  const idle = m.over ? "ui.table.no_more" : m.seat === null ? "ui.table.watching" : "ui.table.waiting";
  actions.append(html("li", { class: "muted" }, t(idle)));
}

function drawControls(S, m) {
  const { controls, ctx, side, tableId, token } = S;
  clear(controls);
  side.classList.toggle("over", Boolean(m.over)); // a phone shows what comes next before How to play
  if (m.over) {
    drawNext(S, m);
    return;
  }
  if (m.seat === null || m.seats[m.seat].left) return; // a seat left for good is the zombie's
  const filling = fillBox(m, tableId, token, ctx.say);
  if (filling) controls.append(filling);
  if (m.legal.length > 1) {
    controls.append(html("button", { type: "button", id: "hint", onclick: () => askHint(S) }, t("ui.table.hint")));
  }
  if (m.undo) {
    controls.append(html("button", { type: "button", id: "undo", onclick: () => send(S, { type: "undo", version: m.version }) }, t("ui.table.undo")));
  }
  const allow = html("input", { type: "checkbox", id: "allow-undo" });
  allow.checked = m.allow_undo;
  allow.addEventListener("change", () => send(S, { type: "allow_undo", allow: allow.checked }));
  controls.append(html("label", { class: "check" }, allow, ` ${t("ui.table.allow_undo")}`));
  if (!m.seats[m.seat].left) {
    controls.append(html("button", {
      type: "button", class: "secondary", id: "leave",
      onclick: () => { if (window.confirm(t("ui.table.leave_ask"))) send(S, { type: "leave" }); },
    }, t("ui.table.leave")));
  }
}

// What comes after a game, under the Actions (in view on a laptop's screen, where the
// board and the scoring fill the left): for the seats a rematch, and for anyone the
// game's record and its replay.
function drawNext(S, m) {
  const { controls, ctx, tableId, token } = S;
  controls.append(rematchBox(m, tableId, token, ctx.say) || "",
    html("p", { class: "next" },
      html("a", { href: `/api/tables/${tableId}/record`, download: "", class: "button", id: "download" }, t("ui.final.download")), " ",
      html("a", { href: `/replay#table=${tableId}`, class: "button", id: "replay" }, t("ui.final.replay"))));
}

function drawPlayers(S, m) {
  const { players } = S;
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
function drawLog(S, m) {
  const { log, rules, howto } = S;
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

function drawStatus(S, m) {
  const { status } = S;
  clear(status);
  let text;
  if (m.over) text = wonBy("ui.status.over", m.names, m.winners);
  else if (m.current === m.seat) text = t("ui.status.yours");
  else text = t("ui.status.to_play", { who: m.names[m.current] });
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

function drawFinal(S, m) {
  const { finalBox } = S;
  clear(finalBox);
  if (!m.over) return;
  // what a game's scoring needs explained, under it (Horus: only who escaped scores)
  const note = `${m.game}.final.note`;
  finalBox.append(html("h2", {}, t("ui.final.title")), scoringTable(m, false),
    has(note) ? html("p", { class: "final-note", id: "final-note" }, t(note)) : "");
  fitScoring(S, m);
}

// The game's own final scoring (rows by category that add up to each score): a column
// per seat, or ``bySeat`` (where those columns are wider than the screen: a phone, five
// or six seats, longer words) a block of rows per seat, its name above.
function scoringTable(m, bySeat) {
  const rows = m.final_rows || [];
  const won = (i) => (m.winners.includes(i) ? "winner" : "");
  const label = (row) => (row.msg ? t(row.msg, row.args || {}) : row.label);
  const cell = (row, i) => (row.cell_msgs && row.cell_msgs[i] ? phrased(row.cell_msgs[i], m.names) : row.cells[i]);
  const who = (name, i) => html("span", { class: "who" }, m.winners.includes(i) ? `★ ${name}` : name);
  const td = (row, i) => html("td", { class: won(i), "data-points": row.points[i] ?? "" }, cell(row, i));
  if (bySeat) {
    return html("table", { class: "scoring by-seat", id: "scoring" }, m.names.map((name, i) => html("tbody", { class: won(i) },
      html("tr", { class: "seat" }, html("th", { colspan: 2, scope: "rowgroup" }, who(name, i))),
      rows.map((row) => html("tr", { class: row.total ? "total" : "" }, html("th", { scope: "row" }, label(row)), td(row, i))))));
  }
  return html("table", { class: "scoring", id: "scoring" },
    html("thead", {}, html("tr", {}, html("th", {}, t("ui.final.category")),
      m.names.map((name, i) => html("th", { class: won(i), title: name, scope: "col" }, who(name, i))))),
    html("tbody", {}, rows.map((row) => html("tr", { class: row.total ? "total" : "" },
      html("th", { scope: "row" }, label(row)), row.cells.map((_, i) => td(row, i))))));
}

// The scoring a column per seat where that fits the final box's width, else by seat
// (again at each change of the box's width: a phone turned).
function fitScoring(S, m) {
  const { finalBox } = S;
  const shown = finalBox.querySelector("#scoring");
  if (!shown) return;
  const wide = shown.classList.contains("by-seat") ? scoringTable(m, false) : shown;
  if (wide !== shown) shown.replaceWith(wide);
  if (wide.getBoundingClientRect().width > finalBox.clientWidth + 1) wide.replaceWith(scoringTable(m, true));
}

async function draw(S, m) {
  const { asking, boardBox, ctx, live, message, tableId, token } = S;
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
  const mine = (x) => x.seat !== null && !x.over && x.current === x.seat;
  if (live.last && mine(live.last) !== mine(m)) lookSoon();
  live.last = m;
  drawStatus(S, m);
  drawPlayers(S, m);
  drawActions(S, m.legal, false);
  drawControls(S, m);
  drawLog(S, m);
  drawFinal(S, m);
  const next = rematchWatch(m); // a watcher is told of the players' rematch
  if (next) S.finalBox.append(next);
  const mod = await board(m.game);
  if (live.last !== m) return;
  clear(boardBox);
  try {
    mod.render(boardBox, { ...ctx, view: m.view, seat: m.seat, names: m.names, legal: m.legal });
    markMoved(S, mod, m.view);
    markHint(S);
  } catch (err) {
    boardBox.append(html("p", { class: "error" }, t("ui.table.board_failed", { why: err.message })));
  }
}

// ---- the last move on the board: where pieces went since the view drawn before -----
function markMoved(S, mod, view) {
  const { boardBox, live } = S;
  if (!live.shown || live.shown.view !== view) {
    const spots = mod.moved ? mod.moved(live.shown && live.shown.view, view) : [];
    live.shown = { view, spots: spots.length ? spots : live.shown ? live.shown.spots : [] };
  }
  for (const name of live.shown.spots) {
    for (const el of boardBox.querySelectorAll(`[data-spot="${CSS.escape(name)}"]`)) el.setAttribute("data-last", "");
  }
}

// ---- hints: the hint bot's top actions, marked on the board and in the list -----
function askHint(S) {
  say(S, t("ui.hint.asking"), "info");
  send(S, { type: "hint" });
}

function showHint(S, h) {
  const { live } = S;
  if (!live.last || h.version !== live.last.version) return; // the position moved on meanwhile
  live.hinted = h;
  // each action as the list shows it, its notation and its words: a Pyramids mark's words
  // name only the symbols it reaches, not the card and cells
  const words = h.top.map((e, i) => {
    const said = phrased(e, live.last.names);
    return `${i + 1}. ${e.action}${said ? ` ${said}` : ""} (${Math.round(e.win * 100)}%)`;
  });
  say(S, t("ui.hint.says", { level: `@ui.level.${h.level}`, words: words.join(" · ") }), "info");
  markHint(S);
}

async function markHint(S) {
  const { actions, boardBox, live } = S;
  if (!live.last || !live.hinted || live.hinted.version !== live.last.version) return;
  const mod = await board(live.last.game);
  live.hinted.top.forEach((entry, i) => {
    for (const name of mod.spots ? mod.spots(entry.fields) : []) {
      for (const el of boardBox.querySelectorAll(`[data-hit="${CSS.escape(name)}"]`)) {
        if (!el.hasAttribute("data-hint")) el.setAttribute("data-hint", String(i + 1));
      }
    }
    const button = actions.querySelector(`button.action[data-action="${CSS.escape(entry.action)}"]`);
    if (button) {
      button.setAttribute("data-hint", String(i + 1));
      button.dataset.hintLabel = t("ui.hint.rank", { n: i + 1 }); // the badge, in the reader's language
    }
  });
}

function connect(S) {
  const { chat, live, tableId, token } = S;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  live.socket = new WebSocket(`${scheme}://${location.host}/ws/${tableId}`);
  live.socket.addEventListener("open", () => {
    live.retry = 500;
    S.offline.hidden = true;
    // a table opened from "My tables" has no seat token: the key finds the seat; a seat's
    // link opened by a player makes the seat theirs, listed in My tables on every device
    const me = S.watching ? null : player();
    live.socket.send(JSON.stringify({ type: "hello", token, player: me && me.key, device: S.watching ? null : device() }));
  });
  live.socket.addEventListener("message", (event) => {
    const m = JSON.parse(event.data);
    if (m.type === "state") draw(S, m);
    else if (m.type === "hint") showHint(S, m);
    else if (m.type === "chat") chat.add([m]);
    else if (m.type === "chat_history") chat.add(m.lines);
    else if (m.type === "error") {
      live.lastError = m.msg ? t(m.msg, m.args || {}, live.last ? live.last.names : []) : m.message;
      live.lastErrorId = m.msg || "";
      say(S, live.lastError);
      if (String(m.msg).startsWith("ui.err.chat")) chat.refused(); // the line is given back to edit
    }
  });
  live.socket.addEventListener("close", (event) => {
    if (event.code === 4400) { // refused for good (a link that holds no seat): say so, and stay
      closedForGood(S, live.lastError || t("ui.table.closed"), live.lastErrorId);
      return;
    }
    S.offline.hidden = false; // until it is back: a turn shown as yours may have moved on
    live.timer = setTimeout(() => connect(S), live.retry);
    live.retry = Math.min(live.retry * 2, 10000);
  });
}

/** The table refused this page for good: the reason stays, with where to go instead. A
 * table that does not exist, or a seat link that holds no seat at it, leaves nothing of a
 * table to show: the page says so alone, with the way back (and, at a real table, to watch). */
function closedForGood(S, reason, why) {
  const { live, message, tableId } = S;
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
    tableView(decodeURIComponent(path.slice(3)));
    // another seat's link, or the watch link, pasted into this tab changes the fragment
    // alone: open the table again as whoever that link says
    window.addEventListener("hashchange", () => location.reload());
  }
  else if (path.startsWith("/p/")) profileView(main, decodeURIComponent(path.slice(3)));
  else if (path === "/replay") {
    replayView(main, board);
    window.addEventListener("hashchange", () => replayView(main, board));
  }
  else lobby().catch((err) => { clear(main).append(html("p", { class: "error" }, err.message)); });
}

start();
