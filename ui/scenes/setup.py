"""Setup: the game's options as a form built from its option schema, who plays each role, match switch."""
from __future__ import annotations


import pygame

from dataclasses import replace

from frostfield.game import get_game
from frostfield.game.record import Seat
from frostfield.ui.scene import Scene
from frostfield.ui.bots import level_label
from frostfield.ui.people import DEFAULT_NAMES, clean_name
from frostfield.ui.palette import hex_colour
from frostfield.ui.widgets.form import Field, Form
from frostfield.ui.payloads import GameChoice, GameSetup, PlayRequest
from frostfield.ui.setups import remember_setup
from frostfield.ui.widgets.text import esc

HUMAN = Seat("human")
FIRST_OPPONENT = Seat("bot", "casual")  # who plays the other side of a game never set up before


def show_value(value) -> str:
    """An option value as the form shows it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def humanise(name: str) -> str:
    """An option's name as a short label: mina_passes_yuki -> Mina passes Yuki."""
    words = name.split("_")
    return " ".join([words[0].capitalize()] + [w.capitalize() if w in ("yuki", "mina") else w for w in words[1:]])


def option_fields(game, chosen: dict) -> tuple[list[Field], dict]:
    """The form rows for a game's options, and the complete option values they show.

    Walks the schema in order so each option's choices follow the ones before it; a
    value no longer allowed falls back to that option's default for the earlier ones.
    A value the game says why it cannot have now is listed after the others, with why.
    """
    fields, values = [], {}
    for opt in game.option_schema:
        allowed = tuple(game.option_values(opt.name, values))
        # Values the game explains are listed too, with why they cannot be chosen now (a ring needs size 4, 6 or 8).
        missing = [(v, why) for v in opt.values if v not in allowed
                   and (why := game.why_unavailable(opt.name, v, values)) is not None]
        value = chosen.get(opt.name, game.option_default(opt.name, values))
        if value not in allowed:
            value = game.option_default(opt.name, values)
            if value not in allowed:
                value = allowed[0]
        values[opt.name] = value
        choices = tuple((show_value(v), v) for v in allowed) + tuple((f"{show_value(v)} ({why})", v) for v, why in missing)
        fields.append(Field(opt.name, humanise(opt.name), choices, value, unavailable=tuple(missing)))
    return fields, values


class SetupScene(Scene):
    """The options form for one game, the seats and the match switch; Start opens the play scene."""

    back_to = "select"

    def on_enter(self, payload: GameChoice | GameSetup) -> None:
        """Open for a game (GameChoice), or with a previous setup to edit (GameSetup)."""
        if isinstance(payload, GameSetup):
            previous = payload
        else:
            previous = self.ctx.last_setups.get(payload.game_id)
        self.game = get_game(payload.game_id)
        self.options: dict = dict(previous.options) if previous else {}
        people = previous.people if previous else self.first_people()
        self.people: list[Seat] = [replace(seat, name="") for seat in people]  # who plays: a person or a bot level
        self.names = [seat.name if seat.name not in DEFAULT_NAMES else "" for seat in people]  # the names typed
        self.match = bool(previous.match) if previous else False
        self.hint = self.refusal = ""
        self.error = ""
        self.form = Form(self, self._changed, on_refused=self._refused, on_name=self._named)
        self.build()

    def first_people(self) -> tuple[Seat, Seat]:
        """Who plays a game never set up before: you, against the bot at Casual where bots are offered.

        A newcomer's first game is against the bot (hot-seat needs a second person at the screen); Casual
        plays sensibly and can be beaten while learning, where Strong wins almost every game.
        """
        if self.ctx.has_bots:
            from frostfield.game.bots import levels_for

            try:
                if FIRST_OPPONENT.level in levels_for(self.game.id, self.game.validate()):
                    return HUMAN, FIRST_OPPONENT
            except ValueError:
                pass
        return HUMAN, HUMAN

    def build(self) -> None:
        """Lay out the title, the form and the buttons for the window size."""
        w, h = self.size
        col_w = min(640, int(w * 0.6))
        x = (w - col_w) // 2
        scale = max(0.8, min(1.4, h / 800))
        row_h = int(46 * scale)
        self.label((x, int(14 * scale), col_w, int(58 * scale)), f"{self.game.name}: set up", object_id="#title")
        self.label((x, int(68 * scale), col_w, int(28 * scale)), f"by {self.game.designer}", object_id="#subtitle", style="@subtle")
        n_rows = len(self.game.option_schema) + 3
        top = int(112 * scale)
        # Shrink rows if the window is short, so the buttons stay on screen.
        row_h = max(34, min(row_h, (h - top - int(170 * scale)) // n_rows))
        self.form.place(pygame.Rect(x, top, col_w, 0), row_h)
        self.form.set_fields(self._fields())
        y = top + n_rows * row_h + 8
        by = h - int(70 * scale)
        # Room for four lines where the window has it: a two-line hint in a one-line box hid behind a scroll bar.
        hint_h = max(int(64 * scale), min(int(130 * scale), by - y - int(12 * scale)))
        self.hint_box = self.text_box((x, y, col_w, hint_h), "", object_id="#hint", style="@subtle")
        self._show_hint()
        bw = (col_w - 20) // 3
        bh = int(48 * scale)
        self.start_button = self.button((x, by, bw, bh), "Start", self.start, tooltip="Enter", style="@primary")
        self.button((x + bw + 10, by, bw, bh), "Rules", self.rules, tooltip="F1")
        self.button((x + 2 * (bw + 10), by, bw, bh), "Back", lambda: self.ctx.scenes.switch("select"),
                    tooltip="Esc")
        self._check()

    # -- the form ------------------------------------------------------------------
    def _fields(self) -> list[Field]:
        fields, self.options = option_fields(self.game, self.options)
        seat_choices = [("Human", HUMAN)]
        if self.ctx.has_bots:
            from frostfield.game.bots import levels_for

            try:
                levels = levels_for(self.game.id, self.options)
            except ValueError:
                levels = []
            seat_choices += [(f"Bot: {level_label(self.game.id, self.options, lv)}", Seat("bot", lv))
                             for lv in levels]
        allowed = [s for _, s in seat_choices]
        for p in (0, 1):
            if self.people[p] not in allowed:  # e.g. "perfect" is gone on a bigger board
                self.people[p] = HUMAN if not self.people[p].is_bot else Seat("bot", allowed[-1].level)
        roles = self.game.roles
        for p in (0, 1):
            label = f"{roles[p]}, game 1" if self.match else roles[p]
            name = None if self.people[p].is_bot else self.names[p]
            fields.append(Field(f"seat{p}", label, tuple(seat_choices), self.people[p], name=name,
                                placeholder=DEFAULT_NAMES[p]))
        fields.append(Field("match", "Match", (("single game", False), ("two games, roles swapped", True)),
                            self.match))
        return fields

    def _changed(self, key: str, value) -> None:
        if key.startswith("seat"):
            self.people[int(key[4:])] = value
        elif key == "match":
            self.match = value
        else:
            self.options[key] = value
            # Later options may now allow other values: drop them back to their defaults.
            names = [o.name for o in self.game.option_schema]
            for later in names[names.index(key) + 1:]:
                self.options.pop(later, None)
        self.form.set_fields(self._fields())
        self._show_hint()
        self._check()

    def _refused(self, key: str, why: str) -> None:
        """A listed choice that cannot be had now: say why, in place of the row's hint (it stays as it was)."""
        self.refusal = f"{humanise(key)}: {why}."

    def _named(self, key: str, text: str) -> None:
        """A name typed for a seat (kept as typed, cleaned when the game starts)."""
        self.names[int(key[4:])] = text

    def _show_hint(self) -> None:
        if self.refusal:
            self.hint, self.refusal = self.refusal, ""
            self.hint_box.set_text(f"<font color='{hex_colour(self.ctx.palette.warning)}'>{esc(self.hint)}</font>")
            return
        f = self.form.fields[self.form.focus] if self.form.fields else None
        schema = self.game.schema
        if f is not None and f.key in schema:
            text = schema[f.key].label
        elif f is not None and f.key == "match":
            text = "A match is two games with roles swapped; the designer's scoring decides it."
        else:
            text = "Who plays this role: a person at this screen (type a name beside it), or the bot at a level."
        text = text[:1].upper() + text[1:]
        if text != self.hint:
            self.hint = text
            self.hint_box.set_text(esc(text))

    def _check(self) -> None:
        try:
            self.options = self.game.validate(**self.options)
            self.error = ""
        except ValueError as err:
            self.error = str(err)
        if self.error:
            self.start_button.disable()
            self.hint_box.set_text(f"<font color='{hex_colour(self.ctx.palette.warning)}'>{esc(self.error)}</font>")
        else:
            self.start_button.enable()

    # -- actions -------------------------------------------------------------------
    def setup(self) -> GameSetup:
        """The setup the form shows now; a person who typed no name is "Player A" or "Player B"."""
        people = tuple(seat if seat.is_bot else replace(seat, name=clean_name(name) or default)
                       for seat, name, default in zip(self.people, self.names, DEFAULT_NAMES))
        return GameSetup(self.game.id, dict(self.options), people, self.match)

    def start(self) -> None:
        """Start the game (or game 1 of the match) with these settings."""
        if self.error:
            return
        setup = self.setup()
        self.ctx.last_setups[self.game.id] = setup
        remember_setup(self.ctx.storage.settings, setup)  # for the next start of the app; a failure costs only that
        self.ctx.scenes.switch("play", PlayRequest(setup, match_game=1 if setup.match else 0))

    def rules(self) -> None:
        """Show the game's rules; Back returns here."""
        self.ctx.scenes.push("rules", GameChoice(self.game.id))

    def handle_event(self, event: pygame.event.Event) -> None:
        """Form changes and keys: Enter starts, F1 shows the rules, Esc goes back."""
        if self.form.handle_event(event):
            self._show_hint()
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
                return
            if event.key == pygame.K_F1:
                self.rules()
                return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Background and the keyboard focus mark."""
        surface.fill(self.ctx.palette.background)
        self.form.draw(surface, self.ctx.palette)
