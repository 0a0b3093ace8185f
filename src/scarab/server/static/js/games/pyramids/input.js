// @ts-check
// Silver & Gold: Pyramids: what a click does: the dealt cards picked to keep, a cell of
// your card that places the expedition shape (previewed under the pointer, a tap arming
// it on a touch screen), and why a mark does not fit. The legal marks are the server's;
// the page only matches the cells clicked against them.

import { hit, resolve, svg } from "../../common.js";
import { t } from "../../i18n.js";
import { text } from "./look.js";
import { B, cellName, cellsText, markKey, placeShape, term } from "./tables.js";

/** @typedef {import("./scene.js").PyramidsScene} PyramidsScene */
/** @typedef {import("./card.js").PyramidCard} PyramidCard */


// Why a mark does not fit, in words (the legal placements are then highlighted).
/** @param {PyramidsScene} scene @param {PyramidCard} card @param {number[]} cells */
function misfit(scene, card, cells) {
  const { exp, legal, single } = scene;
  const onCard = legal.marks.filter((m) => m.card === card.id);
  if (!onCard.length) return t("pyramids.page.misfit.card", { card: card.id });
  const where = { cells: cellsText(cells), card: card.id };
  let why = t("pyramids.page.misfit.pattern", where);
  if (single) why = t("pyramids.page.misfit.single", where);
  else if (exp) why = t("pyramids.page.misfit.shape", { ...where, shape: term("shape", exp.name) });
  return `${why} ${t("pyramids.page.misfit.hint")}`;
}

/** Pick (or unpick) a dealt card to keep; the second picked plays the pair.
 * @param {PyramidsScene} scene @param {number} id */
export function chooseKeep(scene, id) {
  const { ctx, legal, memo } = scene;
  /** @type {number[]} */
  let sel = memo.keepSel.filter((/** @type {number} */ x) => legal.keeps.some((k) => k.cards.includes(x)));
  if (sel.includes(id)) sel = sel.filter((x) => x !== id);
  else sel.push(id);
  if (sel.length >= 2) {
    const pair = sel.slice(-2).sort((a, b) => a - b);
    memo.keepSel = [];
    const cands = legal.keeps.filter((k) => k.cards.length === 2 && k.cards.includes(pair[0]) && k.cards.includes(pair[1])).map((k) => k.entry);
    resolve(ctx, cands, null, t("pyramids.page.keep_apart", { card1: pair[0], card2: pair[1] }));
    scene.redraw();
    return;
  }
  memo.keepSel = sel;
  scene.redraw();
}

/** The hover preview and the click of cell ``i`` of one of this seat's cards.
 * @param {PyramidsScene} scene @param {PyramidCard} card @param {number} i
 * @param {SVGElement} rect @param {SVGElement} preview @param {number} s the cell size */
export function wireCell(scene, card, i, rect, preview, s) {
  const { ctx, legal, memo, shape, single } = scene;
  const cellsAt = () => (single ? [i] : placeShape(shape, i));
  const show = () => {
    const cells = cellsAt();
    const ok = legal.marks.some((m) => m.key === markKey(card.id, cells));
    preview.replaceChildren();
    for (const c of cells) {
      preview.append(
        svg("rect", {
          x: (c % B.size) * s + 1.5,
          y: Math.floor(c / B.size) * s + 1.5,
          width: s - 3,
          height: s - 3,
          rx: 4,
          fill: ok ? "#ffd23f" : "#e53935",
          opacity: ok ? 0.6 : 0.45,
          stroke: ok ? "#8a6100" : "#8e1b1b",
          "stroke-width": 2.5,
        }),
      );
    }
    if (!ok) {
      const c = cells[0];
      preview.append(text((c % B.size) * s + s / 2, Math.floor(c / B.size) * s + s / 2 + 6, "✕", { "text-anchor": "middle", "font-size": 18, "font-weight": 700, fill: "#8e1b1b" }));
    }
    memo.hover = { card: card.id, i };
  };
  const hide = () => {
    preview.replaceChildren();
  };
  rect.addEventListener("pointerenter", show);
  rect.addEventListener("pointerleave", hide);
  rect.addEventListener("pointerdown", (e) => {
    memo.lastPointer = /** @type {PointerEvent} */ (e).pointerType || "mouse"; // a tap arms a mark, a second tap plays it
  });
  rect.addEventListener("focus", show);
  rect.addEventListener("blur", hide);
  const cellsNow = single ? [i] : placeShape(shape, i);
  const tried = cellsText(cellsNow);
  const fits = legal.marks.some((m) => m.key === markKey(card.id, cellsNow));
  hit(
    rect,
    `cell-${card.id}-${cellName(i)}`,
    (event) => {
      const cells = cellsAt();
      const key = markKey(card.id, cells);
      const candidates = legal.marks.filter((m) => m.key === key).map((m) => m.entry);
      if (event && event.type === "click" && (/** @type {PointerEvent} */ (event).pointerType || memo.lastPointer) === "touch" && memo.armed !== key) {
        memo.armed = key;
        show();
        ctx.say(t("pyramids.page.tap_again", { cells: cellsText(cells), card: card.id }));
        return;
      }
      memo.armed = null;
      if (!candidates.length) {
        memo.showLegal = card.id;
        scene.redraw();
      }
      resolve(ctx, candidates, null, misfit(scene, card, cells));
    },
    t("pyramids.page.cell_label", { card: card.id, cell: cellName(i), cells: tried }),
    fits,
  );
  if (memo.hover && memo.hover.card === card.id && memo.hover.i === i) {
    queueMicrotask(() => {
      if (rect.matches(":hover") || document.activeElement === rect) show();
    });
  }
}

