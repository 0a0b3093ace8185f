// The Pyramids page's shape helpers: the orientations it draws come from the board, and
// where a shape lands under the pointer stays on the grid.
import { test } from "node:test";
import assert from "node:assert/strict";
import { board } from "./boards.js";
import { orient, placeShape, useBoard } from "../../src/scarab/server/static/js/games/pyramids.js";

const B = board("pyramids");
useBoard(B);
const key = (cells) => JSON.stringify([...cells].map(String).sort());

test("every shape has four turns each way, all starting at column 0 and row 0", () => {
  for (const [name, cells] of Object.entries(B.shapes)) {
    assert.equal(key(orient(name, 0, false)), key(cells.map(([c, r]) => [c, r])));
    for (let rot = 0; rot < 4; rot++) {
      for (const mir of [false, true]) {
        const o = orient(name, rot, mir);
        assert.equal(o.length, cells.length);
        assert.equal(Math.min(...o.map((p) => p[0])), 0);
        assert.equal(Math.min(...o.map((p) => p[1])), 0);
      }
    }
    assert.equal(key(orient(name, 4, false)), key(orient(name, 0, false)));
  }
});

test("a shape placed anywhere lies wholly inside the grid, the same shape moved", () => {
  const n = B.size * B.size;
  for (const name of Object.keys(B.shapes)) {
    for (let rot = 0; rot < 4; rot++) {
      const shape = orient(name, rot, false);
      for (let idx = 0; idx < n; idx++) {
        const placed = placeShape(shape, idx);
        assert.equal(new Set(placed).size, shape.length);
        assert.ok(placed.every((i) => i >= 0 && i < n));
        const dc = (placed[0] % B.size) - shape[0][0];
        const dr = Math.floor(placed[0] / B.size) - shape[0][1];
        assert.deepEqual(placed, shape.map(([c, r]) => (r + dr) * B.size + c + dc));
      }
    }
  }
});
