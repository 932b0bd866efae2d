"""What the table says about actions: the main-action buttons with their keys, tips
and refusal examples, the vote prompts, and the public log of a reopened game."""

from __future__ import annotations

from typing import Any

from ui.table.log import starts_line
from wargame.core.actions import Action
from wargame.core.dice import DiceService, ReplayProvider
from wargame.core.log import Session
from wargame.tortuga import actions as A
from wargame.tortuga.describe import vote_result

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


def history_lines(session: Session[Any]) -> list[str]:
    """The public log of a reopened game: each action described as it was played."""
    state = session.factory(DiceService(ReplayProvider(session.setup_rolls)))
    first = starts_line(session)
    out = [first] if first is not None else []
    seen = state.last_vote
    for e in session.entries:
        out.append(e.label if e.override else state.describe(e.action))  # a table override
        state.apply(e.action, DiceService(ReplayProvider(e.rolls)))
        if state.last_vote is not None and state.last_vote is not seen:
            seen = state.last_vote
            out.append(vote_result(state))
    return out


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
