"""The land raid as a :class:`~wargame.core.game.Game` (registered as ``raid``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import BotFactory, Game, GameState, RandomBot
from wargame.errors import BadInput
from wargame.raid import words
from wargame.raid.play import RaidPlay
from wargame.raid.rules import RaidRules, raid_rules
from wargame.raid.scenario import state_parts
from wargame.raid.state import RaidState

#: The game parameters (house rules) and the values each may take, the default first.
VARIANTS: dict[str, tuple[str, ...]] = {
    # "Each 4 points = 1 Die Roll": whole fours only, or a part of 4 rolls a die too
    "fighting_dice": ("whole-fours", "part-of-four"),
}


class RaidGame(Game):
    name = "raid"
    title = "Land raid"
    min_players = 2
    max_players = 2
    two_sided = True
    param_names: ClassVar[tuple[str, ...] | None] = tuple(VARIANTS)

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        for key, choices in VARIANTS.items():
            value = str(self.params.get(key, choices[0]))
            if value not in choices:
                raise BadInput(
                    f"game parameter {key}: {value!r} is not one of {', '.join(choices)}"
                )
            self.params[key] = value

    def new_initial_state(
        self, players: int, dice: DiceService, *, scenario: Mapping[str, Any] | None = None
    ) -> RaidState:
        return new_raid(scenario, rules=variant_rules(self.params["fighting_dice"]))

    def seat_words(
        self, view: Mapping[str, Any], names: Sequence[str], seat: int | None = None
    ) -> list[dict[str, Any]]:
        return words.seat_words(view, names, seat)

    def choice_words(
        self, state: GameState, view: Mapping[str, Any], action: Action, sentence: str
    ) -> list[str]:
        assert isinstance(state, RaidState)
        return words.choice_words(state, action, sentence)  # nothing hidden in a raid

    def bots(self) -> dict[str, BotFactory]:
        from wargame.raid.bots import TacticianBot

        return {"random": RandomBot, "tactician": TacticianBot}


_VARIANT_RULES: dict[tuple[int, str], RaidRules] = {}


def variant_rules(fighting_dice: str) -> RaidRules:
    """The raid rules with the ``fighting_dice`` house rule (one object per choice)."""
    base = raid_rules()
    key = (id(base), fighting_dice)
    got = _VARIANT_RULES.get(key)
    if got is None:
        part = fighting_dice == "part-of-four"
        if part == base.fighting.part_counts:
            got = base
        else:
            fighting = base.fighting.model_copy(update={"part_counts": part})
            got = base.model_copy(update={"fighting": fighting})
        _VARIANT_RULES[key] = got
    return got


def new_raid(
    scenario: Mapping[str, Any] | None = None,
    *,
    source: str = "scenario",
    rules: RaidRules | None = None,
) -> RaidState:
    """A raid at the start of turn 1 from a scenario (None: the shipped default)."""
    rules = rules or raid_rules()
    if scenario is None:
        key = (id(rules), _default_path())
        proto = _PROTOTYPES.get(key)
        if proto is None or proto.rules is not rules:
            proto = _PROTOTYPES[key] = _build(rules, _default(), source)
        return proto.clone()
    return _build(rules, scenario, source)


#: The shipped default raid, read once per rules object; new raids are clones of it.
_PROTOTYPES: dict[tuple[int, str], RaidState] = {}


def _build(rules: Any, data: Mapping[str, Any], source: str) -> RaidState:
    town, units, fire, name = state_parts(data, rules, source)
    state = RaidPlay(rules, town, units, name=name)
    for sq in fire:
        if rules.squares[town.type_at(sq)].burnable:
            state.fire[sq] = 0
    state.note(f"{name}: {len(state.on_table(0))} pirate figures against {len(state.on_table(1))}.")
    return state


def _default_path() -> str:
    from wargame.paths import scenarios_dir
    from wargame.raid.scenario import DEFAULT_SCENARIO

    return str(scenarios_dir() / DEFAULT_SCENARIO)


def _default() -> Mapping[str, Any]:
    from wargame.raid.scenario import _read_default

    return _read_default(_default_path())  # read-only use
