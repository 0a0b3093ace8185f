// @ts-check
// The rules at hand: the game's clauses in our own words (with their sources), and a
// "why" beside each log entry that opens the clauses behind it.

import { api } from "./api.js";
import { html } from "./common.js";

/**
 * @returns {{box: HTMLElement, load: (game: string) => Promise<void>, show: (ids: string[]) => void}}
 */
export function rulesPanel() {
  const list = html("ol", { class: "rules-list" });
  const box = html("details", { class: "rules", id: "rules" }, html("summary", {}, "Rules"), list);
  let loaded = "";
  async function load(/** @type {string} */ game) {
    if (loaded === game) return;
    loaded = game;
    const got = await api(`/api/games/${encodeURIComponent(game)}/rules`);
    list.replaceChildren(...got.clauses.map((/** @type {any} */ c) => html("li", { id: `rule-${c.id}`, class: "rule" },
      html("code", {}, c.id), " ", c.ruling ? html("strong", { class: "ruling" }, "our ruling: ") : "",
      c.text, html("span", { class: "muted" }, ` (${c.source})`))));
  }
  function show(/** @type {string[]} */ ids) {
    box.open = true;
    for (const el of list.querySelectorAll(".why-target")) el.classList.remove("why-target");
    ids.forEach((id, i) => {
      const el = list.querySelector(`#rule-${CSS.escape(id)}`);
      if (!el) return;
      el.classList.add("why-target");
      if (i === 0) el.scrollIntoView({ block: "nearest" });
    });
  }
  return { box, load, show };
}
