"""The 15mm land raid: pirates loot a town before the alarm brings the garrison."""
