"""The app's scenes: select, setup, play, results, rules, settings (one small class each)."""
import html


def esc(text) -> str:
    """Text made safe for pygame-gui's HTML subset (quotes stay as they are: they need no escape)."""
    return html.escape(str(text), quote=False)
