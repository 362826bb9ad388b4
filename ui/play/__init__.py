"""The play screen's parts besides its scene: side panel, sentences, the hand on the board, overlays, hints, bot turns."""
