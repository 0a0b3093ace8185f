// The Luxor page's card faces come from the board data, one for every card code.
import { test } from "node:test";
import assert from "node:assert/strict";
import { board } from "./boards.js";
import { cardLabel, useBoard } from "../../src/scarab/server/static/js/games/luxor.js";

const B = board("luxor");
useBoard(B);

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
