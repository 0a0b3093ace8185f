// @ts-check
// Times in the reader's words, as messages the catalogues word (no language here): a turn
// timer's time left, and when a table was made.

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;

/**
 * A turn timer's time left as a message: minutes and seconds under an hour ("4:05"),
 * hours and minutes up to a day ("23 h 59 min"), days and hours beyond ("6 d 23 h"). A
 * part is cut, never rounded up: what is shown is always there.
 * @param {number} seconds the time left (none below 0)
 * @returns {{msg: string, args: Record<string, number | string>}}
 */
export function timeLeft(seconds) {
  const left = Math.max(0, Math.floor(Number(seconds) || 0));
  if (left < HOUR) {
    return { msg: "ui.time.minutes", args: { m: Math.floor(left / MINUTE), s: String(left % MINUTE).padStart(2, "0") } };
  }
  if (left <= DAY) return { msg: "ui.time.hours", args: { h: Math.floor(left / HOUR), m: Math.floor((left % HOUR) / MINUTE) } };
  return { msg: "ui.time.days", args: { d: Math.floor(left / DAY), h: Math.floor((left % DAY) / HOUR) } };
}

/**
 * When a table was made, in the reader's language: the day and the time, and the year
 * when it is not this one ("Nov 27, 2:05 PM", "27 de nov., 14:05"). It tells apart two
 * tables of the same seats, and says nothing of their moves.
 * @param {number} seconds the time, in seconds since 1970 (as the server gives it)
 * @param {string} lang
 * @param {{now?: number, timeZone?: string}} [at] now (seconds), and the zone (the reader's)
 * @returns {string}
 */
export function madeOn(seconds, lang, { now = Date.now() / 1000, timeZone = undefined } = {}) {
  const year = (/** @type {number} */ s) => new Intl.DateTimeFormat("en", { year: "numeric", timeZone }).format(new Date(s * 1000));
  /** @type {Intl.DateTimeFormatOptions} */
  const options = { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone };
  if (year(seconds) !== year(now)) options.year = "numeric";
  return new Intl.DateTimeFormat(lang, options).format(new Date(seconds * 1000));
}
