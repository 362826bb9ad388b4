"""GameUI: what the app knows of one game beyond its rules (view, colours, names, legend, samples, a few hooks).

Each game's UI module (ui/games/<game>.py, beside its board view) fills in one GameUI;
the screens ask it instead of testing the game's id, so a new game brings its own.
"""
from __future__ import annotations

from frostfield.game import get_game
from frostfield.ui.palette import RGB, Palette


class GameUI:
    """One game's look and words in the app; subclasses set the fields and override the hooks they need."""

    game_id: str = ""
    view: type = None                       # the BoardView subclass drawing this game's board
    colours: tuple[RGB, RGB] = ((0, 0, 0), (255, 255, 255))     # each side's colour, winter palette
    colours_cb: tuple[RGB, RGB] = ((0, 0, 0), (255, 255, 255))  # ... in the colour-blind palette
    colour_names: tuple[str, str] = ("", "")  # what the panel calls each side's pieces ("cream" goats)
    colour_names_cb: tuple[str, str] = ("", "")  # ... in the colour-blind palette (its red is orange)
    legend_zones: tuple[str, ...] = ()      # the zones of game.insight its overlays draw, in legend order
    legend_extras: tuple[tuple[str, str], ...] = ()  # (mark, words): per-cell numbers and lines, for the legend
    menu_plies: int = 12                    # how many moves into a game the menu card's picture is
    # A position for the overlay screenshot: options, moves, and ("hover" or "click", cell name) or None.
    overlay_sample: tuple = ({}, (), None)
    bench_options: tuple[dict, ...] = ({},)  # the boards `--bench-fps` measures
    # What the player does in a situation of the rules (game.insight.Situation's kind) that is no ordinary move.
    doing: dict[str, str] = {"pass": "{role}: press Pass (key P)."}

    @property
    def game(self):
        """The game's rules (game.core.Game)."""
        return get_game(self.game_id)

    def make_view(self, board, palette: Palette):
        """A board view of this game for `board` in `palette`."""
        return self.view(board, palette)

    def player_colour(self, palette: Palette, player: int) -> RGB:
        """The colour standing for `player` (0 or 1) in this palette."""
        return (self.colours_cb if palette.colour_blind else self.colours)[player]

    def colour_name(self, player: int, palette: Palette) -> str:
        """What the app calls `player`'s pieces in this palette (e.g. "red", or "orange" when colour-blind safe)."""
        return (self.colour_names_cb if palette.colour_blind else self.colour_names)[player]

    # -- hooks -------------------------------------------------------------------------------
    def sight(self, state, cell: int):
        """A game.insight.SightLine to draw for the hovered `cell` with overlays on, or None."""
        return None

    def sight_sentence(self, state, sight) -> str:
        """The hovered cell's sight line (from `sight`) in words, for the message box."""
        return ""

    def question(self, state) -> str:
        """The yes/no question the player to move must answer (Horizontal/Vertical's diagonal), or ""."""
        return ""

    def is_capture(self, before, after) -> bool:
        """True if the move from `before` to `after` took something (for the capture sound)."""
        mover = before.to_move
        return after.scores[mover] > before.scores[mover]

    def result_sentence(self, state) -> str:
        """The panel's line for a finished game."""
        if state.winner is None:
            return "The game is drawn."
        return f"{self.game.roles[state.winner]} wins."

    def match_guidance(self, state, first, names) -> list[str]:
        """What each person needs in game 2 of a match still going, given game 1's result `first`."""
        return ["Roles are swapped; wins, then the scores, decide the match."]
