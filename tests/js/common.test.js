// Turning a click into actions: matched on the engine's fields, never on notation.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fitPhrase, fitSize, fitText, resolve, textWidth, withFields, wrapText } from "../../src/scarab/server/static/js/common.js";

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

test("the widest letters, the ellipsis and other scripts are not guessed narrower than drawn", () => {
  // measured in Chromium with DejaVu Sans at size 10: 92.6 and 104.9 (bold); 10; 10.8; 10.4
  assert.ok(textWidth("WMWMWMWMWM", 10) >= 92.6 && textWidth("WMWMWMWMWM", 10) < 100);
  assert.ok(textWidth("WMWMWMWMWM", 10, true) >= 104.9);
  assert.ok(textWidth("…", 10) >= 10 && textWidth("Ж", 10) >= 10.8 && textWidth("😀", 10) >= 10.4);
});

const W40 = "W0" + "MW".repeat(19);

test("a line that fits is kept whole; a longer one loses its end to an ellipsis", () => {
  assert.equal(fitText("Ana", 14, 100), "Ana");
  const cut = fitText(W40, 14, 200, true);
  assert.ok(cut.endsWith("…") && W40.startsWith(cut.slice(0, -1)), cut);
  assert.ok(textWidth(cut, 14, true) <= 200);
  assert.ok(textWidth(`${W40.slice(0, cut.length)}…`, 14, true) > 200); // nor one letter more
  assert.equal(fitText("Maria Fernanda", 12, textWidth("Maria …", 12)), "Maria…"); // no space before it
  assert.equal(fitText(W40, 14, 5), "…");
});

test("a phrase around a name shortens the name only, keeping the other words", () => {
  const say = (who) => `Your hand (${who})`;
  assert.equal(fitPhrase(say, "Ana", 16, 300, true), "Your hand (Ana)");
  const line = fitPhrase(say, W40, 16, 300, true);
  assert.match(line, /^Your hand \(W0MW[MW]*…\)$/);
  assert.ok(textWidth(line, 16, true) <= 300, line);
});

test("words are wrapped to their room, a word longer than the room on a line of its own", () => {
  assert.deepEqual(wrapText("", 16, 100), [""]);
  assert.deepEqual(wrapText("to play a card", 10, 1000), ["to play a card"]);
  const lines = wrapText(`${W40} to play a card`, 16, 300);
  assert.deepEqual(lines, [W40, "to play a card"]);
  for (const line of wrapText("the quick brown fox jumps over the lazy dog", 16, 120)) {
    assert.ok(textWidth(line, 16) <= 120, line);
  }
});
