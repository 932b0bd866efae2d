"""Converting an old, unsealed save (version 1) into a sealed one, visibly.

A version-1 save was never authenticated: from the file alone anyone could change
a recorded roll, switch friendly undo on or plant a dice seed, and saving it from
the app used to seal the forgery as if it were genuine. So a version-1 save is
never opened as it stands (:class:`~wargame.core.log.UnsealedSave`); it is
*converted* on the player's say-so (File > Open asks; ``wargame save convert``):
replayed as it was played, without anything that relaxes the rules or plants the
dice, and marked in its header "converted from an unsealed save" - sealed with
the game from then on, shown in the status line and the log, never taken off.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.core.saveformat import SESSION_FORMAT


def is_unsealed_save(data: Any) -> bool:
    """A version-1 save (of any game or a campaign)."""
    return (
        isinstance(data, Mapping)
        and data.get("format") == SESSION_FORMAT
        and data.get("version") == 1
        and not isinstance(data.get("version"), bool)
    )


def convert_unsealed_save(data: Mapping[str, Any], origin: str = "save") -> dict[str, Any]:
    """``data`` (a version-1 save) converted: a version-2 save sealed with this
    computer's table key, its header marked (:data:`wargame.core.log.UNSEALED`), its
    dice seeded afresh from the OS. FileFormatError if it does not replay."""
    from wargame.campaign.document import is_campaign_save, load_campaign, save_campaign
    from wargame.core.play import load_session

    if is_campaign_save(data):
        return save_campaign(load_campaign(data, convert_unsealed=origin))
    return load_session(data, convert_unsealed=origin).to_json()
