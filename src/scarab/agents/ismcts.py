"""Information-set MCTS: a search over what the bot's seat could know, never the real game.

Each iteration samples one world with ``seat.determinize(rng)``, walks the
shared tree with the actions legal in that world (UCB1 with availability
counts, as in Cowling, Powley and Whitehouse's SO-ISMCTS), adds one node, plays
a short rollout (random, or with ``greedy_rollout`` a greedy choice by the search's
own value at each step) and backs up a reward for every seat, so the same tree
serves two to six players. A finished game rewards its winners with 1 (shared on a
tie). A rollout cut short after ``rollout_depth`` decisions (one number, or one per
game: random play helps in Luxor, and only greedy play helps in Pyramids and Horus,
where random marks and steps are mostly noise) is valued by the game's heuristic:
each seat's reward is a logistic of its lead over the best other seat, in units of
``value_scale`` points.

With ``own_turn`` (per game) the tree and the rollout stop where the seat's
turn ends, at the next decision of another seat, so that leaves are valued where
the seat hands over: in Horus a turn is several actions, and a value taken in the
middle of one seat's turn does not compare with one taken in another's. A seat that
closes one round and opens the next, and the last seat in play, hand over to no one
at the round's end and search on through it (stopping there too lost games in
Horus: docs/bots.md). Such a search values its leaves with the game's
``search_value`` where it has one (it counts the actions still in hand, since a
leaf may lie in the middle of the seat's turn), else ``evaluate``.

With ``win_chances`` (per game) a search whose rivals are all settled values its
leaves with the game's ``win_chances``, each seat's chance to win, where
the game has one: in Horus the last seat in play must beat scores already made, which
a lead in points misreads. The choice is made once per search, at the root, so that
one search never mixes the two scales, and a greedy rollout then chooses by win chances
too (by points it would go on looking for treasure that no longer matters). With
``tuned`` (per game) it values positions with the game's heuristic weights tuned by
play (``Game.heuristics.tuned``) where the game has them, not the greedy bot's
hand-set ones. With ``book`` (per game), of actions the search rated exactly
alike it takes the one that won most in measured play (``openings.toml``): Horus's
heuristic reads every opening alike, and the first listed is not the best.

Budgets: iterations, wall seconds, or forward-model calls (every applied
action, in the tree and in rollouts), whichever ends first. With an iteration
or call budget the bot is reproducible: the same seed gives the same move.
A ``temperature`` (per game) makes a weaker player: the move is drawn from the
search's own ratings, not taken as the most visited. ``never_drawn`` (per game) names
kinds of loss a person takes only on purpose, which the game tells apart (``Seat.slip``),
that the draw leaves out unless the search takes the action itself: in Horus
``gives_up``, an ``end`` that leaves a turn's actions unused, and ``walks_back``, a step
straight back where the seat came from this turn. A player does not stop or turn round
by a slip where they judge going on best; the value rates a turn given up close to one
used and is flat far from any find, so the draw ended one Horus turn in five with every
action unused, and then walked back and forth (docs/bots.md).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from scarab.agents.base import NOT_YET, Phrase, Seat, english
from scarab.agents.greedy import valuation_of
from scarab.agents.learned import LearnedValue, learned_value
from scarab.agents.openings import book_for
from scarab.agents.settings import Level, Search
from scarab.core.errors import IllegalAction
from scarab.core.game import JSON, Action, State
from scarab.core.valuation import Value, WinChances

A = TypeVar("A", bound=Action)  # the searched game's action type


class Node:
    """Statistics of one action, from the parent's decision; children by action."""

    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = [0.0] * players


class IsmctsAgent:
    """SO-ISMCTS with multi-seat rewards and heuristic-cut rollouts."""

    def __init__(
        self, seed: int | None = None, settings: Search | Level | None = None, name: str = "ismcts"
    ) -> None:
        self.rng = random.Random(seed)
        if not isinstance(settings, Level):
            settings = Level.same(name, settings or Search())
        self.level = settings  # the search for each game
        self._search = Search()  # for the game being searched
        self._learned: LearnedValue | None = None  # for the game being searched
        self._chances: WinChances[Any] | None = None  # for the game being searched
        self._book: Mapping[str, float] = {}  # for the game being searched
        self.name = name
        self.calls = 0  # forward-model calls of the last search
        self.iterations = 0  # iterations of the last search
        self._root: Node | None = None
        self._seat = 0
        self._par = 0.0  # alone at the table: the root's value, which rewards count from
        self._said = NOT_YET

    # ---- the search ---------------------------------------------------------
    def choose(self, seat: Seat[A]) -> A:
        legal = seat.legal_actions()
        if len(legal) == 1:
            self._root = None
            self._said = [("bot.only", {"action": str(legal[0])})]
            return legal[0]
        root = self.search(seat, legal)
        top = self.candidates(3)
        best: A = top[0][0]  # the candidates start with the action the search takes
        self._said = [
            ("bot.search.rated" if i == 0 else "bot.search.also", _rated(a, p, n))
            for i, (a, p, n) in enumerate(top)
        ]
        if root.children[best].visits < max(n.visits for n in root.children.values()):
            self._said.append(("bot.search.best_rated", {"action": str(best)}))
        alike = self._alike(root, best) if self._book else []
        if alike and self._share(best) > max(map(self._share, alike)):
            self._said.append(("bot.search.book", _book_said(best, self._share(best), alike)))
        heat = self._search.temperature
        if heat > 0:
            kept = _drawable(legal, best, self._search.never_drawn, seat.slip)
            act = self._draw(root, kept, heat)
            if act != best:
                self._said = [self._drawn(root, act, best, heat)]
            return act
        return best

    def _drawn(self, root: Node, act: Action, best: Action, heat: float) -> Phrase:
        """Why a level below expert played ``act``, not the search's ``best``: a draw at its
        temperature. A drawn action rated above the one the search takes (most visited,
        fewer samples behind its rating) is not called worse than it."""
        chance, best_chance = self._rating(root, act), self._rating(root, best)
        said = {
            "action": str(act),
            "chance": f"{chance:.0%}",
            "heat": f"{heat:g}",
            "best": str(best),
            "best_chance": f"{best_chance:.0%}",
        }
        return ("bot.search.drawn" if chance <= best_chance else "bot.search.drawn_visited", said)

    def _best(self, root: Node, legal: list[A]) -> A:
        """The most visited action, the better rated of equals (a small search ties often:
        taking the first, Horus's novice threw a treasure away when keeping it was rated 3
        times as likely to win); but where the leaves were win chances, the best rated of
        those visited at least half as often. Near a sure win, actions a few points of
        chance apart are visited alike, and a seat that could walk out the winner now
        would pick among them by noise and wait for a block to seal it in."""
        visits = {a: root.children[a].visits if a in root.children else -1 for a in legal}
        rated = {a: self._rating(root, a) if visits[a] > 0 else 0.0 for a in legal}
        if self._chances is None:
            return max(legal, key=lambda a: (visits[a], rated[a], self._share(a)))
        most = max(legal, key=lambda a: (visits[a], rated[a]))
        often = [a for a in legal if visits[a] * 2 >= visits[most]]
        return max(often, key=lambda a: (rated[a], visits[a], self._share(a)))

    def _share(self, act: Action) -> float:
        """``act``'s share of games won in measured play (the level's book), -1 if unmeasured:
        the last tie-break, for actions the search rated exactly alike."""
        return self._book.get(str(act), -1.0) if self._book else -1.0

    def _alike(self, root: Node, act: A) -> list[A]:
        """The other actions the search could not tell from ``act``: as many visits and
        the same rating."""
        seat, mine = self._seat, root.children[act]
        same = (mine.visits, mine.reward[seat])
        kids = root.children.items()
        return [a for a, n in kids if a != act and (n.visits, n.reward[seat]) == same]

    def _rating(self, root: Node, act: Action) -> float:
        child = root.children[act]
        return child.reward[self._seat] / child.visits if child.visits else 0.0

    def _draw(self, root: Node, legal: list[A], heat: float) -> A:
        """An action drawn with weight exp(rating / heat): close values are confused often,
        clearly worse ones seldom (a weaker player's mistakes, not random moves)."""
        rated = [(a, self._rating(root, a)) for a in legal if a in root.children]
        top = max(r for _, r in rated)
        weights = [math.exp((r - top) / heat) for _, r in rated]
        return self.rng.choices([a for a, _ in rated], weights)[0]

    def search(self, seat: Seat[A], legal: list[A]) -> Node:
        """Grow the tree for ``seat``'s decision within the budget; the root node."""
        self._seat = seat.seat
        game = seat.game.name
        self._search = s = self.level.for_game(game)
        self._learned = learned_value(game) if s.learned else None
        valuation = valuation_of(seat.game, s.tuned)
        self._chances = valuation.win_chances if s.win_chances else None
        self._book = book_for(game) if s.book else {}
        evaluate = valuation.leaf_value() if s.own_turn else valuation.evaluate
        root: Node | None = None
        allowed = set(legal)
        b = s.budget
        deadline = None if b.seconds is None else time.perf_counter() + b.seconds
        self.calls = self.iterations = 0
        while True:
            if b.iterations is not None and self.iterations >= b.iterations:
                break
            if b.calls is not None and self.calls >= b.calls:
                break
            if deadline is not None and self.iterations and time.perf_counter() >= deadline:
                break
            world = seat.determinize(self.rng)
            if root is None:
                self._par = float(evaluate(world, self._seat)) if world.num_players == 1 else 0.0
                if self._chances is not None and self._chances(world) is None:
                    self._chances = None  # a rival still looks: points, for all of this search
                root = self._seeded_root(world, legal, evaluate)
            self._iterate(root, world, allowed, evaluate)
            self.iterations += 1
        assert root is not None
        self._root = root
        return root

    def _seeded_root(self, world: State[A], legal: list[A], evaluate: Value[A]) -> Node:
        """The root with each legal action valued once by the heuristic, in the first world,
        worth ``prior`` visits: wide decisions start from the greedy order, not from noise."""
        root = Node(world.num_players)
        if self._search.prior <= 0:
            return root
        for act in legal:
            trial = world.clone()
            self._step(trial, act)
            child = root.children[act] = Node(world.num_players)
            child.visits = child.avail = self._search.prior
            child.reward = [self._search.prior * r for r in self._value(trial, evaluate)]
        return root

    def _iterate(self, root: Node, world: State[A], allowed: set[A], evaluate: Value[A]) -> None:
        path: list[Node] = []  # the nodes this iteration went through, below the root
        node = root
        at_root = True
        while not world.is_over:
            mover = world.current_player
            assert mover is not None
            if self._search.own_turn and mover != self._seat:
                break  # the turn is over: value it here, where every leaf is comparable
            legal = world.legal_actions()
            if at_root:
                legal = [a for a in legal if a in allowed]
                at_root = False
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.avail += 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                act = self.rng.choice(untried)
                child = node.children[act] = Node(world.num_players)
                child.avail = 1
                self._step(world, act)
                path.append(child)
                break
            act = self._select(node, legal, mover)
            self._step(world, act)
            node = node.children[act]
            path.append(node)
        reward = self._rollout(world, evaluate)
        for n in path:
            n.visits += 1
            for i, r in enumerate(reward):
                n.reward[i] += r
        root.visits += 1

    def _select(self, node: Node, legal: list[A], mover: int) -> A:
        c = self._search.exploration
        best, best_value = legal[0], -math.inf
        for a in legal:
            child = node.children[a]
            value = child.reward[mover] / child.visits + c * math.sqrt(
                math.log(child.avail) / child.visits
            )
            if value > best_value:
                best, best_value = a, value
        return best

    def _step(self, world: State[A], act: A) -> None:
        world.step(act)
        self.calls += 1

    def _rollout(self, world: State[A], evaluate: Value[A]) -> list[float]:
        search = self._search
        for _ in range(search.rollout_depth):
            if world.is_over or (search.own_turn and world.current_player != self._seat):
                break
            legal = world.legal_actions()
            act = self._greedy_choice(world, legal, evaluate) if search.greedy_rollout else None
            try:
                self._step(world, act if act is not None else self.rng.choice(legal))
            except IllegalAction:  # pragma: no cover - legal_actions() is always legal
                break
        return self._value(world, evaluate)

    def _greedy_choice(self, world: State[A], legal: list[A], evaluate: Value[A]) -> A | None:
        """The action the search's own value rates most for the mover, one ply ahead: a
        rollout that plays like a sensible player. In Horus that value counts the actions
        in hand, so a seat that closes the round ends its turn sooner than the greedy bot
        would (choosing as greedy does lost games: docs/bots.md). Once the search
        values leaves by win chances, so does the rollout: a seat far ahead of the settled
        scores has only to get out, and points would send it looking."""
        mover = world.current_player
        assert mover is not None
        best, best_value = None, -math.inf
        for act in legal:
            trial = world.clone()
            self._step(trial, act)
            if self._chances is not None:
                value = self._value(trial, evaluate)[mover]
            else:
                value = evaluate(trial, mover)
            if value > best_value:
                best, best_value = act, value
        return best

    def _value(self, world: State[A], evaluate: Value[A]) -> list[float]:
        """Each seat's reward for a position: 1 to the winners of a finished game, else the
        learned chance of winning (for a level that uses it), else the game's own win
        chances (``win_chances``, where the level asks and the game can tell), else a
        logistic of the seat's heuristic lead over the best other seat."""
        n = world.num_players
        if n == 1:  # a score attack: the gain over the root's value, the same logistic
            return [_logistic((float(evaluate(world, 0)) - self._par) / self._search.value_scale)]
        if world.is_over:
            return [world.win_share(i) for i in range(n)]
        if self._learned is not None:
            return [self._learned(world, i) for i in range(n)]
        if self._chances is not None:
            chances = self._chances(world)
            if chances is not None:
                return chances
        values = [float(evaluate(world, i)) for i in range(n)]
        return [
            _logistic((v - max(values[j] for j in range(n) if j != i)) / self._search.value_scale)
            for i, v in enumerate(values)
        ]

    # ---- what it says -------------------------------------------------------
    def candidates(self, k: int = 3) -> list[tuple[Any, float, int]]:
        """The last search's top ``k`` actions: (action, mean reward, visits), the one it
        takes first (``_best``), then by visits.

        The mean reward is 1 for a won game and, for a rollout cut short, the seat's
        place between the worst (0) and best (1) seat: read it as a win chance."""
        if self._root is None:
            return []
        best = self._best(self._root, list(self._root.children))
        children = self._root.children.items()
        ranked = sorted(children, key=lambda kv: (kv[0] != best, -kv[1].visits))[:k]
        return [
            (a, n.reward[self._seat] / n.visits if n.visits else 0.0, n.visits) for a, n in ranked
        ]

    def explain(self) -> str:
        return english(self._said)

    def said(self) -> list[Phrase]:
        return list(self._said)

    def __repr__(self) -> str:
        return f"<IsmctsAgent {self.name}>"


def _drawable(
    legal: list[A], best: A, never: frozenset[str], slip: Callable[[A], str | None]
) -> list[A]:
    """The actions a temperature may draw: all but those whose kind of slip is named in
    ``never``, unless the search takes that one itself."""
    if not never:
        return legal
    return [a for a in legal if a == best or slip(a) not in never]


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


def _book_said(act: Action, share: float, alike: Sequence[Action]) -> dict[str, JSON]:
    return {"action": str(act), "share": f"{share:.0%}", "n": len(alike)}


def _rated(act: Action, chance: float, visits: int) -> dict[str, JSON]:
    return {"action": str(act), "chance": f"{chance:.0%}", "n": visits}
