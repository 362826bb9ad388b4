"""The review screen's parts besides its scene: the background analysis, the side panel and its sentences."""
