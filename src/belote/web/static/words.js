// Words of the page: the server's catalog (GET /api/i18n/{lang}) and the names of cards,
// suits and actions built from it. No game rule here: the server says what is legal, as
// structured moves (the view's legal_moves), and names the double (the view's words).

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

// An annonce of the view ({kind, points, cards}) in words.
export function annonceText(annonce) {
  const kind = t(`annonce.${annonce.kind}`);
  const list = typeof annonce.cards === "string" ? annonce.cards.split(/\s+/) : annonce.cards;
  const cards = list ? " " + list.filter(Boolean).map(cardShort).join(" ") : "";
  return `${kind}${cards}`;
}

// The names of the double when no view gives them (the view's "words").
export const PLAIN_WORDS = { double: "contre", redouble: "surcontre" };

// A legal move of the view ({text, kind, value, suit, card, word, annonces}) in words.
export function moveName(move) {
  switch (move.kind) {
    case "pass": case "take": case "belote": return t(`act.${move.kind}`);
    case "double": case "redouble": return t(`act.${move.word}`);
    case "choose": return t("act.choose", { trump: trumpName(move.suit) });
    case "capot": case "generale": return t(`act.${move.kind}`, { trump: trumpName(move.suit) });
    case "bid": return t("act.bid", { value: move.value, trump: trumpName(move.suit) });
    case "card": return cardName(move.card);
    case "declare": {
      const said = move.annonces.map((a) => `${t(`annonce.${a.kind}`)} ${a.cards.map(cardShort).join(" ")}`);
      return t("act.declare", { what: said.join(", ") });
    }
    default: return move.text;
  }
}

// How the others hear a move (the log line's verb, a seat's last bid): "passe", "80 ♥",
// "joue V♥"; `move` a structured move of the server (a view's legal_moves or bid_moves, an
// action event's move, a hint's move).
export function saidText(move) {
  if (move.kind === "card") return t("said.card", { card: cardShort(move.card) });
  if (move.kind === "declare") {
    // the others hear a declaration by its kinds, its cards only from the second trick
    const kinds = move.annonces.map((a) => t(`annonce.${a.kind}`));
    return kinds.length ? t("said.declared", { what: kinds.join(", ") }) : t("said.declare");
  }
  if (move.kind === "bid") return `${move.value} ${SYMBOL[move.suit] ?? trumpName(move.suit)}`;
  return moveName(move);
}

// A contract of the view ({taker, trump, value, kind, doubled}) in words: "100 ♥ coinché".
export function contractText(contract, words = PLAIN_WORDS) {
  if (!contract) return "";
  const trump = SYMBOL[contract.trump] ?? trumpName(contract.trump);
  let text;
  if (contract.kind === "capot") text = t("contract.capot", { trump });
  else if (contract.kind === "generale") text = t("contract.generale", { trump });
  else if (contract.value) text = `${contract.value} ${trump}`;
  else text = t("contract.taken", { trump });
  if (contract.doubled === 2) text += ` ${t(`contract.${words.double}`)}`;
  if (contract.doubled >= 4) text += ` ${t(`contract.${words.redouble}`)}`;
  return text;
}
