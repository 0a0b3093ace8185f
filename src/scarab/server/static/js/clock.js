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
