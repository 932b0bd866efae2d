"""The rules in short, in our own words, with our rulings and the keys (the Rules button)."""

from __future__ import annotations

RULES_HTML = """
<h3>Pirate Coins</h3>
<p>Five rounds. Each round starts with the top coin of the round stack on the pile of loot.
Each turn: the starting pirate draws a <b>fortune coin</b>; every pirate still in the round
secretly <b>plunders</b> (takes a share and sits out the rest of the round) or <b>sallies
forth</b>; the choices are revealed at once; the pile is divided by the fortune's metal;
anyone with 25 booty ends the game; then the fortune coin is flipped: skull, it joins the
pile; monster, it joins the monster pool, and a third monster of one kind attacks and ends
the round. The starting pirate passes left every turn.</p>
<p><b>Copper fortune:</b> total value / plunderers, each takes gold, then silver, then copper,
giving change from their own booty (copper first); no change, less loot.
<b>Silver fortune:</b> equal numbers of copper, then silver, then gold each; remainders stay.
<b>Gold fortune:</b> a lone plunderer takes all; several get nothing.</p>
<p><b>Winner:</b> most booty; then most gold; then most silver; else a draw between them.</p>
<p><b>Our rulings</b> (docs/rulings.md): five monster kinds, five of each per metal (Rules
options change it); the scurviest pirate is drawn at random; a monster attack gives those
still sallying forth nothing; when everyone has plundered the round ends without a flip; an
empty pouch ends the round; without a gold coin a pirate still decides.</p>
<p><b>Keys:</b> P plunder, S sally forth, Enter the next step (start, draw, reveal, flip,
or "I am Pirate N" on the hand-off screen),
Ctrl+Z or U undo your own decision until the next pirate has the computer (never past a
reveal or a draw).</p>
"""
