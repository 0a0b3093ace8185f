// @ts-check
// The Pyramid of Horus: what a click on the board or the panel does. Each finds the
// legal actions it could mean (the scene's lists, from the server's fields) and plays
// one, offers several or says why there is none; the page decides no rule.

import { resolve } from "../../common.js";
import { t } from "../../i18n.js";
import { ADV, ALCOVE_OF, BOARD, cap, dirBetween, INSIDE, squareName, WOUNDS } from "./tables.js";

/** @typedef {import("./scene.js").HorusScene} HorusScene */

/** @param {HorusScene} scene @param {string} god */
export function alcoveActs(scene, god) {
  const { acts, myQ, view } = scene;
  if (!ALCOVE_OF[god].sq.includes(myQ)) return [];
  const lockHere = Boolean(view.lock && view.lock.alcove === god);
  return acts((f) => f.verb === "pick" || (lockHere && (f.verb === "crowbar" || f.verb === "lockpick")));
}

/** @param {HorusScene} scene @param {number} q */
export function onSquare(scene, q) {
  const { canAct, ctx, me, myQ, searchHere, stepTo, view } = scene;
  if (!canAct) return;
  if (view.stage === "setup") {
    if (q >= INSIDE) return onEntrance(scene, q);
    return ctx.say(t("horus.page.say.pick_first"));
  }
  if (q === myQ) {
    const why = t(myQ < INSIDE ? "horus.page.say.no_search_here" : "horus.page.say.wait_outside");
    return resolve(ctx, searchHere(), null, why);
  }
  const why = t(dirBetween(myQ, q) ? "horus.page.say.blocked" : "horus.page.say.one_square");
  const steps = stepTo(q);
  if (q >= INSIDE && myQ < INSIDE && steps.length === 1 && steps[0].fields.verb === "move") {
    return ctx.confirm(steps[0], t("horus.page.confirm_leave", { n: me ? me.carrying : 0 }));
  }
  resolve(ctx, steps, null, why);
}

/** @param {HorusScene} scene @param {number} q */
function onEntrance(scene, q) {
  const { choices, ctx, memo } = scene;
  const adv = memo.horusAdv;
  resolve(ctx, choices(adv, q), null, adv ? t("horus.page.say.cannot_start", { adventurer: ADV[adv].name, entrance: squareName(q) }) : t("horus.page.say.choose_first"));
}

/** @param {HorusScene} scene @param {string} key */
export function onAdventurer(scene, key) {
  const { canAct, choices, ctx, memo } = scene;
  if (!canAct) return;
  memo.horusAdv = memo.horusAdv === key ? null : key;
  if (!choices(key, null).length) {
    memo.horusAdv = null;
    return ctx.say(t("horus.page.say.taken", { adventurer: ADV[key].name }));
  }
  scene.redraw();
}

/** @param {HorusScene} scene @param {number} i */
export function onSarc(scene, i) {
  const { canAct, ctx, myQ, sarcActs, view } = scene;
  if (!canAct) return;
  const s = view.sarcophagi[i];
  if (s.square !== myQ) return ctx.say(t("horus.page.say.stand_sarcophagus", { square: squareName(s.square) }));
  resolve(ctx, sarcActs(i), null, t(s.state === "open" ? "horus.page.say.cannot_take" : "horus.page.say.cannot_open"));
}

/** @param {HorusScene} scene @param {string} god */
export function onAlcove(scene, god) {
  const { canAct, ctx, myQ } = scene;
  if (!canAct) return;
  const sqs = ALCOVE_OF[god].sq;
  const where = sqs.map(squareName).join(` ${t("horus.page.or")} `);
  if (!sqs.includes(myQ)) return ctx.say(t("horus.page.say.stand_alcove", { squares: where, god: `@horus.term.god.${god}` }));
  resolve(ctx, alcoveActs(scene, god), null, t("horus.page.say.cannot_pick", { god: `@horus.term.god.${god}` }));
}

/** @param {HorusScene} scene @param {string} deck */
export function onDeck(scene, deck) {
  const { canAct, ctx, deckOfHere, searchHere } = scene;
  if (!canAct) return;
  if (deckOfHere === deck) return resolve(ctx, searchHere(), null, t("horus.page.say.cannot_search"));
  const area = Object.keys(BOARD.areas).find((a) => BOARD.areas[a].deck === deck);
  ctx.say(t("horus.page.say.deck_area", { deck: `@horus.term.deck.${deck}`, area: area ? `@horus.term.area.${area}` : "@horus.page.its_area" }));
}

/** @param {HorusScene} scene @param {string} name */
export function onCard(scene, name) {
  const { canAct, cardActs, ctx } = scene;
  if (!canAct) return;
  const cands = cardActs(name);
  if (WOUNDS.has(name)) return resolve(ctx, cands, null, t("horus.page.say.wound_cure", { wound: `@horus.term.card.${name}` }));
  resolve(ctx, cands, null, t("horus.page.say.no_use", { card: `@horus.term.card.${name}` }));
}

/** @param {HorusScene} scene @param {string} ab */
export function onAbility(scene, ab) {
  const { abilityActs, canAct, ctx } = scene;
  if (!canAct) return;
  resolve(ctx, abilityActs(ab), null, cap(t("horus.page.say.ability_not_now", { ability: `@horus.term.ability.${ab}` })));
}

/** @param {HorusScene} scene @param {number} n */
export function onDie(scene, n) {
  const { canAct, ctx, memo, verbs } = scene;
  if (!canAct) return;
  if (!verbs.has("reroll")) return ctx.say(t("horus.page.say.reroll_when"));
  const sel = new Set(memo.horusReroll);
  if (sel.has(n)) sel.delete(n);
  else sel.add(n);
  memo.horusReroll = [...sel].sort();
  scene.redraw();
}

/** @param {HorusScene} scene  */
export function onReroll(scene) {
  const { acts, canAct, ctx, memo } = scene;
  if (!canAct) return;
  if (!memo.horusReroll.length) return ctx.say(t("horus.page.say.pick_dice"));
  const want = memo.horusReroll.map((/** @type {number} */ n) => n - 1).join(",");
  resolve(ctx, acts((f) => f.verb === "reroll" && f.dice.join(",") === want), null, t("horus.page.say.cannot_reroll"));
}

