// The bot levels in one order in every menu: the ladder easiest first, then the yardstick.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ordered } from "../../src/scarab/server/static/js/levels.js";

test("the server's levels are put in the ladder's order, greedy apart", () => {
  // /api/games lists the plain bots first: random, greedy, then novice up to expert
  assert.deepEqual(ordered(["random", "greedy", "novice", "casual", "strong", "expert"]), {
    ladder: ["random", "novice", "casual", "strong", "expert"],
    yardsticks: ["greedy"],
  });
});

test("a level not known to the page goes at the ladder's end; one not offered is left out", () => {
  assert.deepEqual(ordered(["expert", "master", "novice"]), { ladder: ["novice", "expert", "master"], yardsticks: [] });
});
