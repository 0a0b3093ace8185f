// Turning a click into actions: matched on the engine's fields, never on notation.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fitSize, resolve, textWidth, withFields } from "../../src/scarab/server/static/js/common.js";

function fakeCtx(legal) {
  const seen = { acted: [], offered: [], said: [] };
  return {
    seen,
    legal,
    act: (a) => seen.acted.push(a),
    choose: (list) => seen.offered.push(list),
    say: (t) => seen.said.push(t),
  };
}

const legal = [
  { action: "move n", text: "", fields: { verb: "move", dir: "n", to: 4 } },
  { action: "jump n", text: "", fields: { verb: "jump", dir: "n", to: 4 } },
  { action: "search", text: "", fields: { verb: "search", square: 13 } },
];

test("withFields picks the entries whose fields pass the test", () => {
  const ctx = fakeCtx(legal);
  assert.deepEqual(withFields(ctx, (f) => f.to === 4).map((e) => e.action), ["move n", "jump n"]);
  assert.deepEqual(withFields(ctx, (f) => f.verb === "end"), []);
});

test("one candidate is played, several are offered, none is explained", () => {
  const ctx = fakeCtx(legal);
  resolve(ctx, [legal[2]], null, "why");
  resolve(ctx, legal.slice(0, 2), null, "why");
  resolve(ctx, [], null, "nothing to do there");
  assert.deepEqual(ctx.seen.acted, ["search"]);
  assert.equal(ctx.seen.offered[0].length, 2);
  assert.deepEqual(ctx.seen.said, ["nothing to do there"]);
});

test("a line's width is guessed from its letters, a little over rather than under", () => {
  // measured in Chromium with DejaVu Sans at size 10: 67.8 and 76.0 (bold); 25.4
  assert.ok(textWidth("completadas:", 10) >= 67.8 && textWidth("completadas:", 10) < 75);
  assert.ok(textWidth("completadas:", 10, true) >= 76 && textWidth("completadas:", 10, true) < 84);
  assert.ok(textWidth("iiii llll", 10) >= 25.4 && textWidth("iiii llll", 10) < 30);
  assert.equal(textWidth("naranja", 20), 2 * textWidth("naranja", 10));
});

test("a line's font size shrinks to fit its room, within its bounds", () => {
  const wide = textWidth("completadas:", 11);
  assert.equal(fitSize("completadas:", 11, wide + 1), 11);
  assert.ok(Math.abs(fitSize("completadas:", 11, wide / 2) - 5.5) < 1e-9);
  assert.equal(fitSize("completadas:", 11, wide / 4, false, 8), 8);
});
