// @ts-check
// A link to hand on to someone: a Copy button (the clipboard, "Copied" said beside it; where
// the browser refuses, the link is selected to copy by hand) and, where the device can
// share (navigator.share: phones), a Share button.

import { html } from "./common.js";
import { t } from "./i18n.js";

const SAID_MS = 6000;

/**
 * A list item: who the link is for, Copy (and Share), what happened, and the link itself.
 * @param {string} who the line's label ("Ben", "watch:")
 * @param {string} path the link's path on this site ("/t/…#seat=…")
 * @param {{copy: string, share: string, text: string, linkClass?: string}} words the
 *   buttons' accessible names and the words sent along when shared
 * @returns {HTMLElement}
 */
export function linkItem(who, path, words) {
  const url = `${location.origin}${path}`;
  const link = html("a", { href: path, class: words.linkClass ? `link ${words.linkClass}` : "link" }, url);
  const said = html("span", { class: "copied", role: "status" });
  let timer = 0;
  const tell = (/** @type {string} */ text) => {
    said.textContent = text;
    clearTimeout(timer);
    timer = window.setTimeout(() => { said.textContent = ""; }, SAID_MS);
  };
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard here (not a secure page)");
      await navigator.clipboard.writeText(url);
      tell(t("ui.share.copied"));
    } catch {
      selectText(link);
      tell(t("ui.share.selected"));
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: "Scarab", text: words.text, url });
    } catch (err) {
      if (!(err instanceof DOMException && err.name === "AbortError")) await copy(); // not just cancelled
    }
  };
  return html("li", { class: "handed" },
    html("span", { class: "who" }, who), " ",
    html("button", { type: "button", class: "secondary copy", "aria-label": words.copy, onclick: copy }, t("ui.share.copy")), " ",
    typeof navigator.share === "function"
      ? [html("button", { type: "button", class: "secondary share", "aria-label": words.share, onclick: share }, t("ui.share.share")), " "]
      : "",
    said, link);
}

/**
 * Select an element's text, for the reader to copy by hand.
 * @param {Node} node
 */
function selectText(node) {
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = window.getSelection();
  if (!selection) return;
  selection.removeAllRanges();
  selection.addRange(range);
}
