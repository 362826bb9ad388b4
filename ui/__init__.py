"""Frostfield's desktop app: pygame-ce scenes, board views, sprites, sounds and theme."""
