// @ts-check
// The rules at hand: the game's clauses in our own words (with their sources), grouped
// as the rulebook orders them, with its worked examples, in the page's language (the
// sources too: the rulebook's section names as that language's edition gives them); and
// a "why" beside each log entry that opens the clauses behind it.

import { api } from "./api.js";
import { html } from "./common.js";
import { t } from "./i18n.js";

/**
 * @returns {{box: HTMLElement, load: (game: string) => Promise<void>, show: (ids: string[]) => void}}
 */
export function rulesPanel() {
  const list = html("div", { class: "rules-list" });
  const box = html("details", { class: "rules", id: "rules" }, html("summary", {}, t("ui.rules.title")), list);
  let loaded = "";
  async function load(/** @type {string} */ game) {
    if (loaded === game) return;
    loaded = game;
    const got = await api(`/api/games/${encodeURIComponent(game)}/rules`);
    list.replaceChildren(...got.sections.map((/** @type {any} */ s) => section(game, got, s)));
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

/**
 * One section of the rulebook: its heading, its clauses, then its worked examples.
 * @param {string} game
 * @param {any} got the served catalogue
 * @param {{id: string, title: string}} s
 */
function section(game, got, s) {
  const clauses = got.clauses.filter((/** @type {any} */ c) => c.section === s.id);
  const examples = got.examples.filter((/** @type {any} */ e) => e.section === s.id);
  return html("section", { class: "rules-section", "data-section": s.id },
    html("h3", {}, t(`rules.${game}.section.${s.id}`)),
    html("ol", { class: "rules-clauses" }, clauses.map((/** @type {any} */ c) => html("li", { id: `rule-${c.id}`, class: "rule" },
      html("code", {}, c.id), " ", c.ruling ? html("strong", { class: "ruling" }, `${t("ui.rules.ruling")} `) : "",
      t(`rules.${game}.clause.${c.id}`),
      html("span", { class: "muted source" }, ` (${said(`rules.${game}.source.${c.id}`, c.source)})`)))),
    examples.map((/** @type {any} */ e) => html("aside", { class: "rules-example", id: `example-${e.id}` },
      html("strong", {}, `${t("ui.rules.example")} `), t(`rules.${game}.example.${e.id}`), " ",
      html("span", { class: "muted source" },
        `(${e.clauses.join(", ")}; ${said(`rules.${game}.example_source.${e.id}`, e.source)})`))));
}

/**
 * A source in the page's language: its translation, else the English the rules carry
 * (a catalogue older than the rules, held in a cache, may lack the message).
 * @param {string} id
 * @param {string} served
 */
function said(id, served) {
  const words = t(id);
  return words === id ? served : words;
}
