"""Rules data variants and the contents' text form."""

from __future__ import annotations

import pytest

from tests.campaign.helpers import FAST, contents
from wargame.campaign import actions as A
from wargame.campaign.contents import contents_from_text, contents_to_text
from wargame.campaign.document import add_player_action, new_campaign, reveal_action, seal_action
from wargame.campaign.rules import campaign_rules
from wargame.core.dice import DiceService, ScriptedProvider
from wargame.errors import BadInput, IllegalAction


def _choice_campaign():  # noqa: ANN202
    base = campaign_rules()
    rules = base.model_copy(
        update={"resolution": base.resolution.model_copy(update={"method": "choice"})}
    )
    s = new_campaign("Choice", dice=DiceService(ScriptedProvider(())), rules=rules)
    keys = []
    for name, country in (("Ann", "England"), ("Jan", "Denmark")):
        act, key = add_player_action(name, country, "pass-pass", rules=rules, params=FAST)
        s.apply(act)
        keys.append(key)
    for seat in (0, 1):
        s.apply(A.SetForce(seat, "A", 2))
        s.apply(seal_action(s.state, seat, "A", contents(f"Ship {seat}"), keys[seat]))
    s.apply(A.Declare(0, "A", 1, "A", True))
    s.apply(A.DoneDeclaring(0))
    s.apply(A.DoneDeclaring(1))
    for seat in (0, 1):
        s.apply(reveal_action(s.state, seat, keys[seat]))
    return s


def test_with_method_choice_the_attacker_chooses_and_nothing_is_rolled() -> None:
    s = _choice_campaign()
    with pytest.raises(IllegalAction, match="attacker chooses"):
        s.apply(A.Resolve("0:A"))
    with pytest.raises(IllegalAction, match="^result: 4 is not 1"):
        s.apply(A.ChooseResult("0:A", 4))
    s.apply(A.ChooseResult("0:A", 3))
    assert s.state.engagements["0:A"].result == 3 and s.entries[-1].rolls == ()


def test_contents_text_round_trips_and_errors_name_the_line() -> None:
    rules = campaign_rules()
    text = "ship: Revenge, small, scurvy\ngroup: 2 hardened hand-to-hand\nofficer: captain, Kidd"
    parsed = contents_from_text(text, rules)
    assert parsed["ships"] == [{"name": "Revenge", "type": "small", "quality": "scurvy"}]
    assert contents_to_text(parsed) == text
    with pytest.raises(BadInput, match="^line 2: a group is"):
        contents_from_text("ship: A, small, able\ngroup: many able musket", rules)
    with pytest.raises(BadInput, match=r"party\[0\]\.count: 99 is outside 1-20"):
        contents_from_text("group: 99 able musket", rules)
    with pytest.raises(BadInput, match="^line 1: 'boat' is not ship"):
        contents_from_text("boat: x", rules)


def test_the_rules_file_lists_the_seed_countries_and_the_results_table() -> None:
    rules = campaign_rules()
    assert rules.countries[:4] == ("Spain", "France", "England", "Denmark")
    assert rules.letters == tuple("ABCDEFG")
    assert (rules.value_min, rules.value_max) == (1, 5)
    assert sorted(set(rules.resolution.table.values())) == [1, 2, 3]
