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


#: Nationalities that name a people as a group ("The Spanish are ...").
_PEOPLES = ("spanish", "french", "english", "dutch", "british", "danish", "irish", "welsh")


def names_a_group(subject: str) -> bool:
    """Whether a seat's or side's name is a group of people ("The pirates", "the
    defenders", "The Spanish"): it takes a plural verb. "Pirate 2" or "Jens Munk" do not."""
    words = subject.strip().split()
    if len(words) < 2 or words[0].casefold() != "the":
        return False
    last = words[-1].casefold().strip(".,;:!?")
    return (last.endswith("s") and not last.endswith("'s")) or last in _PEOPLES


def agrees(subject: str, singular: str, plural: str) -> str:
    """The verb agreeing with a named subject: ``agrees("The pirates", "is", "are")`` is
    "are", ``agrees("Pirate 2", "is", "are")`` is "is" (translatable through ngettext)."""
    return ngettext(singular, plural, 2 if names_a_group(subject) else 1)


__all__ = ["agrees", "count", "install", "names_a_group", "ngettext", "verb"]
