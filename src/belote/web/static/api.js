// The pages' talk with the server (the REST API of docs/protocol.md; the concours pages too),
// the person's tables kept in the browser (dom.js keeps them, and the settings), and the
// lists the server serves (presets, bots).

import { currentLang, t } from "./words.js";
import { drop, keep, kept } from "./dom.js";

const STORE = "belote.tables";

// A request to the API (`token`: a seat's token or an organiser's key, sent as Bearer); the
// answer's JSON, or an Error carrying the server's words, code and status.
export async function api(method, path, body = null, token = null) {
  const headers = { "Accept": "application/json", "Accept-Language": currentLang() };
  if (body !== null) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const answer = await fetch(`${path}${path.includes("?") ? "&" : "?"}lang=${currentLang()}`, {
    method, headers, body: body === null ? null : JSON.stringify(body), cache: "no-cache",
  });
  let data = null;
  try { data = await answer.json(); } catch { data = null; }
  if (!answer.ok) {
    const error = new Error(data && data.message ? data.message : `${answer.status}`);
    error.code = data && data.code;
    error.status = answer.status;
    throw error;
  }
  return data;
}

// The person's tables: {table id: {token, seat, code, name, preset, at}}.
export const myTables = () => kept(STORE);
export const remember = (table, facts) => keep(STORE, table, facts);
export const forget = (table) => drop(STORE, table);

let presets = null;
export async function loadPresets() {
  if (!presets) presets = await api("GET", "/api/presets");
  return presets;
}

// The bots a table may seat (GET /api/bots): {bots: [{name, label, levels, default}]}.
let bots = null;
export async function loadBots() {
  if (!bots) bots = await api("GET", "/api/bots");
  return bots;
}

export function botLevels() {
  return bots ? bots.bots.map((b) => b.name) : [];
}

export function defaultBot() {
  const chosen = bots && bots.bots.find((b) => b.default);
  return chosen ? chosen.name : botLevels()[0];
}

export function presetLabel(name) {
  return t(`preset.${name}`);
}

export function botLabel(level) {
  const base = level.split(":")[0];
  return t(`bot.name.${base}`) + (level.includes(":") ? ` ${level.split(":")[1]}` : "");
}
