"""Tortuga 1667: secret British / French / Dutch teams, votes and the Spanish Armada."""
