"""The play screen's parts besides its scene: the side panel, its sentences, and hints."""
