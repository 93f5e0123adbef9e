// Pieces of the page's screens: the name field, a labelled list, a card's face, the colours.

import { cardShort, parseCard, t } from "./words.js";
import { el, setSetting, setting } from "./dom.js";

export function nameField() {
  const input = el("input", {
    id: "name", name: "name", required: true, maxlength: "40", autocomplete: "nickname",
    value: setting("name", t("default_name")),
  });
  input.addEventListener("change", () => setSetting("name", input.value.trim()));
  return el("label", { class: "field" }, t("your_name"), input);
}

export function playerName() {
  const input = document.getElementById("name");
  const name = (input ? input.value : setting("name", t("default_name"))).trim();
  setSetting("name", name);
  return name || t("default_name");
}

export function select(id, options, chosen, label) {
  const box = el("select", { id, name: id });
  for (const [value, text] of options) {
    box.append(el("option", { value, selected: value === chosen }, text));
  }
  return el("label", { class: "field" }, label, box);
}


export function cardFace(card, attrs = {}) {
  const { suit } = parseCard(card);
  return el("span", { class: `face suit-${suit}`, ...attrs }, cardShort(card));
}

export function applyColours() {
  document.body.classList.toggle("four-colours", setting("four_colours", "false") === "true");
}
