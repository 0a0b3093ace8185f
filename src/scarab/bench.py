"""`scarab bench GAME`: how fast the engine simulates a game.

Each measurement runs for a fixed CPU time (``time.process_time``, so that load on a
shared machine does not halve it) and counts, never timed per call:

* decisions/s: random play, one uniformly random legal action after another,
  a new game whenever one ends (setup included), through ``State.step`` (no
  event log, as search and rollouts use it);
* decisions/s with events: the same through ``State.apply``, which also builds
  the events a person reads;
* games/s: complete random games, setup to end;
* clones/s: ``clone()`` of a state from the middle of a random game;
* ISMCTS iterations/s: one search with the expert level's settings, at the mid-game
  position of random play;
* ISMCTS iterations/s in play: the same settings over the positions of four games
  between greedy bots, which are the positions a bot meets (the middle of a random game may be
  one no player reaches: in Horus, with 2 or 3 players, an endgame with one seat left);
* hostile input: the seconds it takes to read and refuse the worst input at
  each size cap (a record of a million characters in lines of the longest
  length, notation of the longest length, a player count of a billion): the
  bound that the caps promise, so no test needs a timed assertion.

When OpenSpiel (``pyspiel``) is importable, the same random-play loop runs in
this process on OpenSpiel's C++ ``backgammon`` and its pure-Python
``python_tic_tac_toe`` for scale. Chance nodes there are resolved by their
probabilities and not counted as decisions (Luxor rolls its die inside apply).

When PettingZoo's classic games are importable (``pettingzoo[classic]``), random
masked play through our AEC environment (``last()``, then ``sample(mask)``, then
``step``) runs in slices alternating with the same loop on PettingZoo's
``connect_four_v3``, each timed by CPU time (``time.process_time``), so that
load on a shared machine weighs on both alike; the ratio is the figure to read.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import platform
import random
import time
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

from scarab.core.errors import BadOption, ScarabError
from scarab.core.game import Game, State
from scarab.core.registry import load

if TYPE_CHECKING:
    from rich.table import Table

DECISIONS = "decisions/s"
WITH_EVENTS = "decisions/s with events"
GAMES = "games/s"
CLONES = "clones/s"
ISMCTS = "ISMCTS iterations/s"
ISMCTS_IN_PLAY = "ISMCTS iterations/s in play"
METRICS = (DECISIONS, WITH_EVENTS, GAMES, CLONES, ISMCTS, ISMCTS_IN_PLAY)
_IN_PLAY_ITERATIONS = 50  # per position: a short measurement still samples many positions
_IN_PLAY_GAMES = 4  # games whose positions are sampled: one game's endgame may be long or short
OPENSPIEL_GAMES = ("backgammon", "python_tic_tac_toe")
NO_OPENSPIEL = "OpenSpiel not installed: pip install '.[rl]' in Scarab's folder for the comparison"
PETTINGZOO_PEER = "connect_four_v3"
NO_PETTINGZOO = (
    "PettingZoo's connect_four_v3 not importable: pip install 'pettingzoo[classic]' "
    "for the AEC comparison"
)
_SLICES = 10  # turns each side takes in an interleaved comparison
_BATCH = 16  # decisions between clock reads
CHESS_PEER = "python-chess Board.copy(stack=False)"
NO_CHESS = "python-chess not installed: pip install chess for the clone comparison"
DEFAULT_PLAYERS = 3
_CLONE_BATCH = 64  # clones between clock reads


def seats(game: Game[Any], players: int | None) -> int:
    """The player count to bench: ``players``, or 3 kept inside the game's range."""
    if players is not None:
        return players
    return min(max(DEFAULT_PLAYERS, game.min_players), game.max_players)


def decisions_per_second(
    game: Game[Any], seconds: float, players: int, seed: int = 0, events: bool = False
) -> float:
    """Random play for ``seconds`` of CPU time: decisions per CPU second, new games included."""
    done, spent = RandomPlay(game, players, seed, events).run(seconds)
    return done / spent


def play_out(state: State[Any], rng: random.Random) -> int:
    """Play uniformly random actions until the game ends; the number of decisions."""
    n = 0
    while not state.is_over:
        state.step(rng.choice(state.legal_actions()))
        n += 1
    return n


def games_per_second(game: Game[Any], seconds: float, players: int, seed: int = 0) -> float:
    """Complete random games per CPU second (a game under way when time is up still finishes)."""
    rng = random.Random(seed)
    games = 0
    clock = time.process_time
    start = clock()
    deadline = start + seconds
    while True:
        play_out(game.new_game(players, seed=seed + games), rng)
        games += 1
        now = clock()
        if now >= deadline:
            return games / (now - start)


def mid_game(game: Game[Any], players: int, seed: int = 0) -> State[Any]:
    """A state halfway (in decisions) through a seeded random game."""
    length = play_out(game.new_game(players, seed=seed), random.Random(seed))
    state = game.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(length // 2):
        state.apply(rng.choice(state.legal_actions()))
    return state


def clones_per_second(game: Game[Any], seconds: float, players: int, seed: int = 0) -> float:
    """``clone()`` calls per CPU second on a mid-game state."""
    done, spent = Copies(mid_game(game, players, seed).clone).run(seconds)
    return done / spent


def ismcts_iterations_per_second(
    game: Game[Any], seconds: float, players: int, seed: int = 0
) -> float:
    """ISMCTS iterations per CPU second for the decision at a mid-game state (one search),
    with the expert level's settings for the game, searching by the clock.

    Each iteration samples a world (determinize), walks the tree, plays a short
    rollout (random in Luxor, greedy to the turn's end in Horus) and asks the
    heuristic: the forward model dominates."""
    from scarab.agents import Budget, Seat, level_agent

    state = mid_game(game, players, seed)
    rng = random.Random(seed)
    while len(state.legal_actions()) < 2 and not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    assert seat is not None
    agent = level_agent("expert", seed, Budget(iterations=None, seconds=seconds))
    start = time.process_time()
    agent.search(Seat(state, seat), state.legal_actions())
    return agent.iterations / (time.process_time() - start)


def greedy_positions(game: Game[Any], players: int, seed: int = 0) -> list[State[Any]]:
    """Every decision with a choice in a seeded game between greedy bots."""
    from scarab.agents import GreedyAgent, Seat

    state = game.new_game(players, seed=seed)
    bots = [GreedyAgent(seed + i) for i in range(players)]
    positions = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        if len(state.legal_actions()) > 1:
            positions.append(state.clone())
        state.apply(bots[seat].choose(Seat(state, seat)))
    return positions


def ismcts_in_play_per_second(
    game: Game[Any], seconds: float, players: int, seed: int = 0
) -> float:
    """ISMCTS iterations per CPU second with the expert level's settings over the positions
    of a few games between greedy bots: positions in a seeded random order, each searched for a
    fixed number of iterations, until ``seconds`` of CPU time are spent (at least one)."""
    from scarab.agents import Budget, Seat, level_agent

    positions = [
        s for g in range(_IN_PLAY_GAMES) for s in greedy_positions(game, players, seed + g)
    ]
    random.Random(seed).shuffle(positions)
    iterations, spent = 0, 0.0
    for state in positions:
        seat = state.current_player
        assert seat is not None
        agent = level_agent("expert", seed, Budget(iterations=_IN_PLAY_ITERATIONS))
        start = time.process_time()
        agent.search(Seat(state, seat), state.legal_actions())
        spent += time.process_time() - start
        iterations += agent.iterations
        if spent >= seconds:
            break
    return iterations / spent


def measure(game: str, seconds: float, players: int | None = None) -> dict[str, float]:
    """Every metric for a registered game, ``seconds`` each."""
    g = load(game)
    n = seats(g, players)
    return {
        DECISIONS: decisions_per_second(g, seconds, n),
        WITH_EVENTS: decisions_per_second(g, seconds, n, events=True),
        GAMES: games_per_second(g, seconds, n),
        CLONES: clones_per_second(g, seconds, n),
        ISMCTS: ismcts_iterations_per_second(g, seconds, n),
        ISMCTS_IN_PLAY: ismcts_in_play_per_second(g, seconds, n),
    }


# ---- hostile input ----------------------------------------------------------------
def _worst_seconds(work: Callable[[], object], repeat: int = 3) -> float:
    """The slowest of a few runs of ``work`` (which must raise ScarabError)."""
    worst = 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        try:
            work()
        except ScarabError:
            pass
        else:
            raise AssertionError("hostile input was accepted")
        worst = max(worst, time.perf_counter() - start)
    return worst


def _record_at_the_cap(game: str, line: str) -> str:
    """A record of MAX_RECORD_CHARS characters: a header, then numbered copies of line."""
    from scarab.core.record import MAX_RECORD_CHARS

    out = [f'[Game[Any] "{game}"]\n[Players "a, b"]\n[Seed "1"]\n\n']
    size, number = len(out[0]), 1
    while True:
        text = f"{number}. p1 {line}\n"
        if size + len(text) > MAX_RECORD_CHARS:
            return "".join(out)
        out.append(text)
        size += len(text)
        number += 1


def hostile_inputs(game: str) -> dict[str, float]:
    """Seconds to refuse the worst input at each size cap (see the module docstring)."""
    from scarab.core.game import MAX_NOTATION
    from scarab.core.record import MAX_LINE_CHARS, read_record, replay

    g = load(game)
    state = g.new_game(max(2, g.min_players), seed=1)  # a rival, so views hide something
    spaces = "L" + " " * (MAX_LINE_CHARS - 20) + "S+3"  # many inner spaces: no backtracking
    comment = "{" + "x" * (MAX_LINE_CHARS - 20)  # a comment never closed
    return {
        "record: 1 MB of longest move lines, read and replayed": _worst_seconds(
            lambda: replay(read_record(_record_at_the_cap(game, spaces)))
        ),
        "record: 1 MB of unclosed comments": _worst_seconds(
            lambda: read_record(_record_at_the_cap(game, comment))
        ),
        "record: one line of 64 kB": _worst_seconds(
            lambda: read_record("1. p1 L" + " " * 64_000 + "S+3")
        ),
        "notation of the longest length, parsed": _worst_seconds(
            lambda: g.parse_action(state, "L" + " " * (MAX_NOTATION - 4) + "S+3")
        ),
        "new_game with a billion players": _worst_seconds(lambda: g.new_game(10**9, seed=1)),
    }


# ---- OpenSpiel ----------------------------------------------------------------
def openspiel() -> ModuleType | None:
    """The ``pyspiel`` module with OpenSpiel's Python games registered, or None."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return None
    # Importing open_spiel.python.games registers python_tic_tac_toe and the other Python games.
    with contextlib.suppress(ImportError):
        importlib.import_module("open_spiel.python.games")
    return pyspiel


class RandomPlay:
    """Our random-play loop (new games as they end), in slices of CPU time: ``step``, or
    ``apply`` with ``events`` (what a front end pays for the game's event list)."""

    def __init__(self, game: Game[Any], players: int, seed: int = 0, events: bool = False) -> None:
        self.game, self.players, self.seed = game, players, seed
        self.rng = random.Random(seed)
        self.state = game.new_game(players, seed=seed)
        self.events = events

    def run(self, seconds: float) -> tuple[int, float]:
        clock, decisions = time.process_time, 0
        start = clock()
        while True:
            for _ in range(_BATCH):
                if self.state.is_over:
                    self.seed += 1
                    self.state = self.game.new_game(self.players, seed=self.seed)
                act = self.rng.choice(self.state.legal_actions())
                if self.events:
                    self.state.apply(act)
                else:
                    self.state.step(act)
            decisions += _BATCH
            spent = clock() - start
            if spent >= seconds:
                return decisions, spent


class SpielRandomPlay:
    """The same loop on an OpenSpiel game; chance outcomes are drawn, not counted."""

    def __init__(self, pyspiel: ModuleType, name: str, seed: int = 0) -> None:
        self.game = pyspiel.load_game(name)
        self.state = self.game.new_initial_state()
        self.rng = random.Random(seed)

    def run(self, seconds: float) -> tuple[int, float]:
        clock, decisions, rng = time.process_time, 0, self.rng
        start = clock()
        while True:
            for _ in range(_BATCH):
                state = self.state
                if state.is_terminal():
                    state = self.state = self.game.new_initial_state()
                while state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, probs)[0])
                if not state.is_terminal():
                    state.apply_action(rng.choice(state.legal_actions()))
                    decisions += 1
            spent = clock() - start
            if spent >= seconds:
                return decisions, spent


class Copies:
    """Copies of one object per CPU second, in slices (``clone`` or a peer's ``copy``)."""

    def __init__(self, copy: Callable[[], object]) -> None:
        self.copy = copy

    def run(self, seconds: float) -> tuple[int, float]:
        clock, done, copy = time.process_time, 0, self.copy
        start = clock()
        while True:
            for _ in range(_CLONE_BATCH):
                copy()
            done += _CLONE_BATCH
            spent = clock() - start
            if spent >= seconds:
                return done, spent


def interleave(sides: dict[str, Any], seconds: float) -> dict[str, float]:
    """Rates (per CPU second) of sides run in alternating slices, ``seconds`` each in all,
    so that load on a shared machine weighs on every side alike."""
    totals = dict.fromkeys(sides, (0, 0.0))
    for _ in range(_SLICES):
        for name, side in sides.items():
            done, spent = side.run(seconds / _SLICES)
            totals[name] = (totals[name][0] + done, totals[name][1] + spent)
    return {name: done / spent for name, (done, spent) in totals.items()}


def compare_openspiel(game: str, seconds: float, players: int) -> dict[str, float] | None:
    """Random-play decisions per CPU second of ours, then of each OpenSpiel reference game
    it has, interleaved; None without OpenSpiel."""
    pyspiel = openspiel()
    if pyspiel is None:
        return None
    sides: dict[str, Any] = {f"scarab {game}": RandomPlay(load(game), players)}
    for name in OPENSPIEL_GAMES:
        try:
            sides[f"OpenSpiel {name}"] = SpielRandomPlay(pyspiel, name)
        except Exception:  # an OpenSpiel build without this game (SpielError): leave it out
            continue
    return interleave(sides, seconds)


def compare_chess(game: str, seconds: float, players: int) -> dict[str, float] | None:
    """clone() of a mid-game state against python-chess's ``Board.copy(stack=False)`` of a
    board ten moves in, per CPU second, interleaved; None without python-chess."""
    try:
        chess = importlib.import_module("chess")
    except ImportError:
        return None
    board = chess.Board()
    for san in ("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"):
        board.push_san(san)
    state = mid_game(load(game), players)
    sides = {
        f"scarab {game} clone()": Copies(state.clone),
        CHESS_PEER: Copies(lambda: board.copy(stack=False)),
    }
    return interleave(sides, seconds)


# ---- PettingZoo ----------------------------------------------------------------
class RandomAEC:
    """Random masked play on one AEC environment, in slices, so that two can take turns."""

    def __init__(self, make: Callable[[], Any], seed: int = 0) -> None:
        self.env, self.seed = make(), seed
        self._reset()

    def _reset(self) -> None:
        self.env.reset(seed=self.seed)
        for agent in self.env.possible_agents:
            self.env.action_space(agent).seed(self.seed)
        self.seed += 1

    def run(self, seconds: float) -> tuple[int, float]:
        """Play about ``seconds`` of CPU time: (decisions made, CPU seconds spent)."""
        env, clock = self.env, time.process_time
        decisions, start = 0, clock()
        while True:
            for _ in range(16):  # steps between clock reads
                if not env.agents:
                    self._reset()
                agent = env.agent_selection
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                else:
                    env.step(int(env.action_space(agent).sample(obs["action_mask"])))
                    decisions += 1
            spent = clock() - start
            if spent >= seconds:
                return decisions, spent


def compare_pettingzoo(game: str, seconds: float, players: int) -> dict[str, float] | None:
    """Steps/s (decisions per CPU second) of our AEC env, then of connect_four_v3, interleaved;
    None when PettingZoo's classic games (they need pygame) cannot be imported."""
    try:  # connect_four_v3's own module; the pettingzoo.classic alias warns of a new API
        from pettingzoo.classic.connect_four.connect_four import env as connect_four

        from scarab.adapters.pettingzoo import env
    except ImportError:
        return None
    sides = {
        f"scarab {game}": RandomAEC(lambda: env(game, players)),
        PETTINGZOO_PEER: RandomAEC(connect_four),
    }
    return interleave(sides, seconds)


def _ratio_table(title: str, unit: str, rates: dict[str, float]) -> Table:
    """Rates of interleaved sides, each as a ratio of the first (ours) to it."""
    from rich.table import Table

    names = list(rates)
    ours = rates[names[0]]
    table = Table(title=title)
    table.add_column("side")
    table.add_column(unit, justify="right")
    table.add_column(f"{names[0]} ÷ it", justify="right")
    for name, rate in rates.items():
        table.add_row(name, _rate(rate), f"{ours / rate:.2f}x")
    return table


# ---- the command ----------------------------------------------------------------
def machine() -> str:
    cpus = os.cpu_count() or 0
    return (
        f"{platform.platform()}, {platform.machine()}, {cpus} CPUs; "
        f"{platform.python_implementation()} {platform.python_version()}"
    )


def _rate(x: float) -> str:
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}"


def bench_main(game: str, seconds: float, players: int | None) -> int:
    from rich.console import Console
    from rich.table import Table

    g = load(game)
    n = seats(g, players)
    try:  # refused before anything is measured or said
        g.new_game(n, seed=0)
    except BadOption as exc:
        raise BadOption(f"the bench cannot play {g.title} with {n} player(s): {exc}") from None
    console = Console()
    console.print(f"benchmarking {g.title}, {n} players, {seconds:g} s per measurement")
    results = measure(game, seconds, n)
    table = Table(title=f"{g.title} ({n} players)")
    table.add_column("metric")
    table.add_column("value", justify="right")
    for metric in METRICS:
        table.add_row(metric, _rate(results[metric]))
    console.print(table)
    console.print(f"machine: {machine()}", markup=False, highlight=False)
    caps = Table(title="hostile input at the size caps: worst of 3, refused")
    caps.add_column("input")
    caps.add_column("seconds", justify="right")
    for what, secs in hostile_inputs(game).items():
        caps.add_row(what, f"{secs:.4f}")
    console.print(caps)
    comparisons = (
        (
            compare_pettingzoo(game, seconds, n),
            NO_PETTINGZOO,
            f"PettingZoo AEC, random masked play ({n} p.), CPU time, interleaved",
            "steps/s",
        ),
        (
            compare_openspiel(game, seconds, n),
            NO_OPENSPIEL,
            f"random play ({n} p.), same loop, CPU time, interleaved; "
            "OpenSpiel's chance outcomes drawn, not counted",
            DECISIONS,
        ),
        (
            compare_chess(game, seconds, n),
            NO_CHESS,
            "copies of a mid-game state, CPU time, interleaved",
            CLONES,
        ),
    )
    for rates, missing, title, unit in comparisons:
        if rates is None:
            console.print(missing, markup=False, highlight=False, soft_wrap=True)
        else:
            console.print(_ratio_table(title, unit, rates))
    return 0
