"""Words of the terminal table, French by default, English available."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "fr": {
        "title": "Belote", "you": "Vous", "partner": "Partenaire", "east": "Droite",
        "west": "Gauche", "team_us": "Nous", "team_them": "Eux", "deal": "Donne",
        "dealer": "donneur", "contract": "Contrat", "none": "—", "taker": "preneur",
        "score": "Score", "cards": "cartes", "card": "carte", "turned": "Retourne", "trick": "Pli",
        "key_quit": "Quitter", "key_auto": "Belote auto",
        "your_bid_short": "À vous de parler", "hint_pass": "p passer", "hint_take": "t prendre",
        "hint_suit": "{keys} couleur", "hint_value": "+/- valeur", "not_now": "{what} : pas à ce tour.",
        "saved_exists": "Une partie enregistrée existe : elle sera remplacée si vous quittez "
                        "celle-ci (belote play --resume pour la reprendre).",
        "your_turn": "À vous de jouer : une carte (1-9 ou clic).",
        "your_bid": "À vous de parler : p passer · t prendre · 1-6 couleur (valeur +/-) · x contrer",
        "waiting": "{name} réfléchit…",
        "compiling": "{name} réfléchit… (première fois : compilation du solveur, environ 10 s)",
        "take": "Je prends", "pass": "Je passe",
        "contre": "Contrer", "surcontre": "Surcontrer", "coinche": "Coincher",
        "surcoinche": "Surcoincher", "capot": "Capot", "generale": "Générale",
        "refused": "Carte refusée : {why}", "belote_q": "Dire « belote » avec le {card} ?",
        "annonce_q": "Annoncer : {what} ?", "yes": "Oui", "no": "Non", "continue": "Continuer",
        "made": "Contrat réussi", "failed": "Contrat chuté (dedans)", "litige": "Litige",
        "capot_by": "Capot ({team})", "points": "Points (plis + dix de der)",
        "dix_de_der": "dont dix de der (10)", "colon": " :",
        "belote": "Belote", "annonces": "Annonces", "marked": "Marqué", "held": "En litige",
        "irregular": "Irrégulier", "penalty": "pénalité",
        "stopped_bid": "enchère irrégulière : la relecture s'arrête ici (le contrat qu'elle "
                       "ferait est inconnu)",
        "end_title": "Fin de la donne {n}", "passed_out": "Tout le monde passe : on redonne.",
        "game_over": "Partie terminée", "winner_us": "Vous gagnez {a} à {b} !",
        "winner_them": "Vous perdez {a} à {b}.", "draw": "Égalité {a} à {b}.",
        "quit": "Quitter", "saved": "Partie enregistrée : {path}",
        "save_failed": "Impossible d'enregistrer la partie : {err}", "last_trick": "Dernier pli",
        "no_last": "Aucun pli terminé.", "bid_value": "Valeur",
        "said_belote": "{name} : belote !", "said_rebelote": "{name} : rebelote !",
        "annonce_said": "{name} annonce : {what}", "annonce_shown": "{name} montre : {cards}",
        "trick_won": "{name} remporte le pli ({pts} points).", "bids_log": "{name} : {bid}",
        "trick_won_you": "Vous remportez le pli ({pts} points).",
        "help": "Touches : 1-9 jouer une carte · enchères : p passer, t prendre, 1-6 couleur, "
                "+/- valeur, x contrer · d dernier pli · a belote automatique (oui/non) · "
                "q quitter (la partie est enregistrée)",
        "auto_belote": "Belote automatique : {state}", "on": "oui", "off": "non",
        "result_cols": "Nous|Eux",
    },
    "en": {
        "title": "Belote", "you": "You", "partner": "Partner", "east": "Right",
        "west": "Left", "team_us": "Us", "team_them": "Them", "deal": "Deal",
        "dealer": "dealer", "contract": "Contract", "none": "—", "taker": "taker",
        "score": "Score", "cards": "cards", "card": "card", "turned": "Turned card", "trick": "Trick",
        "key_quit": "Quit", "key_auto": "Auto belote",
        "your_bid_short": "Your bid", "hint_pass": "p pass", "hint_take": "t take",
        "hint_suit": "{keys} suit", "hint_value": "+/- value", "not_now": "{what}: not this turn.",
        "saved_exists": "A saved game exists: it will be replaced when you quit this one "
                        "(belote play --resume continues it).",
        "your_turn": "Your turn: play a card (1-9 or click).",
        "your_bid": "Your bid: p pass · t take · 1-6 suit (value +/-) · x double",
        "waiting": "{name} is thinking…",
        "compiling": "{name} is thinking… (first time: compiling the solver, about 10 s)",
        "take": "Take", "pass": "Pass",
        "contre": "Double", "surcontre": "Redouble", "coinche": "Coinche",
        "surcoinche": "Surcoinche", "capot": "Capot", "generale": "Générale",
        "refused": "Card refused: {why}", "belote_q": "Say “belote” with the {card}?",
        "annonce_q": "Declare: {what}?", "yes": "Yes", "no": "No", "continue": "Continue",
        "made": "Contract made", "failed": "Contract failed", "litige": "Litige (tie)",
        "capot_by": "Capot ({team})", "points": "Points (tricks + dix de der)",
        "dix_de_der": "including dix de der (10)", "colon": ":",
        "belote": "Belote", "annonces": "Annonces", "marked": "Marked", "held": "Held",
        "irregular": "Irregular", "penalty": "penalty",
        "stopped_bid": "irregular bid: the replay stops here (the contract it would make is "
                       "unknown)",
        "end_title": "End of deal {n}", "passed_out": "Everyone passed: the cards are dealt again.",
        "game_over": "Game over", "winner_us": "You win {a} to {b}!",
        "winner_them": "You lose {a} to {b}.", "draw": "Draw {a} to {b}.",
        "quit": "Quit", "saved": "Game saved: {path}",
        "save_failed": "Cannot save the game: {err}", "last_trick": "Last trick",
        "no_last": "No trick finished yet.", "bid_value": "Value",
        "said_belote": "{name}: belote!", "said_rebelote": "{name}: rebelote!",
        "annonce_said": "{name} declares: {what}", "annonce_shown": "{name} shows: {cards}",
        "trick_won": "{name} wins the trick ({pts} points).", "bids_log": "{name}: {bid}",
        "trick_won_you": "You win the trick ({pts} points).",
        "help": "Keys: 1-9 play a card · bidding: p pass, t take, 1-6 suit, +/- value, "
                "x double · d last trick · a automatic belote (on/off) · q quit (the game is "
                "saved)",
        "auto_belote": "Automatic belote: {state}", "on": "on", "off": "off",
        "result_cols": "Us|Them",
    },
}

def texts(lang: str) -> dict[str, str]:
    """The words of ``lang`` (``fr`` or ``en``). Raises ValueError for another language."""
    if lang not in TEXTS:
        raise ValueError(f"unknown language {lang!r}: expected fr or en")
    return TEXTS[lang]
