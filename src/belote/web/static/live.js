// The live page of a concours, for a projector (issue 19 item 5; docs/concours-web.md):
// "/concours/ID/live", public and read-only. It asks the server for the concours every few
// seconds (?every=S, 3 by default) and redraws only when its version changed: the current
// partie's tables with their players and scores, the ranking, and the prize list once the
// last partie is complete. On a wide screen (a projector) each list shows what fits the
// screen and turns its pages by itself (?tables=N tables, ?rows=N ranking lines a page to
// fix the sizes; ?turn=S seconds a page); a narrow one (a phone) shows them whole.

import { api, lengthText, partieTables, scoreText, startWords } from "./concours-kit.js";
import { el } from "./dom.js";
import { t } from "./words.js";

const box = document.getElementById("live");
const title = document.getElementById("live-title");
const stateLine = document.getElementById("live-state");
const query = new URLSearchParams(location.search);
const EVERY_MS = Math.max(1, Number(query.get("every")) || 3) * 1000;
const TURN_MS = Math.max(3, Number(query.get("turn")) || 10) * 1000;
const FIXED = { tables: Number(query.get("tables")) || null, rows: Number(query.get("rows")) || null };
// below this width (CSS pixels) the lists are shown whole, to be scrolled
const NARROW = 700;

const id = (location.pathname.match(/^\/concours\/([A-Za-z0-9]{1,16})\/live\/?$/) || [])[1];
let data = null;
let version = null;
let turn = 0;         // how many times the pages turned
let failing = false;  // the last poll failed (the page says so, keeps the last concours shown)
let paged = false;    // a list shown has more than one page (the pages turn)
let measuring = false;  // drawFitted measures page sizes on the first (fullest) pages
// the items a page of each list holds: fixed by the address, else learnt by fit()
let sizes = { tables: FIXED.tables || Infinity, rows: FIXED.rows || Infinity };

function pageOf(items, size) {
  if (window.innerWidth < NARROW || items.length <= size) return { items, page: 1, pages: 1 };
  const pages = Math.ceil(items.length / size);
  paged = true;
  const page = measuring ? 1 : (turn % pages) + 1;  // the first page is the fullest
  return { items: items.slice((page - 1) * size, page * size), page, pages };
}

function pageMark(p) {
  return p.pages > 1 ? el("span", { class: "page-mark" }, t("concours.page", p)) : null;
}

function tablesView(c) {
  const partie = c.current;
  if (!partie) return el("section", { class: "live-tables" }, el("p", { class: "waiting" }, t("concours.no_draw")));
  const drawn = c.parties_drawn[partie - 1];
  const shown = pageOf(partieTables(c, partie), sizes.tables);
  const done = drawn.tables.filter((x) => x.score.complete).length;
  return el("section", { class: "live-tables", "aria-labelledby": "live-tables-title" },
    el("h2", { id: "live-tables-title" }, t("concours.partie_n", { n: partie }), " ",
      el("small", {}, t("concours.tables_done", { done, n: drawn.tables.length })), pageMark(shown)),
    el("div", { class: "live-grid", "data-testid": "live-tables" }, shown.items.map((table) =>
      el("article", { class: `live-table${table.score.complete ? " done" : ""}`,
        dataset: { table: String(table.table) } },
      el("h3", {}, t("concours.table_n", { n: table.table })),
      el("p", { class: "side" }, table.names[0].join(" – ")),
      el("p", { class: "versus" }, t("concours.versus")),
      el("p", { class: "side" }, table.names[1].join(" – ")),
      el("p", { class: "score", "data-testid": "live-score" }, scoreText(table.score),
        !table.score.complete && table.score.lines.length
          ? el("small", {}, ` (${t("concours.lines_n", { n: table.score.lines.length })})`) : null)))),
    drawn.out.length ? el("p", { class: "byes" }, t("concours.byes", { names: drawn.out.join(", ") })) : null);
}

function rankingView(c) {
  const shown = pageOf(c.ranking, sizes.rows);
  return el("section", { class: "live-ranking", "aria-labelledby": "live-ranking-title" },
    el("h2", { id: "live-ranking-title" }, t("concours.ranking"), pageMark(shown)),
    c.ranking.length ? el("table", { "data-testid": "live-ranking" },
      el("thead", {}, el("tr", {}, ["concours.col.rank", "concours.col.name", "concours.col.points",
        "concours.col.won"].map((k) => el("th", { scope: "col" }, t(k))))),
      el("tbody", {}, shown.items.map((r) => el("tr", { class: r.withdrawn ? "out" : null },
        el("td", {}, String(r.rank)), el("th", { scope: "row" }, r.name), el("td", {}, String(r.points)),
        el("td", {}, String(r.won)))))) : el("p", {}, t("concours.nobody")));
}

function prizesView(c) {
  return el("section", { class: "live-prizes", "aria-labelledby": "live-prizes-title" },
    el("h2", { id: "live-prizes-title" }, t("concours.prize_list")),
    el("ol", { "data-testid": "live-prizes" }, c.prize_list.map((p) => el("li", {},
      el("span", { class: "who" }, p.name), " ", el("span", { class: "pts" }, t("concours.points_n", { n: p.points })),
      " — ", el("span", { class: "prize" }, p.prize)))));
}

function draw() {
  if (!data) return;
  const c = data;
  paged = false;
  document.title = `${c.name} — ${t("concours.live")}`;
  title.textContent = c.name;
  const facts = [c.date, c.place, lengthText(c), t("concours.parties_done", { n: c.current, of: c.parties })];
  stateLine.textContent = facts.filter(Boolean).join(" · ") + (failing ? ` · ${t("concours.offline")}` : "");
  const first = c.complete && c.prize_list.length ? prizesView(c) : tablesView(c);
  box.replaceChildren(el("div", { class: "live-columns", dataset: { version: c.version } },
    first, rankingView(c)));
}

// The list whose last item shown ends below the screen ("tables" or "rows"), and how many
// items it shows; null when both fit.
function overflowing() {
  const lists = [["tables", "[data-testid='live-tables'] > *"], ["rows", "[data-testid='live-ranking'] tbody tr"]];
  for (const [name, selector] of lists) {
    const items = box.querySelectorAll(selector);
    if (!FIXED[name] && items.length > 1 && items[items.length - 1].getBoundingClientRect().bottom > window.innerHeight) {
      return [name, items.length];
    }
  }
  return null;
}

// Draw, then shrink the pages of a list that does not fit the screen until it does.
function drawFitted() {
  measuring = true;
  try {
    draw();
    if (window.innerWidth >= NARROW) {
      for (let over = overflowing(); over; over = overflowing()) {
        sizes[over[0]] = over[1] - 1;
        draw();
      }
    }
  } finally {
    measuring = false;
  }
  draw();  // the page the turning has reached
}

function refit() {
  sizes = { tables: FIXED.tables || Infinity, rows: FIXED.rows || Infinity };
  drawFitted();
}

async function poll() {
  try {
    const fresh = await api("GET", `/api/concours/${id}`);
    const wasFailing = failing;
    failing = false;
    if (fresh.version !== version || wasFailing) {
      data = fresh;
      version = fresh.version;
      refit();
    }
  } catch (error) {
    if (!data) {
      box.replaceChildren(el("p", { role: "alert", class: "refusal" }, error.message));
    } else if (!failing) {
      failing = true;
      draw();
    }
  }
}

startWords(refit).then(async () => {
  await poll();
  setInterval(poll, EVERY_MS);
  setInterval(() => { if (paged) { turn += 1; draw(); } }, TURN_MS);
  window.addEventListener("resize", refit);
}).catch((error) => { box.replaceChildren(el("p", { role: "alert" }, String(error))); });
