"""The registry of modes: the one place in ``ui/`` that names them.

A mode joins the app by one :func:`register` line at the bottom of this file (after its
line in ``wargame/core/registry.py``, which gives its title and blurb). What it
registers is what the shell (``ui/main_window.py`` and ``ui/shell/``) asks of it:

- its view, as ``"package.module:Class"`` (imported when first shown, so the app
  starts fast and a mode not built yet is shown as such, not as a crash); the view
  brings its own menu (``ModeView.mode_menu``, in the menu bar while it is shown);
- its Help page (``resources/help/<page>.md``, Help > Rules quick reference);
- the file kinds File > Open hands it (:class:`FileKind`: a ``format`` it opens and
  the view's method that opens it) besides saved games and scenarios, which every
  mode opens;
- what its home card does (``start``: a view method opening a dialog, the mode shown
  once it is accepted) and which scenarios its setup screen takes (``sets_up``).

The shell never names a mode: it asks this module.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ui.context import AppContext
from ui.mode_base import ModeView, NotBuiltView
from wargame.core.registry import MODES, import_target, mode
from wargame.errors import FileFormatError, shown
from wargame.scenarios import scenario_from_json

#: The formats every mode opens: a saved game (its header names the mode) and a
#: scenario or map (the file names its mode; a map is the map editor's).
SESSION, SCENARIO, MAP = "wargame-session", "wargame-scenario", "wargame-map"


@dataclass(frozen=True)
class FileKind:
    """A file File > Open hands to a mode: its ``format`` field (None: the view's
    ``accepts(data)`` recognises it) and the view method called with ``(data, path)``.
    ``template``: a new document made from the file (Save never overwrites it)."""

    format: str | None
    method: str = "open_json"
    template: bool = False
    #: The method opens the file into whatever document it belongs to (an e-mailed
    #: campaign turn joins its campaign): the shell neither replaces the open document
    #: first nor makes the file the document's own; the method raises WargameError.
    own_document: bool = False


@dataclass(frozen=True)
class ModeEntry:
    key: str
    view: str  # "package.module:Class"
    help_page: str = ""  # "" : the mode's key
    file_kinds: tuple[FileKind, ...] = ()
    #: The home card: a view method returning a dialog (the mode is shown once it is
    #: accepted) and the card's tooltip; "" : the card shows the mode.
    start: str = ""
    start_tip: str = ""
    #: Modes whose shipped scenarios this mode's setup screen takes (home's Set up...).
    sets_up: tuple[str, ...] = ()
    #: How the saves list names this mode's documents ("" : the mode's title).
    saves_title: str = ""
    #: A button on the home screen under the cards: (its text, the view method it
    #: calls, its tooltip); empty: none.
    home_action: tuple[str, str, str] = ()

    @property
    def title(self) -> str:
        return mode(self.key).title

    @property
    def blurb(self) -> str:
        return mode(self.key).blurb


_REGISTRY: dict[str, ModeEntry] = {}


def register(entry: ModeEntry) -> ModeEntry:
    """Add a mode (its key must be in ``wargame/core/registry.py``)."""
    mode(entry.key)  # BadInput for a key the domain does not know
    _REGISTRY[entry.key] = entry
    return entry


def entries() -> list[ModeEntry]:
    """Every registered mode, in the domain registry's order (the Modes menu's, Alt+1...)."""
    order = [m.key for m in MODES]
    return sorted(_REGISTRY.values(), key=lambda e: order.index(e.key))


def entry(key: str) -> ModeEntry | None:
    return _REGISTRY.get(key)


def mode_keys() -> list[str]:
    return [e.key for e in entries()]


def view_class(key: str) -> type[ModeView] | None:
    e = _REGISTRY.get(key)
    return import_target(e.view) if e is not None else None


def is_built(key: str) -> bool:
    e = _REGISTRY.get(key)
    if e is None:
        return False
    try:
        return importlib.util.find_spec(e.view.partition(":")[0]) is not None
    except ModuleNotFoundError:
        return False


def make_view(key: str, ctx: AppContext) -> ModeView:
    info = mode(key)
    cls = view_class(key)
    if cls is None:
        return NotBuiltView(ctx, info.key, info.title, info.blurb)
    return cls(ctx)


def help_page(key: str | None) -> str:
    """The Help page of mode ``key``; for home (None or unknown), the first mode's."""
    e = _REGISTRY.get(key or "") or entries()[0]
    return e.help_page or e.key


def saves_titles() -> dict[str, str]:
    """Mode key -> how the saves list names its documents."""
    return {e.key: e.saves_title or e.title for e in entries()}


def setup_mode(scenario_mode: str) -> str | None:
    """The mode whose setup screen takes a scenario of ``scenario_mode`` (None: none)."""
    return next((e.key for e in entries() if scenario_mode in e.sets_up), None)


def opens_maps(key: str) -> bool:
    """True if mode ``key`` opens map files as its own documents (the map editor)."""
    e = _REGISTRY.get(key)
    return e is not None and any(k.format == MAP and not k.template for k in e.file_kinds)


def map_modes() -> list[str]:
    """The modes whose saves are maps (the map editor's): home lists them with the
    scenarios and maps."""
    return [e.key for e in entries() if opens_maps(e.key)]


@dataclass(frozen=True)
class Opening:
    """What File > Open does with a file: which mode, which view method, and whether
    the document is new (a template: Save must not overwrite the file)."""

    key: str
    method: str
    template: bool
    own_document: bool = False


def opening_for(data: dict[str, Any], path: Path | None) -> Opening:
    """The mode and method that open ``data`` (FileFormatError naming what is wrong)."""
    where = path or "The file"
    fmt = data.get("format")
    if fmt == SESSION:
        header = data.get("header") or {}
        key = header.get("game") if isinstance(header, dict) else None
        if not isinstance(key, str) or view_class(key) is None:
            raise FileFormatError(
                f"{where}: a saved game of a mode this app does not have "
                f"(its header names {shown(key)})"
            )
        return Opening(key, "open_json", False)
    for e in entries():
        for kind in e.file_kinds:
            if kind.format is not None and kind.format == fmt and kind.format != MAP:
                return Opening(e.key, kind.method, kind.template, kind.own_document)
    if fmt in (SCENARIO, MAP):
        sc = scenario_from_json(data, str(path or "scenario"), path)
        if view_class(sc.mode) is None:
            raise FileFormatError(f"{path}: the {sc.mode} mode is not built yet")
        return Opening(sc.mode, "load_scenario_data", fmt == SCENARIO or not opens_maps(sc.mode))
    for e in entries():
        cls = view_class(e.key)
        if cls is not None and cls.accepts(data):
            kind = next((k for k in e.file_kinds if k.format is None), FileKind(None))
            return Opening(e.key, kind.method, kind.template)
    raise FileFormatError(
        f"{where}: this file is not a save, map or scenario of this "
        + (
            "app (it has no 'format' field)"
            if fmt is None
            else f"app (its 'format' is {shown(fmt)}, which this app does not know)"
        )
    )


# -- the modes -------------------------------------------------------------------------
# One line a mode (after its line in wargame/core/registry.py).
register(ModeEntry("naval", "ui.naval.view:NavalView", sets_up=("naval", "map-editor")))
register(ModeEntry("raid", "ui.raid.view:RaidView"))
register(
    ModeEntry(
        "campaign",
        "ui.campaign.view:CampaignView",
        file_kinds=(
            FileKind(None),  # a campaign save (view.accepts)
            # an e-mailed turn file: straight to joining its campaign (issue 40)
            # ("wargame-campaign-turn": wargame.campaign.pbem.TURN_FORMAT, not imported at
            # start)
            FileKind("wargame-campaign-turn", "open_turn_file", own_document=True),
        ),
        start="new_campaign_wizard",
        start_tip="Start a new campaign: choose a shipped one or a blank one, name the "
        "players. Open a campaign in play from Recent saves or File > Open; join one "
        "played by e-mail with Join a campaign from a turn file...",
        home_action=(
            "Join a campaign from a turn file...",
            "join_turn_dialog",
            "Open the turn file another player e-mailed you: its campaign starts on this "
            "computer and you join it (File > Open, or dropping the file on the window, "
            "does the same)",
        ),
    )
)
register(
    ModeEntry(
        "map-editor",
        "ui.mapeditor.view:MapEditorView",
        file_kinds=(FileKind(MAP, "load_scenario_data"),),
        saves_title="Map",
    )
)
register(ModeEntry("pieces-of-eight", "ui.poe.view:PiecesOfEightView"))
register(ModeEntry("pirate-versus-pirate", "ui.pvp.view:PirateVersusPirateView"))
register(ModeEntry("pirate-coins", "ui.coins.view:PirateCoinsView"))
register(ModeEntry("tortuga-1667", "ui.tortuga.view:TortugaView"))
