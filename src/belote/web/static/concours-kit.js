// What the concours pages share (concours.js: the organiser's; live.js: the projector's):
// the API (api.js's, re-exported; docs/concours-web.md), the language switch, the players'
// names of a table's sides. Every word is the catalog's: a key K reads web.K, else K.

import { currentLang, loadWords, t } from "./words.js";
import { setSetting, setting } from "./dom.js";

export { api } from "./api.js";  // the pages' one request to the API

// Load the words (?lang=, else the person's choice, else French) and wire the FR/EN
// buttons: a click loads the other words and calls redraw().
export async function startWords(redraw) {
  const query = new URLSearchParams(location.search).get("lang");
  await loadWords(query || setting("lang", "fr"));
  const mark = () => {
    for (const b of document.querySelectorAll("button.lang")) {
      b.setAttribute("aria-pressed", b.dataset.lang === currentLang() ? "true" : "false");
    }
  };
  for (const button of document.querySelectorAll("button.lang")) {
    button.addEventListener("click", async () => {
      setSetting("lang", button.dataset.lang);
      await loadWords(button.dataset.lang);
      mark();
      redraw();
    });
  }
  mark();
}

// The players of each side of a drawn table ({sides: [[ids]…]}): a player's name, a pair's
// two players, a bot "Robot N" numbered through the partie (bots: [count so far]).
export function sideNames(concours, sides, bots) {
  const byId = new Map(concours.entrants.map((e) => [e.id, e]));
  return sides.map((side) => side.flatMap((id) => {
    if (id !== null) return byId.get(id).members;
    const seats = side.length === 1 ? 2 : 1;  // a bot pair, or a bot partner
    return Array.from({ length: seats }, () => t("concours.bot", { n: ++bots[0] }));
  }));
}

// The tables of one partie with their players by side: [{table, names: [[…], […]], score}].
export function partieTables(concours, partie) {
  const drawn = concours.parties_drawn[partie - 1];
  if (!drawn) return [];
  const bots = [0];
  return drawn.tables.map((table) => ({
    table: table.table, names: sideNames(concours, table.sides, bots), score: table.score,
  }));
}

// "90 – 72", or "" while nothing is entered; partial deal lines: their sums so far.
export function scoreText(score) {
  if (score.points) return `${score.points[0]} – ${score.points[1]}`;
  if (score.lines.length) {
    const a = score.lines.reduce((s, l) => s + l[0], 0);
    const b = score.lines.reduce((s, l) => s + l[1], 0);
    return `${a} – ${b}`;
  }
  return "";
}

// The concours's length in words: "12 donnes par partie" or "partie en 1000 points".
export function lengthText(concours) {
  return concours.deals !== null ? t("concours.deals_each", { deals: concours.deals })
    : t("concours.target_each", { target: concours.target });
}
