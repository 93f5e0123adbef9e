// The replay of a table's finished deals, card by card.

import { PLAIN_WORDS, cardName, contractText, saidText, t } from "./words.js";
import { el } from "./dom.js";
import { api, botLabel, loadPresets, presetLabel } from "./api.js";
import { cardFace } from "./pieces.js";

const app = document.getElementById("app");

// -- replay of finished deals, card by card ----------------------------------------------------
export class ReplayScreen {
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
    const words = this.data.words ?? PLAIN_WORDS;
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
    const bids = deal.bid_moves.map(([s, move]) => `${name(s)}${t("colon")} ${saidText(move)}`).join(" · ");
    const done = this.step === deal.plays.length;
    app.replaceChildren(...[head,
      el("div", { class: "row" }, picker,
        el("button", { type: "button", id: "replay-first", "aria-label": t("replay_first"), onclick: () => this.move(-999) }, "«"),
        el("button", { type: "button", id: "replay-back", "aria-label": t("replay_back"), onclick: () => this.move(-1) }, "◀"),
        el("span", { role: "status" }, t("replay_step", { step: this.step, n: deal.plays.length })),
        el("button", { type: "button", id: "replay-next", "aria-label": t("replay_next"), onclick: () => this.move(1) }, "▶"),
        el("button", { type: "button", id: "replay-last", "aria-label": t("replay_last"), onclick: () => this.move(999) }, "»")),
      el("p", {}, bids),
      deal.contract ? el("p", {}, `${t("contract")}${t("colon")} ${contractText(deal.contract, words)} — ${name(deal.contract.taker)}`) : null,
      el("section", { class: "board replay" }, seats, center),
      done && deal.result ? el("p", { class: "verdict" }, t(deal.result.litige ? "verdict.litige" : deal.result.made ? "verdict.made" : "verdict.failed"),
        ` — ${deal.result.score[0]} / ${deal.result.score[1]}`) : null,
      el("p", {}, el("a", { href: "/", class: "button" }, t("back_lobby")))].filter(Boolean));
  }
}
