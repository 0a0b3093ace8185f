// @ts-check
// The replay viewer (/replay): a record, downloaded from a finished table (#table=<id>) or
// uploaded, stepped through move by move. The server replays it and sends each position
// as a watcher saw it, with the log so far; the page draws it and words it.
//
// The position is kept in the address (#table=<id>&ply=<n>), so a language switch, which
// reloads the page, and a link shared open the same move; an uploaded record, which no
// address can hold, is kept for this tab (sessionStorage) and its address is #ply=<n>.

import { api, errorText } from "./api.js";
import { html, seatInk } from "./common.js";
import { replayChat } from "./chat.js";
import { phrased, t, wonBy } from "./i18n.js";

const KEPT = "scarab.replay.record"; // the record uploaded in this tab

/**
 * The move number an address gives: a whole number from 0, else 0.
 * @param {string | null} value
 */
export function plyFrom(value) {
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : 0;
}

/**
 * The address fragment of a position: the table's record, else the record uploaded.
 * @param {string | null} table
 * @param {number} ply
 */
export function replayHash(table, ply) {
  const params = new URLSearchParams();
  if (table) params.set("table", table);
  params.set("ply", String(ply));
  return `#${params}`;
}

/**
 * The last move in words: the log lines it made as a watcher saw them (so a hidden
 * choice stays hidden while the board hides it), who played it, and the zombie's note
 * when the zombie played it; "the start" before the first move.
 * @param {any} f a frame
 */
export function moveWords(f) {
  if (!f.ply) return t("ui.replay.start");
  const move = f.moves[f.ply - 1];
  const lines = f.log.filter((/** @type {any} */ l) => l.ply === f.ply);
  const who = f.names[move.seat];
  let words = lines.map((/** @type {any} */ l) => phrased(l, f.names)).join("; ");
  if (!words) words = t("ui.replay.moved", { who: `#${move.seat}` }, f.names);
  else if (!words.startsWith(who)) words = `${who}: ${words}`;
  const note = move.note_msg ? phrased(move.note_msg, f.names) : move.note;
  return `${t("ui.replay.last_move")} ${words}${note ? ` (${note})` : ""}`;
}

/**
 * The recorded game's result in the reader's language (the record's tag is English).
 * @param {any} f a frame
 */
function replayResult(f) {
  if (!f.final) return t("ui.replay.unfinished");
  return wonBy("ui.replay.result", f.names, f.final.winners, { scores: f.final.scores.join("-") });
}

/**
 * The log as the table shows it: oldest first, a heading at each new round, the seat's
 * name before a line that does not start with it, the zombie's note; the last move's
 * lines marked.
 * @param {HTMLElement} log
 * @param {any} f a frame
 */
function drawLog(log, f) {
  log.replaceChildren();
  let round = null;
  for (const line of f.log) {
    if (line.round !== round) {
      round = line.round;
      log.append(html("li", { class: "round" }, round ? t("ui.table.round", { n: round }) : t("ui.table.setup")));
    }
    const words = phrased(line, f.names);
    const name = line.seat === null || line.seat === undefined ? null : f.names[line.seat];
    const who = name && !words.startsWith(name) ? html("span", { style: `color:${seatInk(line.seat)}` }, `${name}: `) : "";
    const by = line.note ? [" ", html("span", { class: "by" }, `(${phrased(line.note, f.names)})`)] : "";
    log.append(html("li", { class: line.ply === f.ply ? "now" : null }, who, words, by));
  }
  log.scrollTop = log.scrollHeight;
}

/**
 * The viewer's parts, made once per record and then filled (so focus stays on a control):
 * the heading, the bar of controls that ask ``step`` for a move (from the move asked for
 * last, ``target()``, up to ``total()``), a place for a refusal, the last move's words,
 * the board and the log.
 * @param {(n: number) => void} step
 * @param {() => number} target
 * @param {() => number} total
 */
function controls(step, target, total) {
  const slider = html("input", { type: "range", min: 0, max: 0, value: 0, "aria-label": t("ui.replay.move"), id: "ply" });
  slider.addEventListener("change", () => step(Number(slider.value)));
  const plyText = html("span", { id: "ply-text", "aria-live": "polite" }, "");
  const bar = html("div", { class: "replay-bar" },
    html("button", { type: "button", id: "first", onclick: () => step(0), "aria-label": t("ui.replay.first") }, "|◀"),
    html("button", { type: "button", onclick: () => step(target() - 1), id: "prev", "aria-label": t("ui.replay.prev") }, "◀"),
    slider,
    html("button", { type: "button", onclick: () => step(target() + 1), id: "next", "aria-label": t("ui.replay.next") }, "▶"),
    html("button", { type: "button", id: "end", onclick: () => step(total()), "aria-label": t("ui.replay.last") }, "▶|"),
    plyText);
  return {
    heading: html("h2", {}, ""), bar, slider, plyText,
    error: html("div", {}), moveLine: html("p", { class: "muted", id: "last-move" }, ""),
    boardBox: html("div", { class: "board", id: "board" }),
    log: html("ul", { class: "log", id: "log", "aria-label": t("ui.table.log_label") }),
  };
}

/**
 * A finished table's record: its text, else the server's refusal in the reader's words,
 * with where to go instead (a game still on is watched live).
 * @param {string} id
 * @returns {Promise<{text: string} | {refusal: any[]}>}
 */
async function tableRecord(id) {
  const r = await fetch(`/api/tables/${encodeURIComponent(id)}/record`);
  if (r.ok) return { text: await r.text() };
  const data = await r.json().catch(() => ({ error: t("ui.err.no_json") }));
  const instead = data.msg === "ui.err.record_unfinished"
    ? [" ", html("a", { href: `/t/${encodeURIComponent(id)}`, class: "button", id: "watch-live" }, t("ui.replay.watch_live"))]
    : data.msg === "ui.err.no_table" ? [" ", html("a", { href: "/", id: "back-to-tables" }, t("ui.gone.tables"))] : [];
  return { refusal: [errorText(data, r.status), ...instead] };
}

/**
 * The replay viewer in ``main``; ``board(game)`` gives a game's drawing module.
 * @param {HTMLElement} main
 * @param {import("./table.js").BoardLoader} board
 */
export function replayView(main, board) {
  main.replaceChildren();
  const params = new URLSearchParams(location.hash.slice(1));
  const fileInput = html("input", { type: "file", id: "record-file", accept: ".txt,.pgn,text/plain" });
  const intro = html("section", { class: "card" }, html("h2", {}, t("ui.replay.title")),
    html("label", {}, `${t("ui.replay.open")} `, fileInput));
  const viewer = html("div", { class: "replay" });
  main.append(intro, viewer);
  /** @type {string | null} the record's table, or null for one uploaded */
  let table = null;
  /** @type {string | null} */
  let record = null;
  let total = 0;
  let target = 0; // the move asked for last: steps go on from it while a frame is on its way
  let asked = 0; // requests made: only the latest one's answer is drawn
  /** @type {HTMLElement | null} */
  let chat = null;
  /** @type {any} the parts drawn once per record and kept (focus stays on the controls) */
  let shown = null;
  /** @type {{ply: number, view: any} | null} the position drawn last */
  let last = null;

  const frameAt = (/** @type {number} */ ply) => api("/api/replay", { record, ply });

  /** A refusal, in the reader's words, instead of the game (or below its controls). */
  function refuse(/** @type {any[]} */ ...words) {
    const said = html("p", { class: "error", role: "alert", id: "replay-error" }, ...words);
    if (shown) shown.error.replaceChildren(said);
    else viewer.replaceChildren(said);
  }

  /** Show the position after ``at`` moves (the first frame of a record: ``at`` may be past its end). */
  /** @param {number} at */
  async function show(at) {
    const mine = ++asked;
    target = at;
    try {
      let f;
      try {
        f = await frameAt(at);
      } catch (err) {
        if (shown || at === 0) throw err;
        f = await frameAt(0); // an address past the record's end: its last move
        if (f.moves.length) f = await frameAt(f.moves.length);
      }
      // the position before, to mark on the board where the last move went
      const before = f.ply === 0 ? null
        : last && last.ply === f.ply - 1 ? last.view
          : await frameAt(f.ply - 1).then((b) => b.view, () => null);
      if (mine !== asked || !viewer.isConnected) return; // a later step, or another record's page
      target = f.ply;
      await drawFrame(f, before);
    } catch (err) {
      if (mine === asked) refuse(/** @type {any} */ (err).message);
    }
  }

  /** Step to move ``n`` (held between the first and the last). */
  const step = (/** @type {number} */ n) => show(Math.max(0, Math.min(total, n)));

  /** @param {import("./common.js").Json} f a frame of the record @param {import("./common.js").Json | null} before the view a move before */
  async function drawFrame(f, before) {
    if (!shown) {
      shown = controls((n) => step(n), () => target, () => total);
      viewer.replaceChildren(shown.heading, shown.bar, shown.error, shown.moveLine, shown.boardBox,
        html("h3", {}, t("ui.table.log")), shown.log);
    }
    total = f.moves.length;
    fillFrame(shown, f, total);
    const drawn = last = { ply: f.ply, view: f.view };
    history.replaceState(null, "", replayHash(table, f.ply));
    const mod = await board(f.game);
    if (last !== drawn) return; // a later frame is drawn meanwhile
    drawBoardFrame(mod, shown.boardBox, f, before);
  }

  /** Start on a record: its table (or null), its text, and the move to show first. */
  function open(/** @type {string | null} */ from, /** @type {string} */ text, /** @type {number} */ at) {
    table = from;
    record = text;
    asked += 1; // the last record's frames on their way are not drawn
    shown = null;
    last = null;
    total = 0;
    if (chat) chat.remove();
    chat = null;
    return show(at);
  }

  fileInput.addEventListener("change", async () => {
    const file = fileInput.files && fileInput.files[0];
    if (!file) return;
    if (file.size > 1_000_000) {
      asked += 1;
      shown = null;
      refuse(t("ui.replay.too_large"));
      return;
    }
    const text = await file.text();
    try { sessionStorage.setItem(KEPT, text); } catch { /* too large to keep: a reload loses it */ }
    open(null, text, 0);
  });

  /** The table's chat under its record, while that record is the one shown. @param {string} from */
  const chatOf = async (from) => {
    const said = await replayChat(from);
    if (said && table === from) {
      chat = said;
      main.append(said);
    }
  };
  openAtAddress(params, open, refuse, chatOf);
}

/**
 * Open the record the address names: a table's (its chat below it, ``chatOf``), or on a
 * reload (a language switch) the record uploaded in this tab.
 * @param {URLSearchParams} params
 * @param {(from: string | null, text: string, at: number) => Promise<void>} open
 * @param {(...words: any[]) => void} refuse
 * @param {(from: string) => Promise<void>} chatOf
 */
function openAtAddress(params, open, refuse, chatOf) {
  const from = params.get("table");
  const at = plyFrom(params.get("ply"));
  if (from) {
    tableRecord(from).then(async (got) => {
      if ("refusal" in got) {
        refuse(...got.refusal);
        return;
      }
      await open(from, got.text, at);
      await chatOf(from);
    }).catch((err) => refuse(err.message));
  } else if (params.has("ply")) { // a reload (a language switch) of a record uploaded in this tab
    let kept = null;
    try { kept = sessionStorage.getItem(KEPT); } catch { kept = null; }
    if (kept) open(null, kept, at);
  }
}

/**
 * A frame's words into the parts kept for its record: the heading, the slider and the
 * move it is at, the move's words, the log.
 * @param {import("./common.js").Json} shown the parts (controls())
 * @param {import("./common.js").Json} f the frame @param {number} total the record's moves
 */
function fillFrame(shown, f, total) {
  const { heading, slider, plyText, error, moveLine, log } = shown;
  heading.textContent = `${f.title}: ${f.names.join(", ")} · ${replayResult(f)}`;
  slider.max = String(total);
  slider.value = String(f.ply);
  plyText.textContent = ` ${t("ui.replay.at", { ply: f.ply, total })}`;
  error.replaceChildren();
  moveLine.textContent = moveWords(f);
  drawLog(log, f);
}

/**
 * A frame's board, drawn by the game's module for no seat, where the last move went
 * marked (``before`` the view a move earlier).
 * @param {import("./table.js").BoardModule} mod the game's drawing module
 * @param {HTMLElement} boardBox
 * @param {import("./common.js").Json} f @param {import("./common.js").Json | null} before
 */
function drawBoardFrame(mod, boardBox, f, before) {
  boardBox.replaceChildren();
  mod.render(boardBox, { view: f.view, seat: null, names: f.names, legal: [], memo: {}, act: () => {}, choose: () => {}, confirm: () => {}, say: () => {} });
  for (const name of before && mod.moved ? mod.moved(before, f.view) : []) {
    for (const el of boardBox.querySelectorAll(`[data-spot="${CSS.escape(name)}"]`)) el.setAttribute("data-last", "");
  }
}
