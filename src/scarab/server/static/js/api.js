// @ts-check
// The server's JSON API, from the page: errors come back as the server's own words, in
// the reader's language where the server gave them a message id.

import { t } from "./i18n.js";

const PLAYER = "scarab.player";
const DEVICE = "scarab.device";

/**
 * Call the API: GET without a payload, POST with one (as JSON); the player's key goes
 * with every call when this browser has one.
 * @param {string} path
 * @param {unknown} [payload]
 * @returns {Promise<any>}
 */
export async function api(path, payload) {
  /** @type {Record<string, string>} */
  const headers = {};
  const me = player();
  if (me) headers["X-Player-Key"] = me.key;
  /** @type {RequestInit} */
  const init = { headers };
  if (payload !== undefined) {
    init.method = "POST";
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(payload);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({ error: t("ui.err.no_json") }));
  if (!response.ok) throw new Error(errorText(data, response.status));
  return data;
}

/**
 * An error answer in words: its message in the page's language when it has one.
 * @param {any} data
 * @param {number} status
 */
export function errorText(data, status) {
  if (data && data.msg) return t(data.msg, data.args || {});
  return (data && data.error) || `HTTP ${status}`;
}

/**
 * The player this browser plays as ({player, name, key}), or null for a guest.
 * @returns {{player: string, name: string, key: string} | null}
 */
export function player() {
  try {
    const me = JSON.parse(localStorage.getItem(PLAYER) || "null");
    return me && typeof me.key === "string" && typeof me.name === "string" ? me : null;
  } catch {
    return null;
  }
}

/**
 * This browser's device id, made once and kept whoever plays here (a new player, or none):
 * a rated game tells by it one person playing two seats. Null where storage is off.
 * @returns {string | null}
 */
export function device() {
  try {
    let id = localStorage.getItem(DEVICE);
    if (!id) {
      id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
      localStorage.setItem(DEVICE, id);
    }
    return id;
  } catch {
    return null;
  }
}

/** @param {{player: string, name: string, key: string} | null} me */
export function setPlayer(me) {
  if (me) localStorage.setItem(PLAYER, JSON.stringify({ player: me.player, name: me.name, key: me.key }));
  else localStorage.removeItem(PLAYER);
}
