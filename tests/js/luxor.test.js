// The Luxor page's card faces come from the board data, one for every card code, worded
// from the message catalogues (English here, as the engine's Python reads them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { board } from "./boards.js";
import { cardLabel, tileName, useBoard } from "../../src/scarab/server/static/js/games/luxor.js";
import { setMessages, t } from "../../src/scarab/server/static/js/i18n.js";

/** @param {string} lang */
function messages(lang) {
  const python = process.env.PYTHON || "python3";
  const code = `import json, sys, scarab.i18n as i; sys.stdout.write(json.dumps(i.catalogue(${JSON.stringify(lang)})))`;
  return JSON.parse(execFileSync(python, ["-c", code], { encoding: "utf8" }));
}

const B = board("luxor");
useBoard(B);
const english = messages("en");
setMessages(english, english, "en");

test("every card has a face and a few words, named by its kind and number", () => {
  for (const card of B.cards) {
    const [big, small] = cardLabel(card.code);
    assert.ok(big && small, card.code);
  }
  assert.deepEqual(cardLabel("pm1"), ["±1", "1 on or back"]);
  assert.deepEqual(cardLabel("3"), ["3", "move 3"]);
  assert.deepEqual(cardLabel("1-4"), ["1–4", "move 1 to 4"]);
});

test("an unknown code is shown as itself rather than breaking the hand", () => {
  assert.deepEqual(cardLabel("zz"), ["zz", ""]);
});

test("the last move is where an adventurer now stands that did not stand there before", async () => {
  const { moved } = await import("../../src/scarab/server/static/js/games/luxor.js");
  const before = { seats: [{ adventurers: ["S", "S", "3"] }, { adventurers: ["S", "S"] }] };
  const after = { seats: [{ adventurers: ["S", "3", "7"] }, { adventurers: ["S", "C"] }] };
  assert.deepEqual(moved(before, after).sort(), ["space-7", "space-C"]);
  assert.deepEqual(moved(null, after), []);
  assert.deepEqual(moved(after, after), []);
});

test("a tile reads as English text names it, and in the reader's language", () => {
  assert.equal(tileName("vase 3vp need 2"), "vase 3vp need 2");
  assert.equal(tileName("horus 2"), "horus 2");
  assert.equal(tileName("scarab_or_wild"), "scarab or wild"); // a code reads as words
  assert.equal(tileName("mystery"), "mystery");
  setMessages(messages("pt"), english, "pt");
  try {
    assert.equal(tileName("vase 3vp need 2"), "vaso de 3 PV, precisa de 2");
    assert.deepEqual(cardLabel("die"), ["dado", "role e mova"]);
    assert.equal(t("luxor.page.hit.adventurers", { n: 1, at: "S" }), "seu aventureiro em S");
  } finally {
    setMessages(english, english, "en");
  }
});

test("the page's Luxor messages have English words and every language the same ids", () => {
  const ids = Object.keys(english).filter((id) => id.startsWith("luxor."));
  assert.ok(ids.length > 100);
  for (const lang of ["pt", "es"]) {
    const own = messages(lang);
    assert.deepEqual(ids.filter((id) => !(id in own)), [], lang);
  }
});
