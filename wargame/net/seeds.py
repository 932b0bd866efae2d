"""The seeds of a ``wargame serve --seed S``'s tables (docs/network.md, "Trust: --seed").

Table 0 is the game ``wargame simulate --games 1 --seed S`` plays
(:func:`~wargame.core.play.game_seed`), so a served table can be checked against
``simulate`` (../shared/CONTRACT.md). Every later table's seed is a keyed one-way
function of S (BLAKE2b keyed by S, personalised for this use): a table's seed, shown
in its result once it is over, tells nothing of any other table's, and a bot's seed
(a SHA-256 of its table's seed, :func:`~wargame.core.play.bot_seed`) nothing of its
table's. Whoever knows S (or guesses it: a small S is soon found by trying) can replay
every table, hidden cards and all: ``--seed`` is for tests and reproducible runs.
"""

from __future__ import annotations

import hashlib

from wargame.core.play import game_seed

_PERSON = b"wargame-serve"


def table_seed(seed: int, index: int) -> int:
    """The seed of table ``index`` of a server started with ``--seed seed``."""
    if index == 0:
        return game_seed(seed, 0)
    key = hashlib.blake2b(str(seed).encode(), digest_size=32, person=_PERSON).digest()
    mac = hashlib.blake2b(f"table {index}".encode(), key=key, digest_size=8, person=_PERSON)
    return int.from_bytes(mac.digest(), "big") >> 1  # 63 bits, as game_seed's
