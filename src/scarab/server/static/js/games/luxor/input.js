// @ts-check
// Luxor: what a click does: a card at an end of the hand selects it, an adventurer or a
// space moves (with the selected card, or the roll) or takes the space's action, a
// reward on the supply takes it. Each finds the legal actions it could mean and plays
// one, offers several or says why there is none; the page decides no rule.

import { resolve } from "../../common.js";
import { phrased, t } from "../../i18n.js";
import { aboutPlace, cardLabel, CHAMBER, posText } from "./tables.js";

/** @typedef {import("./scene.js").LuxorScene} LuxorScene */

/** @param {LuxorScene} scene @param {string} side "L" or "R" */
export function clickCard(scene, side) {
  const { cardOf, ctx, legal, memo, phase, redraw, sideName } = scene;
  if (phase !== "play") {
    ctx.say(t(`luxor.page.say.first_${phase === "die" ? "roll" : phase === "act" ? "act" : "reward"}`));
    return;
  }
  const cands = legal.filter((e) => e.fields.side === side);
  if (cands.length === 0) {
    ctx.say(t("luxor.page.say.card_stuck", { side: sideName(side), card: cardLabel(cardOf(side) || "?")[0] }));
    return;
  }
  // A card play draws a new card, so it cannot be taken back: one click on the card
  // selects it, and a move the click did not aim at is asked about first.
  memo.side = memo.side === side ? null : side;
  if (cands.length === 1 && memo.side) {
    redraw();
    ctx.confirm(cands[0], t("luxor.page.confirm", { side: sideName(side), card: cardLabel(cardOf(side) || "?")[0],
      action: phrased(cands[0], ctx.names || []) }));
    return;
  }
  redraw();
}

/** @param {LuxorScene} scene @param {number} src where the adventurer stands */
export function clickAdventurer(scene, src) {
  const { actAt, ctx, memo, moves, phase, sideName } = scene;
  const p = posText(src);
  if (phase === "act") { resolve(ctx, actAt(p), null, aboutPlace("luxor.page.say.not_moved_onto", src)); return; }
  if (phase === "choice") { ctx.say(t("luxor.page.say.first_supply")); return; }
  if (phase === "die") {
    const cands = moves.filter((x) => x.mv.src === src).map((x) => x.entry);
    resolve(ctx, cands, null, t("luxor.page.say.roll_cannot_move", { at: p }));
    return;
  }
  if (src === CHAMBER) { ctx.say(t("luxor.page.say.chamber_stays")); return; }
  if (memo.side) {
    const cands = moves.filter((x) => x.mv.side === memo.side && x.mv.src === src).map((x) => x.entry);
    resolve(ctx, cands, null,
      t("luxor.page.say.card_cannot_move", { side: sideName(memo.side), at: p }));
    return;
  }
  const cands = moves.filter((x) => x.mv.src === src).map((x) => x.entry);
  resolve(ctx, cands, null, t("luxor.page.say.neither_can_move", { at: p }));
}

/** @param {LuxorScene} scene @param {number} n */
export function clickSpace(scene, n) {
  const { actAt, ctx, memo, moves, myCount, phase } = scene;
  const p = posText(n);
  if (phase === "act") { resolve(ctx, actAt(p), null, aboutPlace("luxor.page.say.not_moved_onto", n)); return; }
  if (phase === "choice") { ctx.say(t("luxor.page.say.first_supply")); return; }
  if (phase === "play" && !memo.side && myCount(n) > 0) { clickAdventurer(scene, n); return; }
  const pool = phase === "die" ? moves : memo.side ? moves.filter((x) => x.mv.side === memo.side) : moves;
  const cands = pool.filter((x) => x.dest === n).map((x) => x.entry);
  if (cands.length === 0 && myCount(n) > 0 && n !== CHAMBER) { clickAdventurer(scene, n); return; }
  resolve(ctx, cands, null, phase === "play" && !memo.side
    ? aboutPlace("luxor.page.say.no_move_ends", n)
    : aboutPlace(`luxor.page.say.cannot_reach_${phase === "die" ? "roll" : "card"}`, n));
}

/** @param {LuxorScene} scene @param {string} what */
export function clickReward(scene, what) {
  const { ctx, legal, phase } = scene;
  const cands = legal.filter((e) => e.fields.reward === what);
  if (phase !== "choice") { ctx.say(t("luxor.page.say.no_reward")); return; }
  resolve(ctx, cands, null, t("luxor.page.say.reward_not_offered"));
}

