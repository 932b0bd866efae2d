"""Counted words, ready for translation: the one plural helper of the app.

Every "N thing(s)" the player reads goes through :func:`ngettext` (the gettext form a
translation catalog fills: each language has its own plural rule, which string
concatenation such as ``"hex" + "es"`` cannot follow) or its shorthand
:func:`count` ("1 hex", "3 hexes"). A translation is installed with
:func:`install` (a :class:`gettext.GNUTranslations` read from a ``.mo`` file); until
then the English forms are used.

    ngettext("%(n)d island", "%(n)d islands", n) % {"n": n}
    count(n, "hex", "hexes")
"""

from __future__ import annotations

import gettext

_translations: gettext.NullTranslations = gettext.NullTranslations()


def install(translations: gettext.NullTranslations | None) -> None:
    """Use ``translations`` for every counted word from now on (None: English)."""
    global _translations
    _translations = translations if translations is not None else gettext.NullTranslations()


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of the message for ``n`` (the catalog's plural rule, else English)."""
    return _translations.ngettext(singular, plural, n)


def count(n: int, singular: str, plural: str) -> str:
    """``n`` and the noun in its form for ``n``: ``count(1, "hex", "hexes")`` is "1 hex"."""
    return ngettext(f"%(n)d {singular}", f"%(n)d {plural}", n) % {"n": n}


def verb(n: int, singular: str, plural: str) -> str:
    """The verb agreeing with ``n`` subjects: ``verb(2, "is", "are")`` is "are"."""
    return ngettext(singular, plural, n)


__all__ = ["count", "install", "ngettext", "verb"]
