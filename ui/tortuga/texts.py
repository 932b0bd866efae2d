"""What the table says about actions: the main-action buttons with their keys, tips
and refusal examples, the vote prompts, the words of a choice, and the odds."""

from __future__ import annotations

from typing import Any

from wargame.core.actions import Action
from wargame.tortuga import actions as A
from wargame.tortuga.rules import TITLES, vote_name

#: The main actions as buttons: key, label, shortcut, the action classes they offer.
CATEGORIES: tuple[tuple[str, str, str, tuple[type[Action], ...]], ...] = (
    ("view", "View 2 cards", "V", (A.View,)),
    ("reveal", "Reveal a card", "R", (A.Reveal,)),
    ("force", "Force a reveal", "F", (A.Force,)),
    ("move", "Move", "M", (A.Move,)),
    ("attack", "Attack", "A", (A.Attack,)),
    ("mutiny", "Mutiny", "T", (A.Mutiny,)),
    ("brawl", "Brawl", "B", (A.Brawl,)),
    ("maroon", "Maroon", "O", (A.Maroon,)),
    ("shift", "Move treasure", "S", (A.Shift,)),
    ("marque", "Letter of Marque", "L", (A.Marque,)),
)
#: An example action of each category, to ask the engine why it is refused.
EXAMPLES: dict[str, Action] = {
    "view": A.View(0, 1),
    "reveal": A.Reveal(0),
    "force": A.Force(0),
    "move": A.Move(2),
    "attack": A.Attack(),
    "mutiny": A.Mutiny(),
    "brawl": A.Brawl(),
    "maroon": A.Maroon(0),
    "shift": A.Shift(0),
    "marque": A.Marque(0, 0),
}
#: What a private look owed shows, on the hand-off and in the prompt.
LOOKS = {
    "view": (
        "Look at the two event cards you viewed, in secret.",
        "The two cards you viewed are shown on the event row and above. Done looking?",
    ),
    "fever": (
        "Cabin Fever dealt you a loyalty card: look at it in secret.",
        "Your loyalty card after Cabin Fever is shown above. Done looking?",
    ),
}


VOTE_HELP = (
    ("attack", "only the attack symbol counts: a cannon and a torch not cancelled by water win."),
    ("brawl", "only the flag counts: the majority takes both of Tortuga's treasures."),
    ("mutiny", "only the bottom symbol counts: a majority of skulls maroons the captain."),
)
TIPS = {
    "view": "Look at any two of the face-down event cards, in secret.",
    "reveal": "Turn over one event card and resolve it (keys 1-5 pick the card).",
    "force": "Choose a player and two event cards: they reveal one of them.",
    "move": "Ship or Tortuga to an empty rowboat; rowboat to the back of a line.",
    "attack": "Captain: the ship votes; a cannon and a torch left over take a chest.",
    "mutiny": "First mate: the crew votes; a majority of skulls maroons the captain.",
    "brawl": "Governor: Tortuga votes; the majority flag takes both treasures.",
    "maroon": "Captain: send another pawn on your ship to Tortuga.",
    "shift": "Cabin boy: move one chest between your ship's two holds.",
    "marque": "Use a kept Letter of Marque: a pawn on Tortuga or a rowboat boards a ship.",
}


def choice_text(st: Any, obs: dict[str, Any], a: Action) -> str:
    """A button or menu text for one of the actor's own choices (``obs``: the actor's
    observation; never the name of a face-down card the actor has not viewed)."""
    if isinstance(a, A.View):
        return f"View event cards {a.a + 1} and {a.b + 1}"
    if isinstance(a, A.Vote):
        cards = " + ".join(vote_name(c) for c in a.cards)
        return f"Play {cards}" if len(a.cards) == 1 else f"Play two (El Dorado): {cards}"
    if isinstance(a, A.Pick):
        return f"Take {vote_name(a.card)}"
    if isinstance(a, A.Take):
        return f"Take face-down card {a.slot + 1}"
    if isinstance(a, A.Reveal):
        seen = obs["viewed"].get(str(a.slot))
        known = f" (you saw: {TITLES[seen]})" if seen is not None else ""
        return f"Reveal event card {a.slot + 1}{known}"
    text = st.describe(a)
    seat = obs["to_act"]
    prefix = f"{st.name(seat)} " if seat is not None else ""
    if text.startswith(prefix):  # "Pirate 2 moves to ..." -> "Move to ..."
        text = text[len(prefix) :]
        verb, _, rest = text.partition(" ")
        if verb.endswith("s") and not verb.endswith("ss"):
            verb = verb[:-1]
        text = f"{verb[:1].upper()}{verb[1:]} {rest}".strip()
    return text


def deck_odds_text(obs: dict[str, Any], kind: int) -> str:
    """The chance of each symbol the vote deck's top card adds to a vote of ``kind``
    (0 attack, 1 brawl, 2 mutiny), from the seat's own observation ("" if none)."""
    from wargame.core.probability import percent
    from wargame.tortuga.odds import deck_card
    from wargame.tortuga.rules import data

    d = deck_card(obs, data())
    if d is None:
        return ""
    table = (d.attack, d.flag, d.mutiny)[kind]
    words = {"torch": "torch", "helm": "no skull"}
    parts = ", ".join(f"{words.get(k, k)} {percent(p)}" for k, p in table.items())
    return f"The deck's card (one of {d.unseen} vote cards you have not seen): {parts}."


def event_odds_text(obs: dict[str, Any]) -> str:
    """The chance of each kind for a face-down event card the seat has not viewed,
    from its own observation ("" if there is none)."""
    from wargame.core.probability import percent
    from wargame.tortuga.odds import event_card
    from wargame.tortuga.rules import STARRED, TITLES, data

    e = event_card(obs, data())
    if e is None:
        return ""
    ranked = sorted(e.kinds.items(), key=lambda kp: (-kp[1], kp[0]))
    parts = [f"{TITLES[k]} {percent(p)}" for k, p in ranked if k not in STARRED]
    starred = [(k, p) for k, p in ranked if k in STARRED]
    if starred:
        chances = {p for _, p in starred}
        names = ", ".join(TITLES[k] for k, _ in starred)
        if len(chances) == 1:
            parts.append(f"each starred card {percent(starred[0][1])} ({names})")
        else:
            parts += [f"{TITLES[k]} {percent(p)}" for k, p in starred]
    return f"One of {e.unseen} event cards you have not seen: {', '.join(parts)}."
