// "My tables": a table's maker keeps their own seat, and the others' links apart from it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { byTable, madeSeats, seatNames, tableStatus } from "../../src/scarab/server/static/js/mine.js";

const made = {
  table: "T",
  seats: [
    { seat: 0, name: "Ann", token: "a", link: "/t/T#seat=a" },
    { seat: 1, name: "greedy bot 2", token: null, link: null },
    { seat: 2, name: "Ben", token: "b", link: "/t/T#seat=b" },
    { seat: 3, name: "Cat", token: "c", link: "/t/T#seat=c" },
  ],
};
const kinds = ["human", "bot", "human", "human"];

test("a guest's table: the first person's seat (the host's) is theirs, the others are invited", () => {
  const kept = madeSeats(made, { game: "luxor", seats: kinds.map((kind) => ({ kind })) });
  assert.deepEqual(kept.map((e) => [e.name, Boolean(e.invited)]), [["Ann", false], ["Ben", true], ["Cat", true]]);
  assert.deepEqual(kept[0], { table: "T", seat: 0, token: "a", name: "Ann", game: "luxor" });
});

test("a player's table: the seat marked me is theirs, wherever it is", () => {
  const seats = kinds.map((kind, i) => (i === 2 ? { kind, me: true } : { kind }));
  const kept = madeSeats(made, { game: "luxor", seats });
  assert.deepEqual(kept.map((e) => [e.name, Boolean(e.invited)]), [["Ben", false], ["Ann", true], ["Cat", true]]);
});

test("kept seats group by table, in the order kept, own seats apart from the others' links", () => {
  const list = [
    { table: "T", seat: 0, token: "a", name: "Ann", game: "luxor" },
    { table: "U", seat: 1, token: "x", name: "Ann", game: "horus" },
    { table: "T", seat: 2, token: "b", name: "Ben", game: "luxor", invited: true },
  ];
  const groups = byTable(list);
  assert.deepEqual(groups.map((g) => [g.table, g.own.map((e) => e.name), g.others.map((e) => e.name)]),
    [["T", ["Ann"], ["Ben"]], ["U", ["Ann"], []]]);
});

test("a listed table says where it stands for the seat: finished, your turn, or whose turn", () => {
  const names = ["Alice", "Bob", "Cara"];
  assert.deepEqual(tableStatus({ over: false, current: 1, names }, 0), { msg: "ui.mine.to_play", args: { who: "Bob" } });
  assert.deepEqual(tableStatus({ over: false, current: 0, names }, 0), { msg: "ui.mine.your_turn", args: {} });
  assert.deepEqual(tableStatus({ over: true, current: null, names }, 0), { msg: "ui.mine.finished", args: {} });
  assert.deepEqual(tableStatus({ over: false, current: null, names }, 0), { msg: "ui.mine.waiting", args: {} });
});

test("a listed table marks the reader's own seat among the names, a default name too", () => {
  assert.equal(seatNames(["ann", "bob"], 0, "(you)"), "ann (you), bob");
  assert.equal(seatNames(["player 1", "novice bot 2"], 1, "(tú)"), "player 1, novice bot 2 (tú)");
});
