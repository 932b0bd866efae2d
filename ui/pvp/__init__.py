"""The Pirate Versus Pirate table."""
