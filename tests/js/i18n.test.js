// The page words an engine's refusal as the server and the terminal do: its reason is a
// message within the message, and its list of legal actions a list argument.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { seatName, setMessages, t } from "../../src/scarab/server/static/js/i18n.js";

/** @param {string} code Python that prints JSON */
function python(code) {
  const exe = process.env.PYTHON || "python3";
  return JSON.parse(execFileSync(exe, ["-c", code], { encoding: "utf8" }));
}

const REFUSALS = python(`
import json, sys, scarab
from scarab import i18n
out = []
for game, text in (("horus", "move n"), ("luxor", "L S+9"), ("pyramids", "take deck")):
    g = scarab.load(game)
    try:
        g.parse_action(g.new_game(2, seed=1), text)
    except scarab.IllegalAction as e:
        out.append({"msg": e.msg, "args": e.params,
                    **{lang: i18n.text(lang, e.msg, e.params) for lang in i18n.LANGS}})
sys.stdout.write(json.dumps({"refusals": out, "en": i18n.catalogue("en"),
                             "pt": i18n.catalogue("pt"), "es": i18n.catalogue("es")}))
`);

test("a refusal reads in each language as the server words it", () => {
  assert.equal(REFUSALS.refusals.length, 3);
  for (const lang of ["en", "pt", "es"]) {
    setMessages(REFUSALS[lang], REFUSALS.en, lang);
    for (const r of REFUSALS.refusals) {
      assert.equal(typeof r.args.reason, "object");
      assert.equal(t(r.msg, r.args), r[lang]);
    }
  }
  assert.match(REFUSALS.refusals[0].pt, /^move n não é permitido: /);
});

test("a message argument with its own arguments is worded inside the message", () => {
  const en = { outer: "no: {reason}.", inner: "a {card} is missing", "term.crowbar": "crowbar" };
  const pt = { outer: "não: {reason}.", inner: "falta {card}", "term.crowbar": "pé de cabra" };
  setMessages(pt, en, "pt");
  const args = { reason: { msg: "inner", args: { card: "@term.crowbar" } } };
  assert.equal(t("outer", args), "não: falta pé de cabra.");
  assert.equal(t("outer", { reason: { msg: "inner" } }), "não: falta {card}.");
});

test("a seat left unnamed is named in the maker's language, whatever its kind", () => {
  setMessages(REFUSALS.pt, REFUSALS.en, "pt");
  assert.equal(seatName({ kind: "human" }, 1), "jogador 2");
  assert.equal(seatName({ kind: "open" }, 2), "lugar vago 3");
  assert.equal(seatName({ kind: "bot", level: "greedy" }, 3), "bot ganancioso 4");
  setMessages(REFUSALS.en, REFUSALS.en, "en");
  assert.equal(seatName({ kind: "open" }, 2), "open seat 3");
});

test("a turn timer is said in its own unit", async () => {
  const { turnTime } = await import("../../src/scarab/server/static/js/open_tables.js");
  setMessages(REFUSALS.en, REFUSALS.en, "en");
  assert.deepEqual([30, 60, 300, 3600, 86400, 172800, 90].map(turnTime), [
    "30 s a turn", "1 min a turn", "5 min a turn", "1 h a turn", "1 day a turn", "2 days a turn", "2 min a turn",
  ]);
  setMessages(REFUSALS.es, REFUSALS.en, "es");
  assert.equal(turnTime(86400), "1 día por turno"); // it said "1440 min por turno"
});

test("an id that is no message of the catalogue is never an object's inherited property", () => {
  setMessages({ hi: "hi {who}" }, { hi: "hi {who}" }, "en");
  for (const inherited of ["@constructor", "@__proto__", "@toString", "@hasOwnProperty"]) {
    assert.equal(t("hi", { who: inherited }), `hi ${inherited.slice(1)}`);
  }
  assert.equal(t("constructor"), "constructor");
  assert.equal(t("hi", { who: "x", n: 1 }), "hi x");
});

test("several winners read in the plural, one in the singular, and nobody as nobody", async () => {
  const { wonBy } = await import("../../src/scarab/server/static/js/i18n.js");
  const names = ["Ana", "Bia", "Caio"];
  setMessages(REFUSALS.pt, REFUSALS.en, "pt");
  assert.equal(wonBy("ui.status.over", names, [0, 2]), "Fim de jogo: Ana e Caio venceram.");
  assert.equal(wonBy("ui.status.over", names, [1]), "Fim de jogo: Bia venceu.");
  assert.equal(wonBy("ui.status.over", names, []), "Fim de jogo: ninguém venceu.");
  setMessages(REFUSALS.es, REFUSALS.en, "es");
  assert.equal(wonBy("ui.replay.result", names, [0, 1], { scores: "9-9-3" }), "9-9-3, ganaron Ana y Bia");
  assert.equal(wonBy("ui.replay.result", names, [], { scores: "0-0" }), "0-0, nadie ganó");
  setMessages(REFUSALS.en, REFUSALS.en, "en");
  assert.equal(wonBy("ui.status.over", names, []), "Game over: nobody won.");
});

test("a message shown only where a game has it is asked for first, and no inherited property is one", async () => {
  const { has } = await import("../../src/scarab/server/static/js/i18n.js");
  setMessages({ "a.note": "uma nota", odd: /** @type {any} */ (3) }, { "a.note": "a note", "b.note": "b" }, "pt");
  assert.equal(has("a.note"), true);
  assert.equal(has("b.note"), true); // English stands in for a missing translation
  assert.equal(has("c.note"), false);
  assert.equal(has("odd"), false); // words are text
  for (const inherited of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
    assert.equal(has(inherited), false, inherited);
  }
  // the real catalogues: Horus says under its scoring that only who escaped scores
  for (const lang of ["en", "pt", "es"]) {
    setMessages(REFUSALS[lang], REFUSALS.en, lang);
    assert.equal(has("horus.final.note"), true, lang);
    assert.equal(has("luxor.final.note") || has("pyramids.final.note"), false, lang);
  }
});
