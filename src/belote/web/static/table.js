// The table: the seat's view the server sends over the WebSocket, drawn; the person's
// clicks sent as actions (the server judges them).

import {
  PLAIN_WORDS, SYMBOL, annonceText, cardName, cardShort, contractText, currentLang,
  moveName, parseCard, saidText, t,
} from "./words.js";
import { el, hideToast, setSetting, setting, toast } from "./dom.js";
import {
  api, botLabel, botLevels, forget, loadBots, myTables, presetLabel, remember,
} from "./api.js";
import { go } from "./nav.js";
import { applyColours, cardFace } from "./pieces.js";
import { relativeSeat, screenPlace, teamOf } from "./seats.js";

const app = document.getElementById("app");
// milliseconds a trick just won stays shown in the middle
const TRICK_SHOWN_MS = 1200;

export class TableScreen {
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
    loadBots().then(() => { if (!this.closed) this.draw(); }).catch(() => {});
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
    if (event.kind === "action") {
      const said = event.move ? saidText(event.move) : event.action;
      this.lastLine = `${this.seatName(event.seat)}${t("colon")} ${said}`;
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

  // The table's names of the double ({double, redouble}): the view's, the last one seen
  // once the game is over.
  words() {
    const view = this.msg && this.msg.view;
    if (view && view.words) this.lastWords = view.words;
    return this.lastWords || PLAIN_WORDS;
  }

  seatName(seat) {
    const s = this.msg && this.msg.seats ? this.msg.seats[seat] : null;
    if (!s) return t("seat_n", { n: seat });
    if (seat === this.seat) return t("you");
    if (!this.seated()) {  // a spectator: no "left" or "right" of anyone
      const who = s.kind === "bot" ? botLabel(s.bot || s.name) : s.name;
      return `${t("seat_n", { n: seat })}${who ? ` (${who})` : ""}`;
    }
    const place = relativeSeat(seat, this.seat);
    if (s.kind === "bot") return `${t(`seat.${place}`)} (${botLabel(s.bot || s.name)})`;
    return s.name || t("seat_n", { n: seat });
  }

  // Where a seat sits on the screen: the person at the bottom, the next to play on his right.
  place(seat) {
    const me = this.seat ?? 0;
    return screenPlace(seat, me);
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
    const words = this.words();
    const contract = view && view.contract;
    const scores = el("div", { class: "scores", "data-testid": "scores", "aria-label": t("scores") },
      el("span", { class: "team us" }, `${this.teamLabel(0)} `, el("strong", {}, String(m.scores[this.team(0)]))),
      el("span", { class: "team them" }, `${this.teamLabel(1)} `, el("strong", {}, String(m.scores[this.team(1)]))));
    const held = m.held ? el("span", { class: "held", "data-testid": "held" },
      t("held", { points: m.held })) : null;
    const facts = [el("span", { class: "preset" }, presetLabel(this.info.preset))];
    if (contract) {
      facts.push(el("span", { class: `contract${contract.doubled > 1 ? " doubled" : ""}`, "data-testid": "contract" },
        `${t("contract")}${t("colon")} ${contractText(contract, words)} — ${this.seatName(contract.taker)}`));
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
    const mine = teamOf(this.seat ?? 0);
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
          for (const level of botLevels()) {
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
    // the legal moves by their text: the view's structured moves (no grammar read here)
    const legal = new Map((view.legal_moves || []).map((move) => [move.text, move]));
    const seats = [0, 1, 2, 3].map((s) => this.drawSeat(m, view, s));
    const center = this.drawTrick(view);
    const board = el("section", { class: "board", "aria-label": t("table") }, seats, center);
    const line = el("p", { class: "last-line", role: "status", "data-testid": "last-action" }, this.lastLine);
    const parts = [board, line, this.drawActions(view, legal)];
    if (this.seat !== null && this.seat !== undefined) parts.push(this.drawHand(view, legal));
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
    const bid = [...(view.bid_moves || [])].reverse().find((b) => b[0] === seat);
    const anns = (view.annonces[String(seat)] || []).map(annonceText);
    const bel = view.belotes.filter((b) => b[0] === seat).length;
    return el("div", { class: `seat ${this.place(seat)}${turn ? " turn" : ""}`, "data-seat": String(seat),
      "aria-current": turn ? "true" : null },
      el("div", { class: "name" }, this.seatName(seat), turn ? el("span", { class: "turn-mark" }, ` · ${t(seat === this.seat ? "flag.your_turn" : "flag.turn")}`) : null),
      el("div", { class: "flags" }, flags.join(" · ")),
      el("div", { class: "count" }, t("cards_left", { n: view.hand_sizes[seat] })),
      bid && view.phase === "bidding" ? el("div", { class: "bid" }, saidText(bid[1])) : null,
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
    const others = [...legal.values()].filter((move) => move.kind !== "card");
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
    // the auction's bids in rows by level (value, then capot, générale), a button a suit
    const plain = [];
    const rows = new Map();
    for (const move of others) {
      const level = move.kind === "bid" ? String(move.value) : move.kind;
      if (["bid", "capot", "generale"].includes(move.kind)) {
        if (!rows.has(level)) rows.set(level, []);
        rows.get(level).push(move);
      } else {
        plain.push(move);
      }
    }
    const offline = this.connected === false;  // nothing can be sent until it reconnects
    const button = (move, label = moveName(move)) => el("button", { type: "button", class: "act",
      "data-action": move.text, "aria-label": moveName(move), disabled: offline,
      onclick: () => this.send(move.text) }, label);
    box.append(el("div", { class: "row" }, plain.map((move) => button(move)), hint));
    if (rows.size) {
      const grid = el("div", { class: "bids", role: "group", "aria-label": t("bids") });
      for (const [level, moves] of rows) {  // the engine lists bids by rising level
        const word = moves[0].kind === "bid" ? level : t(`bid_word.${level}`);
        grid.append(el("div", { class: "bid-row" }, el("span", { class: "value" }, word),
          moves.map((move) => button(move, SYMBOL[move.suit] ?? move.suit))));
      }
      box.append(grid);
    }
    if (view.phase === "bidding" && view.turned && legal.has("take")) {
      box.prepend(el("p", {}, t("take_help", { card: cardName(view.turned) })));
    }
    return box;
  }

  drawHand(view, legal) {
    const hand = view.hand;  // in the engine's display order
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
    this.hintText = "";
    const move = legal.get(card);
    if (legal.has("belote") && move && move.belote) {  // the view says which card may carry it
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
      this.hintText = hintSentence(h);
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
      const words = this.words();
      const us = this.team(0), them = this.team(1);
      let verdict;
      if (r.litige) verdict = t("verdict.litige");
      else verdict = t(r.made ? "verdict.made" : "verdict.failed");
      if (r.capot !== null && r.capot !== undefined) verdict += ` — ${t("verdict.capot")}`;
      const row = (label, values) => el("tr", {}, el("th", { scope: "row" }, label),
        el("td", {}, String(values[us])), el("td", {}, String(values[them])));
      parts.push(el("h2", { id: "summary-title" }, t("deal_over")),
        el("p", {}, `${t("contract")}${t("colon")} ${contractText(r.contract, words)} — ${this.seatName(r.contract.taker)}`),
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
function hintSentence(h) {
  const choice = h.card ? cardName(h.card) : h.move ? moveName(h.move) : h.action;
  const values = Object.entries(h.values || {}).sort((a, b) => b[1] - a[1]);
  if (!h.card || !values.length) return t("hint_plain", { choice });
  const mine = h.values[h.card];
  const other = values.find(([c]) => c !== h.card);
  const text = t("hint_card", { choice, points: Math.round(mine), worlds: h.worlds });
  return other ? `${text} ${t("hint_other", { card: cardName(other[0]), points: Math.round(other[1]) })}` : text;
}
