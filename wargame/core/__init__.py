"""The core every mode uses: dice, actions, the action log and the game protocol."""
