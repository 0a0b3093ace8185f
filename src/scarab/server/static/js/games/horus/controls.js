// @ts-check
// The Pyramid of Horus: the line above the board, what is asked of whom, and the
// buttons of the actions with no place on the board (end, accept, keep, swap, and the
// abilities a pending decision allows).

import { html } from "../../common.js";
import { phrased, t } from "../../i18n.js";
import { FONT } from "./look.js";
import { ABILITIES, BOARD, cap, SQUARE_OF_BLOCK, squareName } from "./tables.js";

/** @typedef {import("./scene.js").HorusScene} HorusScene */

const BUTTON_VERBS = ["end", "accept", "keep", "swap"];
const BUTTON_WORDS = ["accept", "keep", "swap", "shoot", "dodge", "reflexes", "swim"];
/** @type {Record<string, () => string>} */
const PENDING_PROMPTS = {
  touch: () => t("horus.page.prompt.touch"),
  "block card": () => t("horus.page.prompt.block_card"),
  jump: () => t("horus.page.prompt.jump"),
  overflow: () => t("horus.page.prompt.overflow", { limit: BOARD.cardLimit }),
};

/** The prompt and the buttons, in HTML above the board. @param {HorusScene} scene */
export function controlsOf(scene) {
  const { canAct, ctx, view } = scene;
  const legal = ctx.legal || [];
  const controls = html("div", { style: "display:flex;flex-wrap:wrap;align-items:center;gap:6px;margin:0 0 6px 0;font-family:" + FONT + ";font-size:14px" });
  controls.append(html("span", { style: "flex:1 1 240px" }, promptLine(scene)));
  if (canAct) {
    const pendingAbilities = view.pending ? ABILITIES : [];
    for (const entry of legal) {
      const verb = entry.fields.verb;
      if (!BUTTON_VERBS.includes(verb) && !pendingAbilities.includes(verb)) continue;
      const label = verb === "end" ? t(view.stage === "adjust" ? "horus.page.button.done" : "horus.page.button.end") : BUTTON_WORDS.includes(verb) ? t(`horus.page.button.${verb}`) : cap(verb);
      const b = html(
        "button",
        { type: "button", "data-hit": `action-${verb}`, title: phrased(entry, ctx.names || []), style: "padding:4px 12px;font-size:14px;cursor:pointer" },
        label,
      );
      b.addEventListener("click", () => ctx.act(entry.action));
      controls.append(b);
    }
  }
  return controls;
}

/** @param {HorusScene} scene */
function promptLine(scene) {
  const { canAct, me, seat, seatName, view } = scene;
  const p = view.pending;
  if (view.stage === "over") {
    const out = (view.seats || []).filter((s) => s.status === "escaped").map((s) => s.name);
    return out.length ? t("horus.page.prompt.over", { names: out.join(", ") }) : t("horus.page.prompt.over_none");
  }
  if (!canAct) {
    const who = view.to_move;
    if (p && p.seat !== null && p.seat !== undefined) return t("horus.page.prompt.waiting", { who: seatName(p.seat), what: `@horus.term.pending.${p.kind.replace(" ", "_")}` });
    return who === null || who === undefined ? "" : t("horus.page.prompt.waiting", { who: seatName(who), what: `@horus.term.stage.${view.stage}` });
  }
  if (p && p.seat === seat) {
    if (p.kind === "danger") return t("horus.page.prompt.danger", { card: `@horus.term.card.${p.card}` });
    if (p.kind === "foresee") {
      if (p.block !== undefined && p.block in SQUARE_OF_BLOCK) return t("horus.page.prompt.foresee_where", { block: p.block, square: squareName(SQUARE_OF_BLOCK[p.block]) });
      return t("horus.page.prompt.foresee", { block: p.block });
    }
    const prompt = PENDING_PROMPTS[p.kind];
    return prompt ? prompt() : t("horus.page.prompt.decide");
  }
  if (view.stage === "setup") return t("horus.page.prompt.setup");
  if (view.stage === "adjust") return t("horus.page.prompt.adjust", { wll: me ? me.wll : "?" });
  return t("horus.page.prompt.actions", { n: view.actions_left });
}

