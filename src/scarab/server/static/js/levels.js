// @ts-check
// The bot levels in one order in every menu. First the ladder, easiest first: random,
// then novice, casual, strong and expert, each measured to beat the one before it
// (docs/bots.md). Then greedy, apart: the fixed yardstick the expert is measured against
// (the expert beats it), whose place on the ladder differs from game to game, so it is
// not slotted in among them. Each level has a line saying what it is.

import { html } from "./common.js";
import { t } from "./i18n.js";

export const LADDER = ["random", "novice", "casual", "strong", "expert"];
export const YARDSTICKS = ["greedy"];

/**
 * The levels offered, in the menus' order: the ladder (any level not known here at its
 * end), then the yardsticks.
 * @param {readonly string[]} levels
 * @returns {{ladder: string[], yardsticks: string[]}}
 */
export function ordered(levels) {
  const known = [...LADDER, ...YARDSTICKS];
  return {
    ladder: [...LADDER.filter((l) => levels.includes(l)), ...levels.filter((l) => !known.includes(l))],
    yardsticks: YARDSTICKS.filter((l) => levels.includes(l)),
  };
}

/**
 * A menu's options for the levels, in two groups (the ladder, easiest first; the
 * yardstick), each option's title saying what its level is.
 * @param {readonly string[]} levels
 * @param {(level: string) => string} [value] an option's value
 * @param {(level: string) => string} [text] an option's words
 * @returns {HTMLElement[]}
 */
export function levelOptions(levels, value = (l) => l, text = (l) => t(`ui.level.${l}`)) {
  const { ladder, yardsticks } = ordered(levels);
  const option = (/** @type {string} */ l) => html("option", { value: value(l), title: t(`ui.level.about.${l}`) }, text(l));
  const groups = [html("optgroup", { label: t("ui.level.ladder") }, ladder.map(option))];
  if (yardsticks.length) groups.push(html("optgroup", { label: t("ui.level.yardstick") }, yardsticks.map(option)));
  return groups;
}

let notes = 0;

/**
 * A line under a menu saying what its chosen level is (nothing while it holds no level),
 * kept up to date and read with the menu (aria-describedby).
 * @param {HTMLSelectElement} select
 * @param {(value: string) => string | null} [level] the level a value holds, if any
 * @returns {HTMLElement}
 */
export function levelNote(select, level = (v) => v) {
  notes += 1;
  const note = html("small", { class: "level-note", id: `level-note-${notes}` });
  const update = () => {
    const chosen = level(select.value);
    note.textContent = chosen ? t(`ui.level.about.${chosen}`) : "";
    note.hidden = !chosen;
  };
  select.setAttribute("aria-describedby", note.id);
  select.addEventListener("change", update);
  update();
  return note;
}
