// Words of the page: the server's catalog (GET /api/i18n/{lang}) and the names of cards,
// suits and actions built from it. No game rule here: the server says what is legal.

export const SUITS = ["S", "H", "D", "C"];
export const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const LANGS = ["fr", "en"];

let words = {};
let lang = "fr";

export function currentLang() {
  return lang;
}

export async function loadWords(wanted) {
  const chosen = LANGS.includes(wanted) ? wanted : "fr";
  const answer = await fetch(`/api/i18n/${chosen}`);
  if (!answer.ok) throw new Error(`catalog ${chosen}: ${answer.status}`);
  words = await answer.json();
  lang = chosen;
  document.documentElement.lang = chosen;
}

// A catalog wording: "web.CODE" first, else CODE itself; {name} fields filled from params.
export function t(code, params = {}) {
  const text = words[`web.${code}`] ?? words[code] ?? code;
  return text.replace(/\{(\w+)\}/g, (field, name) => (name in params ? String(params[name]) : field));
}

// "JH" → {rank: "J", suit: "H"}; "10H" is read as "TH".
export function parseCard(card) {
  const suit = card.slice(-1);
  let rank = card.slice(0, -1);
  if (rank === "10") rank = "T";
  return { rank, suit };
}

export function isRed(suit) {
  return suit === "H" || suit === "D";
}

// How a player reads a card at a glance: "V♥", "10♠" (fr), "J♥" (en).
export function cardShort(card) {
  const { rank, suit } = parseCard(card);
  return `${t(`rank.${rank}`)}${SYMBOL[suit] ?? suit}`;
}

// A card's name in words, for screen readers and buttons: "valet de cœur", "jack of hearts".
export function cardName(card) {
  const { rank, suit } = parseCard(card);
  return t("card", { rank: t(`rank_name.${rank}`), suit: t(`suit_of.${suit}`) });
}

// A trump in words: "cœur", "sans atout".
export function trumpName(trump) {
  return t(`trump.${trump}`);
}

function annonceKind(group) {
  const ranks = new Set(group.map((c) => parseCard(c).rank));
  if (group.length === 4 && ranks.size === 1) return t("annonce.carre");
  if (group.length === 3) return t("annonce.tierce");
  if (group.length === 4) return t("annonce.cinquante");
  return t("annonce.cent");
}

// An annonce of the view ({kind, points, cards}) in words.
export function annonceText(annonce) {
  const kind = t(`annonce.${annonce.kind}`);
  const list = typeof annonce.cards === "string" ? annonce.cards.split(/\s+/) : annonce.cards;
  const cards = list ? " " + list.filter(Boolean).map(cardShort).join(" ") : "";
  return `${kind}${cards}`;
}

// The words of an action string (the engine's: "pass", "80 H", "contre", "JH"…); doubleWord
// is the table's name of the double ("contre" or "coinche").
export function actionName(action, doubleWord = "contre") {
  const parts = action.split(" ");
  if (action === "pass") return t("act.pass");
  if (action === "take") return t("act.take");
  if (action === "belote") return t("act.belote");
  if (action === "contre") return t(doubleWord === "coinche" ? "act.coinche" : "act.contre");
  if (action === "surcontre") {
    return t(doubleWord === "coinche" ? "act.surcoinche" : "act.surcontre");
  }
  if (parts[0] === "declare") {
    const groups = parts.slice(1).join(" ").split("/").map((g) => g.trim().split(/\s+/));
    const said = groups.map((g) => `${annonceKind(g)} ${g.map(cardShort).join(" ")}`);
    return t("act.declare", { what: said.join(", ") });
  }
  if (parts.length === 1 && /^(S|H|D|C|SA|TA)$/.test(action)) {
    return t("act.choose", { trump: trumpName(action) });
  }
  if (parts.length === 2 && parts[0] === "capot") return t("act.capot", { trump: trumpName(parts[1]) });
  if (parts.length === 2 && parts[0] === "generale") {
    return t("act.generale", { trump: trumpName(parts[1]) });
  }
  if (parts.length === 2 && /^\d+$/.test(parts[0])) {
    return t("act.bid", { value: parts[0], trump: trumpName(parts[1]) });
  }
  if (parts.length === 1 && /^(10|[6-9TJQKA])[SHDC]$/.test(action)) return cardName(action);
  return action;
}

// How the others hear an action (the log line's verb): "passe", "80 ♥", "joue V♥".
export function saidText(action, doubleWord = "contre") {
  if (/^(10|[6-9TJQKA])[SHDC]$/.test(action)) return t("said.card", { card: cardShort(action) });
  if (action === "declare" || action.startsWith("declare ")) {
    // the table tells a declaration by its kinds ("declare tierce / carre"), never its cards
    const kinds = action.slice("declare".length).split("/").map((k) => k.trim()).filter(Boolean);
    return kinds.length ? t("said.declared", { what: kinds.map((k) => t(`annonce.${k}`)).join(", ") })
      : t("said.declare");
  }
  const parts = action.split(" ");
  if (parts.length === 2 && /^\d+$/.test(parts[0])) {
    return `${parts[0]} ${SYMBOL[parts[1]] ?? trumpName(parts[1])}`;
  }
  return actionName(action, doubleWord);
}

// A contract of the view ({taker, trump, value, kind, doubled}) in words: "100 ♥ coinché".
export function contractText(contract, doubleWord = "contre") {
  if (!contract) return "";
  const trump = SYMBOL[contract.trump] ?? trumpName(contract.trump);
  let text;
  if (contract.kind === "capot") text = t("contract.capot", { trump });
  else if (contract.kind === "generale") text = t("contract.generale", { trump });
  else if (contract.value) text = `${contract.value} ${trump}`;
  else text = t("contract.taken", { trump });
  const word = doubleWord === "coinche" ? "coinche" : "contre";
  if (contract.doubled === 2) text += ` ${t(`contract.${word}`)}`;
  if (contract.doubled >= 4) text += ` ${t(`contract.sur${word}`)}`;
  return text;
}
