"""Playing a game in the terminal: humans at the keyboard, bots through Seats.

What a human sees is drawn only from ``state.view(seat)`` and events
filtered with ``Event.for_viewer(seat)``. With several humans (hot seat) the
screen is cleared and handed over before each human's turn, so a hand is on
screen only during its owner's turn. A ``hint`` asks a search bot for the
human's best actions; it searches through that human's Seat, as a bot at the
table would, so a hint knows nothing the human does not.
"""

from __future__ import annotations

import io
import random
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.console import Console
from rich.pretty import Pretty
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from scarab import i18n
from scarab.agents import LEVELS, Agent, agent_names, make_agent
from scarab.agents.base import Phrase, reason_in
from scarab.agents.hints import HINT_COUNT, HINT_LEVEL, top_actions
from scarab.agents.unseen import run_seconds, unseen_run
from scarab.core.errors import BadOption, IllegalAction, ScarabError
from scarab.core.game import JSON, Action, Event, Game, State, events_for
from scarab.core.record import MAX_RECORD_CHARS, read_record, replay, write_record
from scarab.core.registry import load
from scarab.terminal import luxor
from scarab.terminal.common import lang, t

HUMAN = "human"
LOG_LINES = 10
QUIT = ("q", "quit", "exit")
HINT = "hint"
HELP = ("help", "?")
UNDECODABLE = "\udc80"  # bytes that are not UTF-8 arrive as U+DC80..U+DCFF (surrogateescape)
RUN_PACE = 1.0  # times run_seconds: how long a bot's run of unseen choices takes (tests: 0)
SYMBOLS = "─│┌·→◆✚"  # characters the boards draw with

Reader = Callable[[str], str]


def renderer_of(game: str) -> ModuleType | None:
    """The terminal's drawing module for a registered game, ``scarab.terminal.<game>``
    (None for a game it cannot draw: the session then shows the view as text)."""
    name = load(game).name
    try:
        return import_module(f"scarab.terminal.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"scarab.terminal.{name}":
            raise
        return None


class Abandon(Exception):
    """The person at the keyboard left (end of input or 'quit')."""


DEFAULT_SEATS = ("human", "greedy", "greedy")


def seat_names(kinds: Sequence[str]) -> list[str]:
    """human, greedy, random; numbered when a kind appears more than once."""
    out: list[str] = []
    for i, kind in enumerate(kinds):
        if kinds.count(kind) > 1:
            out.append(f"{kind}{kinds[: i + 1].count(kind)}")
        else:
            out.append(kind)
    return out


def bot_seed(seed: int, seat: int) -> int:
    return random.Random(seed * 8 + seat).getrandbits(63)


def hint_seed(seed: int, ply: int) -> int:
    """The hint bot's seed: the same position of the same game always gets the same hint."""
    return random.Random(f"hint {seed} {ply}").getrandbits(63)


def help_text(legal: Sequence[Any], level: str) -> str:
    return t(
        "tty.help", n=len(legal), example=str(legal[0]), level=f"@ui.level.{level}", top=HINT_COUNT
    )


class Session:
    """One game at the terminal."""

    def __init__(
        self,
        game: Game[Any],
        state: State[Any],
        kinds: Sequence[str],
        console: Console,
        read: Reader,
        hint_level: str = HINT_LEVEL,
    ) -> None:
        if hint_level not in LEVELS:
            raise BadOption(
                f"hints need a search level, not {hint_level!r}: one of {', '.join(LEVELS)}"
            )
        self.hint_level = hint_level
        self.game = game
        self.state = state
        self.console = console
        self.read = read
        self.names = list(state.names)
        self.humans = [i for i, k in enumerate(kinds) if k == HUMAN]
        self.agents: dict[int, Agent] = {
            i: make_agent(k, seed=bot_seed(state.seed, i))
            for i, k in enumerate(kinds)
            if k != HUMAN
        }
        self.hot_seat = len(self.humans) > 1
        # Who the shared screen shows between human turns: the only human, else a spectator.
        self.observer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.renderer = renderer_of(game.name)
        self.log: deque[Event] = deque(maxlen=LOG_LINES)

    # ---- drawing ------------------------------------------------------------
    def style(self, seat: int | None) -> str:
        colour = getattr(self.renderer, "colour", luxor.colour)
        return "bold" if seat is None else f"bold {colour(seat)}"

    def words(self, seen: Event) -> str:
        """An event in the terminal's language (the engine's own words in English)."""
        if lang() == "en":
            return seen.text
        msg, args = self.game.event_phrase(seen.kind, dict(seen.data))
        return t(msg, self.names, **args) if msg else seen.text

    def event_line(self, seen: Event) -> str:
        text = self.words(seen)
        if seen.player is None or text.startswith(self.names[seen.player]):
            return text
        return f"{self.names[seen.player]}: {text}"

    def show_events(self, events: Sequence[Event], viewer: int | None) -> None:
        texts = [self.words(e) for e in events_for(events, viewer) if e.kind != "final" and e.text]
        if texts:
            self.console.print(Text("    " + "; ".join(texts), "dim"))

    def render(self, viewer: int | None) -> None:
        view = self.state.view(viewer)
        log = [self.event_line(e) for e in events_for(self.log, viewer)]
        if self.renderer is not None:
            self.renderer.render(self.console, view, log)
        else:
            self.console.print(Pretty(view))
            for line in log:
                self.console.print(Text("  " + line, "dim"))

    def describe(self, view: dict[str, JSON], act: Action) -> str:
        if lang() == "en":
            return self.game.describe(view, act)
        msg, args = self.game.phrase(view, act)
        return t(msg, self.names, **args) if msg else self.game.describe(view, act)

    # ---- moves --------------------------------------------------------------
    def ask(self, prompt: str) -> str:
        """A typed line; a line that is not UTF-8 text is refused and asked again."""
        while True:
            try:
                text = self.read(prompt)
            except EOFError:
                raise Abandon(t("tty.why.eof")) from None
            except UnicodeDecodeError:
                text = UNDECODABLE
            if not any(UNDECODABLE <= ch <= "\udcff" for ch in text):
                return text
            self.console.print(Text(t("tty.not_utf8"), "red"))

    def handover(self, seat: int) -> None:
        """Hot seat: clear the screen and wait until the next human has the keyboard."""
        self.console.clear()
        self.console.print(Rule(Text(t("tty.pass_to", who=self.names[seat]), self.style(seat))))
        self.ask(t("tty.pass_keyboard", who=self.names[seat]) + " ")

    def hide(self, seat: int) -> None:
        """Hot seat: clear a finished human turn off the screen."""
        self.console.clear()
        self.console.print(Rule(Text(t("tty.turn_over", who=self.names[seat]), "dim")))

    def human_move(self, seat: int) -> None:
        state = self.state
        name = self.names[seat]
        if self.console.is_terminal:  # each decision redraws the screen in place, no scrolling
            self.console.clear()
        self.console.print(Rule(Text(t("ui.mine.to_play", who=name), self.style(seat))))
        self.render(seat)
        view = state.view(seat)
        legal = state.legal_actions()
        if self.renderer is not None:
            self.console.print(Text(self.renderer.prompt_line(view), "bold"))
        choices = getattr(self.renderer, "choices", None)
        if choices is not None:  # the game lists its actions itself (compactly)
            choices(self.console, view, legal)
        else:
            for i, act in enumerate(legal, 1):
                line = Text(f"  {i:>2}. ")
                line.append(f"{act!s:<10}", "bold")
                line.append(" " + self.describe(view, act))
                self.console.print(line)
        while True:
            text = self.ask(t("tty.choose", who=name, n=len(legal)) + " ").strip()
            if not text or text.lower() in HELP:
                self.console.print(Text(help_text(legal, self.hint_level)))
                continue
            if text.lower() in QUIT:
                raise Abandon(t("tty.why.quit", who=name))
            if text.lower() == HINT:
                self.hint(seat, view, legal)
                continue
            if text.isascii() and text.isdigit():  # '²' or '①' is no number here
                k = int(text) if len(text) <= len(str(len(legal))) else 0
                if 1 <= k <= len(legal):
                    act = legal[k - 1]
                    break
                shown = (
                    text if len(text) <= 12 else t("tty.long_number", start=text[:12], n=len(text))
                )
                self.console.print(Text(t("tty.no_action", shown=shown, n=len(legal)), "red"))
                continue
            try:
                act = self.game.parse_action(state, text)
            except IllegalAction as exc:  # the engine's reason, in the terminal's language
                said = i18n.text(lang(), exc.msg, exc.params) if exc.msg else str(exc)
                self.console.print(Text(said, "red"))
                continue
            break
        events = state.apply(act)
        self.log.extend(events)
        self.console.print(
            Text.assemble((name, self.style(seat)), " " + t("tty.plays", action=str(act)))
        )
        self.show_events(events, seat)

    def hint(self, seat: int, view: dict[str, JSON], legal: Sequence[Any]) -> None:
        """The hint bot's top actions for ``seat``: searched through that seat's Seat (never
        the real state), seeded by game and ply, so the game is untouched and reproducible."""
        if len(legal) == 1:
            self.console.print(Text(t("tty.hint_only", action=str(legal[0])), "cyan"))
            return
        seed = hint_seed(self.state.seed, len(self.state.history()))
        hint = top_actions(self.state, seat, self.hint_level, seed, HINT_COUNT)
        top = hint.top
        self.console.print(
            Text(
                t(
                    "tty.hint_from",
                    level=f"@ui.level.{self.hint_level}",
                    searches=hint.searches,
                    who=self.names[seat],
                ),
                "cyan",
            )
        )
        width = max(len(str(act)) for act, _, _ in top)
        for i, (act, win, visits) in enumerate(top, 1):
            line = Text(f"  {i}. ")
            line.append(f"{act!s:<{width}}", "bold")
            if len(self.names) == 1:  # alone, a rating is no chance to win: only the visits
                line.append("  " + t("tty.hint_visits", visits=f"{visits:>4}", n=visits))
            else:
                line.append(
                    "  " + t("tty.hint_line", win=f"{win:>4.0%}", visits=f"{visits:>4}", n=visits)
                )
            note = self.describe(view, act)
            if note:
                line.append(f"  {note}", "dim")
            self.console.print(line)

    def bot_move(self, seat: int) -> None:
        agent = self.agents[seat]
        began = time.monotonic()
        acts, unseen = unseen_run(agent, self.state.clone(), seat)
        if self.humans and self.observer != seat and unseen:
            # Choices the humans may not see yet (a hidden simultaneous choice): shown when
            # the run's time is up, and only what their events tell the observer, so a seat
            # deciding twice looks like once.
            time.sleep(max(0.0, began + run_seconds(agent.name) * RUN_PACE - time.monotonic()))
            for act in acts:
                events = self.state.apply(act)
                self.log.extend(events)
                self.show_events(events, self.observer)
            return
        # A reason is worked out from what the bot holds unseen (a rating counts its hand,
        # a runner-up names a card of it), so beside a human only the move is shown.
        said = [] if self.humans else agent.said()
        for i, act in enumerate(acts, 1):  # the reason is the last choice's
            self.bot_line(seat, act, said if i == len(acts) else [])

    def bot_line(self, seat: int, act: Action, said: list[Phrase]) -> None:
        events = self.state.apply(act)
        self.log.extend(events)
        line = Text.assemble((self.names[seat], self.style(seat)), f" {act}")
        if said:
            line.append(f"  ({reason_in(lang(), said)})", "dim")
        self.console.print(line)
        self.show_events(events, self.observer)

    def kind_words(self, seat: int) -> str:
        """Who plays a seat, in the reader's words: a person, or a bot by its level."""
        if seat in self.humans:
            return t("tty.person")
        name = self.agents[seat].name
        return t(f"ui.level.{name}") if name in agent_names() else name

    # ---- the game -----------------------------------------------------------
    def run(self) -> int:
        state = self.state
        players = ", ".join(f"{n} ({self.kind_words(i)})" for i, n in enumerate(self.names))
        # no seed here: it deals everything, hands and decks included (it is said at the end)
        title = t("tty.title", game=self.game.title, players=players)
        if len(title) + 6 <= self.console.width:  # a rule cuts its title short, so a long one
            self.console.print(Rule(Text(title, "bold")))  # wraps above a plain rule
        else:
            self.console.print(Text(title, "bold"), Rule())
        on_screen: int | None = None
        try:
            while not state.is_over:
                seat = state.current_player
                assert seat is not None
                if seat in self.agents:
                    self.bot_move(seat)
                    continue
                if self.hot_seat and seat != on_screen:
                    self.handover(seat)
                on_screen = seat
                self.human_move(seat)
                if self.hot_seat and state.current_player != seat:
                    self.hide(seat)
                    on_screen = None
        except Abandon as why:
            self.console.print("\n" + t("tty.abandoned", why=str(why), n=len(state.history())))
            return 1
        self.finish()
        return 0

    def finish(self) -> None:
        view = self.state.view(self.observer)
        self.console.print(Rule(Text(t("tty.game_over"), "bold")))
        if self.renderer is not None:
            self.renderer.render(self.console, view, [])
            self.renderer.final(self.console, view)
        else:
            final_table(self.console, view)
        winners = list(view.get("winners", self.state.winners()))
        scores = self.state.scores()
        names = f" {t('ui.and')} ".join(self.names[w] for w in winners)
        if not winners:  # a game everybody can lose (Horus: the mummies win)
            text = str(getattr(self.renderer, "NO_WINNER", t("tty.no_winner")))
        elif len(self.names) == 1:
            text = t("tty.solo", who=names or self.names[0], vp=scores[0])
        elif len(winners) == 1:
            text = t("tty.winner", who=names, vp=scores[winners[0]])
        else:
            text = t("tty.shared", who=names, vp=scores[winners[0]])
        self.console.print(Text(text, "bold"))
        self.console.print(t("tty.seed", seed=self.state.seed))


def final_table(console: Console, view: dict[str, JSON]) -> None:
    """A game without its own renderer: the final entries as they come."""
    entries = view.get("final") or []
    if not entries:
        return
    table = Table(title="Final scoring")
    table.add_column("category")
    for s in view.get("seats", [{"name": f"p{i + 1}"} for i in range(len(entries))]):
        table.add_column(str(s.get("name", "?")), justify="right")
    for key in entries[0]:
        table.add_row(key, *(str(e.get(key, "")) for e in entries))
    console.print(table)


def tolerant_terminal() -> None:
    """Bytes that are not UTF-8 on stdin, and a terminal that prints ASCII only, get a
    clear message, never a traceback."""
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="surrogateescape")
    for stream in (sys.stdout, sys.stderr):
        if not isinstance(stream, io.TextIOWrapper):
            continue
        try:
            SYMBOLS.encode(stream.encoding)
        except (UnicodeEncodeError, LookupError):
            stream.reconfigure(errors="replace")
            if stream is sys.stdout:
                print(
                    f"This terminal prints {stream.encoding} only: the board's symbols show as "
                    "'?'. A UTF-8 terminal (LANG=C.UTF-8, or PYTHONIOENCODING=utf-8) shows them."
                )


def play_main(
    game: str,
    seats: list[str] | None,
    seed: int | None,
    console: Console | None = None,
    read: Reader | None = None,
    hint_level: str = HINT_LEVEL,
    record: Path | None = None,
    resume: Path | None = None,
) -> int:
    """Play ``game`` with these seats ("human" or a bot name); the exit code. A human's
    ``hint`` asks a bot of ``hint_level`` (a search level, see scarab.agents.LEVELS).
    With ``record``, the game's record is written there when it ends, is abandoned or
    is interrupted; with ``resume``, the game goes on from the record in that file
    (with the seats its players' names say, as ``record`` wrote them, unless ``seats``).

    0: played to the end; 1: abandoned (end of input or 'quit');
    2: bad arguments (unknown game or seat, wrong number of seats); 130: Ctrl-C.
    """
    if console is None:
        tolerant_terminal()
    out = console if console is not None else Console()
    err = console if console is not None else Console(stderr=True)
    recorded = recorded_game(err, resume) if resume is not None else None
    if resume is not None and recorded is None:
        return 2
    inferred = seats is None and recorded is not None
    names = recorded.names if recorded is not None else ()
    if seats is None:
        seats = kinds_of(recorded.names) if recorded is not None else list(DEFAULT_SEATS)
    kinds = [s.strip().lower() for s in seats]
    known = [HUMAN, *agent_names()]
    unknown = [s for s in kinds if s not in known]
    if unknown:
        err.print(
            Text(
                f"scarab: the record's players ({', '.join(names)}) are not seats: "
                "say who plays each with --players"
                if inferred
                else f"scarab: unknown seat {unknown[0]!r}; a seat is one of: {', '.join(known)}"
            )
        )
        return 2
    try:
        g = load(game)
    except ScarabError as exc:
        err.print(Text(f"scarab: {exc}"))
        return 2
    if not g.min_players <= len(kinds) <= g.max_players:
        err.print(
            Text(
                f"scarab: {g.title} takes {g.min_players} to {g.max_players} players, "
                f"but {len(kinds)} seat(s) were given ({', '.join(kinds) or 'none'}); "
                f"for example --players human,greedy"
            )
        )
        return 2
    if recorded is not None and (why := mismatch(recorded, g, kinds, seed)):
        err.print(Text(f"scarab: cannot go on with {resume}: {why}"))
        return 2
    state = recorded if recorded is not None else dealt(err, g, kinds, seed)
    if state is None:
        return 2
    if recorded is not None:
        out.print(t("tty.resumed", path=str(resume), n=len(state.history())))
    if record is not None and (why := unwritable(record)):
        err.print(Text(f"scarab: cannot write the record to {record}: {why}"))
        return 2
    reader: Reader = read if read is not None else out.input
    try:
        return Session(g, state, kinds, out, reader, hint_level).run()
    except KeyboardInterrupt:
        out.print("\n" + t("tty.interrupted"))
        return 130
    finally:
        if record is not None:
            save_record(out, state, record)


def dealt(err: Console, g: Game[Any], kinds: list[str], seed: int | None) -> State[Any] | None:
    """A new game for these seats (None, said on ``err``, if the game refuses it)."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    try:
        return g.new_game(seat_names(kinds), seed=seed)
    except ScarabError as exc:
        err.print(Text(f"scarab: {exc}"))
        return None


def recorded_game(err: Console, path: Path) -> State[Any] | None:
    """The game a record file left off (None, said on ``err``, if it does not read or
    replay)."""
    try:
        with path.open(encoding="utf-8") as file:
            text = file.read(MAX_RECORD_CHARS + 1)  # read_record refuses what is longer
        return replay(read_record(text))
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else "it is not UTF-8 text"
        err.print(Text(f"scarab: cannot read the record {path}: {why}"))
    except ScarabError as exc:
        err.print(Text(f"scarab: {path}: {exc}"))
    return None


def kinds_of(names: Sequence[str]) -> list[str]:
    """The seats that seat_names() named so ("greedy2" was a greedy seat)."""
    return [name.rstrip("0123456789") for name in names]


def mismatch(state: State[Any], g: Game[Any], kinds: list[str], seed: int | None) -> str:
    """Why a recorded game cannot go on as asked ("" if it can)."""
    if state.game.name != g.name:
        return f"it is a game of {state.game.name}, not {g.name}"
    if len(state.names) != len(kinds):
        return f"it has {len(state.names)} players, but {len(kinds)} seats were given"
    if seed is not None:
        return "a game goes on with the seed it was dealt with: leave out --seed"
    return ""


def unwritable(path: Path) -> str:
    """Why a record could not be written to ``path`` ("" if it can), found before the
    game rather than after it; opening to append leaves an existing file as it is."""
    try:
        with path.open("a", encoding="utf-8"):
            return ""
    except OSError as exc:
        return exc.strerror or type(exc).__name__


def save_record(out: Console, state: State[Any], path: Path) -> None:
    """Write the game's record, finished or not (an unfinished one has Result "*")."""
    try:
        path.write_text(write_record(state.record()), encoding="utf-8")
    except OSError as exc:
        out.print(Text(t("tty.record_failed", path=str(path), why=exc.strerror or ""), "red"))
        return
    said = "tty.record_saved" if state.is_over else "tty.record_to_go_on"
    out.print(t(said, path=str(path), n=len(state.history())))
