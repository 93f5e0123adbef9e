// The organiser's pages of a club concours (issue 19; docs/concours-web.md). Routes:
// "/concours" a new concours (and the concours this browser organises), "/concours/ID?key=KEY"
// the organiser's page: registration, the draw, score entry, prizes, documents. The server
// judges every step (a refused score line comes back with its rule's words).

import { api, lengthText, partieTables, scoreText, startWords } from "./concours-kit.js";
import { el, keep, kept, toast } from "./dom.js";
import { currentLang, t } from "./words.js";

const app = document.getElementById("app");
const MINE = "belote.concours";
// the deal lines a partie to a target score shows beyond those entered
const SPARE_LINES = 1;
// milliseconds between two looks for changes made elsewhere (another organiser's laptop,
// the command line, an online table's scores)
const LOOK_MS = 5000;
// the fields whose text a redraw after a change made elsewhere keeps
const KEPT_FIELDS = ["names", "csv-text", "seed"];

// The concours this browser organises: {id: {key, name, at}}.
const mine = () => kept(MINE);
const remember = (id, facts) => keep(MINE, id, facts);

function field(label, input) {
  return el("label", { class: "field" }, label, input);
}

function choice(id, options, chosen) {
  return el("select", { id, name: id },
    options.map(([value, text]) => el("option", { value, selected: value === chosen }, text)));
}

function numberInput(id, value, attrs = {}) {
  return el("input", { id, name: id, type: "number", inputmode: "numeric", value, ...attrs });
}

// -- a new concours ----------------------------------------------------------------------------
class NewScreen {
  constructor() { this.draw(); }

  async draw() {
    let presets = ["concours"];
    try { presets = Object.keys((await api("GET", "/api/presets")).presets); } catch { /* kept */ }
    const length = choice("length-kind", [["deals", t("concours.by_deals")],
      ["target", t("concours.by_target")]], "deals");
    const form = el("form", { class: "card-panel", id: "new-form",
      onsubmit: (e) => { e.preventDefault(); this.submit(); } },
    el("h2", {}, t("concours.new_title")),
    field(t("concours.name"), el("input", { id: "c-name", required: true, maxlength: "60",
      autocomplete: "off" })),
    el("div", { class: "row two" },
      field(t("concours.date"), el("input", { id: "c-date", type: "date" })),
      field(t("concours.place"), el("input", { id: "c-place", maxlength: "120" }))),
    el("div", { class: "row two" },
      field(t("concours.format"), choice("c-format", [["melee", t("concours.format.melee")],
        ["equipes", t("concours.format.equipes")]], "melee")),
      field(t("concours.preset"), choice("c-preset", presets.map((p) => [p, t(`preset.${p}`)]),
        "concours"))),
    el("div", { class: "row two" },
      field(t("concours.parties"), numberInput("c-parties", "4", { min: "1", max: "20" })),
      field(t("concours.length"), length),
      field(t("concours.length_value"), numberInput("c-length", "12", { min: "1" }))),
    el("div", { class: "row two" },
      field(t("concours.leftover"), choice("c-leftover", [["bye", t("concours.leftover.bye")],
        ["bot", t("concours.leftover.bot")]], "bye")),
      field(t("concours.bye_points"), numberInput("c-bye", "", { min: "0",
        placeholder: t("concours.bye_mean") }))),
    el("button", { type: "submit", class: "primary", id: "create" }, t("concours.create")));
    length.addEventListener("change", () => {
      document.getElementById("c-length").value = length.value === "deals" ? "12" : "1000";
    });
    const list = el("ul", { id: "my-concours" });
    for (const [id, facts] of Object.entries(mine()).sort((a, b) => b[1].at - a[1].at)) {
      list.append(el("li", {}, el("a", { href: `/concours/${id}?key=${encodeURIComponent(facts.key)}` },
        `${facts.name || id} (${id})`)));
    }
    app.replaceChildren(el("h1", {}, t("concours.title")), el("div", { class: "lobby" }, form,
      el("section", { class: "card-panel" }, el("h2", {}, t("concours.mine")),
        list.children.length ? list : el("p", {}, t("concours.none")))));
    document.getElementById("c-name").focus();
  }

  async submit() {
    const value = (id) => document.getElementById(id).value.trim();
    const kind = value("length-kind");
    const body = {
      name: value("c-name"), date: value("c-date"), place: value("c-place"),
      format: value("c-format"), preset: value("c-preset"), parties: Number(value("c-parties")),
      leftover: value("c-leftover"),
      deals: kind === "deals" ? Number(value("c-length")) : null,
      target: kind === "target" ? Number(value("c-length")) : null,
    };
    if (value("c-bye") !== "") body.bye = Number(value("c-bye"));
    try {
      const made = await api("POST", "/api/concours", body);
      remember(made.id, { key: made.key, name: body.name });
      location.assign(`/concours/${made.id}?key=${encodeURIComponent(made.key)}`);
    } catch (error) {
      toast(error.message);
    }
  }
}

// -- the organiser's page ----------------------------------------------------------------------
class OrganiserScreen {
  constructor(id) {
    this.id = id;
    const given = new URLSearchParams(location.search).get("key");
    this.key = given || (mine()[id] || {}).key || null;
    if (given) {  // kept by the page: out of the address bar (a projected screen, history)
      const shown = new URL(location.href);
      shown.searchParams.delete("key");
      history.replaceState(null, "", shown);
    }
    this.data = null;
    this.partie = null;     // the partie whose tables are shown (null: the current one)
    this.open = new Set();  // the tables whose deal lines are unfolded
    this.refusals = {};     // "table/deal" → the words of the last refusal there
    this.typed = {};        // "table/deal" → the points typed in a refused entry
    this.focusAfter = null; // the id of the input to focus once redrawn
    this.busy = 0;          // operations under way (a look for changes waits for them)
    this.acts = 0;          // operations done (a look begun before one is out of date)
    this.load();
  }

  async load() {
    try {
      this.log = (await api("GET", `/api/concours/${this.id}/log`, null, this.key)).log;
      this.data = await api("GET", `/api/concours/${this.id}`);
    } catch (error) {
      app.replaceChildren(el("h1", {}, t("concours.title")),
        el("p", { role: "alert", class: "refusal" }, error.message),
        el("p", {}, el("a", { href: "/concours", class: "button" }, t("concours.back"))));
      return;
    }
    remember(this.id, { key: this.key, name: this.data.name });
    this.draw();
    this.looking = setInterval(() => this.look(), LOOK_MS);
  }

  // Redraw with what changed elsewhere, unless the organiser is typing (a field holds the
  // focus: the next look redraws).
  async look() {
    const typing = document.activeElement && ["INPUT", "TEXTAREA", "SELECT"]
      .includes(document.activeElement.tagName);
    if (typing || document.hidden || this.busy) return;
    const seen = this.acts;
    try {
      const fresh = await api("GET", `/api/concours/${this.id}`);
      const log = (await api("GET", `/api/concours/${this.id}/log`, null, this.key)).log;
      if (fresh.version === this.data.version || this.busy || this.acts !== seen) return;
      this.data = fresh;
      this.log = log;
      // what was typed but not sent yet stays (names, a CSV text, a seed)
      const typed = KEPT_FIELDS.map((id) => [id, (document.getElementById(id) || {}).value]);
      this.draw();
      for (const [id, value] of typed) {
        const field = document.getElementById(id);
        if (field && value) field.value = value;
      }
    } catch { /* the next look tries again */ }
  }

  // Run one operation; on success reload the concours and redraw; a refusal is shown
  // where it happened (``where``: "table/deal") or in the toast. Returns whether it passed.
  async act(method, path, body = null, where = null) {
    this.busy += 1;
    try {
      const answer = await api(method, `/api/concours/${this.id}/${path}`, body, this.key);
      if (where) { delete this.refusals[where]; delete this.typed[where]; }
      this.data = await api("GET", `/api/concours/${this.id}`);
      this.log = (await api("GET", `/api/concours/${this.id}/log`, null, this.key)).log;
      this.draw();
      return answer;
    } catch (error) {
      if (where) {
        this.refusals[where] = error.message;
        this.focusAfter = body && body.deal ? `line-${where.replace("/", "-")}-a` : `total-${where.split("/")[0]}-a`;
        if (body && body.points) this.typed[where] = body.points.map(String);
        this.draw();
      } else {
        toast(error.message);
      }
      return null;
    } finally {
      this.busy -= 1;
      this.acts += 1;
    }
  }

  draw() {
    const c = this.data;
    if (!c) return;
    document.title = `${c.name} — ${t("concours.title")}`;
    const current = this.partie ?? c.current;
    app.replaceChildren(this.heading(c), el("div", { class: "organiser" },
      this.registration(c), this.drawing(c), this.tables(c, current), this.ranking(c),
      this.prizes(c), this.documents(c, current), this.history()));
    if (this.focusAfter) {
      const next = document.getElementById(this.focusAfter);
      this.focusAfter = null;
      if (next) { next.focus(); if (next.select) next.select(); }
    }
  }

  heading(c) {
    const facts = [c.date, c.place, t(`concours.format.${c.format}`),
      t("concours.parties_n", { n: c.parties }), lengthText(c), t(`preset.${c.preset}`)];
    return el("header", { class: "head" },
      el("h1", {}, c.name, " ", el("small", { class: "code" }, c.id)),
      el("p", { class: "facts" }, facts.filter(Boolean).join(" · ")),
      el("p", {}, el("a", { href: `/concours/${c.id}/live`, target: "_blank", class: "button",
        id: "live-link", rel: "noopener" }, t("concours.live_link"))));
  }

  registration(c) {
    const names = el("textarea", { id: "names", rows: "4", "aria-describedby": "names-help" });
    const csvText = el("textarea", { id: "csv-text", rows: "3" });
    const csvFile = el("input", { id: "csv-file", type: "file", accept: ".csv,.txt,text/csv",
      onchange: async () => { csvText.value = await readText(csvFile.files[0]); } });
    const playing = c.entrants.filter((e) => e.withdrawn === null).length;
    const rows = c.entrants.map((e) => this.entrantRow(c, e));
    return el("section", { class: "card-panel", "aria-labelledby": "reg-title" },
      el("h2", { id: "reg-title" }, t("concours.registration"), " ",
        el("small", { id: "entrant-count" }, t("concours.entrant_count", { n: playing }))),
      el("form", { onsubmit: (e) => { e.preventDefault(); this.addNames(names.value); } },
        field(t(c.format === "equipes" ? "concours.names_pairs" : "concours.names"), names),
        el("p", { id: "names-help", class: "hint" }, t("concours.names_help")),
        el("button", { type: "submit", class: "primary", id: "add-names" }, t("concours.add"))),
      el("details", { id: "registration-csv" }, el("summary", {}, t("concours.csv")),
        el("form", { onsubmit: (e) => { e.preventDefault(); this.addCsv(csvText.value); } },
          field(t("concours.csv_file"), csvFile), field(t("concours.csv_text"), csvText),
          el("button", { type: "submit", id: "add-csv" }, t("concours.csv_add")))),
      rows.length ? el("div", { class: "scroll" }, el("table", { class: "entrants", id: "entrants" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "#"),
          el("th", { scope: "col" }, t("concours.col.name")),
          el("th", { scope: "col" }, t("concours.col.state")),
          el("th", { scope: "col" }, t("concours.col.actions")))),
        el("tbody", {}, rows))) : el("p", { id: "entrants" }, t("concours.nobody")));
  }

  entrantRow(c, e) {
    const state = e.withdrawn !== null ? t("concours.withdrawn_from", { partie: e.withdrawn })
      : e.joined > 1 ? t("concours.joined_at", { partie: e.joined }) : "";
    const rename = el("button", { type: "button", class: "small", "data-op": "rename",
      onclick: () => this.renaming(e) }, t("concours.rename"));
    const toggle = e.withdrawn === null
      ? el("button", { type: "button", class: "small", "data-op": "withdraw",
        onclick: () => this.act("POST", "withdraw", { who: `#${e.id}` }) }, t("concours.withdraw"))
      : el("button", { type: "button", class: "small", "data-op": "reinstate",
        onclick: () => this.act("POST", "reinstate", { who: `#${e.id}` }) }, t("concours.reinstate"));
    return el("tr", { dataset: { entrant: String(e.id) }, class: e.withdrawn !== null ? "out" : null },
      el("td", {}, String(e.id)), el("td", { class: "name" }, e.name), el("td", {}, state),
      el("td", { class: "ops" }, rename, toggle));
  }

  renaming(e) {
    const row = app.querySelector(`tr[data-entrant="${e.id}"] td.name`);
    const input = el("input", { id: `rename-${e.id}`, value: e.name, maxlength: "130",
      "aria-label": t("concours.new_name", { name: e.name }) });
    const form = el("form", { class: "inline", onsubmit: (ev) => {
      ev.preventDefault();
      this.act("POST", "rename", { who: `#${e.id}`, name: input.value });
    } }, input, el("button", { type: "submit", class: "small" }, t("concours.save")));
    input.addEventListener("keydown", (ev) => { if (ev.key === "Escape") this.draw(); });
    row.replaceChildren(form);
    input.focus();
    input.select();
  }

  async addNames(text) {
    const names = text.split("\n").map((n) => n.trim()).filter(Boolean);
    if (!names.length) return;
    this.focusAfter = "names";
    const done = await this.act("POST", "entrants", { names });
    if (done) toast(t("concours.added", { n: done.added.length }), "info");
  }

  async addCsv(text) {
    if (!text.trim()) return;
    const done = await this.act("POST", "entrants", { csv: text });
    if (done) toast(t("concours.added", { n: done.added.length }), "info");
  }

  drawing(c) {
    const last = c.parties_drawn[c.parties_drawn.length - 1];
    const seed = numberInput("seed", "", { min: "0", placeholder: t("concours.seed_random") });
    const next = c.next_partie <= c.parties
      ? el("form", { class: "row", onsubmit: (e) => { e.preventDefault(); this.drawNext(seed.value); } },
        field(t("concours.seed"), seed),
        el("button", { type: "submit", class: "primary", id: "draw" },
          t("concours.draw_partie", { partie: c.next_partie })))
      : el("p", {}, t("concours.all_drawn"));
    return el("section", { class: "card-panel", "aria-labelledby": "draw-title" },
      el("h2", { id: "draw-title" }, t("concours.draw")),
      last ? el("p", { id: "drawn", "data-seed": String(last.seed) },
        t("concours.drawn", { partie: last.partie, seed: last.seed })) : null,
      last && last.out.length ? el("p", { id: "byes" },
        t("concours.byes", { names: last.out.join(", ") })) : null,
      next,
      last ? el("button", { type: "button", id: "undraw", onclick: () => this.act("POST", "undraw") },
        t("concours.undraw", { partie: last.partie })) : null);
  }

  async drawNext(seedText) {
    const body = seedText.trim() === "" ? {} : { seed: Number(seedText) };
    this.partie = null;
    await this.act("POST", "draw", body);
  }

  tables(c, partie) {
    const box = el("section", { class: "card-panel wide", "aria-labelledby": "tables-title" });
    box.append(el("h2", { id: "tables-title" }, t("concours.tables")));
    if (!partie) {
      box.append(el("p", {}, t("concours.no_draw")));
      return box;
    }
    const picker = choice("partie", c.parties_drawn.map((p) => [String(p.partie),
      t("concours.partie_n", { n: p.partie })]), String(partie));
    picker.addEventListener("change", () => {
      this.partie = Number(picker.value);
      this.refusals = {};
      this.typed = {};
      this.draw();
    });
    box.append(el("div", { class: "row" }, field(t("concours.partie"), picker),
      el("button", { type: "button", id: "undo", onclick: () => this.undo() },
        t("concours.undo"))));
    const grid = el("div", { class: "score-grid" });
    for (const table of partieTables(c, partie)) grid.append(this.tableCard(c, partie, table));
    box.append(grid);
    return box;
  }

  tableCard(c, partie, table) {
    const n = table.table;
    const score = table.score;
    const typed = this.typed[`${n}/total`] || (score.total ? score.total.map(String) : ["", ""]);
    const a = numberInput(`total-${n}-a`, typed[0],
      { "aria-label": t("concours.points_of", { names: table.names[0].join(" – ") }) });
    const b = numberInput(`total-${n}-b`, typed[1],
      { "aria-label": t("concours.points_of", { names: table.names[1].join(" – ") }) });
    const state = score.complete ? t("concours.table_done", { score: scoreText(score) })
      : score.lines.length ? t("concours.table_lines", { n: score.lines.length, score: scoreText(score) })
        : t("concours.table_waiting");
    const refusal = this.refusals[`${n}/total`];
    const lines = el("details", { class: "lines", open: this.open.has(n) },
      el("summary", { id: `lines-${n}` }, t("concours.by_deal")), this.lineRows(c, partie, table));
    lines.addEventListener("toggle", () => {
      if (lines.open) this.open.add(n); else this.open.delete(n);
    });
    return el("article", { class: `table-card${score.complete ? " done" : ""}`,
      dataset: { table: String(n) }, "aria-labelledby": `table-${n}-title` },
    el("h3", { id: `table-${n}-title` }, t("concours.table_n", { n })),
    el("p", { class: "sides" }, el("span", { class: "side" }, table.names[0].join(" – ")),
      el("span", { class: "versus" }, t("concours.versus")),
      el("span", { class: "side" }, table.names[1].join(" – "))),
    el("p", { class: "state", dataset: { testid: "table-state" } }, state),
    el("form", { class: "totals", onsubmit: (e) => {
      e.preventDefault();
      this.enter(partie, n, null, a.value, b.value, `total-${n + 1}-a`);
    } }, a, el("span", { "aria-hidden": "true" }, "–"), b,
    el("button", { type: "submit", class: "primary", id: `total-${n}-save` }, t("concours.save"))),
    refusal ? el("p", { class: "refusal", role: "alert", id: `refusal-${n}-total` }, refusal) : null,
    lines);
  }

  lineRows(c, partie, table) {
    const n = table.table;
    const entered = table.score.lines;
    const count = c.deals !== null ? c.deals : entered.length + SPARE_LINES;
    const rows = [];
    for (let deal = 1; deal <= count; deal += 1) {
      const line = this.typed[`${n}/${deal}`] || (entered[deal - 1] || ["", ""]).map(String);
      const a = numberInput(`line-${n}-${deal}-a`, line[0],
        { "aria-label": t("concours.line_side", { deal, side: 1 }), class: "line-input" });
      const b = numberInput(`line-${n}-${deal}-b`, line[1],
        { "aria-label": t("concours.line_side", { deal, side: 2 }), class: "line-input" });
      const refusal = this.refusals[`${n}/${deal}`];
      rows.push(el("form", { class: "line", dataset: { deal: String(deal) }, onsubmit: (e) => {
        e.preventDefault();
        this.enter(partie, n, deal, a.value, b.value, `line-${n}-${deal + 1}-a`);
      } }, el("span", { class: "deal" }, String(deal)), a, b,
      el("button", { type: "submit", class: "small", id: `line-${n}-${deal}-save` }, t("concours.ok")),
      refusal ? el("p", { class: "refusal", role: "alert", id: `refusal-${n}-${deal}` }, refusal) : null));
    }
    return el("div", { class: "line-rows" }, rows);
  }

  async enter(partie, table, deal, aText, bText, nextId) {
    const where = `${table}/${deal ?? "total"}`;
    if (aText.trim() === "" || bText.trim() === "") {
      this.refusals[where] = t("concours.both_points");
      this.draw();
      return;
    }
    const body = { partie, table, points: [Number(aText), Number(bText)] };
    if (deal !== null) body.deal = deal;
    this.focusAfter = nextId;
    const done = await this.act("POST", "score", body, where);
    if (!done) this.focusAfter = null;
  }

  async undo() {
    const entry = await this.act("POST", "undo");
    if (!entry) return;
    const what = entry.deal === null ? t("concours.totals") : t("concours.line_n", { deal: entry.deal });
    toast(t("concours.undone", { partie: entry.partie, table: entry.table, what,
      points: entry.points.join(" – ") }), "info");
  }

  // The audit trail, newest first: every change with its facts, in words.
  history() {
    const items = (this.log || []).slice().reverse().map((row) => {
      const facts = { ...row, points: (row.points || []).join(" – ") };
      let text = t(`concours.log.${row.what}`, facts);
      if (text === `concours.log.${row.what}`) text = row.what;  // a kind without words here
      if (row.what === "score" && row.deal !== null) text += ` (${t("concours.line_n", { deal: row.deal })})`;
      const when = new Date(row.when).toLocaleTimeString(document.documentElement.lang);
      return el("li", {}, el("time", { datetime: row.when }, when), " ", text);
    });
    return el("section", { class: "card-panel wide" }, el("details", { id: "history" },
      el("summary", {}, t("concours.history", { n: items.length })), el("ol", { class: "history" }, items)));
  }

  ranking(c) {
    const rows = c.ranking.map((r) => el("tr", { class: r.withdrawn ? "out" : null },
      el("td", {}, String(r.rank)), el("th", { scope: "row" }, r.name,
        r.withdrawn ? ` ${t("concours.withdrawn")}` : ""),
      el("td", {}, String(r.points)), el("td", {}, String(r.won)), el("td", {}, String(r.conceded))));
    return el("section", { class: "card-panel", "aria-labelledby": "ranking-title" },
      el("h2", { id: "ranking-title" }, t("concours.ranking")),
      rows.length ? el("div", { class: "scroll" }, el("table", { class: "ranking", id: "ranking" },
        el("thead", {}, el("tr", {}, ["concours.col.rank", "concours.col.name",
          "concours.col.points", "concours.col.won", "concours.col.conceded"].map((k) =>
          el("th", { scope: "col" }, t(k))))),
        el("tbody", {}, rows))) : el("p", {}, t("concours.nobody")));
  }

  prizes(c) {
    const box = el("textarea", { id: "prizes", rows: "4" });
    box.value = c.prizes.join("\n");
    return el("section", { class: "card-panel", "aria-labelledby": "prizes-title" },
      el("h2", { id: "prizes-title" }, t("concours.prizes")),
      el("form", { onsubmit: (e) => {
        e.preventDefault();
        this.act("POST", "prizes", { prizes: box.value.split("\n").map((p) => p.trim()).filter(Boolean) });
      } }, field(t("concours.prizes_help"), box),
      el("button", { type: "submit", id: "save-prizes" }, t("concours.save"))),
      c.prize_list.length ? el("div", {}, el("h3", {}, t("concours.prize_list")),
        el("ol", { id: "prize-list" }, c.prize_list.map((w) => el("li", {},
          `${w.name} (${t("concours.points_n", { n: w.points })}) — ${w.prize}`)))) : null);
  }

  documents(c, partie) {
    const key = encodeURIComponent(this.key);
    const base = `/api/concours/${c.id}`;
    const lang = currentLang();
    const link = (what, href) => el("li", {}, el("a", { href, download: "", dataset: { doc: what } },
      t(`concours.doc.${what}`)));
    const pdf = (what, part) => `${base}/print/${what}.pdf?key=${key}&lang=${lang}${part ? `&partie=${part}` : ""}`;
    const csv = (what) => `${base}/export/${what}.csv?key=${key}&lang=${lang}`;
    const items = [];
    if (partie) {
      items.push(link("sheets", pdf("sheets", partie)), link("cards", pdf("cards", partie)));
    }
    items.push(link("ranking", pdf("ranking")), link("prizes", pdf("prizes")),
      link("ranking_csv", csv("ranking")), link("draws_csv", csv("draws")),
      link("scores_csv", csv("scores")), link("players_csv", csv("players")));
    return el("section", { class: "card-panel", "aria-labelledby": "docs-title" },
      el("h2", { id: "docs-title" }, t("concours.documents")),
      partie ? el("p", { class: "hint" }, t("concours.documents_partie", { partie })) : null,
      el("ul", { class: "docs" }, items));
  }
}

// A CSV file's text: UTF-8 (with or without its BOM), else Windows-1252 (a spreadsheet's
// French export), as `belote concours add --csv` reads it.
async function readText(file) {
  if (!file) return "";
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

let screen = null;
function route() {
  const match = location.pathname.match(/^\/concours\/([A-Za-z0-9]{1,16})\/?$/);
  screen = match ? new OrganiserScreen(match[1].toUpperCase()) : new NewScreen();
}

startWords(() => { if (screen instanceof OrganiserScreen) screen.draw(); else route(); })
  .then(route)
  .catch((error) => { app.replaceChildren(el("p", { role: "alert" }, String(error))); });
