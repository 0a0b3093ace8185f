// A turn timer's time left reads as minutes and seconds under an hour, hours and minutes
// up to a day, days and hours beyond (a 1-day timer read "1439:48 left").
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { setMessages, t } from "../../src/scarab/server/static/js/i18n.js";
import { madeOn, timeLeft } from "../../src/scarab/server/static/js/clock.js";

/** @param {string} lang */
function ui(lang) {
  return JSON.parse(readFileSync(new URL(`../../src/scarab/locales/${lang}/ui.json`, import.meta.url), "utf8"));
}

/** @param {string} lang @param {number} seconds */
function left(lang, seconds) {
  setMessages(ui(lang), ui("en"), lang);
  return t("ui.table.left", { time: timeLeft(seconds) });
}

test("under an hour: minutes and seconds", () => {
  assert.equal(left("en", 0), "0:00 left");
  assert.equal(left("en", 65), "1:05 left");
  assert.equal(left("en", 3599), "59:59 left");
  assert.equal(left("en", -3), "0:00 left"); // a deadline just passed
});

test("from an hour to a day: hours and minutes, cut and not rounded up", () => {
  assert.equal(left("en", 3600), "1 h 0 min left");
  assert.equal(left("en", 86388), "23 h 59 min left"); // the QA's "1439:48 left"
  assert.equal(left("en", 86400), "24 h 0 min left"); // a 1-day timer, as it starts
  assert.equal(left("en", 5 * 3600 + 59 * 60 + 59), "5 h 59 min left");
});

test("beyond a day: days and hours", () => {
  assert.equal(left("en", 86401), "1 d 0 h left");
  assert.equal(left("en", 7 * 86400 - 1), "6 d 23 h left"); // the longest timer, a week
});

test("in Portuguese and Spanish, from their catalogues", () => {
  assert.equal(left("pt", 86388), "faltam 23 h 59 min");
  assert.equal(left("es", 86388), "quedan 23 h 59 min");
  assert.equal(left("pt", 3 * 86400 + 7200), "faltam 3 d 2 h");
  assert.equal(left("es", 125), "quedan 2:05");
});

test("each form's arguments are the placeholders of its message in every language", () => {
  for (const lang of ["en", "pt", "es"]) {
    const messages = ui(lang);
    for (const seconds of [5, 4000, 200000]) {
      const { msg, args } = timeLeft(seconds);
      const holes = [...messages[msg].matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]).sort();
      assert.deepEqual(holes, Object.keys(args).sort(), `${lang} ${msg}`);
    }
  }
});

test("when a table was made: day and time in the reader's language, the year if not this one", () => {
  const at = Date.UTC(2026, 10, 27, 14, 5) / 1000;
  const zone = { now: Date.UTC(2026, 11, 31, 23, 0) / 1000, timeZone: "UTC" };
  const plain = (/** @type {string} */ s) => s.replace(/\s/gu, " "); // ICU's narrow spaces
  assert.equal(plain(madeOn(at, "en", zone)), "Nov 27, 2:05 PM");
  assert.equal(plain(madeOn(at, "pt", zone)), "27 de nov., 14:05");
  assert.equal(plain(madeOn(at, "es", zone)), "27 nov, 14:05");
  const later = { now: Date.UTC(2027, 0, 2) / 1000, timeZone: "UTC" };
  assert.equal(plain(madeOn(at, "en", later)), "Nov 27, 2026, 2:05 PM");
  assert.notEqual(madeOn(at, "en", zone), madeOn(at + 60, "en", zone)); // a minute apart
});
