// @ts-check
// Shared helpers for the board modules (games/<name>.js).
//
// A board module exports one function, render(root, ctx), called after every
// update from the server with an emptied <div> root. It draws the game in SVG
// from ctx.view alone (the client never implements rules) and wires clicks:
//
//   ctx.view        the JSON view the server sent (state.view(seat); the spectator
//                   view when ctx.seat is null)
//   ctx.seat        this browser's seat number, or null for a spectator / replay
//   ctx.names       the players' names, by seat
//   ctx.legal       [{action: "L S+3", text: "play 3: ..."}], this seat's legal
//                   actions; empty unless it is this seat's decision
//   ctx.act(text)   send an action's notation; the server answers an illegal one
//                   with the engine's reason, shown to the player
//   ctx.choose(list) offer some legal entries (a subset of ctx.legal) when one
//                   click could mean several actions
//   ctx.say(text)   show a short message next to the board
//   ctx.memo        an object that survives re-renders of this table (UI state
//                   such as a selected card or a rotation)
//
// Clickable board elements carry class "hit", role="button" and a data-hit attribute
// naming what they are (tests click them by it). Only those with a legal action now
// are in the Tab order (tabindex="0"); the others stay clickable, and reachable by a
// screen reader and by the arrow keys, with tabindex="-1" and aria-disabled="true".

export const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * A JSON object as the server sends it (a view, a board, an action's fields): the page
 * reads the fields it draws and decides nothing from them.
 * @typedef {Record<string, any>} Json
 */

/**
 * One of the seat's legal actions as the server lists it: the notation to send back,
 * its words (or a message id and arguments) and its structured fields.
 * @typedef {object} LegalEntry
 * @property {string} action
 * @property {string} [text]
 * @property {string} [msg]
 * @property {Json} [args]
 * @property {Json} fields
 */

/**
 * What a board module's render(root, ctx) is given by the table (see above); ``Board``
 * is the game's static board.
 * @template [Board=Json]
 * @typedef {object} BoardContext
 * @property {Json} view
 * @property {number | null} seat
 * @property {string[]} names
 * @property {LegalEntry[]} legal
 * @property {(action: string) => void} act
 * @property {(entries: LegalEntry[]) => void} choose
 * @property {(text: string, tone?: string) => void} say
 * @property {(entry: LegalEntry, question: string) => void} confirm
 * @property {Json} memo
 * @property {Board} board the game's static board (GET /api/games/<game>/board)
 */

/**
 * An element's attributes: a value of null, undefined or false leaves it out; an
 * "on<event>" function (HTML elements) listens to that event.
 * @typedef {Record<string, any>} Attrs
 */

/**
 * What an element may hold: elements, words and numbers; null, undefined and false are
 * left out, and arrays are flattened.
 * @typedef {Node | string | number | null | undefined | false | any[]} Child
 */

const SEAT_COLOURS = ["#d9534f", "#2e7dd7", "#3fa34d", "#e0a800", "#8e44ad", "#e67e22"];

/** @param {number} seat */
export function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

// The same hues, dark enough for a seat's name written on the page's paper (#fffaf0):
// each at 5.6:1 or more, where the marker colours above reach 2.1:1 to 5.6:1.
const SEAT_INKS = ["#b52b27", "#1f5fa8", "#2a7336", "#7a5a00", "#7d3c98", "#a04d00"];

/** A seat's colour for text (its name), readable on the page's paper.
 * @param {number} seat */
export function seatInk(seat) {
  return SEAT_INKS[seat % SEAT_INKS.length];
}

/** An SVG element with attributes; children may be elements or strings.
 * @param {string} tag
 * @param {Attrs} [attrs]
 * @param {...Child} children
 * @returns {SVGElement} */
export function svg(tag, attrs = {}, ...children) {
  const el = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return el;
}

/** An HTML element with attributes; children may be elements or strings.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]} */
export function html(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return el;
}

/** Empty ``el`` of its children; ``el``. @template {Element} E @param {E} el @returns {E} */
export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

// A name's input holds at most twice the server's 40 characters: the browser counts an
// emoji as two of its units where the server counts one character, so the server alone
// says (in the reader's language) when a name is too long.
export const NAME_INPUT_MAX = 80;

// About how wide a line of text is drawn at a font size, a little over rather than under
// (fitted to DejaVu Sans, the widest of the usual system fonts): enough to lay out words
// of any language beside each other without measuring them in the document first.
// Beyond the Latin letters (the ellipsis, other scripts, symbols) a character is a little
// over an em.
/** @param {unknown} str @param {number} size @param {boolean} [bold] */
export function textWidth(str, size, bold = false) {
  let ems = 0;
  for (const ch of String(str)) ems += charEms(ch);
  return ems * size * (bold ? 1.13 : 1);
}

/** @param {string} ch */
function charEms(ch) {
  if (ch > "\u024f") return 1.1;
  if (/[Wm@]/.test(ch)) return 1;
  if (/[Mw]/.test(ch)) return 0.9;
  if (/[A-Z0-9]/.test(ch)) return 0.7;
  return /[ .,:;il|!']/.test(ch) ? 0.32 : 0.6;
}

// The font size, at most ``size`` (and at least ``least``), at which a line fits ``room``.
/** @param {unknown} str @param {number} size @param {number} room @param {boolean} [bold] @param {number} [least] */
export function fitSize(str, size, room, bold = false, least = 0) {
  return Math.max(least, Math.min(size, (size * room) / textWidth(str, size, bold)));
}

// The line itself when it fits ``room`` at a font size, else its longest start that fits
// with an ellipsis ("…" alone when nothing does): a long name shortened to its place.
/** @param {unknown} str @param {number} size @param {number} room @param {boolean} [bold] */
export function fitText(str, size, room, bold = false) {
  const whole = String(str);
  if (textWidth(whole, size, bold) <= room) return whole;
  const chars = [...whole];
  for (let n = chars.length - 1; n > 0; n--) {
    const cut = `${chars.slice(0, n).join("").trimEnd()}…`;
    if (textWidth(cut, size, bold) <= room) return cut;
  }
  return "…";
}

// A phrase around a name (``say(name)`` gives its words) that fits ``room``: the name,
// and only the name, is shortened (fitText) to the room the other words leave it.
/** @param {(name: string) => string} say @param {string} name @param {number} size @param {number} room @param {boolean} [bold] */
export function fitPhrase(say, name, size, room, bold = false) {
  return say(fitText(name, size, room - textWidth(say(""), size, bold), bold));
}

// ``str`` broken between words into lines that each fit ``room`` at a font size; a word
// longer than a line (a long name) is a line of its own, for fitText to shorten.
/** @param {unknown} str @param {number} size @param {number} room @param {boolean} [bold] */
export function wrapText(str, size, room, bold = false) {
  /** @type {string[]} */
  const lines = [];
  let line = "";
  for (const word of String(str).split(/\s+/).filter(Boolean)) {
    const longer = line ? `${line} ${word}` : word;
    if (line && textWidth(longer, size, bold) > room) {
      lines.push(line);
      line = word;
    } else line = longer;
  }
  return [...lines, line];
}

// A drawn line (an SVG <text>) that may have been shortened to fit: when it was, the
// whole of it stays as its tooltip (a <title> beside it in a group, so the line's own
// text is only what is drawn) and as what a screen reader says; it then takes the
// pointer, for the tooltip to show.
/** @param {SVGElement} el @param {string} whole */
export function keepWhole(el, whole) {
  if (el.textContent === whole) return el;
  el.setAttribute("aria-label", whole);
  el.removeAttribute("pointer-events");
  return svg("g", { class: "shortened" }, svg("title", {}, whole), el);
}

// A line naming a seat (``say(name)`` its words), drawn by ``draw(x, y, words, attrs)`` in
// ``room``: the name alone shortened to fit (fitPhrase), the whole line kept (keepWhole).
/**
 * @param {(x: number, y: number, words: string, attrs: Attrs) => SVGElement} draw
 * @param {number} x @param {number} y
 * @param {(name: string) => string} say @param {string} name @param {number} room
 * @param {Attrs} attrs
 */
export function namedLine(draw, x, y, say, name, room, attrs) {
  const weight = attrs["font-weight"];
  const bold = weight === "bold" || Number(weight) >= 600;
  return keepWhole(draw(x, y, fitPhrase(say, name, attrs["font-size"], room, bold), attrs), say(name));
}

// Make an SVG element clickable and keyboard-operable (Enter or Space); ``live`` says
// whether it has a legal action now (a click on one that has none still says why).
// The arrow keys step to the previous or next piece of the same board.
/**
 * @template {Element} E
 * @param {E} el @param {string} name @param {(event: Event) => void} onActivate
 * @param {string} [label] @param {boolean} [live]
 * @returns {E}
 */
export function hit(el, name, onActivate, label, live = true) {
  el.classList.add("hit");
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", live ? "0" : "-1");
  if (!live) el.setAttribute("aria-disabled", "true");
  el.setAttribute("data-hit", name);
  if (label) el.setAttribute("aria-label", label);
  el.addEventListener("click", (event) => {
    event.stopPropagation();
    onActivate(event);
  });
  el.addEventListener("keydown", (event) => {
    const { key } = /** @type {KeyboardEvent} */ (event);
    if (key === "Enter" || key === " ") {
      event.preventDefault();
      onActivate(event);
    } else if (key in ARROW_STEPS) {
      event.preventDefault();
      stepFocus(el, ARROW_STEPS[key]);
    }
  });
  return el;
}

/** @type {Record<string, number>} */
const ARROW_STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

// Focus the piece ``by`` places after ``el`` among its board's pieces (round the ends).
/** @param {Element} el @param {number} by */
function stepFocus(el, by) {
  const board = el.closest("svg") || el.parentElement;
  if (!board) return;
  const pieces = [...board.querySelectorAll(".hit[data-hit]")];
  const at = pieces.indexOf(el);
  const next = pieces[(at + by + pieces.length) % pieces.length];
  if (next && next !== el) /** @type {SVGElement} */ (next).focus();
}

// Draw ``root`` again (a board's own change: a selection, a rotation), the piece that had
// the focus keeping it: what the Tab order holds may change with the selection.
/** @param {Element} root @param {() => void} draw */
export function redrawKeepingFocus(root, draw) {
  const was = document.activeElement;
  const focused = was && was.getAttribute ? was.getAttribute("data-hit") : null;
  root.replaceChildren();
  draw();
  const el = focused ? root.querySelector(`[data-hit="${CSS.escape(focused)}"]`) : null;
  if (el) /** @type {HTMLElement | SVGElement} */ (el).focus();
}

// Legal entries whose structured fields satisfy a test: how a click becomes actions
// (the page never reads notation; it sends back the entry's own).
/** @param {BoardContext} ctx @param {(fields: Json) => boolean} test */
export function withFields(ctx, test) {
  return ctx.legal.filter((entry) => test(entry.fields));
}

// Act on a click: one matching action is played, several are offered, none is
// explained (the notation tried, when given, goes to the server for its reason).
/** @param {BoardContext} ctx @param {LegalEntry[]} candidates @param {string | null} tried @param {string} why */
export function resolve(ctx, candidates, tried, why) {
  if (candidates.length === 1) ctx.act(candidates[0].action);
  else if (candidates.length > 1) ctx.choose(candidates);
  else if (tried) ctx.act(tried);
  else ctx.say(why);
}
