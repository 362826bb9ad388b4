"""The menu screen's parts besides its scene: where things go in any window, the Continue list, and its sentences."""
