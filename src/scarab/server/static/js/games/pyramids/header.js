// @ts-check
// Silver & Gold: Pyramids: the line above the cards: where the game stands, what to do,
// and the buttons that turn, flip or single out the expedition shape (keys R, M, S).

import { html } from "../../common.js";
import { t } from "../../i18n.js";
import { ROUNDS, term, TURNS } from "./tables.js";

/** @typedef {import("./scene.js").PyramidsScene} PyramidsScene */
/** What the shape buttons and keys do. @typedef {{rotate: () => void, mirror: () => void, single: () => void}} ShapeTurns */

/** @param {PyramidsScene} scene @returns {ShapeTurns} */
export function shapeTurns(scene) {
  const { exp, forcedSingle, legal, memo } = scene;
  return {
    rotate: () => {
      if (!legal.marks.length || !exp) return;
      memo.rot = (memo.rot + 1) % 4;
      scene.redraw();
    },
    mirror: () => {
      if (!legal.marks.length || !exp) return;
      memo.mir = !memo.mir;
      scene.redraw();
    },
    single: () => {
      if (!legal.marks.length || forcedSingle) return;
      memo.single = !memo.single;
      scene.redraw();
    },
  };
}

/** The header. @param {PyramidsScene} scene @param {ShapeTurns} turns */
export function headerOf(scene, turns) {
  const { exp, forcedSingle, legal, memo, myTurn, single, view } = scene;
  // ---- header: where the game stands, what to do, the shape controls
  const header = html("div", { style: "display:flex;flex-wrap:wrap;align-items:center;gap:6px 12px;margin:0 0 8px" });
  /** @type {string[]} */
  const status = [];
  if (view.phase === "keep") status.push(t("pyramids.page.setup"));
  else if (view.phase === "over") status.push(t("pyramids.page.game_over"));
  else status.push(t("pyramids.page.round_turn", { round: view.round, rounds: ROUNDS, turn: view.turn, turns: TURNS }));
  status.push(t("pyramids.page.deck_count", { n: view.deck }));
  header.append(html("span", { style: "opacity:0.8" }, status.join(" · ")));
  let prompt = "";
  if (myTurn) {
    if (legal.keeps.length) {
      prompt = memo.keepSel.length
        ? t("pyramids.page.prompt.keep_other", { card: memo.keepSel[0] })
        : t("pyramids.page.prompt.keep");
    } else if (view.phase === "extra") {
      const n = view.extra_marks || 1;
      prompt = n > 1 ? t("pyramids.page.prompt.extra_many", { n }) : t("pyramids.page.prompt.extra");
    } else if (legal.marks.length) {
      prompt = single
        ? t("pyramids.page.prompt.single")
        : t("pyramids.page.prompt.shape", { shape: term("shape", exp ? exp.name : "") });
    } else if (legal.takes.length) {
      prompt = t("pyramids.page.prompt.replace");
    } else if (legal.pass) {
      prompt = t("pyramids.page.prompt.pass");
    }
  } else if (view.phase !== "over" && typeof view.current_player === "number") {
    prompt = t("pyramids.page.prompt.waiting", { name: `#${view.current_player}` }, seatNames(scene));
  }
  if (prompt) header.append(html("strong", {}, prompt));
  if (legal.marks.length && exp) {
    /** @param {string} name @param {string} label @param {string} title @param {() => void} onclick @param {boolean} [pressed] */
    const btn = (name, label, title, onclick, pressed) =>
      html(
        "button",
        { type: "button", class: "hit", "data-hit": name, title, "aria-pressed": pressed === undefined ? null : String(pressed), onclick },
        label,
      );
    const controls = html("span", { style: "display:inline-flex;gap:6px" });
    if (!single) {
      controls.append(
        btn("rotate", `⟳ ${t("pyramids.page.rotate")}`, t("pyramids.page.rotate_title"), turns.rotate),
        btn("mirror", `⇋ ${t("pyramids.page.mirror")}`, t("pyramids.page.mirror_title"), turns.mirror, memo.mir),
      );
    }
    if (!forcedSingle) {
      controls.append(btn("single", single ? `◼ ${t("pyramids.page.shape")}` : `▪ ${t("pyramids.page.single")}`, t("pyramids.page.single_title"), turns.single, memo.single));
    }
    header.append(controls);
  }
  return header;
}

// The seats' names, for messages that name a seat as "#n" (a name is never read as a
// message's markup that way).
/** @param {PyramidsScene} scene */
function seatNames(scene) {
  return scene.view.seats.map((_, p) => scene.nameOf(p));
}
