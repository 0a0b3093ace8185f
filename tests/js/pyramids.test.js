// The Pyramids page's shape helpers: orientations and where a shape lands under the pointer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { board } from "./boards.js";
import { orient, placeShape, useBoard } from "../../src/scarab/server/static/js/games/pyramids.js";

const B = board("pyramids");
useBoard(B);
const key = (cells) => JSON.stringify([...cells].map(String).sort());

test("four quarter turns or two mirrors give the shape back", () => {
  for (const cells of Object.values(B.shapes)) {
    assert.equal(key(orient(orient(cells, 2, false), 2, false)), key(orient(cells, 0, false)));
    assert.equal(key(orient(orient(cells, 0, true), 0, true)), key(orient(cells, 0, false)));
  }
});

test("every orientation starts at column 0 and row 0 and keeps its cell count", () => {
  for (const cells of Object.values(B.shapes)) {
    for (let rot = 0; rot < 4; rot++) {
      for (const mir of [false, true]) {
        const o = orient(cells, rot, mir);
        assert.equal(o.length, cells.length);
        assert.equal(Math.min(...o.map((p) => p[0])), 0);
        assert.equal(Math.min(...o.map((p) => p[1])), 0);
      }
    }
  }
});

test("a shape placed anywhere lies wholly inside the grid, the same shape moved", () => {
  const n = B.size * B.size;
  for (const cells of Object.values(B.shapes)) {
    for (let rot = 0; rot < 4; rot++) {
      const shape = orient(cells, rot, false);
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
