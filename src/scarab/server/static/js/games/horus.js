// @ts-check
// The Adventurers: The Pyramid of Horus — the board drawn in SVG from the view.
//
// The static board (squares, rooms, walls, doors, blocks, sarcophagi, alcoves,
// entrances) is not in the view, so BOARD below carries it. Clicks become
// actions: a square beside you moves (or jumps) there, your own square
// searches, a sarcophagus opens/takes/reads, an alcove picks, the lock dice
// select a reroll, a card in your hand discards/bags/uses it, an ability badge
// uses the ability; end, accept, keep and swap are buttons.

import { fitPhrase, fitSize, hit, html, namedLine, redrawKeepingFocus, resolve, seatColour, seatInk, svg, textWidth, withFields, wrapText } from "../common.js";
import { t, phrased } from "../i18n.js";

// Words come from the message catalogues (horus.json): terms for cards, gods, dice,
// directions, areas and abilities, "horus.page.*" for the page's own sentences.
const term = (kind, key) => t(`horus.term.${kind}.${key}`);
const cardName = (name) => t(`horus.term.card.${name}`);
const cap = (str) => (str ? str[0].toUpperCase() + str.slice(1) : str);

// The static board (GET /api/games/horus/board): squares y * w + x inside the
// pyramid, then the entrances; neigh = the square across n/e/s/w, -1 for a wall.
// useBoard derives the drawing tables from it once.
let BOARD = null;
let W = 0;
let H = 0;
let INSIDE = 0;
let DIRS = [];
const STEP = [[0, -1], [1, 0], [0, 1], [-1, 0]]; // n, e, s, w on the drawing
let AREA = [];
let BLOCK_AT = [];
let XY = [];
let SQUARE_OF_BLOCK = {};
let ALCOVE_OF = {};
let ADV = {};
let CURES = {};
let WOUNDS = new Set();
let ABILITIES = [];
let BOARD_W = 0;
let BOARD_H = 0;

export function useBoard(board) {
  if (BOARD === board) return;
  BOARD = board;
  W = board.w;
  H = board.h;
  INSIDE = W * H;
  DIRS = board.dirs;
  CURES = board.cures;
  WOUNDS = new Set(board.wounds);
  ABILITIES = board.adventurers.map((ad) => ad.ability);
  AREA = [];
  BLOCK_AT = [];
  board.rows.forEach((row, y) => {
    row.trim().split(/\s+/).forEach((tok, x) => {
      AREA[y * W + x] = tok[0];
      BLOCK_AT[y * W + x] = Number(tok.slice(1) || 0);
    });
  });
  XY = [];
  for (let i = 0; i < INSIDE; i++) XY.push([i % W, Math.floor(i / W)]);
  for (const e of board.exits) {
    XY.push(e.at);
    AREA.push("e");
    BLOCK_AT.push(0);
  }
  SQUARE_OF_BLOCK = {};
  BLOCK_AT.forEach((blk, i) => { if (blk) SQUARE_OF_BLOCK[blk] = i; });
  ALCOVE_OF = Object.fromEntries(board.alcoves.map((al) => [al.god, al]));
  ADV = Object.fromEntries(board.adventurers.map((ad) => [ad.key, ad]));
  BOARD_W = MW * 2 + W * C;
  BOARD_H = MN + H * C + C + 34;
}

function squareName(i) {
  if (i >= INSIDE) return BOARD.exits[i - INSIDE].name;
  return `${XY[i][0]},${XY[i][1]}`;
}
function room(i) {
  return AREA[i] === "e" ? "outside" : BOARD.areas[AREA[i]].room;
}
function areaName(i) {
  return AREA[i] === "e" ? t("horus.page.entrance") : term("area", AREA[i]);
}
// The direction from square a to square b when they touch (wall or not), else null.
function dirBetween(a, b) {
  if (a < 0 || b < 0) return null;
  const dx = XY[b][0] - XY[a][0];
  const dy = XY[b][1] - XY[a][1];
  const k = STEP.findIndex(([sx, sy]) => sx === dx && sy === dy);
  return k < 0 ? null : DIRS[k];
}
function initials(name) {
  const parts = String(name).split(/\s+/);
  return parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : parts[0].slice(0, 2);
}

// ---- look -------------------------------------------------------------------
const C = 56; // one square
const MIN_PHONE_WIDTH = 600; // the narrow layout's least width in CSS px: squares of about 45 px
const MW = 104; // west/east margin: sarcophagi and alcoves
const MN = 84; // north margin
const BX = MW;
const BY = MN;
const FONT = "DejaVu Sans, Verdana, Arial, sans-serif";
const INK = "#2a1f17";
const PAPER = "#f4ecd8";
const AREA_FILL = { c: "#a8977a", s: "#e3c583", w: "#6aa6cf", r: "#8fae68" };
const GOD = {
  horus: "#7b4fa0",
  anubis: "#4a4a4a",
  thoth: "#2f7f7a",
  hededet: "#c0902c",
  sobek: "#2f6fa8",
};
const DIE = {
  yellow: ["#f2c230", "#3a2a00"],
  green: ["#3f9b4a", "#fff"],
  blue: ["#2f6fd0", "#fff"],
  black: ["#222", "#fff"],
  red: ["#cf3a32", "#fff"],
};
const GOLD = "#ffcf40";
// Where each area's name is written, in squares from the board's north-west corner.
const AREA_LABEL_AT = { w: [4.5, 3.5], s: [4.5, 1.5], r: [4.5, 7.5], c: [4.5, 0.5] };
const EQUIP = ["antidote", "medikit", "crowbar", "udjat", "bag"];
const BUTTON_VERBS = ["end", "accept", "keep", "swap"];
const BUTTON_WORDS = ["accept", "keep", "swap", "shoot", "dodge", "reflexes", "swim"];
const PENDING_PROMPTS = {
  touch: () => t("horus.page.prompt.touch"),
  "block card": () => t("horus.page.prompt.block_card"),
  jump: () => t("horus.page.prompt.jump"),
  overflow: () => t("horus.page.prompt.overflow", { limit: BOARD.cardLimit }),
};

function text(x, y, str, attrs = {}) {
  return svg("text", { x, y, "font-family": FONT, "font-size": 12, fill: INK, ...attrs }, String(str));
}
// A line naming a seat in ``space`` (namedLine), in this board's lettering.
function named(x, y, say, name, space, attrs) {
  return namedLine(text, x, y, say, name, space, attrs);
}
function title(str) {
  return svg("title", {}, str);
}
function wrap(str, max) {
  const out = [];
  let line = "";
  for (const word of String(str).split(/\s+/)) {
    if (line && (line + " " + word).length > max) {
      out.push(line);
      line = word;
    } else line = line ? line + " " + word : word;
  }
  if (line) out.push(line);
  return out;
}
function pulse(el) {
  el.append(svg("animate", { attributeName: "stroke-opacity", values: "1;0.35;1", dur: "1.6s", repeatCount: "indefinite" }));
  return el;
}

const PIPS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};
function drawDie(x, y, s, value, colour, opts = {}) {
  const [fill, pip] = DIE[colour] || ["#fbf7ee", INK];
  const g = svg("g", { transform: `translate(${x},${y})` });
  if (opts.selected) g.append(svg("rect", { x: -4, y: -4, width: s + 8, height: s + 8, rx: 8, fill: "none", stroke: GOLD, "stroke-width": 3 }));
  g.append(svg("rect", { width: s, height: s, rx: s * 0.18, fill, stroke: opts.good ? "#1b7f2a" : INK, "stroke-width": opts.good ? 3 : 1.2 }));
  const r = s * 0.09;
  for (const [px, py] of PIPS[value] || []) {
    g.append(svg("circle", { cx: s / 2 + px * s * 0.27, cy: s / 2 + py * s * 0.27, r, fill: pip }));
  }
  if (opts.cursed) {
    g.append(svg("line", { x1: 2, y1: 2, x2: s - 2, y2: s - 2, stroke: "#b00", "stroke-width": 3 }));
    g.setAttribute("opacity", "0.55");
  }
  if (opts.dim) g.setAttribute("opacity", "0.5");
  const colourWord = colour in DIE ? `@horus.term.die.${colour}` : "@horus.page.die_mummy";
  g.append(title(t(opts.cursed ? "horus.page.die_title.cursed" : "horus.page.die_title", { colour: colourWord, value })));
  return g;
}

// A card chip: name and value, coloured by kind.
function cardLook(name) {
  const top = (key) => t(`horus.page.card_top.${key}`);
  if (WOUNDS.has(name)) return { fill: "#f6d5d0", stroke: "#b03a2e", ink: "#8b1e13", top: top("wound"), main: cardName(name) };
  if (name.endsWith("-idol")) {
    const god = name.slice(0, -5);
    return { fill: "#f7df8a", stroke: "#a87b00", ink: INK, top: top("idol"), main: term("god", god) };
  }
  if (EQUIP.includes(name)) return { fill: "#d7eef0", stroke: "#2f7f7a", ink: "#174845", top: top("equipment"), main: t(`horus.page.equip.${name}`) };
  if (name === "necklace") return { fill: "#f3e3c3", stroke: "#9b7a3a", ink: INK, top: top("necklace"), main: "2" };
  if (name === "chest") return { fill: "#e8d2b0", stroke: "#7a5230", ink: INK, top: top("chest"), main: t("horus.page.card_die") };
  const m = /^([a-z]+)(\d+)$/.exec(name);
  if (m) return { fill: "#fff6dc", stroke: GOD[m[1]] || INK, ink: GOD[m[1]] || INK, top: term("god", m[1]), main: m[2], big: true };
  return { fill: "#eee", stroke: INK, ink: INK, top: "", main: name };
}
function drawCard(x, y, w, h, name, opts = {}) {
  const look = cardLook(name);
  const g = svg("g", { transform: `translate(${x},${y})` });
  g.append(svg("rect", { width: w, height: h, rx: 5, fill: look.fill, stroke: look.stroke, "stroke-width": 1.5 }));
  const fs = h * 0.26;
  g.append(text(w / 2, fs + 2, look.top, { "font-size": Math.max(fs * 0.85, 7), "text-anchor": "middle", fill: look.ink, opacity: 0.8 }));
  const big = look.big || look.main.length <= 3;
  g.append(
    text(w / 2, h - h * 0.18, look.main, {
      "font-size": big ? h * 0.42 : Math.min(h * 0.3, (w * 1.6) / Math.max(4, look.main.length)),
      "font-weight": "bold",
      "text-anchor": "middle",
      fill: look.ink,
    }),
  );
  if (opts.count > 1) {
    g.append(svg("circle", { cx: w - 3, cy: 3, r: h * 0.2, fill: INK }));
    g.append(text(w - 3, 3 + h * 0.08, `×${opts.count}`, { "font-size": h * 0.2, fill: "#fff", "text-anchor": "middle", "font-weight": "bold" }));
  }
  if (opts.legal) g.append(pulse(svg("rect", { x: -3, y: -3, width: w + 6, height: h + 6, rx: 7, fill: "none", stroke: GOLD, "stroke-width": 3 })));
  g.append(title(cardName(name)));
  return g;
}

// ---- the module ---------------------------------------------------------------
export function render(root, ctx) {
  // The scene being drawn: what the drawing functions below read (getters, so each
  // reads a value once it is set).
  const S = {
    get root() { return root; },
    get ctx() { return ctx; },
    get view() { return view; },
    get memo() { return memo; },
    get seat() { return seat; },
    get me() { return me; },
    get myQ() { return myQ; },
    get verbs() { return verbs; },
    get acts() { return acts; },
    get canAct() { return canAct; },
    get seatName() { return seatName; },
    get stepTo() { return stepTo; },
    get searchHere() { return searchHere; },
    get sarcActs() { return sarcActs; },
    get cardActs() { return cardActs; },
    get abilityActs() { return abilityActs; },
    get choices() { return choices; },
    get deckOfHere() { return deckOfHere; },
    get wide() { return wide; },
    get PW() { return PW; },
    get k() { return k; },
  };
  useBoard(ctx.board);
  const view = ctx.view || {};
  const memo = ctx.memo || {};
  const legal = ctx.legal || [];
  const seat = ctx.seat === null || ctx.seat === undefined ? null : ctx.seat;
  const me = seat !== null && view.seats ? view.seats[seat] : null;
  const myQ = me && me.square >= 0 ? me.square : -1;
  const names = ctx.names || [];
  const verbs = new Set(legal.map((e) => e.fields.verb));
  const acts = (test) => withFields(ctx, test);
  const canAct = legal.length > 0;
  const seatName = (p) => (view.seats && view.seats[p] && view.seats[p].name) || names[p] || t("horus.page.seat", { number: p + 1 });

  // reroll selection survives re-renders of the same lock only
  const lockKey = view.lock ? JSON.stringify(view.lock) : "";
  if (memo.horusLockKey !== lockKey) {
    memo.horusLockKey = lockKey;
    memo.horusReroll = [];
  }
  if (view.stage !== "setup") memo.horusAdv = null;

  // -- what each board element would do ---------------------------------------
  const stepTo = (q) => acts((f) => (f.verb === "move" || f.verb === "jump") && f.to === q);
  const searchHere = () => acts((f) => f.verb === "search");
  const sarcActs = (i) => acts((f) => f.sarcophagus === i);
  const cardActs = (name) =>
    acts((f) => f.card === name || (f.verb === name && (name === "udjat" || name === "crowbar"))
      || (f.verb in CURES && (f.verb === name || f.wound === name)));
  const abilityActs = (ab) => acts((f) => f.verb === ab);
  const choices = (adv, q) => acts((f) => f.verb === "choose" && (q === null || f.entrance === q) && (!adv || f.adventurer === adv));
  const deckOfHere = myQ >= 0 && myQ < INSIDE ? BOARD.areas[AREA[myQ]].deck : null;


  // -- layout -------------------------------------------------------------------
  const width = root.clientWidth || (typeof window !== "undefined" ? window.innerWidth : 1200) || 1200;
  const wide = width >= 820;
  // A phone's panel is laid out at the screen's own width, a unit to a pixel.
  const PW = wide ? 400 : Math.max(300, width - 24); // panel width
  const k = wide ? 1 : 1.1; // panel font scale
  const PX = wide ? BOARD_W + 12 : 8;
  const PY = 8;

  const boardG = svg("g", {});
  const panelG = svg("g", { transform: `translate(${PX},${PY})` });
  drawBoard(S, boardG);
  const panelH = drawPanel(S, panelG);
  const totalW = PX + PW + 8; // the wide layout's
  const totalH = Math.max(BOARD_H, PY + panelH + 8);

  // -- HTML controls: prompt and the actions with no place on the board -----------
  const controls = html("div", { style: "display:flex;flex-wrap:wrap;align-items:center;gap:6px;margin:0 0 6px 0;font-family:" + FONT + ";font-size:14px" });
  controls.append(html("span", { style: "flex:1 1 240px" }, promptLine(S)));
  if (canAct) {
    const pendingAbilities = view.pending ? ABILITIES : [];
    for (const entry of legal) {
      const verb = entry.fields.verb;
      if (!BUTTON_VERBS.includes(verb) && !pendingAbilities.includes(verb)) continue;
      const label = verb === "end" ? t(view.stage === "adjust" ? "horus.page.button.done" : "horus.page.button.end") : BUTTON_WORDS.includes(verb) ? t(`horus.page.button.${verb}`) : cap(verb);
      const b = html(
        "button",
        { type: "button", "data-hit": `action-${verb}`, title: phrased(entry, ctx.names || []), style: "padding:4px 12px;font-size:14px;cursor:pointer" },
        label,
      );
      b.addEventListener("click", () => ctx.act(entry.action));
      controls.append(b);
    }
  }
  root.append(controls);

  const frame = (/** @type {number} */ w, /** @type {number} */ h, /** @type {string} */ fit, /** @type {any[]} */ parts) => svg(
    "svg",
    {
      viewBox: `0 0 ${w} ${h}`,
      width: "100%",
      preserveAspectRatio: "xMidYMin meet",
      style: `display:block;${fit};height:auto;background:${PAPER};border-radius:8px`,
      role: "group",
      "aria-label": t("horus.page.board_label"),
    },
    ...parts,
  );
  if (wide) {
    root.append(frame(totalW, totalH, "max-width:100%", [boardG, panelG]));
    return;
  }
  // On a phone the board keeps squares big enough to tap (about 44 px) and scrolls
  // sideways in its own box; the panel below fits the screen's width, unscrolled.
  panelG.setAttribute("transform", `translate(${PX},4)`);
  const scroller = html("div", { class: "board-scroll", style: "overflow-x:auto" },
    frame(BOARD_W, BOARD_H, `min-width:${MIN_PHONE_WIDTH}px`, [boardG]));
  root.append(scroller, frame(PW + 16, panelH + 12, "max-width:100%;margin-top:4px", [panelG]));
  keepInView(S, scroller);
}

// The phone's board box, drawn anew at each update, stays where its reader scrolled it;
// it brings their pawn into view when first drawn, and their pawn and the squares they
// may click when these change on their turn (the turn comes, a move gives new ones),
// unless all are in view already.
function keepInView(S, box) {
  const { canAct, memo, myQ } = S;
  const was = typeof memo.horusScroll === "number" ? memo.horusScroll : null;
  box.scrollLeft = was ?? 0;
  const mine = myQ >= 0 ? box.querySelector(`[data-spot="square-${squareName(myQ)}"]`) : null;
  const live = [...box.querySelectorAll('[data-hit][tabindex="0"]')];
  const key = canAct ? `${myQ} ${live.map((el) => el.getAttribute("data-hit")).join(" ")}` : "";
  if ((was === null && mine) || (key && key !== memo.horusFocus)) bringIntoView(box, mine ? [mine, ...live] : live);
  memo.horusFocus = key;
  memo.horusScroll = box.scrollLeft;
  box.addEventListener("scroll", () => { memo.horusScroll = box.scrollLeft; });
}

// Scroll ``box`` sideways so the elements (the first first) are in view: centred
// together when they fit, else centred on the first; not at all when all are seen.
function bringIntoView(box, els) {
  if (!els.length) return;
  const frame = box.getBoundingClientRect();
  const at = els.map((el) => {
    const r = el.getBoundingClientRect();
    return [r.left - frame.left + box.scrollLeft, r.right - frame.left + box.scrollLeft];
  });
  const left = Math.min(...at.map((r) => r[0]));
  const right = Math.max(...at.map((r) => r[1]));
  const seen = box.clientWidth;
  if (left >= box.scrollLeft && right <= box.scrollLeft + seen) return;
  const [from, to] = right - left <= seen ? [left, right] : at[0];
  box.scrollLeft = Math.max(0, (from + to - seen) / 2);
}

function rerender(S) {
  const { ctx, root } = S;
  redrawKeepingFocus(root, () => render(root, ctx));
}

function alcoveActs(S, god) {
  const { acts, myQ, view } = S;
  if (!ALCOVE_OF[god].sq.includes(myQ)) return [];
  const lockHere = view.lock && view.lock.alcove === god;
  return acts((f) => f.verb === "pick" || (lockHere && (f.verb === "crowbar" || f.verb === "lockpick")));
}

function onSquare(S, q) {
  const { canAct, ctx, me, myQ, searchHere, stepTo, view } = S;
  if (!canAct) return;
  if (view.stage === "setup") {
    if (q >= INSIDE) return onEntrance(S, q);
    return ctx.say(t("horus.page.say.pick_first"));
  }
  if (q === myQ) {
    const why = t(myQ < INSIDE ? "horus.page.say.no_search_here" : "horus.page.say.wait_outside");
    return resolve(ctx, searchHere(), null, why);
  }
  const why = t(dirBetween(myQ, q) ? "horus.page.say.blocked" : "horus.page.say.one_square");
  const steps = stepTo(q);
  if (q >= INSIDE && myQ < INSIDE && steps.length === 1 && steps[0].fields.verb === "move") {
    return ctx.confirm(steps[0], t("horus.page.confirm_leave", { n: me.carrying }));
  }
  resolve(ctx, steps, null, why);
}

function onEntrance(S, q) {
  const { choices, ctx, memo } = S;
  const adv = memo.horusAdv;
  resolve(ctx, choices(adv, q), null, adv ? t("horus.page.say.cannot_start", { adventurer: ADV[adv].name, entrance: squareName(q) }) : t("horus.page.say.choose_first"));
}

function onAdventurer(S, key) {
  const { canAct, choices, ctx, memo } = S;
  if (!canAct) return;
  memo.horusAdv = memo.horusAdv === key ? null : key;
  if (!choices(key, null).length) {
    memo.horusAdv = null;
    return ctx.say(t("horus.page.say.taken", { adventurer: ADV[key].name }));
  }
  rerender(S);
}

function onSarc(S, i) {
  const { canAct, ctx, myQ, sarcActs, view } = S;
  if (!canAct) return;
  const s = view.sarcophagi[i];
  if (s.square !== myQ) return ctx.say(t("horus.page.say.stand_sarcophagus", { square: squareName(s.square) }));
  resolve(ctx, sarcActs(i), null, t(s.state === "open" ? "horus.page.say.cannot_take" : "horus.page.say.cannot_open"));
}

function onAlcove(S, god) {
  const { canAct, ctx, myQ } = S;
  if (!canAct) return;
  const sqs = ALCOVE_OF[god].sq;
  const where = sqs.map(squareName).join(` ${t("horus.page.or")} `);
  if (!sqs.includes(myQ)) return ctx.say(t("horus.page.say.stand_alcove", { squares: where, god: `@horus.term.god.${god}` }));
  resolve(ctx, alcoveActs(S, god), null, t("horus.page.say.cannot_pick", { god: `@horus.term.god.${god}` }));
}

function onDeck(S, deck) {
  const { canAct, ctx, deckOfHere, searchHere } = S;
  if (!canAct) return;
  if (deckOfHere === deck) return resolve(ctx, searchHere(), null, t("horus.page.say.cannot_search"));
  const area = Object.keys(BOARD.areas).find((a) => BOARD.areas[a].deck === deck);
  ctx.say(t("horus.page.say.deck_area", { deck: `@horus.term.deck.${deck}`, area: area ? `@horus.term.area.${area}` : "@horus.page.its_area" }));
}

function onCard(S, name) {
  const { canAct, cardActs, ctx } = S;
  if (!canAct) return;
  const cands = cardActs(name);
  if (WOUNDS.has(name)) return resolve(ctx, cands, null, t("horus.page.say.wound_cure", { wound: `@horus.term.card.${name}` }));
  resolve(ctx, cands, null, t("horus.page.say.no_use", { card: `@horus.term.card.${name}` }));
}

function onAbility(S, ab) {
  const { abilityActs, canAct, ctx } = S;
  if (!canAct) return;
  resolve(ctx, abilityActs(ab), null, cap(t("horus.page.say.ability_not_now", { ability: `@horus.term.ability.${ab}` })));
}

function onDie(S, n) {
  const { canAct, ctx, memo, verbs } = S;
  if (!canAct) return;
  if (!verbs.has("reroll")) return ctx.say(t("horus.page.say.reroll_when"));
  const sel = new Set(memo.horusReroll);
  if (sel.has(n)) sel.delete(n);
  else sel.add(n);
  memo.horusReroll = [...sel].sort();
  rerender(S);
}

function onReroll(S) {
  const { acts, canAct, ctx, memo } = S;
  if (!canAct) return;
  if (!memo.horusReroll.length) return ctx.say(t("horus.page.say.pick_dice"));
  const want = memo.horusReroll.map((n) => n - 1).join(",");
  resolve(ctx, acts((f) => f.verb === "reroll" && f.dice.join(",") === want), null, t("horus.page.say.cannot_reroll"));
}

// ============================================================================
function promptLine(S) {
  const { canAct, me, seat, seatName, view } = S;
  const p = view.pending;
  if (view.stage === "over") {
    const out = (view.seats || []).filter((s) => s.status === "escaped").map((s) => s.name);
    return out.length ? t("horus.page.prompt.over", { names: out.join(", ") }) : t("horus.page.prompt.over_none");
  }
  if (!canAct) {
    const who = view.to_move;
    if (p && p.seat !== null && p.seat !== undefined) return t("horus.page.prompt.waiting", { who: seatName(p.seat), what: `@horus.term.pending.${p.kind.replace(" ", "_")}` });
    return who === null || who === undefined ? "" : t("horus.page.prompt.waiting", { who: seatName(who), what: `@horus.term.stage.${view.stage}` });
  }
  if (p && p.seat === seat) {
    if (p.kind === "danger") return t("horus.page.prompt.danger", { card: `@horus.term.card.${p.card}` });
    if (p.kind === "foresee") {
      if (p.block in SQUARE_OF_BLOCK) return t("horus.page.prompt.foresee_where", { block: p.block, square: squareName(SQUARE_OF_BLOCK[p.block]) });
      return t("horus.page.prompt.foresee", { block: p.block });
    }
    const prompt = PENDING_PROMPTS[p.kind];
    return prompt ? prompt() : t("horus.page.prompt.decide");
  }
  if (view.stage === "setup") return t("horus.page.prompt.setup");
  if (view.stage === "adjust") return t("horus.page.prompt.adjust", { wll: me ? me.wll : "?" });
  return t("horus.page.prompt.actions", { n: view.actions_left });
}

// ---- the board ---------------------------------------------------------------
function sqX(S, i) {
  return BX + XY[i][0] * C;
}

function sqY(S, i) {
  return BY + XY[i][1] * C;
}

function drawBoard(S, g) {
  const { view } = S;
  const fallen = new Set((view.blocks || []).map((b) => SQUARE_OF_BLOCK[b]));
  // the stone around the pyramid
  g.append(svg("rect", { x: BX - 10, y: BY - 10, width: W * C + 20, height: H * C + 20, rx: 6, fill: "#4a3a2c" }));
  // squares
  for (let i = 0; i < INSIDE; i++) {
    const x = sqX(S, i);
    const y = sqY(S, i);
    g.append(svg("rect", { x, y, width: C, height: C, fill: AREA_FILL[AREA[i]] }));
    if (BLOCK_AT[i] && !fallen.has(i)) {
      g.append(svg("rect", { x: x + 3, y: y + 3, width: 15, height: 12, rx: 2, fill: "#000", "fill-opacity": 0.12 }));
      g.append(text(x + 10.5, y + 12.5, BLOCK_AT[i], { "font-size": 9, "text-anchor": "middle", fill: INK, opacity: 0.7 }));
    }
  }
  // faint area names
  for (const [area, [cx, cy]] of Object.entries(AREA_LABEL_AT)) {
    const light = area === "w";
    g.append(text(BX + cx * C, BY + cy * C + 4, term("area", area), { "font-size": area === "c" ? 12 : 13, "text-anchor": "middle",
      fill: light ? "#fff" : INK, opacity: light ? 0.45 : 0.35, "font-style": "italic" }));
  }
  // fallen blocks
  for (const i of fallen) {
    if (i === undefined) continue;
    const x = sqX(S, i);
    const y = sqY(S, i);
    g.append(svg("rect", { x: x + 2, y: y + 2, width: C - 4, height: C - 4, rx: 3, fill: "#77716a", stroke: "#3d3833", "stroke-width": 2 }));
    g.append(svg("path", { d: `M${x + 5} ${y + C - 5} L${x + 5} ${y + 5} L${x + C - 5} ${y + 5}`, fill: "none", stroke: "#a9a39a", "stroke-width": 2 }));
    g.append(text(x + C / 2, y + C / 2 + 6, BLOCK_AT[i], { "font-size": 17, "font-weight": "bold", "text-anchor": "middle", fill: "#eee" }));
  }
  drawRulers(S, g); // over the fallen blocks, which would hide an edge's number
  // edges: thin inside a room, walls thick, doors a gap between jambs
  const thin = svg("g", { stroke: INK, "stroke-opacity": 0.22, "stroke-width": 1, "stroke-dasharray": "3 3" });
  const walls = svg("g", { stroke: INK, "stroke-width": 5, "stroke-linecap": "round" });
  g.append(thin, walls);
  /** @type {(a: number, d: number) => number[]} */
  const edge = (a, d) => {
    // the side d of square a, from corner to corner
    const x = sqX(S, a);
    const y = sqY(S, a);
    return [
      [x, y, x + C, y],
      [x + C, y, x + C, y + C],
      [x, y + C, x + C, y + C],
      [x, y, x, y + C],
    ][d];
  };
  /** @type {(grp: Element, seg: number[], extra?: object) => void} */
  const line = (grp, [x1, y1, x2, y2], extra = {}) => grp.append(svg("line", { x1, y1, x2, y2, ...extra }));
  /** @param {number[]} seg */
  const door = ([x1, y1, x2, y2]) => {
    // jambs at both ends, a gap in the middle
    const gx = (x2 - x1) * 0.28;
    const gy = (y2 - y1) * 0.28;
    line(walls, [x1, y1, x1 + gx, y1 + gy]);
    line(walls, [x2 - gx, y2 - gy, x2, y2]);
  };
  for (let i = 0; i < INSIDE; i++) {
    const [x, y] = XY[i];
    for (const d of [1, 2]) {
      const nx = x + STEP[d][0];
      const ny = y + STEP[d][1];
      const seg = edge(i, d);
      if (nx >= W || ny >= H) {
        if (BOARD.neigh[i][d] >= 0) door(seg);
        else line(walls, seg);
        continue;
      }
      const j = ny * W + nx;
      if (BOARD.neigh[i][d] < 0) line(walls, seg);
      else if (room(i) !== room(j)) door(seg);
      else if (AREA[i] !== AREA[j]) line(thin, seg, { "stroke-dasharray": null, "stroke-opacity": 0.35 });
      else line(thin, seg);
    }
    if (x === 0) line(walls, edge(i, 3));
    if (y === 0) line(walls, edge(i, 0));
  }
  drawFurniture(S, g);
  drawEntrances(S, g);
  drawOccupants(S, g);
  drawTargets(S, g);
  drawLegend(S, g);
}

// The squares' coordinates, as the log and the notation name them ("1,7": column 1,
// row 7), at the board's edges as a chessboard has them: each column's number in its
// bottom square, each row's in its left one.
function drawRulers(S, g) {
  const look = { "font-size": 12, "font-weight": "bold", fill: INK, opacity: 0.5, class: "ruler" };
  for (let x = 0; x < W; x++) {
    const i = (H - 1) * W + x;
    g.append(text(sqX(S, i) + C - 3, sqY(S, i) + C - 3, x, { ...look, "text-anchor": "end" }));
  }
  for (let y = 0; y < H; y++) {
    const i = y * W;
    g.append(text(sqX(S, i) + 3, sqY(S, i) + C - 3, y, look));
  }
}

function drawFurniture(S, g) {
  const { canAct, sarcActs, view } = S;
  // sarcophagi: on the outer side of the square they are used from
  (view.sarcophagi || []).forEach((s, i) => {
    const [x, y] = XY[s.square];
    let cx;
    let cy;
    const w = 34;
    const h = 48;
    if (y === 0) {
      cx = sqX(S, s.square) + C / 2;
      cy = BY - 14 - h / 2;
    } else {
      cx = x === 0 ? BX - 14 - w / 2 : BX + W * C + 14 + w / 2;
      cy = sqY(S, s.square) + C / 2;
    }
    const grp = svg("g", { transform: `translate(${cx},${cy})` });
    const shape = `M${-w * 0.35} ${-h / 2} L${w * 0.35} ${-h / 2} L${w / 2} ${-h * 0.2} L${w * 0.38} ${h / 2} L${-w * 0.38} ${h / 2} L${-w / 2} ${-h * 0.2} Z`;
    const god = GOD[s.god] || INK;
    if (s.state === "empty") {
      grp.append(svg("path", { d: shape, fill: "none", stroke: god, "stroke-width": 1.5, "stroke-dasharray": "3 2" }));
    } else if (s.state === "open") {
      grp.append(svg("path", { d: shape, fill: "#f1c74e", stroke: god, "stroke-width": 2.5 }));
      const v = String(s.card || "").replace(/^[a-z]+/, "");
      grp.append(text(0, 8, v, { "font-size": 20, "font-weight": "bold", "text-anchor": "middle", fill: INK }));
    } else {
      grp.append(svg("path", { d: shape, fill: god, stroke: "#d9b24a", "stroke-width": 2 }));
      grp.append(svg("ellipse", { cx: 0, cy: -h * 0.22, rx: 6, ry: 7, fill: "#d9b24a", opacity: 0.8 }));
      if (s.read) {
        const v = String(s.read).replace(/^[a-z]+/, "");
        grp.append(svg("circle", { cx: 0, cy: 10, r: 10, fill: "#f3d1f3", stroke: "#a02aa0" }));
        grp.append(text(0, 15, v, { "font-size": 14, "font-weight": "bold", "text-anchor": "middle", fill: "#7a107a" }));
      } else grp.append(text(0, 16, "?", { "font-size": 16, "font-weight": "bold", "text-anchor": "middle", fill: "#f4e3b0" }));
    }
    const acts = canAct ? sarcActs(i) : [];
    if (acts.length) grp.append(pulse(svg("path", { d: shape, transform: "scale(1.22)", fill: "none", stroke: GOLD, "stroke-width": 3 })));
    const label = sarcophagusLabel(s);
    grp.append(title(label));
    if (canAct) {
      grp.insertBefore(svg("rect", { x: -w / 2 - 3, y: -h / 2 - 3, width: w + 6, height: h + 6, fill: "transparent" }), grp.firstChild);
      hit(grp, `sarcophagus-${i}`, () => onSarc(S, i), label, acts.length > 0);
    }
    g.append(grp);
  });
  // god names along the sarcophagus rows
  g.append(text(BX - 88, BY + 3 * C, term("god", "anubis").toUpperCase(), { "font-size": 11, "letter-spacing": 3, "text-anchor": "middle", fill: GOD.anubis, transform: `rotate(-90 ${BX - 88} ${BY + 3 * C})`, "font-weight": "bold" }));
  g.append(text(BX + W * C + 88, BY + 3 * C, term("god", "thoth").toUpperCase(), { "font-size": 11, "letter-spacing": 3, "text-anchor": "middle", fill: GOD.thoth, transform: `rotate(90 ${BX + W * C + 88} ${BY + 3 * C})`, "font-weight": "bold" }));
  g.append(text(BX + 1.5 * C, BY - 70, term("god", "horus").toUpperCase(), { "font-size": 10, "letter-spacing": 2, "text-anchor": "middle", fill: GOD.horus, "font-weight": "bold" }));
  g.append(text(BX + 6.5 * C, BY - 70, term("god", "horus").toUpperCase(), { "font-size": 10, "letter-spacing": 2, "text-anchor": "middle", fill: GOD.horus, "font-weight": "bold" }));
  // alcoves with their idols
  for (const a of BOARD.alcoves) {
    const xs = a.sq.map((q) => XY[q][0]);
    const y0 = XY[a.sq[0]][1];
    let cx;
    let cy;
    const w = a.sq.length > 1 ? 64 : 44;
    const h = 52;
    if (y0 === 0) {
      cx = BX + ((Math.min(...xs) + Math.max(...xs) + 1) / 2) * C;
      cy = BY - 12 - h / 2;
    } else {
      cx = xs[0] === 0 ? BX - 62 - w / 2 + 14 : BX + W * C + 62 + w / 2 - 14;
      cy = BY + y0 * C + C / 2;
    }
    const grp = svg("g", { transform: `translate(${cx},${cy})` });
    const idol = BOARD.idols[a.god];
    const present = view.idols ? view.idols[a.god] : true;
    const arch = `M${-w / 2} ${h / 2} L${-w / 2} ${-h / 2 + w / 2} A${w / 2} ${w / 2} 0 0 1 ${w / 2} ${-h / 2 + w / 2} L${w / 2} ${h / 2} Z`;
    grp.append(svg("path", { d: arch, fill: "#3b2a1c", stroke: GOD[a.god], "stroke-width": 3 }));
    if (present) {
      grp.append(svg("path", { d: "M0 -20 L11 -6 L0 8 L-11 -6 Z", fill: "#f1c74e", stroke: "#8a6500", "stroke-width": 1.5 }));
      grp.append(text(0, -2, idol.value, { "font-size": 10, "font-weight": "bold", "text-anchor": "middle", fill: INK }));
    } else grp.append(svg("path", { d: "M0 -20 L11 -6 L0 8 L-11 -6 Z", fill: "none", stroke: "#8a6500", "stroke-dasharray": "2 2" }));
    grp.append(text(0, 19, idol.faces.join(""), { "font-size": 10, "text-anchor": "middle", fill: "#f4e3b0", "font-family": "DejaVu Sans Mono, monospace" }));
    const [df] = DIE[idol.curse] || ["#888"];
    grp.append(svg("rect", { x: w / 2 - 9, y: h / 2 - 9, width: 8, height: 8, rx: 1.5, fill: df, stroke: "#fff", "stroke-width": 0.8 }));
    const acts = canAct ? alcoveActs(S, a.god) : [];
    if (acts.length) grp.append(pulse(svg("path", { d: arch, transform: "scale(1.15)", fill: "none", stroke: GOLD, "stroke-width": 3 })));
    const label = t(present ? "horus.page.alcove" : "horus.page.alcove.taken", { god: `@horus.term.god.${a.god}`, squares: a.sq.map(squareName).join(", "), value: idol.value, faces: idol.faces.join(" "), colour: `@horus.term.die.${idol.curse}` });
    grp.append(title(label));
    if (canAct) hit(grp, `alcove-${a.god}`, () => onAlcove(S, a.god), label, acts.length > 0);
    g.append(grp);
  }
}

// A sarcophagus as words: its god, square and state, its card, what you read in it.
function sarcophagusLabel(s) {
  let label = t("horus.page.sarcophagus", { god: `@horus.term.god.${s.god}`, square: squareName(s.square), state: `@horus.term.sarcophagus.${s.state}` });
  if (s.card) label += " " + cardName(s.card);
  if (s.read) label += " " + t("horus.page.you_read", { card: `@horus.term.card.${s.read}` });
  return label;
}

function drawEntrances(S, g) {
  const { canAct, choices, memo, stepTo, view } = S;
  for (const e of BOARD.exits) {
    const q = INSIDE + BOARD.exits.indexOf(e);
    const x = sqX(S, q);
    const y = sqY(S, q) + 10;
    const grp = svg("g", { "data-spot": `square-${e.name}` });
    grp.append(svg("path", { d: `M${x + 4} ${y + C - 10} L${x + 10} ${y - 2} L${x + C - 10} ${y - 2} L${x + C - 4} ${y + C - 10} Z`, fill: "#d8c49a", stroke: INK, "stroke-width": 1.5 }));
    for (let s = 1; s < 4; s++) grp.append(svg("line", { x1: x + 8, y1: y + s * 11, x2: x + C - 8, y2: y + s * 11, stroke: INK, "stroke-opacity": 0.25 }));
    grp.append(text(x - 6, y + C / 2 - 4, e.name, { "font-size": 14, "font-weight": "bold", "text-anchor": "end", fill: INK }));
    grp.append(text(x - 6, y + C / 2 + 9, t("horus.page.entrance"), { "font-size": 9, "text-anchor": "end", fill: INK, opacity: 0.7 }));
    const label = t("horus.page.entrance_label", { name: e.name });
    grp.append(title(label));
    const dest = canAct ? stepTo(q) : [];
    if (dest.length) {
      grp.append(pulse(svg("rect", { x: x + 1, y: y - 5, width: C - 2, height: C - 2, rx: 6, fill: GOLD, "fill-opacity": 0.25, stroke: GOLD, "stroke-width": 3 })));
      grp.append(text(x + C / 2, y + C + 2, t("horus.page.escape_mark"), { "font-size": 10, "font-weight": "bold", "text-anchor": "middle", fill: INK }));
    }
    const setupHere = canAct && view.stage === "setup" && choices(memo.horusAdv, q).length;
    if (setupHere) grp.append(pulse(svg("rect", { x: x + 1, y: y - 5, width: C - 2, height: C - 2, rx: 6, fill: GOLD, "fill-opacity": 0.2, stroke: GOLD, "stroke-width": 3 })));
    if (canAct) hit(grp, `square-${e.name}`, () => onSquare(S, q), label, dest.length > 0 || Boolean(setupHere));
    g.append(grp);
  }
}

function tokenSpots(S, n) {
  const d = C * 0.23;
  if (n === 1) return [[0, 0, C * 0.3]];
  if (n === 2) return [[-d, 0, C * 0.21], [d, 0, C * 0.21]];
  if (n <= 4) return [[-d, -d, C * 0.19], [d, -d, C * 0.19], [-d, d, C * 0.19], [d, d, C * 0.19]].slice(0, n);
  const out = [];
  for (let i = 0; i < n; i++) out.push([((i % 3) - 1) * C * 0.3, (Math.floor(i / 3) - 0.5) * C * 0.36, C * 0.14]);
  return out;
}

function wedge(S, r, dir, fill) {
  const k = DIRS.indexOf(dir);
  if (k < 0) return null;
  const ang = [-90, 0, 90, 180][k];
  return svg("path", { d: `M${r + 7} 0 L${r - 1} ${-r * 0.55} L${r - 1} ${r * 0.55} Z`, fill, stroke: "#fff", "stroke-width": 1, transform: `rotate(${ang})` });
}

function mummyToken(S, r, facing, ring, label) {
  const g = svg("g", {});
  const w = wedge(S, r, facing, "#8b1e13");
  if (w) g.append(w);
  g.append(svg("circle", { r, fill: "#efe6cf", stroke: ring || "#5a4a35", "stroke-width": ring ? 4 : 2 }));
  for (const dy of [-0.45, 0.1, 0.55]) {
    g.append(svg("line", { x1: -r * 0.8, y1: r * dy, x2: r * 0.8, y2: r * (dy - 0.25), stroke: "#8c7b5c", "stroke-width": 1.4 }));
  }
  g.append(svg("circle", { cx: -r * 0.32, cy: -r * 0.12, r: r * 0.12, fill: "#8b1e13" }));
  g.append(svg("circle", { cx: r * 0.32, cy: -r * 0.12, r: r * 0.12, fill: "#8b1e13" }));
  g.append(title(label));
  return g;
}

function advToken(S, p, s, r) {
  const { seat, seatName, view } = S;
  const g = svg("g", {});
  const colour = seatColour(p);
  if (s.status === "sealed") g.setAttribute("opacity", "0.5");
  if (p === view.to_move && view.stage === "actions") g.append(pulse(svg("circle", { r: r + 5, fill: "none", stroke: GOLD, "stroke-width": 3 })));
  const w = s.status === "inside" || s.status === "sealed" ? wedge(S, r, s.facing, colour) : null;
  if (w) g.append(w);
  g.append(svg("circle", { r, fill: colour, stroke: p === seat ? INK : "#fff", "stroke-width": p === seat ? 3 : 2 }));
  const ini = initials(s.adventurer_name || s.name);
  g.append(text(0, r * 0.36, ini, { "font-size": r * (ini.length > 1 ? 0.95 : 1.2), "font-weight": "bold", "text-anchor": "middle", fill: "#fff" }));
  if (s.status === "sealed") g.append(text(0, r * 0.4, "✗", { "font-size": r * 1.6, "text-anchor": "middle", fill: INK }));
  if (s.status === "escaped") {
    g.append(svg("circle", { cx: r * 0.8, cy: -r * 0.8, r: r * 0.5, fill: "#1b7f2a", stroke: "#fff" }));
    g.append(text(r * 0.8, -r * 0.55, "✓", { "font-size": r * 0.7, "text-anchor": "middle", fill: "#fff" }));
  }
  const who = p === seat ? t("horus.page.you_mark", { who: seatName(p) }) : seatName(p);
  let label = t("horus.page.token", { who, adventurer: s.adventurer_name || "?", status: `@horus.term.status.${s.status}` });
  if (s.at) label += " " + t("horus.page.token_at", { square: s.at });
  if (s.facing) label += ", " + t("horus.page.token_facing", { dir: `@horus.term.dir.${s.facing}` });
  g.append(title(label));
  return g;
}

function drawOccupants(S, g) {
  const { seatName, view } = S;
  const at = new Map();
  const add = (q, item) => {
    if (q === undefined || q === null || q < 0) return;
    if (!at.has(q)) at.set(q, []);
    at.get(q).push(item);
  };
  (view.mummies || []).forEach((m) => add(m.square, { mummy: m }));
  (view.seats || []).forEach((s, p) => {
    if (["unchosen", "crushed"].includes(s.status)) return;
    add(s.square, { seat: p, s });
  });
  for (const [q, items] of at) {
    const cx = sqX(S, q) + C / 2;
    const cy = sqY(S, q) + C / 2 + (q >= INSIDE ? 6 : 0);
    const places = tokenSpots(S, items.length);
    items.forEach((it, n) => {
      const [dx, dy, r] = places[n];
      const grp = svg("g", { transform: `translate(${cx + dx},${cy + dy})`, "pointer-events": "none" });
      if (it.mummy) grp.append(mummyToken(S, r, it.mummy.facing, null, t("horus.page.mummy_token", { name: it.mummy.name, square: squareName(q), dir: `@horus.term.dir.${it.mummy.facing}` })));
      else if (it.s.status === "mummy") grp.append(mummyToken(S, r, it.s.facing, seatColour(it.seat), t("horus.page.mummified_token", { who: seatName(it.seat), adventurer: it.s.adventurer_name })));
      else grp.append(advToken(S, it.seat, it.s, r));
      g.append(grp);
    });
  }
}

// the squares, last so they take the clicks; legal destinations outlined
function drawTargets(S, g) {
  const { canAct, myQ, searchHere, seat, stepTo, view } = S;
  const aside = view.pending && view.pending.kind === "foresee" && view.pending.seat === seat ? view.pending.block : typeof view.block_aside === "number" ? view.block_aside : null;
  for (let i = 0; i < INSIDE; i++) {
    const x = sqX(S, i);
    const y = sqY(S, i);
    const cell = svg("rect", { x: x + 1, y: y + 1, width: C - 2, height: C - 2, fill: "transparent" });
    const grp = svg("g", { "data-spot": `square-${squareName(i)}` }, cell);
    const dest = canAct ? stepTo(i) : [];
    const search = canAct && i === myQ && searchHere().length > 0;
    if (dest.length) {
      cell.setAttribute("fill", GOLD);
      cell.setAttribute("fill-opacity", "0.28");
      grp.append(pulse(svg("rect", { x: x + 3, y: y + 3, width: C - 6, height: C - 6, rx: 4, fill: "none", stroke: GOLD, "stroke-width": 3 })));
      const d = dest[0].fields.dir;
      const k = DIRS.indexOf(d);
      grp.append(svg("path", { d: "M-7 4 L0 -6 L7 4", fill: "none", stroke: INK, "stroke-width": 2.5, "stroke-linecap": "round", transform: `translate(${x + C / 2 - STEP[k][0] * C * 0.3},${y + C / 2 - STEP[k][1] * C * 0.3}) rotate(${k * 90})`, opacity: 0.6 }));
    } else if (search) {
      grp.append(pulse(svg("rect", { x: x + 3, y: y + 3, width: C - 6, height: C - 6, rx: 4, fill: "none", stroke: GOLD, "stroke-width": 2, "stroke-dasharray": "5 3" })));
      grp.append(text(x + C - 4, y + C - 4, t("horus.page.search_mark"), { "font-size": 9, "text-anchor": "end", fill: INK, "font-weight": "bold" }));
    }
    if (aside !== null && SQUARE_OF_BLOCK[aside] === i) {
      grp.append(svg("rect", { x: x + 2, y: y + 2, width: C - 4, height: C - 4, fill: "none", stroke: "#a02aa0", "stroke-width": 3, "stroke-dasharray": "6 3" }));
    }
    const where = t(BLOCK_AT[i] ? "horus.page.square.block" : "horus.page.square", { square: squareName(i), area: areaName(i), block: BLOCK_AT[i] });
    const label = `${where}${dest.length ? ": " + dest.map((e) => e.action).join(" / ") : ""}`;
    grp.append(title(label));
    if (canAct) hit(grp, `square-${squareName(i)}`, () => onSquare(S, i), label, dest.length > 0 || search);
    g.append(grp);
  }
  // a waiting adventurer's way in
  if (canAct && myQ >= INSIDE) {
    /* the squares above already carry the move highlight */
  }
}

function drawLegend(S, g) {
  const y = BY + H * C + C + 22;
  let x = 12;
  const items = Object.entries(BOARD.areas).map(([a, area]) => [a, area.deck ? t("horus.page.legend_area", { area: `@horus.term.area.${a}`, deck: `@horus.term.deck.${area.deck}` }) : t("horus.page.corridor")]);
  for (const [a, name] of items) {
    g.append(svg("rect", { x, y: y - 10, width: 12, height: 12, fill: AREA_FILL[a], stroke: INK, "stroke-width": 0.5 }));
    g.append(text(x + 16, y, name, { "font-size": 11 }));
    x += 22 + name.length * 6.3;
  }
  g.append(svg("rect", { x, y: y - 10, width: 12, height: 12, fill: "#77716a" }));
  g.append(text(x + 16, y, t("horus.page.fallen_block"), { "font-size": 11 }));
}

// ---- the panel -----------------------------------------------------------------
function drawPanel(S, g) {
  const { PW, canAct, deckOfHere, k, me, searchHere, seatName, view, wide } = S;
  let y = 0;
  const fs = (n) => n * k;
  const head = (str) => {
    y += fs(18);
    g.append(text(0, y, str, { "font-size": fs(14), "font-weight": "bold", fill: "#5a3d1e" }));
    y += fs(6);
  };
  // round line
  const stage = view.stage || "";
  y += fs(16);
  const round = view.stage === "setup" ? t("horus.page.setup") : t("horus.page.round", { round: view.round, stage: `@horus.term.stage.${stage}` });
  g.append(text(0, y, round, { "font-size": fs(16), "font-weight": "bold" }));
  if (view.keeper !== undefined && view.seats) y = drawKeeper(S, g, y, round, fs);
  y += fs(4);

  if (view.stage === "setup") y = drawGallery(S, g, y, fs);

  // dice
  if ((view.dice && view.dice.length) || (view.mummy_dice && view.mummy_dice.length)) {
    head(t("horus.page.head.dice"));
    const s = fs(30);
    const cursed = me ? me.cursed || [] : [];
    let x = 0;
    (view.dice || []).forEach((v, i) => {
      const colour = (view.dice_colours || BOARD.dice)[i];
      g.append(drawDie(x, y, s, v, colour, { cursed: cursed.includes(colour) }));
      x += s + fs(6);
    });
    const ms = fs(18);
    const mummied = view.mummy_dice && view.mummy_dice.length;
    const mx = mummied ? PW - 5 * (ms + fs(4)) : PW; // where the mummy's dice begin
    const mover = view.stage === "actions" && view.to_move !== null;
    const beside = mover && moverFits(S, mx - x - fs(10), fs); // between the dice and the mummy's
    if (beside) {
      g.append(named(x + fs(4), y + s * 0.45, (who) => `${who}:`, seatName(view.to_move), mx - x - fs(10), { "font-size": fs(11) }));
      g.append(text(x + fs(4), y + s * 0.95, t("horus.page.actions_left", { n: view.actions_left }), { "font-size": fs(11), "font-weight": "bold" }));
    }
    if (mummied) {
      g.append(text(PW, y - fs(2), t("horus.page.mummy_steps", { n: view.mummy_dice.filter((v) => v >= BOARD.mummyMovesOn).length }), { "font-size": fs(9), fill: INK, opacity: 0.8, "text-anchor": "end" }));
      view.mummy_dice.forEach((v, i) => {
        g.append(drawDie(mx + i * (ms + fs(4)), y + fs(4), ms, v, "mummy", { good: v >= BOARD.mummyMovesOn }));
      });
    }
    y += s + fs(6);
    if (mover && !beside) y = drawMover(S, g, y, fs);
  }

  if (view.lock) y = drawLock(S, g, y, fs);

  // decks and supplies
  head(t("horus.page.head.decks"));
  {
    const dw = fs(74);
    const dh = fs(44);
    let x = 0;
    const deckArea = { rubble: "r", sand: "s", water: "w" };
    for (const [deck, n] of Object.entries(view.decks || {})) {
      const grp = svg("g", { transform: `translate(${x},${y})` });
      for (let s = 2; s >= 0; s--) grp.append(svg("rect", { x: s * 2, y: -s * 2 + 4, width: dw - 8, height: dh - 6, rx: 4, fill: AREA_FILL[deckArea[deck]] || "#ccc", stroke: INK, "stroke-width": 0.8 }));
      const deckName = term("deck", deck);
      grp.append(text((dw - 4) / 2, dh * 0.45, deckName, { "font-size": Math.min(fs(12), (dw * 1.25) / deckName.length), "font-weight": "bold", "text-anchor": "middle" }));
      grp.append(text((dw - 4) / 2, dh * 0.8, t("horus.page.deck_left", { n }), { "font-size": fs(10), "text-anchor": "middle" }));
      const can = canAct && deckOfHere === deck && searchHere().length;
      if (can) grp.append(pulse(svg("rect", { x: -3, y: -1, width: dw, height: dh + 2, rx: 6, fill: "none", stroke: GOLD, "stroke-width": 3 })));
      grp.append(title(t("horus.page.deck_title", { deck: `@horus.term.deck.${deck}`, n })));
      if (canAct) hit(grp, `deck-${deck}`, () => onDeck(S, deck), t("horus.page.deck_hit", { deck: `@horus.term.deck.${deck}` }), Boolean(can));
      g.append(grp);
      x += dw + fs(6);
    }
    const lines = [
      t("horus.page.blocks_line", { n: (view.blocks || []).length, box: view.blocks_in_box }),
      t("horus.page.wounds_line", { mummy: view.wound_supply ? view.wound_supply.mummy : "?", block: view.wound_supply ? view.wound_supply.block : "?" }),
      t("horus.page.discard_line", { n: (view.discard || []).length }),
    ];
    if (view.block_aside !== null && view.block_aside !== undefined) {
      lines.push(typeof view.block_aside === "number" ? t("horus.page.aside_mine", { block: view.block_aside }) : t("horus.page.aside_unseen"));
    }
    if (wide) {
      lines.forEach((l, n) => g.append(text(x + fs(2), y + fs(11) + n * fs(13), l, { "font-size": fs(10) })));
      y += Math.max(dh, lines.length * fs(13)) + fs(6);
    } else {
      y += dh + fs(4);
      lines.forEach((l) => {
        y += fs(13);
        g.append(text(0, y, l, { "font-size": fs(10.5) }));
      });
      y += fs(6);
    }
  }

  // your cards
  if (me && me.adventurer) y = drawHand(S, g, y, fs);

  // seats
  head(t("horus.page.head.adventurers"));
  const cols = Math.max(1, Math.floor(PW / fs(190)));
  const cw = (PW - (cols - 1) * fs(8)) / cols;
  let rowH = 0;
  (view.seats || []).forEach((s, p) => {
    const col = p % cols;
    if (col === 0 && p > 0) {
      y += rowH + fs(8);
      rowH = 0;
    }
    const h = drawSeat(S, g, col * (cw + fs(8)), y, cw, s, p, fs);
    rowH = Math.max(rowH, h);
  });
  y += rowH + fs(4);
  return y;
}

// The Dice Keeper beside the round line (``round``, on the line at ``y``) when the whole
// of it fits there, else on a line of its own below; the line it ends on.
function drawKeeper(S, g, y, round, fs) {
  const { PW, seatName, view } = S;
  const say = (who) => t("horus.page.keeper", { who });
  const attrs = { "font-size": fs(12), fill: seatInk(view.keeper), "font-weight": "bold" };
  const space = PW - textWidth(round, fs(16), true) - fs(12); // right of the round
  if (textWidth(say(seatName(view.keeper)), fs(12), true) <= space) {
    g.append(named(PW, y, say, seatName(view.keeper), space, { ...attrs, "text-anchor": "end" }));
    return y;
  }
  y += fs(16);
  g.append(named(0, y, say, seatName(view.keeper), PW, attrs));
  return y;
}

// Whether whose turn it is and the actions left, two lines, fit ``space`` whole.
function moverFits(S, space, fs) {
  const { seatName, view } = S;
  const left = t("horus.page.actions_left", { n: view.actions_left });
  return textWidth(`${seatName(view.to_move)}:`, fs(11)) <= space && textWidth(left, fs(11), true) <= space;
}

// Whose turn it is and the actions left, on one line below the dice (for want of room
// beside them); the line after it.
function drawMover(S, g, y, fs) {
  const { PW, seatName, view } = S;
  const left = t("horus.page.actions_left", { n: view.actions_left });
  const gap = fs(6);
  const space = PW - textWidth(left, fs(11), true) - gap; // the name's, left of the count
  const say = (who) => `${who}:`;
  const shown = fitPhrase(say, seatName(view.to_move), fs(11), space);
  y += fs(8);
  g.append(named(0, y, say, seatName(view.to_move), space, { "font-size": fs(11) }));
  g.append(text(textWidth(shown, fs(11)) + gap, y, left, { "font-size": fs(11), "font-weight": "bold" }));
  return y + fs(6);
}

function drawSeat(S, g, x, y, w, s, p, fs) {
  const { abilityActs, canAct, seat, view } = S;
  const grp = svg("g", { transform: `translate(${x},${y})` });
  const colour = seatColour(p);
  let yy = fs(16);
  const body = svg("g", {});
  const mark = p === view.to_move ? "▶ " : "";
  const say = (who) => mark + (p === seat ? t("horus.page.you_mark", { who }) : who);
  body.append(named(fs(10), yy, say, s.name, w - fs(16), { "font-size": fs(13), "font-weight": "bold", fill: colour }));
  yy += fs(15);
  if (s.adventurer) {
    body.append(text(fs(10), yy, s.adventurer_name, { "font-size": fs(11.5) }));
    // the ability badge
    const ab = s.ability;
    const abName = term("ability", ab);
    const bw = fs(8) + abName.length * fs(6.6);
    const bx = w - bw - fs(6);
    const badge = svg("g", { transform: `translate(${bx},${yy - fs(11)})` });
    badge.append(svg("rect", { width: bw, height: fs(15), rx: fs(7), fill: s.ability_used ? "#ddd" : "#efe0ff", stroke: "#7b4fa0", "stroke-width": 1 }));
    badge.append(text(bw / 2, fs(11), abName, { "font-size": fs(10), "text-anchor": "middle", fill: s.ability_used ? "#888" : "#4b2470", "text-decoration": s.ability_used ? "line-through" : null }));
    const info = ADV[s.adventurer] ? t(`horus.term.ability.${ab}.text`) : "";
    badge.append(title(t(s.ability_used ? "horus.page.ability_title.used" : "horus.page.ability_title", { ability: abName, text: info })));
    if (p === seat && canAct) {
      const usable = abilityActs(ab).length > 0;
      if (usable) badge.append(pulse(svg("rect", { x: -2, y: -2, width: bw + 4, height: fs(15) + 4, rx: fs(8), fill: "none", stroke: GOLD, "stroke-width": 3 })));
      hit(badge, `ability-${ab}`, () => onAbility(S, ab), t("horus.page.ability_hit", { ability: abName, text: info }), usable);
    }
    body.append(badge);
    yy += fs(15);
  }
  const where = ["inside", "waiting", "escaped"].includes(s.status) ? t(`horus.page.where.${s.status}`, { square: s.at }) : term("status", s.status);
  body.append(text(fs(10), yy, where, { "font-size": fs(11), fill: s.status === "escaped" ? "#1b7f2a" : ["sealed", "crushed", "mummy"].includes(s.status) ? "#b03a2e" : INK }));
  // the keeper's badge beside where he is (the name's line is the name's)
  if (p === view.keeper) body.append(text(w - fs(6), yy, t("horus.page.keeper_badge"), { "font-size": fs(10), "text-anchor": "end", fill: INK }));
  yy += fs(14);
  body.append(text(fs(10), yy, t("horus.page.seat_stats", { wll: s.wll, actions: s.actions, cards: s.card_count, limit: BOARD.cardLimit }), { "font-size": fs(11) }));
  yy += fs(4);
  const extra = [];
  if (s.chests && s.chests.length) extra.push(t("horus.page.seat_chests", { chests: s.chests.join(", ") }));
  if (s.status === "escaped") extra.push(t("horus.page.seat_score", { score: s.score }));
  else if (["inside", "waiting"].includes(s.status)) extra.push(t("horus.page.seat_carrying", { n: s.carrying }));
  if (extra.length) {
    yy += fs(12);
    body.append(text(fs(10), yy, extra.join(" · "), { "font-size": fs(11) }));
  }
  if (s.cursed && s.cursed.length) {
    yy += fs(14);
    body.append(text(fs(10), yy, t("horus.page.cursed"), { "font-size": fs(10.5), fill: "#b03a2e" }));
    s.cursed.forEach((c, n) => body.append(svg("rect", { x: fs(56) + n * fs(16), y: yy - fs(10), width: fs(12), height: fs(12), rx: 2, fill: (DIE[c] || ["#888"])[0], stroke: INK })));
  }
  // carried cards (public) for the others
  if (p !== seat) {
    const list = groupCards(S, s.cards.filter((c) => c !== "bag"));
    const cw = fs(42);
    const ch = fs(30);
    let cx = fs(10);
    /** @type {Array<[string, number, string[]?]>} */
    const items = [...list];
    for (const b of s.bags || []) items.push([`bag`, 1, b.holds]);
    if (items.length) yy += fs(6);
    let rowY = yy;
    for (const [name, count, holds] of items) {
      if (cx + cw > w - fs(4)) {
        cx = fs(10);
        rowY += ch + fs(4);
      }
      const card = drawCard(cx, rowY, cw, ch, name, { count });
      if (holds) card.append(title(t("horus.page.bag_holds", { cards: holds.map(cardName).join(", ") || t("horus.page.empty") })));
      body.append(card);
      cx += cw + fs(4);
    }
    if (items.length) yy = rowY + ch;
  }
  yy += fs(8);
  grp.append(svg("rect", { width: w, height: yy, rx: 6, fill: "#fffaf0", stroke: p === view.to_move ? GOLD : "#cdbd9c", "stroke-width": p === view.to_move ? 2.5 : 1 }));
  grp.append(svg("rect", { width: fs(5), height: yy, rx: 2, fill: colour }));
  grp.append(body);
  g.append(grp);
  return yy;
}

/** Cards by name with their counts, in first-seen order.
 * @param {string[]} cards
 * @returns {Array<[string, number]>} */
function groupCards(S, cards) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const c of cards) counts.set(c, (counts.get(c) || 0) + 1);
  return [...counts.entries()];
}

function drawHand(S, g, y, fs) {
  const { PW, canAct, cardActs, me, verbs, view } = S;
  y += fs(18);
  const heading = t("horus.page.your_cards", { cards: me.card_count, limit: BOARD.cardLimit, wll: me.wll });
  g.append(text(0, y, heading, { "font-size": fs(14), "font-weight": "bold", fill: "#5a3d1e" }));
  if (canAct && (view.stage === "adjust" || verbs.has("discard") || verbs.has("bag"))) y = drawHandHint(S, g, y, heading, fs);
  y += fs(8);
  const cw = fs(56);
  const ch = fs(40);
  let x = 0;
  const list = groupCards(S, me.cards);
  if (!list.length) {
    g.append(text(0, y + fs(14), t("horus.page.none"), { "font-size": fs(11), opacity: 0.6 }));
    return y + fs(22);
  }
  let bagN = 0;
  for (const [name, count] of list) {
    if (x + cw > PW) {
      x = 0;
      y += ch + fs(8);
    }
    const acts = canAct ? cardActs(name) : [];
    const card = drawCard(x, y, cw, ch, name, { count, legal: acts.length > 0 });
    if (name === "bag") {
      const holds = (me.bags || []).map((b) => b.holds.map(cardName).join("+") || t("horus.page.empty")).join(" | ");
      // under the bag, into half the gaps beside it at most
      card.append(text(cw / 2, ch + fs(10), holds, { "font-size": fitSize(holds, fs(8.5), cw + fs(6)), "text-anchor": "middle", fill: "#174845" }));
      bagN++;
    }
    if (canAct) hit(card, `card-${name}`, () => onCard(S, name), `${cardName(name)}${acts.length ? ": " + acts.map((e) => e.action).join(" / ") : ""}`, acts.length > 0);
    g.append(card);
    x += cw + fs(8);
  }
  return y + ch + (bagN ? fs(14) : fs(4));
}

// How to use the cards: beside the heading (on the line at ``y``) when it fits there,
// else wrapped below it; the line it ends on.
function drawHandHint(S, g, y, heading, fs) {
  const { PW } = S;
  const hint = t("horus.page.hand_hint");
  const attrs = { "font-size": fs(9.5), opacity: 0.75 };
  if (textWidth(heading, fs(14), true) + fs(12) + textWidth(hint, fs(9.5)) <= PW) {
    g.append(text(PW, y, hint, { ...attrs, "text-anchor": "end" }));
    return y;
  }
  for (const line of wrapText(hint, fs(9.5), PW)) {
    y += fs(13);
    g.append(text(0, y, line, attrs));
  }
  return y;
}

function drawLock(S, g, y, fs) {
  const { PW, abilityActs, canAct, ctx, memo, verbs, view } = S;
  const lock = view.lock;
  const idol = BOARD.idols[lock.alcove];
  y += fs(18);
  g.append(text(0, y, t("horus.page.lock_head", { god: `@horus.term.god.${lock.alcove}` }), { "font-size": fs(14), "font-weight": "bold", fill: "#5a3d1e" }));
  g.append(text(PW, y, t("horus.page.lock_needs", { faces: idol.faces.join(" "), missing: lock.missing.length ? lock.missing.join(" ") : "@horus.page.none", n: lock.missing.length }), { "font-size": fs(11), "text-anchor": "end" }));
  y += fs(10);
  const s = fs(34);
  const needed = [...idol.faces];
  const good = lock.dice.map((v) => {
    const at = needed.indexOf(v);
    if (at >= 0) {
      needed.splice(at, 1);
      return true;
    }
    return false;
  });
  const sel = new Set(memo.horusReroll || []);
  lock.dice.forEach((v, i) => {
    const n = i + 1;
    const die = drawDie(i * (s + fs(10)) + fs(4), y + fs(4), s, v, BOARD.dice[i], { good: good[i], selected: sel.has(n) });
    g.append(text(i * (s + fs(10)) + fs(4) + s / 2, y + s + fs(16), n, { "font-size": fs(9), "text-anchor": "middle", opacity: 0.7 }));
    if (canAct) hit(die, `die-${n}`, () => onDie(S, n), t(sel.has(n) ? "horus.page.die_hit.selected" : "horus.page.die_hit", { die: n, colour: `@horus.term.die.${BOARD.dice[i]}`, value: v }), verbs.has("reroll"));
    g.append(die);
  });
  // the reroll button and the missing-face helpers
  let bx = 5 * (s + fs(10)) + fs(8);
  const button = (label, name, fn, on) => {
    const bw = fs(10) + label.length * fs(6.6);
    const b = svg("g", { transform: `translate(${bx},${y + fs(4)})` });
    b.append(svg("rect", { width: bw, height: fs(22), rx: fs(5), fill: on ? "#ffe9a8" : "#eee", stroke: on ? "#a87b00" : "#aaa" }));
    b.append(text(bw / 2, fs(15), label, { "font-size": fs(11), "text-anchor": "middle", fill: on ? INK : "#888" }));
    if (canAct) hit(b, name, fn, label);
    g.append(b);
    bx += bw + fs(6);
    if (bx > PW - fs(60)) {
      bx = 5 * (s + fs(10)) + fs(8);
      y += fs(26);
    }
  };
  if (canAct && verbs.has("reroll")) {
    const want = (memo.horusReroll || []).join(",");
    button(want ? t("horus.page.reroll_button", { dice: want }) : t("horus.page.reroll_pick"), "reroll", () => onReroll(S), !!want);
  }
  if (canAct && verbs.has("crowbar")) button(cardName("crowbar"), "lock-crowbar", () => resolve(ctx, abilityActs("crowbar"), null, ""), true);
  if (canAct && verbs.has("lockpick")) button(term("ability", "lockpick"), "lock-lockpick", () => resolve(ctx, abilityActs("lockpick"), null, ""), true);
  return y + s + fs(22);
}

function drawGallery(S, g, y, fs) {
  const { PW, canAct, choices, memo, seatName, view } = S;
  y += fs(18);
  g.append(text(0, y, t("horus.page.gallery"), { "font-size": fs(14), "font-weight": "bold", fill: "#5a3d1e" }));
  y += fs(8);
  const taken = new Map();
  (view.seats || []).forEach((s, p) => {
    if (s.adventurer) taken.set(s.adventurer, p);
  });
  const cols = 4;
  const gap = fs(6);
  const cw = (PW - gap * (cols - 1)) / cols;
  const ch = fs(48);
  BOARD.adventurers.forEach((a, n) => {
    const x = (n % cols) * (cw + gap);
    const yy = y + Math.floor(n / cols) * (ch + gap);
    const grp = svg("g", { transform: `translate(${x},${yy})` });
    const by = taken.get(a.key);
    const avail = canAct && choices(a.key, null).length > 0;
    const selected = memo.horusAdv === a.key;
    grp.append(svg("rect", { width: cw, height: ch, rx: 6, fill: by !== undefined ? "#e6e0d4" : "#fffaf0", stroke: selected ? GOLD : by !== undefined ? seatColour(by) : "#cdbd9c", "stroke-width": selected ? 4 : by !== undefined ? 2.5 : 1 }));
    grp.append(text(cw / 2, fs(17), a.name, { "font-size": Math.min(fs(11), (cw * 1.4) / a.name.length), "font-weight": "bold", "text-anchor": "middle" }));
    const ability = term("ability", a.ability);
    const info = t(`horus.term.ability.${a.ability}.text`);
    grp.append(text(cw / 2, fs(32), ability, { "font-size": fs(10), "text-anchor": "middle", fill: "#4b2470" }));
    if (by !== undefined) grp.append(text(cw / 2, fs(44), `${seatName(by)}`, { "font-size": fs(9), "text-anchor": "middle", fill: seatInk(by), "font-weight": "bold" }));
    grp.append(title(t("horus.page.adventurer_title", { adventurer: a.name, ability, text: info })));
    if (avail) {
      if (!selected) grp.append(svg("rect", { x: 1, y: 1, width: cw - 2, height: ch - 2, rx: 6, fill: "none", stroke: GOLD, "stroke-width": 1.5, "stroke-dasharray": "4 3" }));
      hit(grp, `adventurer-${a.key}`, () => onAdventurer(S, a.key), t("horus.page.adventurer_hit", { adventurer: a.name, ability }));
    }
    g.append(grp);
  });
  y += 2 * (ch + gap);
  const sel = memo.horusAdv ? ADV[memo.horusAdv] : null;
  if (sel) {
    const chosen = t("horus.page.adventurer_chosen", { adventurer: sel.name, ability: `@horus.term.ability.${sel.ability}`, text: `@horus.term.ability.${sel.ability}.text` });
    const lines = wrap(chosen, Math.floor(PW / fs(6.2)));
    lines.forEach((l) => {
      y += fs(14);
      g.append(text(0, y, l, { "font-size": fs(11), fill: "#4b2470" }));
    });
    y += fs(4);
  }
  return y;
}

/**
 * The board elements (their data-hit names) an action involves, from its fields: where
 * a hint is shown.
 * @param {Record<string, any>} f
 * @returns {string[]}
 */
export function spots(f) {
  if (f.verb === "choose") return [`adventurer-${f.adventurer}`, `square-${squareName(f.entrance)}`];
  if ("to" in f && f.to >= 0) return [`square-${squareName(f.to)}`];
  if ("deck" in f) return [`square-${squareName(f.square)}`, `deck-${f.deck}`];
  if ("sarcophagus" in f) return [`sarcophagus-${f.sarcophagus}`];
  if ("alcove" in f) return [`alcove-${BOARD.alcoves[f.alcove].god}`];
  if (f.verb === "reroll") return f.dice.map((d) => `die-${d + 1}`);
  if ("card" in f) return [`card-${f.card}`];
  if ("wound" in f) return [`card-${f.verb}`, `card-${f.wound}`];
  return [`ability-${f.verb}`, `card-${f.verb}`, `action-${f.verb}`];
}

/**
 * Where adventurers and mummies moved between two views (the spots of their new
 * squares): how the last move is shown, whoever made it.
 * @param {Record<string, any> | null} before
 * @param {Record<string, any>} after
 * @returns {string[]}
 */
export function moved(before, after) {
  if (!before || !before.seats || !after.seats) return [];
  const out = new Set();
  const was = (list, k) => (list && list[k] ? list[k].square : undefined);
  after.seats.forEach((seat, p) => {
    if (seat.square >= 0 && seat.square !== was(before.seats, p)) out.add(`square-${squareName(seat.square)}`);
  });
  (after.mummies || []).forEach((m, k) => {
    if (m.square >= 0 && m.square !== was(before.mummies, k)) out.add(`square-${squareName(m.square)}`);
  });
  return [...out];
}
