// The replay viewer's words and address: the last move as the watchers' log said it (a
// hidden choice stays hidden), and the position kept in the address.
import { test } from "node:test";
import assert from "node:assert/strict";
import { moveWords, plyFrom, replayHash } from "../../src/scarab/server/static/js/replay.js";
import { setMessages } from "../../src/scarab/server/static/js/i18n.js";

const EN = {
  "ui.replay.last_move": "last move:",
  "ui.replay.start": "the start",
  "ui.replay.moved": "{who} made a move",
  "ui.log.by_zombie_left": "played by the zombie ({level}) for {who}, who left",
  "ui.level.random": "random",
  "x.marked": "has marked",
  "x.plays": "{who} plays {card}",
  "x.moved": "adventurer {from} -> {to}",
};
const PT = { "ui.replay.last_move": "última jogada:", "ui.replay.moved": "{who} fez uma jogada", "x.marked": "já traçou" };

const frame = (ply, log, moves) => ({ ply, names: ["Ana", "Bia"], log, moves });

test("the last move is the log lines it made, never its notation", () => {
  setMessages(PT, EN, "pt");
  const mark = { seat: 1, action: "8:a1", note: null, note_msg: null };
  const f = frame(1, [{ seat: 1, msg: "x.marked", args: {}, ply: 1 }], [mark]);
  assert.equal(moveWords(f), "última jogada: Bia: já traçou");
  assert.doesNotMatch(moveWords(f), /a1/);
});

test("a move's several lines are read in order, its seat named once", () => {
  setMessages(EN, EN, "en");
  const log = [
    { seat: 0, msg: "x.plays", args: { who: "#0", card: 5 }, ply: 1 },
    { seat: 1, msg: "x.plays", args: { who: "#1", card: 2 }, ply: 2 },
    { seat: 1, msg: "x.moved", args: { from: "S", to: 2 }, ply: 2 },
  ];
  const moves = [{ seat: 0, action: "R S+5" }, { seat: 1, action: "L S+2", note: "played by the zombie (random): Bia left",
    note_msg: { msg: "ui.log.by_zombie_left", args: { who: "#1", level: "@ui.level.random" } } }];
  assert.equal(moveWords(frame(2, log, moves)),
    "last move: Bia plays 2; adventurer S -> 2 (played by the zombie (random) for Bia, who left)");
  assert.equal(moveWords(frame(0, [], moves)), "the start");
});

test("a move that no watcher's line tells of says only who moved", () => {
  setMessages(PT, EN, "pt");
  assert.equal(moveWords(frame(1, [], [{ seat: 0, action: "24:c1,d1" }])), "última jogada: Ana fez uma jogada");
});

test("the position's address: the table's record, else the one uploaded in this tab", () => {
  assert.equal(replayHash("Ab-c_9", 10), "#table=Ab-c_9&ply=10");
  assert.equal(replayHash(null, 0), "#ply=0");
  assert.equal(plyFrom("12"), 12);
  for (const bad of [null, "", "-1", "1.5", "x", "1e3", "9999999999"]) assert.equal(plyFrom(bad), 0, String(bad));
});
