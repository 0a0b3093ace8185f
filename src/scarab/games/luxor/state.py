"""The Luxor game state: flat lists and ints, cheap to clone.

Board tables that change rarely (tiles, next/previous tile links) are shared
between clones and replaced, never mutated, when a space empties.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scarab.core.game import JSON, Event, State
from scarab.core.refusal import Reason
from scarab.core.rng import RandomSource, Rng
from scarab.games.luxor import rules, view
from scarab.games.luxor.actions import LuxorAction

if TYPE_CHECKING:
    from scarab.games.luxor.scoring import Breakdown

# Decision phases.
PLAY, DIE, ACT, CHOICE, OVER = range(5)


class LuxorState(State[LuxorAction]):
    __slots__ = (
        "act_spaces",
        "adv",
        "ahead",
        "chamber",
        "choices",
        "die",
        "discard",
        "draw",
        "hands",
        "horus",
        "key_space",
        "key_supply",
        "keys",
        "known",
        "one_less",
        "osiris_box",
        "phase",
        "round",
        "round_could_move",
        "sarcophagi",
        "sarcs",
        "scarab_supply",
        "scarabs",
        "score",
        "seat",
        "sleep",
        "temple",
        "tile_arg",
        "tile_behind",
        "tile_kind",
        "took_horus",
        "treasures",
        "wild_supply",
        "wilds",
    )

    names: tuple[str, ...]
    seed: int
    options: dict[str, JSON]
    date: str
    rng: Rng
    # board (shared between clones; replaced when a space empties)
    tile_kind: list[int]  # tile kind per position 0..41
    tile_arg: list[int]  # tile argument: treasure id, eyes, Osiris value or temple front
    tile_behind: list[int]  # previous tile position (0 = none: the stairs are not a tile)
    ahead: list[tuple[int, ...]]  # the positions 1..MAX_STEPS tiles ahead, up to the chamber
    # pieces
    adv: list[list[int]]  # active adventurers' positions per seat, highest first
    sleep: list[int]  # bit i set: the seat's adventurer still lies at statue i
    hands: list[list[int]]  # card ids, left to right
    known: list[tuple[int, ...]]  # Horus cards everyone saw go into that hand, not yet played
    draw: list[int]  # draw pile, top at the end
    discard: list[int]
    horus: list[tuple[int, ...]]  # Horus stacks by level (index 0 unused), top at the end
    temple: list[tuple[int, ...]]  # temple stacks by back, top at the end
    osiris_box: list[int]  # the two Osiris tiles left in the box
    scarab_supply: list[int]
    wild_supply: int
    key_supply: int
    key_space: int
    sarcophagi: list[int]
    chamber: list[int]  # seats in the order their adventurers entered
    # per seat
    score: list[int]
    keys: list[int]
    wilds: list[int]
    scarabs: list[tuple[int, ...]]
    treasures: list[tuple[int, ...]]
    sarcs: list[tuple[int, ...]]
    # turn
    seat: int
    round: int
    phase: int
    die: int
    one_less: bool  # the card played was a one-less Horus card (LUX-HORUS-LESS)
    took_horus: bool
    round_could_move: bool
    choices: tuple[str, ...]
    act_spaces: tuple[int, ...]
    final: list[Breakdown] | None
    legal: list[LuxorAction] | None

    # ---- the protocol -------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.seat

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _legal(self) -> list[Any]:
        return rules.legal_actions(self)

    def _do(self, seat: int, action: LuxorAction, ev: list[Event] | None) -> None:
        rules.play(self, seat, action, ev)

    def why(self, action: LuxorAction) -> Reason:
        return rules.why(self, action)

    def scores(self) -> list[int]:
        return list(self.score)

    def winners(self) -> list[int]:
        return rules.winners(self) if self.phase == OVER else []

    def clone(self) -> LuxorState:
        c = LuxorState.__new__(LuxorState)
        c.game = self.game
        c.names = self.names
        c.seed = self.seed
        c.options = self.options
        c.date = self.date
        c.rng = self.rng.copy()
        c.tile_kind = self.tile_kind
        c.tile_arg = self.tile_arg
        c.ahead = self.ahead
        c.tile_behind = self.tile_behind
        c.adv = [*map(list.copy, self.adv)]
        c.sleep = self.sleep.copy()
        c.hands = [*map(list.copy, self.hands)]
        c.known = self.known.copy()
        c.draw = self.draw.copy()
        c.discard = self.discard.copy()
        c.horus = self.horus.copy()
        c.temple = self.temple.copy()
        c.osiris_box = self.osiris_box
        c.scarab_supply = self.scarab_supply.copy()
        c.wild_supply = self.wild_supply
        c.key_supply = self.key_supply
        c.key_space = self.key_space
        c.sarcophagi = self.sarcophagi.copy()
        c.chamber = self.chamber.copy()
        c.score = self.score.copy()
        c.keys = self.keys.copy()
        c.wilds = self.wilds.copy()
        c.scarabs = self.scarabs.copy()
        c.treasures = self.treasures.copy()
        c.sarcs = self.sarcs.copy()
        c.seat = self.seat
        c.round = self.round
        c.phase = self.phase
        c.die = self.die
        c.one_less = self.one_less
        c.took_horus = self.took_horus
        c.round_could_move = self.round_could_move
        c.choices = self.choices
        c.act_spaces = self.act_spaces
        c.final = self.final
        c.hist = self.hist
        c.legal = self.legal
        c.sampled = self.sampled
        return c

    def _view(self, player: int | None) -> dict[str, JSON]:
        return view.view(self, player)

    def _determinize(self, player: int, rng: RandomSource) -> LuxorState:
        return view.determinize(self, player, rng)

    def __repr__(self) -> str:
        return f"<LuxorState round {self.round}, seat {self.seat}, phase {self.phase}>"
