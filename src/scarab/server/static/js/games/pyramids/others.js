// @ts-check
// Silver & Gold: Pyramids: the other seats' cards (every seat's for a watcher), with
// the marks this seat may see.

import { seatColour, svg } from "../../common.js";
import { t } from "../../i18n.js";
import { drawCard } from "./card.js";
import { background, INK, named, panel, text } from "./look.js";

/** @typedef {import("./scene.js").PyramidsScene} PyramidsScene */

/** The others' panel. @param {PyramidsScene} scene */
export function drawOthers(scene) {
  const { me, nameOf, view } = scene;
  const seats = view.seats.map((seat, p) => ({ seat, p })).filter(({ p }) => p !== me);
  const s = me === null ? 28 : 20;
  const W = me === null ? 1100 : 1000;
  /** @type {SVGElement[]} */
  const parts = [];
  let x = 10;
  let y = 10;
  let rowH = 0;
  let maxX = 0;
  for (const { seat, p } of seats) {
    const blocks = seat.cards.map((c) => drawCard(c, { s, labels: false, markColour: seatColour(p) }));
    const bw = Math.max(160, blocks.reduce((sum, d) => sum + d.w + 8, 0) - 8);
    const bh = 24 + (blocks.length ? blocks[0].h : 40);
    if (x + bw > W - 10 && x > 10) {
      x = 10;
      y += rowH + 12;
      rowH = 0;
    }
    const g = svg("g", { transform: `translate(${x} ${y})` });
    const turn = p === view.current_player && view.phase !== "over";
    g.append(
      svg("circle", { cx: 6, cy: 8, r: 6, fill: seatColour(p) }),
      named(16, 13, (name) => `${turn ? "▶ " : ""}${name}`, nameOf(p), bw - 16, { "font-size": 14, "font-weight": 700, fill: turn ? "#8a6100" : INK }),
    );
    if (!blocks.length) {
      let msg = t("pyramids.page.others.no_card");
      if (view.phase === "keep") msg = seat.chosen ? t("pyramids.page.others.chosen") : t("pyramids.page.others.choosing");
      g.append(text(16, 40, msg, { "font-size": 12, fill: "#7a6a50" }));
    }
    let cx = 0;
    for (const d of blocks) {
      d.g.setAttribute("transform", `translate(${cx} 22)`);
      g.append(d.g);
      cx += d.w + 8;
    }
    parts.push(g);
    maxX = Math.max(maxX, x + bw);
    x += bw + 24;
    rowH = Math.max(rowH, bh);
  }
  const H = y + rowH + 10;
  const used = Math.min(W, Math.max(200, maxX + 10));
  const pnl = panel(used, H, 300, used * 1.05, t(me === null ? "pyramids.page.players_cards" : "pyramids.page.others_cards"));
  pnl.el.append(background(used, H), ...parts);
  pnl.box.style.flexBasis = "100%";
  return pnl.box;
}

