// The browser table of `belote serve` (issue 18). It draws what the server sends (the seat's
// view, docs/protocol.md) and forwards the person's clicks as action strings; the server
// judges every action. Routes: "/" the lobby, "/t/CODE" an invite, "#/table/ID" a table.

import {
  SUITS, SYMBOL, actionName, annonceText, cardName, cardShort, contractText, currentLang,
  isRed, loadWords, parseCard, saidText, t,
} from "./words.js";
import { drop, el, hideToast, keep, kept, toast } from "./dom.js";

const app = document.getElementById("app");
const STORE = "belote.tables";
const BOT_LEVELS = ["random", "heuristic", "expert"];
// milliseconds a trick just won stays shown in the middle
const TRICK_SHOWN_MS = 1200;

// -- small helpers -------------------------------------------------------------------------

async function api(method, path, body = null, token = null) {
  const headers = { "Accept": "application/json", "Accept-Language": currentLang() };
  if (body !== null) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const answer = await fetch(`${path}${path.includes("?") ? "&" : "?"}lang=${currentLang()}`, {
    method, headers, body: body === null ? null : JSON.stringify(body),
  });
  let data = null;
  try { data = await answer.json(); } catch { data = null; }
  if (!answer.ok) {
    const message = data && data.message ? data.message : `${answer.status}`;
    const error = new Error(message);
    error.code = data && data.code;
    throw error;
  }
  return data;
}

function setting(name, fallback) {
  const value = localStorage.getItem(`belote.${name}`);
  return value === null ? fallback : value;
}

function setSetting(name, value) {
  localStorage.setItem(`belote.${name}`, String(value));
}

// The person's tables: {table id: {token, seat, code, name, preset, at}}.
const myTables = () => kept(STORE);
const remember = (table, facts) => keep(STORE, table, facts);
const forget = (table) => drop(STORE, table);

let presets = null;
async function loadPresets() {
  if (!presets) presets = await api("GET", "/api/presets");
  return presets;
}

function presetLabel(name) {
  return t(`preset.${name}`);
}

function botLabel(level) {
  const base = level.split(":")[0];
  return t(`bot.name.${base}`) + (level.includes(":") ? ` ${level.split(":")[1]}` : "");
}

// -- routing -------------------------------------------------------------------------------
let screen = null;  // the screen drawn now: an object with close()

function route() {
  if (screen && screen.close) screen.close();
  screen = null;
  const hash = location.hash.match(/^#\/table\/([A-Za-z0-9_-]{1,64})$/);
  const invite = location.pathname.match(/^\/t\/([A-Za-z0-9 ]{1,16})$/);
  const replayHash = location.hash.match(/^#\/replay\/([A-Za-z0-9_-]{1,64})$/);
  // a concours seat's link (docs/concours-online.md): its token kept, then the table
  const seatLink = location.hash.match(/^#\/seat\/([A-Za-z0-9_-]{1,64})\/([A-Za-z0-9_-]{1,128})$/);
  if (seatLink) {
    remember(seatLink[1], { token: seatLink[2] });
    history.replaceState(null, "", `/#/table/${seatLink[1]}`);
    screen = new TableScreen(seatLink[1]);
    return;
  }
  if (hash) screen = new TableScreen(hash[1]);
  else if (replayHash) screen = new ReplayScreen(replayHash[1]);
  else if (invite) screen = new JoinScreen(invite[1]);
  else if (location.hash === "#/create") screen = new CreateScreen();
  else screen = new Lobby();
}

function go(hash) {
  if (location.pathname !== "/") {
    history.pushState(null, "", `/${hash}`);
    route();
  } else if (location.hash === hash) {
    route();
  } else {
    location.hash = hash;
  }
}

function nameField() {
  const input = el("input", {
    id: "name", name: "name", required: true, maxlength: "40", autocomplete: "nickname",
    value: setting("name", t("default_name")),
  });
  input.addEventListener("change", () => setSetting("name", input.value.trim()));
  return el("label", { class: "field" }, t("your_name"), input);
}

function playerName() {
  const input = document.getElementById("name");
  const name = (input ? input.value : setting("name", t("default_name"))).trim();
  setSetting("name", name);
  return name || t("default_name");
}

function select(id, options, chosen, label) {
  const box = el("select", { id, name: id });
  for (const [value, text] of options) {
    box.append(el("option", { value, selected: value === chosen }, text));
  }
  return el("label", { class: "field" }, label, box);
}

// -- the lobby -----------------------------------------------------------------------------
class Lobby {
  constructor() {
    this.draw();
  }

  async draw() {
    const p = await loadPresets();
    const presetOptions = Object.keys(p.presets).map((n) => [n, presetLabel(n)]);
    const quick = el("section", { class: "card-panel", "aria-labelledby": "quick-title" },
      el("h2", { id: "quick-title" }, t("quick_title")),
      nameField(),
      select("quick-preset", presetOptions, setting("preset", "classique"), t("preset")),
      select("quick-level", BOT_LEVELS.map((l) => [l, botLabel(l)]),
        setting("level", "heuristic"), t("bot_level")),
      select("quick-length", [["1", t("length.one_deal")], ["4", t("length.deals", { n: 4 })],
        ["game", t("length.game")]], setting("length", "game"), t("length")),
      el("button", { type: "button", class: "primary", id: "quick", onclick: () => this.quick() },
        t("play_bots")));
    const join = el("section", { class: "card-panel", "aria-labelledby": "join-title" },
      el("h2", { id: "join-title" }, t("join_title")),
      el("form", { onsubmit: (e) => { e.preventDefault(); this.join(); } },
        el("label", { class: "field" }, t("code"),
          el("input", { id: "code", name: "code", maxlength: "16", autocomplete: "off",
            placeholder: "ABCD2345", style: "text-transform: uppercase" })),
        el("button", { type: "submit" }, t("join"))));
    const create = el("section", { class: "card-panel" },
      el("h2", {}, t("create_title")), el("p", {}, t("create_help")),
      el("button", { type: "button", onclick: () => go("#/create") }, t("create")));
    const mine = el("section", { class: "card-panel", "aria-labelledby": "mine-title" },
      el("h2", { id: "mine-title" }, t("my_tables")), el("ul", { id: "my-tables" }));
    app.replaceChildren(el("h1", {}, t("title")), el("div", { class: "lobby" }, quick, join,
      create, mine));
    this.listTables();
  }

  async listTables() {
    const list = document.getElementById("my-tables");
    const entries = Object.entries(myTables()).sort((a, b) => b[1].at - a[1].at);
    if (!entries.length) {
      list.replaceWith(el("p", { id: "my-tables" }, t("no_tables")));
      return;
    }
    for (const [id, facts] of entries) {
      let status = "";
      try {
        const table = await api("GET", `/api/tables/${id}`);
        status = t(`status.${table.status}`);
        if (table.status === "over" && Date.now() - facts.at > 7 * 86400e3) { forget(id); continue; }
      } catch (error) {
        if (error.code === "server.unknown_table") { forget(id); continue; }
      }
      list.append(el("li", {}, el("a", { href: `#/table/${id}` },
        `${presetLabel(facts.preset || "")} — ${facts.code || id}`), ` ${status}`));
    }
  }

  async quick() {
    const name = playerName();
    const preset = document.getElementById("quick-preset").value;
    const level = document.getElementById("quick-level").value;
    const length = document.getElementById("quick-length").value;
    setSetting("preset", preset); setSetting("level", level); setSetting("length", length);
    const options = length === "game" ? {} : { game_end: "deals", deals: Number(length) };
    const bot = `bot:${level}`;
    try {
      const made = await api("POST", "/api/tables",
        { preset, options, seats: ["me", bot, bot, bot], name });
      remember(made.table, { token: made.token, seat: made.seat, code: made.code, preset });
      await api("POST", `/api/tables/${made.table}/start`, {}, made.token);
      go(`#/table/${made.table}`);
    } catch (error) {
      toast(error.message);
    }
  }

  async join() {
    const code = document.getElementById("code").value.replace(/\s+/g, "").toUpperCase();
    if (!code) return;
    history.pushState(null, "", `/t/${code}`);
    route();
  }
}

// -- creating a table ------------------------------------------------------------------------
class CreateScreen {
  constructor() {
    this.draw();
  }

  async draw() {
    const p = await loadPresets();
    this.p = p;
    const presetBox = select("preset", Object.keys(p.presets).map((n) => [n, presetLabel(n)]),
      setting("preset", "classique"), t("preset"));
    presetBox.querySelector("select").addEventListener("change", () => this.drawOptions());
    const seatChoices = [["open", t("seat_open")], ...BOT_LEVELS.map((l) => [`bot:${l}`,
      t("seat_bot", { level: botLabel(l) })])];
    const seats = [1, 2, 3].map((s) => select(`seat-${s}`, seatChoices, s === 2 ? "open" : "bot:heuristic",
      t(`seat_rel.${s}`)));
    this.optionsBox = el("fieldset", { class: "options" });
    const form = el("form", { class: "card-panel create", onsubmit: (e) => { e.preventDefault(); this.submit(); } },
      el("h1", {}, t("create_title")), nameField(), presetBox,
      el("fieldset", {}, el("legend", {}, t("seats")), el("p", {}, t("seat_rel.0")), seats),
      this.optionsBox,
      el("div", { class: "row" },
        el("button", { type: "submit", class: "primary", id: "create-submit" }, t("create")),
        el("a", { href: "/", class: "button" }, t("back"))));
    app.replaceChildren(form);
    this.drawOptions();
  }

  drawOptions() {
    const preset = document.getElementById("preset").value;
    const values = this.p.presets[preset];
    const rows = [el("legend", {}, t("options"))];
    for (const option of this.p.options) {
      const value = values[option.name];
      const id = `opt-${option.name}`;
      let input;
      if (option.kind === "bool") {
        input = el("input", { type: "checkbox", id, checked: value === true });
      } else if (option.kind === "choice") {
        input = el("select", { id }, option.choices.map((c) => el("option",
          { value: String(c), selected: String(c) === String(value) }, String(c))));
      } else if (option.kind === "int") {
        input = el("input", { type: "number", id, value: String(value), min: "0", step: "1" });
      } else {
        input = el("input", { id, value: value.join("-"), pattern: "[23](-[23])+" });
      }
      input.dataset.option = option.name;
      rows.push(el("label", { class: "option" },
        el("span", {}, t(`option.${option.name}`), " ", el("code", {}, option.name)), input));
    }
    const details = el("details", {}, el("summary", {}, t("options_more")), rows.slice(1));
    this.optionsBox.replaceChildren(rows[0], details);
  }

  changedOptions() {
    const preset = document.getElementById("preset").value;
    const values = this.p.presets[preset];
    const options = {};
    for (const input of this.optionsBox.querySelectorAll("[data-option]")) {
      const name = input.dataset.option;
      let value;
      if (input.type === "checkbox") value = input.checked;
      else if (input.type === "number") value = Number(input.value);
      else if (Array.isArray(values[name])) value = input.value.split("-").map(Number);
      else value = typeof values[name] === "number" ? Number(input.value) : input.value;
      if (JSON.stringify(value) !== JSON.stringify(values[name])) options[name] = value;
    }
    return options;
  }

  async submit() {
    const preset = document.getElementById("preset").value;
    setSetting("preset", preset);
    const seats = ["me", ...[1, 2, 3].map((s) => document.getElementById(`seat-${s}`).value)];
    try {
      const made = await api("POST", "/api/tables",
        { preset, options: this.changedOptions(), seats, name: playerName() });
      remember(made.table, { token: made.token, seat: made.seat, code: made.code, preset });
      if (!seats.includes("open")) {
        await api("POST", `/api/tables/${made.table}/start`, {}, made.token);
      }
      go(`#/table/${made.table}`);
    } catch (error) {
      toast(error.message);
    }
  }
}

// -- joining by an invite --------------------------------------------------------------------
class JoinScreen {
  constructor(code) {
    this.code = code.replace(/\s+/g, "").toUpperCase();
    this.draw();
  }

  async draw() {
    let facts;
    try {
      facts = await api("GET", `/api/invite/${this.code}`);
    } catch (error) {
      app.replaceChildren(el("section", { class: "card-panel" }, el("h1", {}, t("join_title")),
        el("p", { role: "alert" }, error.message), el("a", { href: "/", class: "button" }, t("back"))));
      return;
    }
    const mine = myTables()[facts.table];
    if (mine && mine.token) { go(`#/table/${facts.table}`); return; }
    const seats = facts.seats.map((s) => el("li", {},
      `${t("seat_n", { n: s.seat })}${t("colon")} ${s.kind === "open" ? t("seat_open") :
        s.kind === "bot" ? botLabel(s.bot || s.name) : s.name}`));
    const choices = facts.open_seats.map((s) => [String(s), t("seat_n", { n: s })]);
    const body = [el("h1", {}, t("join_title")),
      el("p", {}, t("join_table", { preset: presetLabel(facts.preset), code: facts.code })),
      el("ul", {}, seats)];
    if (facts.status === "waiting" && choices.length) {
      body.push(nameField(), select("join-seat", choices, choices[0][0], t("seat")),
        el("button", { type: "button", class: "primary", id: "join-submit",
          onclick: () => this.join(facts) }, t("join")));
    } else {
      body.push(el("p", {}, t("join_closed")));
    }
    body.push(el("button", { type: "button", onclick: () => go(`#/table/${facts.table}`) }, t("watch")));
    app.replaceChildren(el("section", { class: "card-panel" }, body));
  }

  async join(facts) {
    const seat = Number(document.getElementById("join-seat").value);
    try {
      const joined = await api("POST", `/api/join/${this.code}`, { name: playerName(), seat });
      remember(joined.table, { token: joined.token, seat: joined.seat, code: this.code,
        preset: facts.preset });
      go(`#/table/${joined.table}`);
    } catch (error) {
      toast(error.message);
    }
  }
}

// -- the table -----------------------------------------------------------------------------
// Trick-taking order within a suit, strongest first (trump and plain), for sorting a hand.
const TRUMP_ORDER = ["J", "9", "A", "T", "K", "Q", "8", "7", "6"];
const PLAIN_ORDER = ["A", "T", "K", "Q", "J", "9", "8", "7", "6"];

// The hand sorted by suit, colours alternating, trumps first once the contract is known.
export function sortHand(cards, trump) {
  const bySuit = {};
  for (const c of cards) (bySuit[parseCard(c).suit] ||= []).push(c);
  let suits = SUITS.filter((s) => bySuit[s]);
  if (trump && SUITS.includes(trump) && bySuit[trump]) suits = [trump, ...suits.filter((s) => s !== trump)];
  const ordered = [];
  while (suits.length) {  // the next suit of the other colour when there is one
    const last = ordered.length ? ordered[ordered.length - 1] : null;
    const next = suits.find((s) => last === null || isRed(s) !== isRed(last)) ?? suits[0];
    ordered.push(next);
    suits = suits.filter((s) => s !== next);
  }
  const out = [];
  for (const s of ordered) {
    const order = (trump === s || trump === "TA") ? TRUMP_ORDER : PLAIN_ORDER;
    out.push(...bySuit[s].sort((a, b) => order.indexOf(parseCard(a).rank) - order.indexOf(parseCard(b).rank)));
  }
  return out;
}

function cardFace(card, attrs = {}) {
  const { suit } = parseCard(card);
  return el("span", { class: `face suit-${suit}`, ...attrs }, cardShort(card));
}

class TableScreen {
  constructor(id) {
    this.id = id;
    const mine = myTables()[id];
    this.token = mine ? mine.token : null;
    this.seq = 0;
    this.msg = null;          // the last snapshot or event (its view, seats, scores…)
    this.info = null;         // the table's facts (snapshot)
    this.closed = false;
    this.retry = 0;
    this.lastLine = "";
    this.summary = null;      // the end-of-deal summary shown, or null
    this.showLast = false;
    this.keys = (e) => this.onKey(e);
    document.addEventListener("keydown", this.keys);
    app.replaceChildren(el("p", { class: "loading" }, t("connecting")));
    this.connect();
  }

  close() {
    this.closed = true;
    document.removeEventListener("keydown", this.keys);
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = new URLSearchParams({ lang: currentLang() });
    if (this.token) query.set("token", this.token);
    const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${this.id}?${query}`);
    this.ws = ws;
    ws.onmessage = (e) => this.onMessage(JSON.parse(e.data));
    ws.onopen = () => { this.retry = 0; };
    ws.onclose = (e) => {
      if (this.closed || ws !== this.ws) return;
      if (e.code === 4404) { this.drawRefused(); return; }
      this.connected = false;
      this.draw();
      const wait = Math.min(500 * 2 ** this.retry, 5000);
      this.retry += 1;
      this.timer = setTimeout(() => this.connect(), wait);
    };
  }

  onMessage(m) {
    if (m.type === "snapshot") {
      this.connected = true;
      this.info = m.table;
      this.seat = m.seat;
      this.seq = Math.max(this.seq, (m.last_seq ?? -1) + 1);
      this.msg = m;
      if (this.token && m.table.code) {
        remember(this.id, { token: this.token, seat: m.seat, code: m.table.code, preset: m.table.preset });
      }
      this.draw();
    } else if (m.type === "event") {
      this.msg = { ...this.msg, ...m };
      this.info = { ...this.info, status: m.status };
      this.onEvent(m.event);
      this.draw();
    } else if (m.type === "error") {
      this.refused = m;
      if (m.code === "server.unknown_table" || m.code === "server.bad_token") return;
      toast(m.message);
    }
  }

  onEvent(event) {
    const view = this.msg.view;
    const doubleWord = this.doubleWord();
    if (event.kind === "action") {
      this.lastLine = `${this.seatName(event.seat)}${t("colon")} ${saidText(event.action, doubleWord)}`;
      this.showLast = false;  // play moved on: back to the trick in play
      if (event.seat === this.seat) hideToast();  // a refusal told before this action is old
    } else if (event.kind === "deal_ended") {
      if (event.result) this.summary = { event, game: null };
      else this.lastLine = t("passed_out");
    } else if (event.kind === "game_ended") {
      this.summary = { event: this.summary ? this.summary.event : null, game: event };
      this.info.status = "over";
    } else if (event.kind === "table_ended") {
      this.lastLine = t("table_ended");
    } else if (event.kind === "trick") {
      // the trick just won stays in the middle a moment (the view already shows the next)
      clearTimeout(this.flashTimer);
      this.flash = { leader: event.leader, cards: event.cards, winner: event.winner };
      this.flashTimer = setTimeout(() => { this.flash = null; if (!this.closed) this.draw(); }, TRICK_SHOWN_MS);
      this.lastLine = t("trick_won", { who: this.seatName(event.winner), points: event.points });
    } else if (event.kind === "belote") {
      this.lastLine = `${this.seatName(event.seat)}${t("colon")} ${t(event.rebelote ? "said.rebelote" : "said.belote")}`;
    }
    void view;
  }

  doubleWord() {
    const view = this.msg && this.msg.view;
    const preset = this.info ? this.info.preset : "";
    const options = (view && view.options) || (this.info && this.info.options) || {};
    if (options.double_word) return options.double_word;
    return presets && presets.presets[preset] ? presets.presets[preset].double_word : "contre";
  }

  seatName(seat) {
    const s = this.msg && this.msg.seats ? this.msg.seats[seat] : null;
    if (!s) return t("seat_n", { n: seat });
    if (seat === this.seat) return t("you");
    if (!this.seated()) {  // a spectator: no "left" or "right" of anyone
      const who = s.kind === "bot" ? botLabel(s.bot || s.name) : s.name;
      return `${t("seat_n", { n: seat })}${who ? ` (${who})` : ""}`;
    }
    const place = ["you", "right", "partner", "left"][(seat - this.seat + 4) % 4];
    if (s.kind === "bot") return `${t(`seat.${place}`)} (${botLabel(s.bot || s.name)})`;
    return s.name || t("seat_n", { n: seat });
  }

  // Where a seat sits on the screen: the person at the bottom, the next to play on his right.
  place(seat) {
    const me = this.seat ?? 0;
    return ["south", "east", "north", "west"][(seat - me + 4) % 4];  // play turns to the right
  }

  send(action) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) { toast(t("offline")); return; }
    this.ws.send(JSON.stringify({ type: "action", action, seq: this.seq }));
    this.seq += 1;
  }

  drawRefused() {
    const m = this.refused;
    app.replaceChildren(el("section", { class: "card-panel" },
      el("p", { role: "alert" }, m ? m.message : t("refused")),
      el("a", { href: "/", class: "button" }, t("back"))));
    if (m && m.code === "server.bad_token") forget(this.id);
  }

  drawStatus() {
    const box = document.getElementById("conn");
    if (box) box.textContent = this.connected ? "" : t("reconnecting");
  }

  draw() {
    if (!this.msg) return;
    const m = this.msg;
    const view = m.view;
    const status = this.info.status;
    const parts = [this.drawHeader(m)];
    if (status === "waiting") parts.push(this.drawWaiting(m));
    if (view) parts.push(this.drawBoard(m, view));
    if (!view && status === "over" && !this.summary) parts.push(this.drawOver(m));
    if (this.summary) parts.push(this.drawSummary());
    else if (this.question) parts.push(this.drawQuestion());
    app.replaceChildren(...parts);
    this.drawStatus();
  }

  drawHeader(m) {
    const view = m.view;
    const doubleWord = this.doubleWord();
    const contract = view && view.contract;
    const scores = el("div", { class: "scores", "data-testid": "scores", "aria-label": t("scores") },
      el("span", { class: "team us" }, `${this.teamLabel(0)} `, el("strong", {}, String(m.scores[this.team(0)]))),
      el("span", { class: "team them" }, `${this.teamLabel(1)} `, el("strong", {}, String(m.scores[this.team(1)]))));
    const held = m.held ? el("span", { class: "held", "data-testid": "held" },
      t("held", { points: m.held })) : null;
    const facts = [el("span", { class: "preset" }, presetLabel(this.info.preset))];
    if (contract) {
      facts.push(el("span", { class: `contract${contract.doubled > 1 ? " doubled" : ""}`, "data-testid": "contract" },
        `${t("contract")}${t("colon")} ${contractText(contract, doubleWord)} — ${this.seatName(contract.taker)}`));
    }
    const actions = [];
    if (this.info.invite && this.info.status === "waiting") {
      actions.push(el("button", { type: "button", class: "small", onclick: () => this.copyInvite() },
        t("copy_invite")));
    }
    if (this.isCreator() && this.info.status !== "over") {
      actions.push(el("button", { type: "button", class: "small", onclick: () => this.endTable() }, t("end_table")));
    }
    if (!this.seated()) actions.push(el("span", { class: "watching" }, t("watching")));
    actions.push(el("span", { id: "conn", class: "conn", role: "status" }));
    return el("section", { class: "head" }, el("div", { class: "facts" }, facts, held), scores,
      el("div", { class: "tools" }, actions));
  }

  seated() {
    return this.seat !== null && this.seat !== undefined;
  }

  // "Nous" / "Eux" for a player; a spectator's teams by their seats ("Sièges 0 et 2").
  teamLabel(which) {
    if (this.seated()) return t(which === 0 ? "team_us" : "team_them");
    return t(`team.${this.team(which)}`);
  }

  team(which) {
    const mine = (this.seat ?? 0) % 2;
    return which === 0 ? mine : 1 - mine;
  }

  isCreator() {
    return this.seat !== null && this.seat !== undefined && this.info.creator_seat === this.seat;
  }

  async copyInvite() {
    const link = this.info.invite;
    try { await navigator.clipboard.writeText(link); toast(t("copied"), "info"); } catch { toast(link, "info"); }
  }

  async endTable() {
    if (!confirm(t("end_confirm"))) return;
    try { await api("POST", `/api/tables/${this.id}/end`, {}, this.token); } catch (error) { toast(error.message); }
  }

  drawWaiting(m) {
    const items = m.seats.map((s) => {
      const row = [el("span", {}, `${t("seat_n", { n: s.seat })}${t("colon")} `)];
      if (s.kind === "open") {
        row.push(el("em", {}, t("seat_open")));
        if (this.isCreator()) {
          for (const level of BOT_LEVELS) {
            row.push(el("button", { type: "button", class: "small",
              onclick: () => this.seatBot(s.seat, level) }, t("seat_bot", { level: botLabel(level) })));
          }
        }
      } else {
        row.push(s.kind === "bot" ? botLabel(s.bot || s.name) : s.name);
      }
      return el("li", {}, row);
    });
    const body = [el("h2", {}, t("waiting")), el("ul", { class: "seats-list" }, items)];
    if (this.info.invite) {
      body.push(el("p", {}, t("invite_help")),
        el("p", { class: "invite" }, el("input", { readonly: true, value: this.info.invite, id: "invite",
          "aria-label": t("invite_link"), onfocus: (e) => e.target.select() }),
          el("button", { type: "button", onclick: () => this.copyInvite() }, t("copy"))),
        el("p", {}, t("code_is", { code: this.info.code })));
    }
    if (this.isCreator()) {
      const open = m.seats.some((s) => s.kind === "open");
      body.push(open ? el("p", {}, t("start_open")) :
        el("button", { type: "button", class: "primary", id: "start", onclick: () => this.start() }, t("start")));
    }
    return el("section", { class: "card-panel waiting" }, body);
  }

  async seatBot(seat, level) {
    try { await api("POST", `/api/tables/${this.id}/seats/${seat}/bot`, { level }, this.token); } catch (error) { toast(error.message); }
  }

  async start() {
    try { await api("POST", `/api/tables/${this.id}/start`, {}, this.token); } catch (error) { toast(error.message); }
  }

  drawBoard(m, view) {
    const legal = new Set(view.legal || []);
    const trump = view.contract ? view.contract.trump : null;
    const seats = [0, 1, 2, 3].map((s) => this.drawSeat(m, view, s));
    const center = this.drawTrick(view);
    const board = el("section", { class: "board", "aria-label": t("table") }, seats, center);
    const line = el("p", { class: "last-line", role: "status", "data-testid": "last-action" }, this.lastLine);
    const parts = [board, line, this.drawActions(view, legal)];
    if (this.seat !== null && this.seat !== undefined) parts.push(this.drawHand(view, legal, trump));
    return el("div", { class: "play" }, parts);
  }

  drawSeat(m, view, seat) {
    const s = m.seats[seat];
    const turn = view.to_move === seat;
    const flags = [];
    if (s.kind === "human" && s.away && !s.bot_playing) flags.push(t("flag.away"));
    if (s.bot_playing) flags.push(t("flag.bot_playing"));
    if (s.kind === "human" && s.connected && seat !== this.seat) flags.push(t("flag.connected"));
    if (view.dealer === seat) flags.push(t("flag.dealer"));
    if (view.contract && view.contract.taker === seat) flags.push(t("flag.taker"));
    const bid = [...view.bids].reverse().find((b) => b[0] === seat);
    const anns = (view.annonces[String(seat)] || []).map(annonceText);
    const bel = view.belotes.filter((b) => b[0] === seat).length;
    return el("div", { class: `seat ${this.place(seat)}${turn ? " turn" : ""}`, "data-seat": String(seat),
      "aria-current": turn ? "true" : null },
      el("div", { class: "name" }, this.seatName(seat), turn ? el("span", { class: "turn-mark" }, ` · ${t(seat === this.seat ? "flag.your_turn" : "flag.turn")}`) : null),
      el("div", { class: "flags" }, flags.join(" · ")),
      el("div", { class: "count" }, t("cards_left", { n: view.hand_sizes[seat] })),
      bid && view.phase === "bidding" ? el("div", { class: "bid" }, saidText(bid[1], this.doubleWord())) : null,
      anns.length ? el("div", { class: "annonces" }, anns.join(", ")) : null,
      bel ? el("div", { class: "belote" }, t(bel > 1 ? "said.rebelote" : "said.belote")) : null);
  }

  drawTrick(view) {
    let shown = this.showLast && view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
    if (!shown && this.flash && !view.trick.length) shown = this.flash;
    const cards = shown ? shown.cards.map((c, i) => [(shown.leader + i) % 4, c]) : view.trick;
    const slots = cards.map(([seat, card]) => el("div", { class: `played ${this.place(seat)}` },
      cardFace(card, { "data-card": card, "aria-label": `${this.seatName(seat)} : ${cardName(card)}` })));
    const middle = [];
    if (view.turned && view.phase === "bidding") {
      middle.push(el("div", { class: "turned" }, el("span", {}, t("turned")),
        cardFace(view.turned, { "data-card": view.turned, "aria-label": cardName(view.turned) })));
    }
    const lastButton = view.tricks.length ? el("button", { type: "button", class: "small last",
      "aria-pressed": this.showLast ? "true" : "false",
      onclick: () => { this.showLast = !this.showLast; this.draw(); } },
    t(this.showLast ? "hide_last" : "show_last")) : null;
    return el("div", { class: "center" },
      el("div", { class: `trick${shown ? " last-trick" : ""}`, "data-testid": shown && shown !== this.flash ? "last-trick" : "trick",
        "aria-label": t(shown ? "last_trick" : "trick") }, slots),
      middle, lastButton,
      view.contract ? el("div", { class: "points" }, t("card_points", {
        us: view.points[this.team(0)], them: view.points[this.team(1)] })) : null);
  }

  drawActions(view, legal) {
    const doubleWord = this.doubleWord();
    const cards = new Set(view.hand);
    const others = [...legal].filter((a) => !cards.has(a));
    const box = el("div", { class: "actions", "data-testid": "actions" });
    const hint = legal.size && this.againstBots() ? el("button", { type: "button", class: "small hint-button",
      id: "hint", onclick: () => this.askHint() }, t("hint")) : null;
    if (hint && this.hintText) {
      box.append(el("p", { class: "hint", role: "status", "data-testid": "hint" }, this.hintText));
    }
    if (!others.length) {
      if (hint) box.append(el("div", { class: "row" }, hint));
      return box;
    }
    const plain = [];
    const bids = {};
    for (const a of others) {
      const parts = a.split(" ");
      if (parts.length === 2 && /^(\d+|capot|generale)$/.test(parts[0])) (bids[parts[0]] ||= []).push(a);
      else plain.push(a);
    }
    const offline = this.connected === false;  // nothing can be sent until it reconnects
    const button = (a, label = actionName(a, doubleWord)) => el("button", { type: "button", class: "act",
      "data-action": a, "aria-label": actionName(a, doubleWord), disabled: offline,
      onclick: () => this.send(a) }, label);
    box.append(el("div", { class: "row" }, plain.map((a) => button(a)), hint));
    const rank = (v) => (v === "capot" ? 1e9 : v === "generale" ? 2e9 : Number(v));
    const values = Object.keys(bids).sort((a, b) => rank(a) - rank(b));
    if (values.length) {
      const grid = el("div", { class: "bids", role: "group", "aria-label": t("bids") });
      for (const v of values) {
        const word = /^\d+$/.test(v) ? v : t(`bid_word.${v}`);
        grid.append(el("div", { class: "bid-row" }, el("span", { class: "value" }, word),
          bids[v].map((a) => button(a, SYMBOL[a.split(" ")[1]] ?? a.split(" ")[1]))));
      }
      box.append(grid);
    }
    if (view.phase === "bidding" && view.turned && legal.has("take")) {
      box.prepend(el("p", {}, t("take_help", { card: cardName(view.turned) })));
    }
    return box;
  }

  drawHand(view, legal, trump) {
    const hand = sortHand(view.hand, trump);
    const auto = setting("auto_belote", "false") === "true";
    const buttons = hand.map((card, i) => {
      const ok = legal.has(card);
      const { suit } = parseCard(card);
      return el("button", { type: "button", class: `card suit-${suit}${ok ? " legal" : ""}`,
        "data-card": card, "data-action": ok ? card : null, "aria-disabled": ok ? null : "true",
        disabled: ok && this.connected === false,
        "aria-label": cardName(card), title: `${cardName(card)} (${i + 1})`,
        onclick: () => this.playCard(card, legal, auto) },
      el("span", { class: "rank" }, cardShort(card).slice(0, -1)), el("span", { class: "pip" }, SYMBOL[suit]));
    });
    const options = el("div", { class: "hand-options" },
      el("label", {}, el("input", { type: "checkbox", id: "auto-belote", checked: auto,
        onchange: (e) => { setSetting("auto_belote", e.target.checked); this.draw(); } }), t("auto_belote")),
      el("label", {}, el("input", { type: "checkbox", id: "four-colours",
        checked: setting("four_colours", "false") === "true",
        onchange: (e) => { setSetting("four_colours", e.target.checked); applyColours(); } }), t("four_colours")));
    return el("section", { class: "hand-box" },
      el("div", { class: "hand", "data-testid": "hand", role: "group", "aria-label": t("your_hand") }, buttons),
      options);
  }

  playCard(card, legal, auto) {
    const trump = this.msg.view.contract ? this.msg.view.contract.trump : null;
    const { rank, suit } = parseCard(card);
    this.hintText = "";
    const trumpSuit = trump === "TA" || suit === trump;  // tout atout: a belote in every suit
    if (legal.has("belote") && legal.has(card) && trumpSuit && (rank === "K" || rank === "Q")) {
      if (auto) {
        this.send("belote");
        this.send(card);
      } else {
        this.question = { text: t("belote_q", { card: cardName(card) }), yes: () => { this.send("belote"); this.send(card); },
          no: () => this.send(card) };
        this.draw();
      }
      return;
    }
    this.send(card);
  }

  // Whether every other seat is a bot (the expert's hints are offered then only).
  againstBots() {
    return this.msg && this.seat !== null && this.seat !== undefined &&
      this.msg.seats.every((s) => s.seat === this.seat || s.kind === "bot");
  }

  async askHint() {
    this.hintText = t("hint_wait");
    this.draw();
    try {
      const h = await api("POST", `/api/tables/${this.id}/hint`, {}, this.token);
      this.hintText = hintSentence(h, this.doubleWord());
    } catch (error) {
      this.hintText = error.message;
    }
    this.draw();
  }

  drawQuestion() {
    const q = this.question;
    const answer = (fn) => () => { this.question = null; fn(); this.draw(); };
    return el("div", { class: "overlay" }, el("section", { class: "card-panel question", role: "dialog",
      "aria-labelledby": "question-text" },
    el("p", { id: "question-text" }, q.text),
    el("div", { class: "row" },
      el("button", { type: "button", class: "primary", id: "question-yes", onclick: answer(q.yes) }, t("yes")),
      el("button", { type: "button", id: "question-no", onclick: answer(q.no) }, t("no")))));
  }

  onKey(e) {
    if (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
    if (this.summary && (e.key === "Enter" || e.key === "Escape")) { this.closeSummary(); return; }
    if (e.key === "Escape" && this.showLast) { this.showLast = false; this.draw(); return; }
    const n = Number(e.key);
    if (n >= 1 && n <= 9) {
      const cards = document.querySelectorAll('[data-testid="hand"] .card');
      if (cards[n - 1]) cards[n - 1].click();
    } else if (e.key === "p") {
      const pass = document.querySelector('[data-action="pass"]');
      if (pass) pass.click();
    } else if (e.key === "l") {
      if (this.msg && this.msg.view && this.msg.view.tricks.length) { this.showLast = !this.showLast; this.draw(); }
    }
  }

  drawSummary() {
    const { event, game } = this.summary;
    const parts = [];
    if (event) {
      const r = event.result;
      const doubleWord = this.doubleWord();
      const us = this.team(0), them = this.team(1);
      let verdict;
      if (r.litige) verdict = t("verdict.litige");
      else verdict = t(r.made ? "verdict.made" : "verdict.failed");
      if (r.capot !== null && r.capot !== undefined) verdict += ` — ${t("verdict.capot")}`;
      const row = (label, values) => el("tr", {}, el("th", { scope: "row" }, label),
        el("td", {}, String(values[us])), el("td", {}, String(values[them])));
      parts.push(el("h2", { id: "summary-title" }, t("deal_over")),
        el("p", {}, `${t("contract")}${t("colon")} ${contractText(r.contract, doubleWord)} — ${this.seatName(r.contract.taker)}`),
        el("p", { class: "verdict" }, verdict),
        el("table", {}, el("thead", {}, el("tr", {}, el("th", {}), el("th", { scope: "col" }, this.teamLabel(0)),
          el("th", { scope: "col" }, this.teamLabel(1)))),
        el("tbody", {}, row(t("sum.points"), r.points), row(t("sum.belote"), r.belote),
          row(t("sum.annonces"), r.annonces), row(t("sum.mark"), event.mark),
          row(t("sum.total"), event.scores))),
        r.held ? el("p", {}, t("held", { points: r.held })) : null);
      if (this.seat !== null && this.seat !== undefined) parts.push(this.drawAnalysis(event.deal_index));
    }
    if (game) {
      const mine = this.team(0);
      const text = game.winner === null || game.winner === undefined ? t("game.tie")
        : !this.seated() ? t("game.team_won", { team: this.teamLabel(game.winner === mine ? 0 : 1) })
          : game.winner === mine ? t("game.won") : t("game.lost");
      parts.push(el("h2", {}, t("game_over")), el("p", { class: "verdict", "data-testid": "game-result" }, text),
        el("p", {}, `${this.teamLabel(0)} ${game.scores[mine]} — ${this.teamLabel(1)} ${game.scores[1 - mine]}`),
        el("p", {}, el("a", { href: `/api/tables/${this.id}/record`, download: `belote-${this.id}.json` }, t("download")),
          " · ", el("a", { href: `#/replay/${this.id}` }, t("replay"))));
    }
    parts.push(el("button", { type: "button", class: "primary", "data-action": "next",
      onclick: () => this.closeSummary() }, game ? t("back_lobby") : t("next")));
    return el("div", { class: "overlay" }, el("section", { class: "card-panel summary", "data-testid": "deal-summary",
      role: "dialog", "aria-labelledby": "summary-title" }, parts));
  }

  // The double-dummy analysis of the person's own cards in the deal just over.
  drawAnalysis(index) {
    const box = el("div", { class: "analysis", "data-testid": "analysis" });
    const state = this.analyses?.[index];
    if (!state) {
      box.append(el("button", { type: "button", class: "small", id: "analyse",
        onclick: () => this.loadAnalysis(index) }, t("analyse")));
    } else if (state === "wait") {
      box.append(el("p", { role: "status" }, t("analyse_wait")));
    } else if (state.error) {
      box.append(el("p", { role: "alert" }, state.error));
    } else {
      const mine = state.cards.filter((c) => c.seat === this.seat);
      const lost = mine.filter((c) => c.loss > 0);
      const total = lost.reduce((n, c) => n + c.loss, 0);
      box.append(el("p", {}, lost.length ? t("analysis_cost", { points: total }) : t("analysis_perfect")));
      if (lost.length) {
        box.append(el("ul", {}, lost.map((c) => {
          const best = Object.entries(c.values).filter(([, v]) => v === c.best).map(([k]) => cardShort(k));
          return el("li", {}, t("analysis_card", { trick: c.trick, card: cardShort(c.card), loss: c.loss,
            best: best.join(" / ") }));
        })));
      }
    }
    return box;
  }

  async loadAnalysis(index) {
    this.analyses = this.analyses || {};
    this.analyses[index] = "wait";
    this.draw();
    try {
      this.analyses[index] = await api("GET", `/api/tables/${this.id}/deals/${index}/analysis`);
    } catch (error) {
      this.analyses[index] = { error: error.message };
    }
    this.draw();
  }

  closeSummary() {
    const game = this.summary && this.summary.game;
    this.summary = null;
    if (game) { go(""); return; }
    this.draw();
    const first = document.querySelector("[data-action]:not([data-action=next])");
    if (first) first.focus();
  }

  drawOver(m) {
    return el("section", { class: "card-panel" }, el("h2", {}, t("game_over")),
      el("p", {}, `${this.teamLabel(0)} ${m.scores[this.team(0)]} — ${this.teamLabel(1)} ${m.scores[this.team(1)]}`),
      el("p", {}, el("a", { href: `/api/tables/${this.id}/record`, download: `belote-${this.id}.json` }, t("download")),
        " · ", el("a", { href: `#/replay/${this.id}` }, t("replay"))),
      el("a", { href: "/", class: "button" }, t("back_lobby")));
  }
}

// The hint in a sentence: the expert's choice, and for a card its value in the worlds.
function hintSentence(h, doubleWord) {
  const choice = h.card ? cardName(h.card) : actionName(h.action, doubleWord);
  const values = Object.entries(h.values || {}).sort((a, b) => b[1] - a[1]);
  if (!h.card || !values.length) return t("hint_plain", { choice });
  const mine = h.values[h.card];
  const other = values.find(([c]) => c !== h.card);
  const text = t("hint_card", { choice, points: Math.round(mine), worlds: h.worlds });
  return other ? `${text} ${t("hint_other", { card: cardName(other[0]), points: Math.round(other[1]) })}` : text;
}

// -- replay of finished deals, card by card ----------------------------------------------------
class ReplayScreen {
  constructor(id) {
    this.id = id;
    this.dealAt = 0;
    this.step = 0;
    this.keys = (e) => {
      if (e.key === "ArrowRight") this.move(1);
      else if (e.key === "ArrowLeft") this.move(-1);
    };
    document.addEventListener("keydown", this.keys);
    this.load();
  }

  close() {
    document.removeEventListener("keydown", this.keys);
  }

  async load() {
    try {
      this.data = await api("GET", `/api/tables/${this.id}/replay`);
      await loadPresets();
    } catch (error) {
      app.replaceChildren(el("p", { role: "alert" }, error.message));
      return;
    }
    this.draw();
  }

  move(by) {
    const deal = this.data.deals[this.dealAt];
    if (!deal) return;
    this.step = Math.max(0, Math.min(deal.plays.length, this.step + by));
    this.draw();
  }

  draw() {
    const deals = this.data.deals;
    const head = el("h1", {}, t("replay_title", { preset: presetLabel(this.data.preset) }));
    if (!deals.length) {
      app.replaceChildren(head, el("p", {}, t("replay_none")), el("a", { href: "/", class: "button" }, t("back")));
      return;
    }
    const deal = deals[this.dealAt];
    const doubleWord = presets?.presets[this.data.preset]?.double_word ?? "contre";
    const name = (seat) => {
      const who = this.data.seats?.[seat];
      return who && who.name ? `${who.kind === "bot" ? botLabel(who.name) : who.name} (${t("seat_n", { n: seat })})`
        : t("seat_n", { n: seat });
    };
    const played = deal.plays.slice(0, this.step);
    const gone = new Set(played.map(([, c]) => c));
    const inTrick = played.length % 4 === 0 && played.length ? 4 : played.length % 4;
    const trick = played.slice(played.length - inTrick);
    const places = ["south", "east", "north", "west"];
    const seats = [0, 1, 2, 3].map((s) => el("div", { class: `seat ${places[s]}`, "data-seat": String(s) },
      el("div", { class: "name" }, name(s), deal.dealer === s ? ` · ${t("flag.dealer")}` : ""),
      el("div", { class: "replay-hand" }, deal.hands[s].filter((c) => !gone.has(c)).map((c) => cardFace(c,
        { "aria-label": cardName(c) })))));
    const center = el("div", { class: "center" }, el("div", { class: "trick", "data-testid": "trick" },
      trick.map(([seat, card]) => el("div", { class: `played ${places[seat]}` }, cardFace(card,
        { "data-card": card, "aria-label": cardName(card) })))));
    const picker = el("select", { id: "replay-deal", "aria-label": t("replay_deal"),
      onchange: (e) => { this.dealAt = Number(e.target.value); this.step = 0; this.draw(); } },
    deals.map((d, i) => el("option", { value: String(i), selected: i === this.dealAt },
      t("replay_deal_n", { n: d.deal_index + 1 }))));
    const bids = deal.bids.map(([s, a]) => `${name(s)}${t("colon")} ${saidText(a, doubleWord)}`).join(" · ");
    const done = this.step === deal.plays.length;
    app.replaceChildren(...[head,
      el("div", { class: "row" }, picker,
        el("button", { type: "button", id: "replay-first", "aria-label": t("replay_first"), onclick: () => this.move(-999) }, "«"),
        el("button", { type: "button", id: "replay-back", "aria-label": t("replay_back"), onclick: () => this.move(-1) }, "◀"),
        el("span", { role: "status" }, t("replay_step", { step: this.step, n: deal.plays.length })),
        el("button", { type: "button", id: "replay-next", "aria-label": t("replay_next"), onclick: () => this.move(1) }, "▶"),
        el("button", { type: "button", id: "replay-last", "aria-label": t("replay_last"), onclick: () => this.move(999) }, "»")),
      el("p", {}, bids),
      deal.contract ? el("p", {}, `${t("contract")}${t("colon")} ${contractText(deal.contract, doubleWord)} — ${name(deal.contract.taker)}`) : null,
      el("section", { class: "board replay" }, seats, center),
      done && deal.result ? el("p", { class: "verdict" }, t(deal.result.litige ? "verdict.litige" : deal.result.made ? "verdict.made" : "verdict.failed"),
        ` — ${deal.result.score[0]} / ${deal.result.score[1]}`) : null,
      el("p", {}, el("a", { href: "/", class: "button" }, t("back_lobby")))].filter(Boolean));
  }
}

function applyColours() {
  document.body.classList.toggle("four-colours", setting("four_colours", "false") === "true");
}

async function start() {
  const query = new URLSearchParams(location.search).get("lang");
  const lang = query || setting("lang", "fr");  // French unless the person chose
  await loadWords(lang);
  for (const button of document.querySelectorAll("button.lang")) {
    button.setAttribute("aria-pressed", button.dataset.lang === currentLang() ? "true" : "false");
    button.addEventListener("click", async () => {
      setSetting("lang", button.dataset.lang);
      await loadWords(button.dataset.lang);
      for (const b of document.querySelectorAll("button.lang")) {
        b.setAttribute("aria-pressed", b.dataset.lang === currentLang() ? "true" : "false");
      }
      if (screen instanceof TableScreen) screen.draw(); else route();
    });
  }
  applyColours();
  window.addEventListener("hashchange", route);
  window.addEventListener("popstate", route);
  route();
}

start().catch((error) => {
  app.replaceChildren(el("p", { role: "alert" }, String(error)));
});
