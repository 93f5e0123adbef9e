// The lobby, the form that creates a table and the screen of an invite.

import { t } from "./words.js";
import { el, setSetting, setting, toast } from "./dom.js";
import {
  api, botLabel, botLevels, defaultBot, forget, loadBots, loadPresets, myTables, presetLabel,
  remember,
} from "./api.js";
import { go, reroute } from "./nav.js";
import { nameField, playerName, select } from "./pieces.js";

const app = document.getElementById("app");

// -- the lobby -----------------------------------------------------------------------------
export class Lobby {
  constructor() {
    this.draw();
  }

  async draw() {
    const p = await loadPresets();
    await loadBots();
    const presetOptions = Object.keys(p.presets).map((n) => [n, presetLabel(n)]);
    const quick = el("section", { class: "card-panel", "aria-labelledby": "quick-title" },
      el("h2", { id: "quick-title" }, t("quick_title")),
      nameField(),
      select("quick-preset", presetOptions, setting("preset", "classique"), t("preset")),
      select("quick-level", botLevels().map((l) => [l, botLabel(l)]),
        setting("level", defaultBot()), t("bot_level")),
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
    reroute();
  }
}

// -- creating a table ------------------------------------------------------------------------
export class CreateScreen {
  constructor() {
    this.draw();
  }

  async draw() {
    const p = await loadPresets();
    await loadBots();
    this.p = p;
    const presetBox = select("preset", Object.keys(p.presets).map((n) => [n, presetLabel(n)]),
      setting("preset", "classique"), t("preset"));
    presetBox.querySelector("select").addEventListener("change", () => this.drawOptions());
    const seatChoices = [["open", t("seat_open")], ...botLevels().map((l) => [`bot:${l}`,
      t("seat_bot", { level: botLabel(l) })])];
    const seats = [1, 2, 3].map((s) => select(`seat-${s}`, seatChoices, s === 2 ? "open" : `bot:${defaultBot()}`,
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
export class JoinScreen {
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
