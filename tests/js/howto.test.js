// The "How to play" guide reads its lists from the catalogue, in order, and no further.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { delimiter } from "node:path";
import { fileURLToPath } from "node:url";
import { setMessages } from "../../src/scarab/server/static/js/i18n.js";
import { numbered } from "../../src/scarab/server/static/js/howto.js";

// this checkout's catalogues, whichever scarab the Python has installed
const SRC = fileURLToPath(new URL("../../src", import.meta.url));
const CATALOGUES = JSON.parse(execFileSync(process.env.PYTHON || "python3", ["-c", `
import json, sys
from scarab import i18n
sys.stdout.write(json.dumps({lang: i18n.catalogue(lang) for lang in i18n.LANGS}))
`], { encoding: "utf8", env: { ...process.env, PYTHONPATH: [SRC, process.env.PYTHONPATH].filter(Boolean).join(delimiter) } }));

test("a guide's numbered messages are read in order, in the page's language", () => {
  setMessages(CATALOGUES.pt, CATALOGUES.en, "pt");
  const steps = numbered("howto.luxor.turn");
  assert.ok(steps.length >= 3 && steps.length <= 6);
  assert.deepEqual(steps, steps.map((_, i) => CATALOGUES.pt[`howto.luxor.turn.${i + 1}`]));
});

test("a list stops at its first missing message, and an unknown game has none", () => {
  setMessages({ "x.list.1": "one", "x.list.2": "two", "x.list.4": "four" }, {}, "en");
  assert.deepEqual(numbered("x.list"), ["one", "two"]);
  assert.deepEqual(numbered("howto.chess.turn"), []);
});
