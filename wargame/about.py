"""What Help > About and a problem report say: versions, and the bundled libraries'
licences, read from their installed metadata (``importlib.metadata``).

A distributed build must carry the licences of what it bundles: the standalone
build (packaging/wargame.spec) copies every dependency's metadata, licence files
included, and ``resources/licenses/`` holds the texts the wheels don't ship
(Qt and PySide6's LGPL-3.0 and the GPL-3.0 it builds on, Python's licence).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata as md
import json
import platform
import re
from dataclasses import dataclass, field

from wargame import __version__
from wargame.logs import system_name
from wargame.paths import resources_dir, rules_dir
from wargame.plural import count

#: The distribution this app is installed as (pyproject.toml).
APP_DISTRIBUTION = "wargame"
#: Licence texts kept in resources/licenses/ for distributions whose wheels carry none.
EXTRA_TEXTS: dict[str, tuple[str, ...]] = {
    "pyside6-essentials": ("LGPL-3.0.txt", "GPL-3.0.txt"),
    "shiboken6": ("LGPL-3.0.txt", "GPL-3.0.txt"),
    "python": ("Python.txt",),
}


@dataclass(frozen=True)
class Library:
    """One bundled library: its name, version, licence and licence texts' file names."""

    name: str
    version: str
    licence: str
    texts: tuple[str, ...] = field(default=())


def rules_version() -> str:
    """The rules data's version (resources/rules/VERSION) and a fingerprint of the
    rules files as they are now, so a report tells edited rules from shipped ones:
    "1.0 (data 3f2a9c1b)"."""
    folder = rules_dir()
    try:
        version = (folder / "VERSION").read_text(encoding="utf-8").strip() or "unknown"
    except OSError:
        version = "unknown"
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.toml")):
        try:
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
        except OSError:
            continue
    return f"{version} (data {digest.hexdigest()[:8]})"


def python_version() -> str:
    return f"Python {platform.python_version()} ({platform.python_implementation()})"


def _key(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _licence_of(dist: md.Distribution) -> str:
    meta = dist.metadata
    expression = meta.get("License-Expression")
    if expression:
        return str(expression)
    text = (meta.get("License") or "").strip()
    if text and "\n" not in text and len(text) < 80:
        return text
    classifiers = [c.split(" :: ")[-1] for c in meta.get_all("Classifier") or [] if "License" in c]
    return ", ".join(classifiers) or "see its licence text"


def _texts_of(dist: md.Distribution) -> tuple[str, ...]:
    """The licence files inside the distribution's metadata folder."""
    names = []
    for f in dist.files or ():
        parts = f.parts
        if len(parts) >= 2 and parts[0].endswith(".dist-info"):
            inner = "/".join(parts[1:])
            if re.search(r"(?i)(licen[cs]e|copying|notice|authors)", inner):
                names.append(inner)
    return tuple(names)


def _requirements(dist: md.Distribution) -> list[str]:
    """The names ``dist`` needs on this computer (markers evaluated, no extras)."""
    names = []
    for req in dist.requires or ():
        spec, _, marker = req.partition(";")
        if "extra" in marker:
            continue
        if marker.strip() and not _marker_holds(marker):
            continue
        match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", spec)
        if match:
            names.append(match.group(1))
    return names


def _marker_holds(marker: str) -> bool:
    """Environment markers without the packaging library: the ones our dependencies
    use (python_version, sys_platform, platform_python_implementation...)."""
    try:
        from packaging.markers import Marker
    except ImportError:  # the frozen build may not bundle it: keep the dependency
        return True
    try:
        return bool(Marker(marker).evaluate({"extra": ""}))
    except Exception:  # noqa: BLE001 - an odd marker keeps the dependency listed
        return True


def bundled_libraries(root: str = APP_DISTRIBUTION) -> list[Library]:
    """Every library the app runs on (its dependencies, recursively), sorted by name."""
    seen: dict[str, Library] = {}
    todo = [root]
    while todo:
        name = todo.pop()
        key = _key(name)
        if key in seen:
            continue
        try:
            dist = md.distribution(name)
        except md.PackageNotFoundError:
            continue
        texts = _texts_of(dist)
        if key != _key(root):
            seen[key] = Library(dist.metadata["Name"], dist.version, _licence_of(dist), texts)
        else:
            seen[key] = Library("", "", "")  # the app itself is not listed
        todo += _requirements(dist)
    seen.pop(_key(root), None)
    seen["python"] = Library("Python", platform.python_version(), "PSF-2.0")
    return sorted(seen.values(), key=lambda lib: lib.name.lower())


def licence_text(library: Library, name: str) -> str:
    """One licence text of ``library``: a file of its metadata, or of resources/licenses/."""
    if name in EXTRA_TEXTS.get(_key(library.name), ()):
        return (resources_dir() / "licenses" / name).read_text(encoding="utf-8")
    try:
        return md.distribution(library.name).read_text(name) or ""
    except md.PackageNotFoundError:
        return ""


def licence_names(library: Library) -> tuple[str, ...]:
    """The texts to show for ``library``: its own, then any kept for it in resources/."""
    return library.texts + EXTRA_TEXTS.get(_key(library.name), ())


def summary() -> dict[str, str]:
    """The lines a report and the About box start with."""
    return {
        "Pieces of Eight": __version__,
        "Rules data": rules_version(),
        "Python": python_version(),
        "System": system_name(),
    }


def about_command(args: argparse.Namespace) -> int:
    """``wargame about [--json]``: what Help > About shows, for a terminal or a report.
    Each library's licence texts are read, so a build missing one fails here."""
    libraries = bundled_libraries()
    texts = {lib.name: [n for n in licence_names(lib) if licence_text(lib, n)] for lib in libraries}
    if args.json:
        listed = [
            {
                "name": lib.name,
                "version": lib.version,
                "licence": lib.licence,
                "texts": texts[lib.name],
            }
            for lib in libraries
        ]
        print(json.dumps({**summary(), "libraries": listed}))
        return 0
    for key, value in summary().items():
        print(f"{key}: {value}")
    print()
    for lib in libraries:
        print(
            f"{lib.name} {lib.version}: {lib.licence} ({count(len(texts[lib.name]), 'licence text', 'licence texts')})"
        )
    return 0
