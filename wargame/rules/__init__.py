"""Rules data: the numbers and tables of the printed rules, as files a player can edit."""
