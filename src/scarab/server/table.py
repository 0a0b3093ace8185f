"""One table in memory: the full state, who sits where, and what each viewer is sent.

The server holds the whole state and its seed; a viewer is sent only
``view(seat)`` (the spectator view for a watcher), the events it may learn
of, and, on its own decision, the legal actions with notation and a few words
each. A version is a digest of the secret seed and the moves so far: the
same in every process and after every reload, opaque to the seat that sees
it, and sent only to the seat that decides, so a seat that is not deciding
cannot count the hidden decisions of another.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections import deque
from dataclasses import asdict, dataclass, replace
from typing import Any

from scarab.core.errors import ScarabError
from scarab.core.game import JSON, MAX_NAME, Event, State
from scarab.core.record import Record, write_record
from scarab.core.registry import load
from scarab.server.rated_rules import forfeited_seats, unrated_reason
from scarab.server.seats import BOT, HUMAN, OPEN, SeatInfo, origin_marks, token_hash
from scarab.server.stored import Header, StoredMove, StoredTable
from scarab.server.table_log import log_events
from scarab.server.turn_timers import due_time, timer_shown
from scarab.server.undo import reveals

LOG_LINES = 60  # log lines a viewer is sent, newest last
ORIGINS = 8  # origin marks kept per seat (an address and a device a visit)


class TableError(ScarabError):
    """A request this table refuses: it says why and what would be right."""

    code = "table_refused"


class NoTable(TableError):
    """No table has that id."""

    code = "no_table"


class Stale(TableError):
    """The state moved on since the version the client acted on."""

    code = "stale"


class StoreUnavailable(ScarabError):
    """The store could not be read or written: nothing was changed, and the client may retry."""

    code = "store_unavailable"

    def __init__(self, text: str) -> None:
        super().__init__(text, "ui.err.store")


@dataclass
class Played:
    """A move worked out on a copy, not yet stored: nobody sees it until ``accept``."""

    state: State[Any]
    events: list[Event]
    move: StoredMove
    undoable: bool
    round: int  # the round the move was made in


@dataclass
class Rebuilt:
    """A table's position rebuilt from a list of moves: the state, logs and undo marks, and
    when the deciding seat's turn began (None: before any move handed it over)."""

    state: State[Any]
    moves: list[StoredMove]
    undoable: list[bool]
    logs: dict[int | None, deque[dict[str, JSON]]]
    turn_started: float | None = None


class Table:
    """A live table rebuilt from its stored header and moves.

    Changes are two-step: ``play``/``undo``/``seat_change`` work a change out
    without touching the table, the hub stores it, and only then ``accept``
    makes it visible; a change the store refused leaves the table as it was.
    """

    def __init__(self, stored: StoredTable) -> None:
        self.id = stored.id
        self.game = load(stored.game)
        self.options = stored.options
        self.seed = stored.seed
        self.seats = [SeatInfo(**s) for s in stored.seats]
        self.timer = stored.timer
        self.zombie = stored.zombie
        self.created = stored.created
        self.public = stored.public
        self.rated = stored.rated
        self.rematch = stored.rematch
        self.rev = stored.rev
        self._unrated: tuple[int, str | None] = (-1, None)  # (revision, unrated_why then)
        rebuilt = self._rebuild(stored.moves, mark=True)
        self._set_position(rebuilt)
        # as it ran live (started_after): a seat's own further decisions, hidden ones
        # included (a Pyramids extra cell), do not restart its turn's clock
        self.turn_started = rebuilt.turn_started or stored.created

    # ---- building -----------------------------------------------------------
    def _fresh(self, seats: list[SeatInfo] | None = None, seed: int | None = None) -> State[Any]:
        names = [s.name for s in seats or self.seats]
        return self.game.new_game(names, seed=self.seed if seed is None else seed, **self.options)

    def _set_position(self, rebuilt: Rebuilt) -> None:
        self.state = rebuilt.state
        self.moves = rebuilt.moves
        self.undoable = rebuilt.undoable
        self.logs = rebuilt.logs
        self.digest = hashlib.sha256(f"{self.seed}:{self.id}".encode())
        for m in self.moves:
            _chain(self.digest, m)
        self.version = self.digest.hexdigest()[:16]

    def _rebuild(
        self,
        moves: list[StoredMove],
        mark: bool,
        seats: list[SeatInfo] | None = None,
        seed: int | None = None,
    ) -> Rebuilt:
        """The position after ``moves``, with its logs (and, if asked, its undo marks), for
        the seats' names (by default the table's own), dealt from ``seed`` (by default the
        table's own)."""
        state = self._fresh(seats, seed)
        viewers: list[int | None] = [*range(len(seats or self.seats)), None]
        out = Rebuilt(state, [], [], {v: deque(maxlen=LOG_LINES) for v in viewers})
        run_start = (0, state.clone()) if mark else None  # where the latest run of one seat began
        for m in moves:
            if (
                run_start is not None
                and out.moves
                and (m.seat != out.moves[-1].seat or out.moves[-1].note is not None)
            ):
                run_start = (len(out.moves), state.clone())
            act = self.game.parse_action(state, m.notation)
            in_round = state.round
            log_events(out.logs, state.apply(act), in_round, self.game, m)
            out.moves.append(m)
            out.undoable.append(False)
            if state.current_player != m.seat:
                out.turn_started = m.at
        if run_start is not None:
            self._mark_trailing_undoable(out, *run_start)
        return out

    def _mark_trailing_undoable(self, out: Rebuilt, first: int, before: State[Any]) -> None:
        """After a restart: which of the deciding seat's latest moves (from move ``first``,
        played from ``before``) could be taken back."""
        seat = out.state.current_player
        if seat is None or self.seats[seat].kind != HUMAN:
            return
        for i in range(first, len(out.moves)):
            m = out.moves[i]
            act = self.game.parse_action(before, m.notation)
            after = before.clone()
            events = after.apply(act)
            out.undoable[i] = (
                m.seat == seat and m.note is None and not reveals(before, act, after, events)
            )
            before = after

    @property
    def over(self) -> bool:
        return self.state.is_over

    def seat_for(self, token: str | None) -> int | None:
        """The seat a token holds; None for no token (a spectator); TableError if unknown."""
        if token is None:
            return None
        digest = token_hash(token)
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
                return i
        raise TableError(
            "that seat token belongs to no seat at this table; check the link", "ui.err.token"
        )

    def seat_of_player(self, player: str) -> int | None:
        """The seat a player holds at this table, if any."""
        return next((i for i, s in enumerate(self.seats) if s.player == player), None)

    def played(self, seat: int) -> bool:
        """Whether the seat's person made a move here themselves: the zombie's moves for
        them (a timer that ran out) carry a note and do not count."""
        return any(m.seat == seat and m.note is None for m in self.moves)

    # ---- what a rated result is worth ---------------------------------------
    def unrated_why(self) -> str | None:
        """Why a rated table is played unrated (its message id), or None while it counts:
        a person's seat left before its person moved, or over with no move of its own
        (lichess aborts such games), or two persons' seats came from one address or
        device (one person on both sides). Worked out once a revision: every viewer's
        message asks."""
        if not self.rated:
            return None
        if self._unrated[0] != self.rev:
            self._unrated = (self.rev, unrated_reason(self.seats, self.moves, self.state.is_over))
        return self._unrated[1]

    def forfeits(self) -> set[int]:
        """The persons' seats that count as last in a rated result (rated_rules)."""
        return forfeited_seats(self.seats, self.moves)

    def with_origin(
        self, seat: int, address: str, device: str | None = None
    ) -> list[SeatInfo] | None:
        """The seats with where ``seat``'s person came from (origin_marks) added, where it
        is a person's seat of a rated game still on, on a copy; None where there is nothing
        new to keep (or no room: ORIGINS a seat)."""
        s = self.seats[seat]
        if not self.rated or self.state.is_over or s.kind != HUMAN:
            return None
        marks = origin_marks(self.id, address, device)
        new = [m for m in marks if m not in s.seen][: max(0, ORIGINS - len(s.seen))]
        if not new:
            return None
        return self.seat_change(seat, seen=(*s.seen, *new))

    def bound(self, seat: int, player: str) -> list[SeatInfo] | None:
        """The seats with ``player`` recognised at a person's seat opened by its link, on
        a copy; None where there is nothing to do (the seat has its player, or a bot's, or
        the player sits here already, or it is a rated game under way: a guest's seat does
        not become a rated player's mid-game)."""
        s = self.seats[seat]
        if s.kind != HUMAN or s.left or s.player is not None or (self.rated and self.moves):
            return None
        if self.seat_of_player(player) is not None:
            return None
        return self.seat_change(seat, player=player)

    def bot_level(self, seat: int, seats: list[SeatInfo] | None = None) -> str | None:
        """The level that plays ``seat`` without waiting for a person, if any."""
        info = (seats or self.seats)[seat]
        if info.kind == BOT:
            return info.level
        return self.zombie if info.left else None

    def header(
        self,
        state: State[Any] | None = None,
        seats: list[SeatInfo] | None = None,
        turn_started: float | None = None,
    ) -> Header:
        """What the store keeps of a position (by default the table's own): who decides,
        whether it is over, and when the server must act on its own."""
        state = state or self.state
        current = state.current_player
        started = self.turn_started if turn_started is None else turn_started
        return Header(current, state.is_over, due_time(self, current, started, seats))

    # ---- acting -------------------------------------------------------------
    def play(self, seat: int, notation: object, version: object, note: str | None = None) -> Played:
        """``seat``'s action, given as notation, played on a copy if ``version`` is current.

        TableError (or Stale, or IllegalAction with the engine's reason) otherwise.
        Nothing changes until the caller stores the move and ``accept``s it.
        """
        self._check_turn(seat, version)
        if self.seats[seat].left and note is None:
            raise TableError(
                "you left this table for good; the zombie plays your seat now", "ui.err.left"
            )
        act = self.game.parse_action(self.state, notation)  # type: ignore[arg-type]
        return self._played(self.state, act, StoredMove(seat, str(act), note, time.time()))

    def _played(self, before: State[Any], act: Any, move: StoredMove) -> Played:
        after = before.clone()
        events = after.apply(act)
        undoable = (
            move.note is None
            and self.seats[move.seat].kind == HUMAN
            and after.current_player == move.seat
            and not reveals(before, act, after, events)
        )
        return Played(after, events, move, undoable, before.round)

    def follow(self, tail: StoredTable, since: int) -> bool:
        """Play on through the moves another process stored, ``tail`` holding the stored
        moves from ply ``since`` on. False, changing nothing, unless they extend this
        table's own moves (an undo came between): then the table must be rebuilt."""
        known = self.moves[since:]
        if since > len(self.moves) or tail.moves[: len(known)] != known:
            return False
        if len(tail.seats) != len(self.seats) or tail.seed != self.seed:  # started anew
            return False
        if [s["name"] for s in tail.seats] != [s.name for s in self.seats]:
            return False  # a seat taken or filled elsewhere: the game is replayed under its name
        played: list[Played] = []
        state = self.state
        for move in tail.moves[len(known) :]:  # all worked out before any is taken
            played.append(self._played(state, self.game.parse_action(state, move.notation), move))
            state = played[-1].state
        self.seats = [SeatInfo(**s) for s in tail.seats]
        for p in played:
            self.accept(p)
        self.rev = tail.rev
        return True

    def follow_one(self, move: StoredMove) -> None:
        """Play on one move another process stored on top of this very table (its revision
        just before the move's); ScarabError, changing nothing, if it does not read here."""
        act = self.game.parse_action(self.state, move.notation)
        self.accept(self._played(self.state, act, move))

    def started_after(self, played: Played) -> float:
        """When the turn after ``played`` started: now if the decider changed."""
        same = played.state.current_player == played.move.seat
        return self.turn_started if same else played.move.at

    def accept(self, played: Played) -> None:
        """Make a stored move visible."""
        self.turn_started = self.started_after(played)
        self.state = played.state
        log_events(self.logs, played.events, played.round, self.game, played.move)
        self.moves.append(played.move)
        self.undoable.append(played.undoable)
        _chain(self.digest, played.move)
        self.version = self.digest.hexdigest()[:16]
        self.rev += 1

    def _check_turn(self, seat: int, version: object) -> None:
        if self.state.is_over:
            raise TableError("the game is over; no more moves", "ui.err.over")
        mine = self.state.current_player == seat
        # A seat that was not deciding when it looked holds no version: not a stale look.
        if version != self.version and (mine or version is not None):
            raise Stale(
                "the table moved on since you looked (your version is out of date); "
                "here is the current state",
                "ui.err.stale",
            )
        if not mine:
            who = self.state.current_player
            raise TableError(
                f"it is not your decision: {self.seats[who or 0].name} decides now",
                "ui.err.not_yours",
                who=f"#{who or 0}",
            )

    def can_undo(self, seat: int | None) -> bool:
        """True when ``seat`` may take back its last move: same turn, nothing revealed,
        no zombie move, and every other person at the table allows it."""
        if seat is None or not self.moves or self.state.is_over:
            return False
        last = self.moves[-1]
        if last.seat != seat or self.state.current_player != seat or not self.undoable[-1]:
            return False
        return all(
            s.allow_undo or s.kind == BOT or s.left for i, s in enumerate(self.seats) if i != seat
        )

    def undo(self, seat: int, version: object) -> Rebuilt:
        """The position before ``seat``'s last move; TableError saying why when it may not
        be taken back. Nothing changes until the caller stores it and ``accept_undo``s it."""
        self._check_turn(seat, version)
        if not self.can_undo(seat):
            raise TableError(
                "you cannot undo now: only your own moves of this turn that revealed no hidden "
                "card and rolled no die can be taken back, and only if the others allow undo",
                "ui.err.undo",
            )
        rebuilt = self._rebuild(self.moves[:-1], mark=False)
        rebuilt.undoable = self.undoable[:-1]
        return rebuilt

    def accept_undo(self, rebuilt: Rebuilt) -> None:
        self._set_position(rebuilt)
        self.rev += 1

    def sit(self, seat: object, player: str, name: str) -> tuple[list[SeatInfo], Rebuilt, str]:
        """A player taking an open seat, worked out on a copy: the seats, the position
        replayed under the new name, and the seat's fresh token (only its hash is kept)."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise TableError("say which seat to take: its number, from 0")
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind != OPEN:
            free = [i for i, s in enumerate(self.seats) if s.kind == OPEN]
            raise TableError(
                f"seat {seat} is not open; the open seats are {free or 'none'}",
                "ui.err.seat_taken",
            )
        if self.seat_of_player(player) is not None:
            raise TableError("you sit at this table already", "ui.err.seated")
        taken = {s.name for i, s in enumerate(self.seats) if i != seat}
        token = secrets.token_urlsafe(18)
        seats = [replace(s) for s in self.seats]
        seats[seat] = SeatInfo(
            name=name if name not in taken else f"{name[: MAX_NAME - 3]} {seat + 1}",
            kind=HUMAN,
            token_hash=token_hash(token),
            player=player,
        )
        return seats, self._rebuild(self.moves, mark=True, seats=seats), token

    def fill(
        self, host: int, seat: object, level: str, name: str | None, online: set[int]
    ) -> tuple[list[SeatInfo], Rebuilt]:
        """The table's maker puts a bot in an open seat, or in the seat of a person the table
        waits on who has not come (away, with no move of their own here: a rematch's seat
        nobody answers), so the others can play on; worked out on a copy (the game replayed
        under the bot's name: ``name``, numbered on if another seat has it, or the level's)."""
        if not self.seats[host].host:
            raise TableError(
                "only the person who made the table fills its open seats", "ui.err.host_only"
            )
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats):
            raise TableError("say which seat to fill: its number, from 0")
        if not self.fillable(seat, host, online):
            raise TableError(
                f"seat {seat} is neither open nor a person's who has not come",
                "ui.err.seat_taken",
            )
        taken = {s.name for s in self.seats}
        tried = [name, *(f"{name} {k}" for k in range(2, 99))] if name else []
        tried += [f"{level} bot {k}" for k in range(1, 99)]
        chosen = next(n for n in tried if n not in taken)
        seats = [replace(s) for s in self.seats]
        seats[seat] = SeatInfo(name=chosen, kind=BOT, level=level)
        return seats, self._rebuild(self.moves, mark=True, seats=seats)

    def start_now(self, host: int) -> tuple[list[SeatInfo], Rebuilt]:
        """The table's maker starts with the players seated, its open seats removed (the
        others move up a place), worked out on a copy. Only before the first move, and only
        down to two players (solo is a variant of its own). It deals from a new secret seed:
        the same seed would deal fewer seats the same cards in another order, and a seat's
        hand seen before the start would be the top of the new draw pile."""
        if not self.seats[host].host:
            raise TableError(
                "only the person who made the table starts it early", "ui.err.host_only"
            )
        if self.moves:
            raise TableError(
                "the game has begun: fill its open seats with bots instead", "ui.err.begun"
            )
        seats = [replace(s) for s in self.seats if s.kind != OPEN]
        if len(seats) == len(self.seats):
            raise TableError("no seat is open: the game is on", "ui.err.none_open")
        least = max(2, self.game.min_players)
        if len(seats) < least:
            raise TableError(
                f"{self.game.title} needs at least {least} players: fill an open seat with a bot",
                "ui.err.too_few",
                n=least,
            )
        return seats, self._rebuild([], mark=True, seats=seats, seed=secrets.randbits(63))

    def accept_sit(self, seats: list[SeatInfo], rebuilt: Rebuilt) -> None:
        self.seats = seats
        self.seed = rebuilt.state.seed  # new only where the table was started with fewer
        self._set_position(rebuilt)
        self.rev += 1

    def fillable(self, seat: int, host: int, online: set[int]) -> bool:
        """Whether the maker may put a bot in ``seat``: open, or, once the table waits on it,
        another person's who is away and has made no move here (never a person who is
        here, or who has played, nor anyone's once a rated game has its first move)."""
        s = self.seats[seat]
        if s.kind == OPEN:
            return True
        if self.rated and self.moves:  # a rated seat changes no hands once the game is on
            return False
        waited_on = seat == self.state.current_player and seat != host and seat not in online
        return waited_on and s.kind == HUMAN and not s.left and not self.played(seat)

    def rematch_seats(self) -> list[dict[str, Any]]:
        """The seats of a rematch: the same people and bots, each one place on (who moved
        first moves last); a person keeps their token and player, a seat given up is the
        zombie's bot."""
        out = []
        for s in self.seats[-1:] + self.seats[:-1]:
            if s.kind == BOT or s.left or s.kind == OPEN:
                level = s.level if s.kind == BOT else self.zombie
                out.append(asdict(SeatInfo(name=s.name, kind=BOT, level=level)))
            else:  # offered, not taken: theirs to decline; where they come from is seen anew
                out.append(asdict(replace(s, allow_undo=True, offered=True, seen=())))
        return out

    def seat_change(self, seat: int, **changes: Any) -> list[SeatInfo]:
        """The seats with ``seat``'s settings changed (leave for good, allow undo), on a copy."""
        seats = [replace(s) for s in self.seats]
        for key, value in changes.items():
            setattr(seats[seat], key, value)
        return seats

    def accept_seats(self, seats: list[SeatInfo]) -> None:
        """Seat settings are no move: the decider's version still stands."""
        self.seats = seats
        self.rev += 1

    # ---- telling ------------------------------------------------------------
    def message(self, seat: int | None, online: set[int]) -> dict[str, JSON]:
        """Everything one viewer is sent: its view, its legal actions, its log."""
        state = self.state
        view = state.view(seat)
        current = state.current_player
        deciding = seat is not None and current == seat
        legal: list[dict[str, JSON]] = []
        if deciding:
            game = self.game
            for a in state.legal_actions():
                fields = game.fields(view, a)
                text = game.describe(view, a, fields)
                msg, args = game.phrase(view, a, fields)
                legal.append(
                    {"action": str(a), "text": text, "fields": fields, "msg": msg, "args": args}
                )
        log = list(self.logs[seat])
        me = self.seats[seat] if seat is not None else None
        out: dict[str, JSON] = {
            "type": "state",
            "table": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "seat": seat,
            "version": self.version if deciding else None,
            "names": list(state.names),
            "seats": [s.public(i in online) for i, s in enumerate(self.seats)],
            "current": current,
            "over": state.is_over,
            "view": view,
            "legal": legal,
            "log": log,
            "timer": timer_shown(self, current),
            "undo": self.can_undo(seat),
            "allow_undo": me.allow_undo if me is not None else None,
            "rematch": self.rematch,
            "started": bool(self.moves),
            "rated": self.rated,
            "unrated": self.unrated_why(),  # a rated table played unrated: why
        }
        if seat is not None and self.seats[seat].host and not state.is_over:
            out["fillable"] = [i for i in range(len(self.seats)) if self.fillable(i, seat, online)]
        if state.is_over:
            out["scores"] = state.scores()
            out["winners"] = state.winners()
            out["final_rows"] = self.game.final_rows(view)
        return out

    def record(self) -> Record:
        rec = self.state.record()
        rec.notes = {i: m.note for i, m in enumerate(self.moves) if m.note}
        return rec

    def record_text(self) -> str:
        if not self.state.is_over:
            raise TableError(
                "the record holds the seed, which would show every hidden card: "
                "it can be downloaded once the game is over",
                "ui.err.record_unfinished",
            )
        return write_record(self.record())


def summary(stored: StoredTable) -> dict[str, JSON]:
    """What anyone holding the table's link may see in a list of tables: read from the
    store's header alone, and nothing that counts moves (a seat's secret choices are moves).
    A finished table names its rematch, as its page does to anyone (a person's seat link
    opens their seat there)."""
    return {
        "table": stored.id,
        "game": stored.game,
        "title": load(stored.game).title,
        "names": [s["name"] for s in stored.seats],
        "current": stored.current,
        "over": stored.over,
        "created": stored.created,
        "rematch": stored.rematch,
    }


def _chain(digest: Any, move: StoredMove) -> None:
    digest.update(f"|{move.seat}:{move.notation}:{move.at!r}".encode())
