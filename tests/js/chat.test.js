// Chat lines are shown once each, in the order they were said, whatever order they come in.
import { test } from "node:test";
import assert from "node:assert/strict";
import { placeOf } from "../../src/scarab/server/static/js/chat.js";

/** The ids shown after lines come in this order. */
function shown(arrivals) {
  const ids = [];
  for (const id of arrivals) {
    const at = placeOf(ids, id);
    if (at >= 0) ids.splice(at, 0, id);
  }
  return ids;
}

test("a new line goes after those shown", () => {
  assert.equal(placeOf([], 4), 0);
  assert.equal(placeOf([1, 2, 4], 7), 3);
});

test("a line shown already is not shown again", () => {
  assert.equal(placeOf([1, 2, 4], 2), -1);
  assert.deepEqual(shown([1, 2, 3, 1, 2, 3]), [1, 2, 3]); // a reconnection's history
});

test("the history after a live line puts the older lines before it", () => {
  assert.deepEqual(shown([9, 3, 5, 9]), [3, 5, 9]);
  assert.equal(placeOf([9], 3), 0);
  assert.equal(placeOf([3, 9], 5), 1);
});
