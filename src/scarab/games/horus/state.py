"""The Pyramid of Horus game state: flat lists and ints, cheap to clone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scarab.core.game import JSON, Event, State
from scarab.core.refusal import Arg, Reason
from scarab.core.rng import RandomSource, Rng
from scarab.games.horus import explain, rules, view
from scarab.games.horus.actions import BACK, END, HorusAction
from scarab.games.horus.stages import ACTIONS, OVER, STAGE_NAMES

if TYPE_CHECKING:
    from scarab.games.horus.scoring import Breakdown


class HorusState(State[HorusAction]):
    __slots__ = (
        "adv",
        "alcoves",
        "aside",
        "aside_by",
        "aside_known",
        "bagged",
        "blocked",
        "box",
        "cards",
        "chests",
        "decks",
        "dice",
        "discard",
        "face",
        "fallen",
        "foresight",
        "granted",
        "in_turn",
        "keeper",
        "known",
        "left",
        "lock",
        "lock_alcove",
        "mdice",
        "mdir",
        "mi",
        "mleft",
        "mpos",
        "pending",
        "pos",
        "round",
        "sarc",
        "sarc_open",
        "score",
        "seat",
        "shot",
        "stage",
        "status",
        "supply",
        "turn_idx",
        "used",
        "used_ability",
    )

    names: tuple[str, ...]
    seed: int
    options: dict[str, JSON]
    date: str
    rng: Rng
    # per seat
    adv: list[int]  # adventurer index, -1 before choosing
    pos: list[int]  # square, -1 before choosing
    status: list[int]
    face: list[int]  # direction of the seat's last move (where a mummified figure walks)
    cards: list[list[int]]  # loose card ids in front of the seat (a bag counts as one)
    bagged: list[tuple[tuple[int, int], ...]]  # (bag card, treasure card) held in a bag
    chests: list[tuple[int, ...]]  # die results of chests rolled at escape
    used_ability: list[bool]
    known: list[int]  # bit i: the seat has read closed sarcophagus i (Linguistics)
    granted: list[int]  # actions this round (phase 2)
    score: list[int]  # final totals of escaped seats
    # board
    decks: list[list[int]]  # rubble, sand, water; top at the end
    sarc: list[int]  # card at each sarcophagus slot, -1 once taken
    sarc_open: list[bool]
    alcoves: list[bool]  # the idol still lies in the alcove
    discard: list[int]
    supply: list[tuple[int, ...]]  # mummy and block wound cards beside the board
    blocked: int  # bit per square holding a stone block
    fallen: list[int]  # block numbers in the order they fell
    box: list[int]  # block numbers still in the box (sorted)
    aside: int  # a block set aside by udjat or clairvoyance, -1 for none
    aside_by: int  # who set it aside
    aside_known: bool  # that seat saw the block it set aside (kept it)
    foresight: bool  # an udjat or clairvoyance was used this round
    mpos: list[int]  # each mummy's index along its path
    mdir: list[int]  # +1 / -1 along the path
    mleft: list[int]  # steps still to move this phase
    mi: int  # the mummy moving now
    shot: int  # bit m: mummy m cannot touch the shooter for the rest of this phase
    # round and turn
    round: int
    keeper: int
    stage: int
    turn_idx: int  # offset from the keeper of the seat whose turn it is
    seat: int  # the seat to decide
    in_turn: bool
    left: int  # actions left in the current turn
    used: int  # actions spent in the current turn
    dice: tuple[int, ...]  # the action roll of phase 2
    mdice: tuple[int, ...]  # the mummy roll of phase 4
    lock: tuple[int, ...]  # the dice of an alcove attempt in progress
    lock_alcove: int
    pending: list[tuple[int, int, int]]  # interruptions: (kind, seat, argument)
    final: list[Breakdown] | None
    legal: list[HorusAction] | None

    # ---- the protocol -------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.stage == OVER else self.seat

    @property
    def is_over(self) -> bool:
        return self.stage == OVER

    def _legal(self) -> list[Any]:
        return rules.legal_actions(self)

    def _do(self, seat: int, action: HorusAction, ev: list[Event] | None) -> None:
        rules.play(self, seat, action, ev)

    def slip(self, action: HorusAction) -> str | None:
        """``end`` while actions are left in a turn (not the end of phase 1's discards,
        which keeps every card), or a move straight back onto the square the seat's last
        action of this turn left (a turn opening where the seat's move ended the last
        round follows the mummies and a block: a step back then is no round trip)."""
        if action is END:
            return "gives_up" if self.stage == ACTIONS and self.left > 0 else None
        if self.hist is None or not isinstance(action, HorusAction) or action.verb != "move":
            return None
        _, seat, last = self.hist
        mine = seat == self.current_player and self.used > 0
        back = mine and last.verb == "move" and last.arg == BACK[action.arg]
        return "walks_back" if back else None

    def why(self, action: HorusAction) -> Reason:
        return explain.reason(self, action)

    def legal_words(self, legal: list[Any]) -> list[Arg]:
        return explain.legal_words(legal)

    def scores(self) -> list[int]:
        return list(self.score)

    def winners(self) -> list[int]:
        return rules.winners(self) if self.stage == OVER else []

    def result_text(self) -> str:
        if self.stage == OVER and not self.winners():
            return "-".join(map(str, self.score)) + " the mummies win"
        return super().result_text()

    def clone(self) -> HorusState:
        c = HorusState.__new__(HorusState)
        c.game = self.game
        c.names = self.names
        c.seed = self.seed
        c.options = self.options
        c.date = self.date
        c.rng = self.rng.copy()
        c.adv = self.adv.copy()
        c.pos = self.pos.copy()
        c.status = self.status.copy()
        c.face = self.face.copy()
        c.cards = [*map(list.copy, self.cards)]
        c.bagged = self.bagged.copy()
        c.chests = self.chests.copy()
        c.used_ability = self.used_ability.copy()
        c.known = self.known.copy()
        c.granted = self.granted.copy()
        c.score = self.score.copy()
        c.decks = [*map(list.copy, self.decks)]
        c.sarc = self.sarc.copy()
        c.sarc_open = self.sarc_open.copy()
        c.alcoves = self.alcoves.copy()
        c.discard = self.discard.copy()
        c.supply = self.supply.copy()
        c.blocked = self.blocked
        c.fallen = self.fallen.copy()
        c.box = self.box.copy()
        c.aside = self.aside
        c.aside_by = self.aside_by
        c.aside_known = self.aside_known
        c.foresight = self.foresight
        c.mpos = self.mpos.copy()
        c.mdir = self.mdir.copy()
        c.mleft = self.mleft.copy()
        c.mi = self.mi
        c.shot = self.shot
        c.round = self.round
        c.keeper = self.keeper
        c.stage = self.stage
        c.turn_idx = self.turn_idx
        c.seat = self.seat
        c.in_turn = self.in_turn
        c.left = self.left
        c.used = self.used
        c.dice = self.dice
        c.mdice = self.mdice
        c.lock = self.lock
        c.lock_alcove = self.lock_alcove
        c.pending = self.pending.copy()
        c.final = self.final
        c.hist = self.hist
        c.legal = self.legal
        c.sampled = self.sampled
        return c

    def _view(self, player: int | None) -> dict[str, JSON]:
        return view.view(self, player)

    def _determinize(self, player: int, rng: RandomSource) -> HorusState:
        return view.determinize(self, player, rng)

    def __repr__(self) -> str:
        return f"<HorusState round {self.round}, {STAGE_NAMES[self.stage]}, seat {self.seat}>"
