"""Luxor's rules: setup, legal actions and the forward model.

Clause ids (see clauses.toml) mark where each rule lives.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from scarab.core.game import Event
from scarab.core.refusal import Reason, Term, word
from scarab.core.rng import Rng
from scarab.games.luxor import data as D
from scarab.games.luxor.actions import (
    BACKWARD,
    CARD_PLAYS,
    FORWARD,
    GOES,
    LuxorAction,
    action,
    pos_text,
)
from scarab.games.luxor.scoring import final_scoring

if TYPE_CHECKING:
    from scarab.core.game import Game
    from scarab.games.luxor.state import LuxorState

PLAY, DIE, ACT, CHOICE, OVER = range(5)
CH = D.CHAMBER


# ---- setup ------------------------------------------------------------------
def new_state(game: Game[LuxorAction], names: tuple[str, ...], seed: int) -> LuxorState:
    """LUX-SETUP-*: board, supplies, hands and stacks dealt from the seed."""
    from scarab.games.luxor.state import LuxorState

    n = len(names)
    rng = Rng(seed)
    s = LuxorState.__new__(LuxorState)
    s.game, s.names, s.seed, s.options = game, names, seed, {}
    s.date = datetime.date.today().isoformat()
    s.rng = rng
    tile_kind = [D.EMPTY] * (CH + 1)
    tile_arg = [0] * (CH + 1)
    osiris = list(D.OSIRIS_TILES)
    rng.shuffle(osiris)  # LUX-SETUP-OSIRIS
    for space in D.OSIRIS_SPACES:
        tile_kind[space], tile_arg[space] = D.OSIRIS, osiris.pop()
    s.osiris_box = osiris
    for space, eyes in D.HORUS_SPACES:  # LUX-SETUP-HORUS-TILES
        tile_kind[space], tile_arg[space] = D.HORUS, eyes
    treasures = list(range(len(D.TREASURES)))
    rng.shuffle(treasures)  # LUX-SETUP-TREASURES
    for space in D.TREASURE_SPACES:
        tile_kind[space], tile_arg[space] = D.TREASURE, treasures.pop()
    set_board(s, tile_kind, tile_arg)
    s.temple = []
    for stack in map(list, D.TEMPLE_STACKS):  # LUX-SETUP-TEMPLE
        rng.shuffle(stack)
        s.temple.append(tuple(stack))
    deck = list(range(D.NUM_BASIC))
    rng.shuffle(deck)  # LUX-SETUP-DEAL
    s.hands = [[deck.pop() for _ in range(D.HAND_SIZE)] for _ in range(n)]
    s.known = [() for _ in range(n)]
    s.draw, s.discard = deck, []
    s.horus = [()]
    for level in D.HORUS_LEVELS:  # LUX-SETUP-HORUS-CARDS
        stack = [c for c in range(D.NUM_BASIC, len(D.CARDS)) if D.CARDS[c].level == level]
        rng.shuffle(stack)
        s.horus.append(tuple(stack))
    s.scarab_supply = list(D.SCARABS)
    rng.shuffle(s.scarab_supply)
    s.wild_supply, s.key_supply, s.key_space = D.WILD_TILES, D.KEYS, 0
    s.sarcophagi = list(D.SARCOPHAGI)
    s.chamber = []
    s.adv = [[D.STAIRS, D.STAIRS] for _ in range(n)]  # LUX-SETUP-ADVENTURERS
    s.sleep = [(1 << len(D.STATUES)) - 1] * n
    s.score, s.keys, s.wilds = [0] * n, [0] * n, [0] * n
    s.scarabs = [() for _ in range(n)]
    s.treasures = [() for _ in range(n)]
    s.sarcs = [() for _ in range(n)]
    s.seat, s.round, s.phase, s.die = 0, 1, PLAY, 0
    s.one_less = s.took_horus = s.round_could_move = False
    s.choices, s.act_spaces = (), ()
    s.final, s.hist, s.legal = None, None, None
    s.sampled = False
    return s


def links(tile_kind: list[int]) -> tuple[list[int], list[tuple[int, ...]]]:
    """For every position: the previous tile (0 if none) and the next MAX_STEPS positions
    a forward move reaches, ending at the chamber (LUX-MOVE-TILES, LUX-CHAMBER-EXACT).

    Empty spaces are skipped, so this changes only when a space empties.
    """
    ahead: list[tuple[int, ...]] = [()] * (CH + 1)
    chain: tuple[int, ...] = (CH,)
    for pos in range(CH - 1, -1, -1):
        ahead[pos] = chain
        if pos and tile_kind[pos] != D.EMPTY:
            chain = (pos, *chain[: D.MAX_STEPS - 1])
    tile_behind = [0] * (CH + 1)
    behind = 0
    for pos in range(1, CH + 1):
        tile_behind[pos] = behind
        if pos < CH and tile_kind[pos] != D.EMPTY:
            behind = pos
    return tile_behind, ahead


def set_board(s: LuxorState, tile_kind: list[int], tile_arg: list[int]) -> None:
    """Replace the board tables (shared with clones, so never mutated in place)."""
    s.tile_kind, s.tile_arg = tile_kind, tile_arg
    s.tile_behind, s.ahead = links(tile_kind)


# ---- movement ---------------------------------------------------------------
def dest(s: LuxorState, src: int, n: int) -> int:
    """Where n tile-steps forward from src end, or -1 past the chamber (LUX-MOVE-TILES)."""
    ahead = s.ahead[src]
    return ahead[n - 1] if n <= len(ahead) else -1


def reach(s: LuxorState, src: int, has_key: bool) -> int:
    """The most tiles an adventurer on src may move forward (the chamber needs a key)."""
    ahead = s.ahead[src]
    return len(ahead) if has_key or ahead[-1] != CH else len(ahead) - 1


def can_forward(s: LuxorState, p: int, src: int, n: int) -> bool:
    d = dest(s, src, n)
    return d > 0 and (d != CH or s.keys[p] > 0)  # LUX-CHAMBER-EXACT, LUX-CHAMBER-KEY


def sources(s: LuxorState, p: int) -> list[int]:
    """Distinct positions of the seat's movable adventurers (the chamber is final)."""
    out: list[int] = []
    for a in s.adv[p]:
        if a != CH and (not out or out[-1] != a):
            out.append(a)
    return out


def last_target(s: LuxorState, p: int) -> tuple[int, int] | None:
    """(rearmost, second-rearmost) for "last to second-last" (LUX-HORUS-LAST)."""
    srcs = sources(s, p)
    if len(srcs) < 2:
        return None
    return srcs[-1], srcs[-2]


# ---- legal actions ----------------------------------------------------------
def legal_actions(s: LuxorState) -> list[LuxorAction]:
    if s.phase == PLAY:
        return play_actions(s)
    if s.phase == DIE:
        return die_actions(s)
    if s.phase == ACT:
        return [action("act", "", sp) for sp in s.act_spaces]
    if s.phase == CHOICE:
        return [action("take", what=w) for w in s.choices]
    return []


def play_actions(s: LuxorState) -> list[LuxorAction]:
    """LUX-HAND-ENDS: only the leftmost or rightmost card; LUX-NOMOVE when neither moves anyone."""
    p = s.seat
    hand = s.hands[p]
    srcs = sources(s, p)
    has_key = s.keys[p] > 0
    reaches = [(a, reach(s, a, has_key)) for a in srcs]
    out: list[LuxorAction] = []
    for side, card in (("L", hand[0]), ("R", hand[-1])):
        kind, n = D.CARD_KIND[card], D.CARD_N[card]
        forward = FORWARD[side]
        if kind == D.K_NUM or kind == D.K_LESS:
            out.extend(forward[a][n - 1] for a, most in reaches if n <= most)
        elif kind == D.K_RANGE:
            for a, most in reaches:
                out.extend(forward[a][: min(n, most)])
        elif kind == D.K_PM:
            for a, most in reaches:
                if most:
                    out.append(forward[a][0])
                if s.tile_behind[a]:  # LUX-CARD-PM-BACK
                    out.append(BACKWARD[side][a])
        elif kind == D.K_DIE or kind == D.K_RANGE_DIE:
            if any(most for _, most in reaches):
                out.append(CARD_PLAYS[side, "die"])
        elif kind == D.K_ALL:
            if any(n <= most for _, most in reaches):
                out.append(CARD_PLAYS[side, "all"])
        elif kind == D.K_LAST and len(srcs) > 1:  # LUX-EDGE-LAST
            out.append(CARD_PLAYS[side, "last"])
    return out or [CARD_PLAYS["L", "pass"], CARD_PLAYS["R", "pass"]]


def die_actions(s: LuxorState) -> list[LuxorAction]:
    """After a roll: exactly the roll (die card) or 1..roll (1-die card)."""
    p = s.seat
    lo = s.die if D.CARD_KIND[s.discard[-1]] == D.K_DIE else 1
    has_key = s.keys[p] > 0
    out: list[LuxorAction] = []
    for a in sources(s, p):
        out.extend(GOES[a][lo - 1 : min(s.die, reach(s, a, has_key))])
    return out


# ---- apply ------------------------------------------------------------------
def play(s: LuxorState, p: int, act: LuxorAction, ev: list[Event] | None) -> None:
    """The forward model for a legal action of seat p; events go to ev unless it is None."""
    verb = act.verb
    if s.phase == PLAY:
        card = s.hands[p].pop(0 if act.side == "L" else -1)
        s.discard.append(card)  # LUX-HAND-DISCARD
        if card >= D.NUM_BASIC and card in s.known[p]:
            i = s.known[p].index(card)
            s.known[p] = s.known[p][:i] + s.known[p][i + 1 :]
        s.round_could_move |= verb != "pass"  # LUX-END-STUCK: only a pass says it could not
        if ev is not None:
            ev.append(
                Event(
                    "play",
                    p,
                    f"{s.names[p]} plays {D.LABEL[card]} ({act.side})",
                    {"card": D.CODE[card], "side": act.side},
                )
            )
        if verb == "move":
            s.one_less = D.CARD_KIND[card] == D.K_LESS
            pending = move_and_land(s, p, act.src, act.steps, ev)
        elif verb == "die":
            s.die = s.rng.die()  # LUX-CARD-DIE
            if ev is not None:
                ev.append(Event("roll", p, f"rolled {s.die}", {"die": s.die}))
            s.phase = DIE
            if die_actions(s):
                return
            if ev is not None:
                ev.append(
                    Event("stuck", p, f"no adventurer can move with a {s.die}", {"die": s.die})
                )
            pending = False
        elif verb == "all":
            pending = advance_all(s, p, D.CARD_N[card], ev)
        elif verb == "last":
            rear, target = last_target(s, p)  # type: ignore[misc]
            relocate(s, p, rear, target, ev)
            pending = land(s, p, target, ev)
        else:  # LUX-NOMOVE
            if ev is not None:
                ev.append(
                    Event(
                        "pass",
                        p,
                        f"{s.names[p]} cannot move and discards {D.LABEL[card]}",
                        {"card": D.CODE[card]},
                    )
                )
            pending = False
    elif verb == "go":
        s.one_less = False
        pending = move_and_land(s, p, act.src, act.steps, ev)
    elif verb == "act":
        pending = land(s, p, act.src, ev)
    else:  # a choice of two: a Horus tile's offers a key, a Favour of Horus two cards
        take(s, p, act.what, ev, favor="key" not in s.choices)
        pending = False
    if not pending:
        end_turn(s, p, ev)


def move_and_land(s: LuxorState, p: int, src: int, steps: int, ev: list[Event] | None) -> bool:
    to = s.tile_behind[src] if steps < 0 else dest(s, src, steps)
    to = step_to(s, p, src, to, ev)
    return to != CH and land(s, p, to, ev)


def step_to(s: LuxorState, p: int, src: int, to: int, ev: list[Event] | None) -> int:
    """Move one adventurer, enter the chamber or ride Osiris tiles; returns where it stops."""
    relocate(s, p, src, to, ev)
    while s.tile_kind[to] == D.OSIRIS:  # LUX-OSIRIS: never stops on an Osiris tile; chains
        push = s.tile_arg[to]
        d = dest(s, to, push)
        if (d == CH and s.keys[p] == 0) or d < 0:  # LUX-EDGE-OSIRIS-CHAMBER
            d = s.tile_behind[CH]
        if ev is not None:
            ev.append(Event("osiris", p, f"Osiris {push} carries it on", {"osiris": push}))
        if d == to:
            break
        relocate(s, p, to, d, ev)
        to = d
    return to


def relocate(s: LuxorState, p: int, src: int, to: int, ev: list[Event] | None) -> None:
    """Move one of p's adventurers from src to to; wake sleepers passed; enter the chamber."""
    advs = s.adv[p]
    advs.remove(src)
    advs.append(to)
    if ev is not None:
        ev.append(
            Event(
                "move", p, f"adventurer {pos_text(src)} -> {pos_text(to)}", {"from": src, "to": to}
            )
        )
    if to > src and s.sleep[p]:
        for i, after in enumerate(D.STATUES):  # LUX-WAKE
            if src <= after < to and s.sleep[p] >> i & 1:
                s.sleep[p] &= ~(1 << i)
                advs.append(D.STAIRS)
                if ev is not None:
                    ev.append(
                        Event(
                            "wake",
                            p,
                            f"woke the adventurer at Anubis statue {i + 1}",
                            {"statue": i},
                        )
                    )
    advs.sort(reverse=True)
    if to == CH:
        enter_chamber(s, p, ev)


def enter_chamber(s: LuxorState, p: int, ev: list[Event] | None) -> None:
    """LUX-CHAMBER-KEY: a key is spent; LUX-CHAMBER-SARC: 5, then 3, then nothing."""
    s.keys[p] -= 1
    s.key_space += 1
    s.chamber.append(p)
    sarc = s.sarcophagi.pop(0) if s.sarcophagi else 0
    if sarc:
        s.sarcs[p] += (sarc,)
    if ev is not None:
        ev.append(
            Event(
                "chamber",
                p,
                f"entered the tomb chamber (key spent, sarcophagus {sarc or 'none'})",
                {"sarcophagus": sarc},
            )
        )


def advance_all(s: LuxorState, p: int, n: int, ev: list[Event] | None) -> bool:
    """LUX-HORUS-ALL: every active adventurer, nearest the chamber first; then the player
    picks one moved adventurer to perform its space's action, even one whose space does
    nothing (or the chamber), so no action is ever forced while there is a choice."""
    moved: set[int] = set()
    for src in [a for a in s.adv[p] if a != CH]:
        if can_forward(s, p, src, n):  # LUX-EDGE-ALL-STAY
            moved.add(step_to(s, p, src, dest(s, src, n), ev))
    if len(moved) > 1:
        s.phase, s.act_spaces = ACT, tuple(sorted(moved))
        return True
    return bool(moved) and land(s, p, moved.pop(), ev)


def next_tunnel(s: LuxorState, sp: int) -> int:
    for q in range(sp + 1, CH):
        if s.tile_kind[q] == D.TEMPLE and s.tile_arg[q] == D.F_TUNNEL:
            return q
    return 0


def rewards(s: LuxorState, front: int) -> tuple[str, ...]:
    """The rewards a temple front offers now (LUX-EDGE-SUPPLY: none from an empty supply)."""
    if front == D.F_SCARAB:
        return ("scarab",) if s.scarab_supply else ()
    if front == D.F_WILD:
        return ("wild",) if s.wild_supply else ()
    if front == D.F_SCARAB_OR_WILD:
        return tuple(w for w, ok in (("scarab", s.scarab_supply), ("wild", s.wild_supply)) if ok)
    levels = (1, 2) if front == D.F_HORUS12 else (2, 3)
    return tuple(f"h{lv}" for lv in levels if s.horus[lv])  # LUX-TEMPLE-FAVOR


def land(s: LuxorState, p: int, sp: int, ev: list[Event] | None) -> bool:
    """Perform the tile action on sp; True when a reward choice is now pending."""
    k = s.tile_kind[sp]
    if k == D.TREASURE:
        t = D.TREASURES[s.tile_arg[sp]]
        need = t.need - (1 if s.one_less else 0)  # LUX-HORUS-LESS
        if s.adv[p].count(sp) >= need:  # LUX-TREASURE-NEED
            loot(s, p, sp, ev)
        return False
    if k == D.HORUS:  # LUX-HORUS-TILE
        eyes = s.tile_arg[sp]
        opts = tuple(w for w, ok in (("key", s.key_supply), (f"h{eyes}", s.horus[eyes])) if ok)
    elif k == D.TEMPLE:
        f = s.tile_arg[sp]
        if f == D.F_TUNNEL:  # LUX-TEMPLE-TUNNEL
            q = next_tunnel(s, sp)
            if q:
                if ev is not None:
                    ev.append(Event("tunnel", p, f"tunnel from {sp} to {q}", {"from": sp, "to": q}))
                relocate(s, p, sp, q, ev)
            return False
        opts = rewards(s, f)
    else:
        return False
    if len(opts) > 1:
        s.phase, s.choices = CHOICE, opts
        return True
    if opts:
        take(s, p, opts[0], ev, favor=k == D.TEMPLE)
    return False


def loot(s: LuxorState, p: int, sp: int, ev: list[Event] | None) -> None:
    """LUX-TREASURE-TAKE: score at once; LUX-TEMPLE-REVEAL under an icon, no action."""
    tid = s.tile_arg[sp]
    t = D.TREASURES[tid]
    s.treasures[p] += (tid,)
    s.score[p] += t.vp
    name = D.TREASURE_TYPES[t.type]
    if ev is not None:
        ev.append(
            Event("loot", p, f"looted a {t.vp}-VP {name}", {"space": sp, "type": name, "vp": t.vp})
        )
    tile_kind, tile_arg = s.tile_kind[:], s.tile_arg[:]
    back = D.ICON[sp]
    if back >= 0 and s.temple[back]:
        front = s.temple[back][-1]
        s.temple[back] = s.temple[back][:-1]
        tile_kind[sp], tile_arg[sp] = D.TEMPLE, front
        s.tile_kind, s.tile_arg = tile_kind, tile_arg
        if ev is not None:
            ev.append(
                Event(
                    "reveal",
                    p,
                    f"revealed a {D.tile_words(D.FRONTS[front])} tile on {sp}",
                    {"space": sp, "front": D.FRONTS[front]},
                )
            )
    else:
        tile_kind[sp], tile_arg[sp] = D.EMPTY, 0
        set_board(s, tile_kind, tile_arg)


def take(s: LuxorState, p: int, what: str, ev: list[Event] | None, favor: bool) -> None:
    """Take a reward; ``favor``: a Horus card by a Favour of Horus (LUX-TEMPLE-FAVOR), not
    a Horus tile (the log's "why" cites the one it was)."""
    if what == "key":
        s.key_supply -= 1
        s.keys[p] += 1
        if ev is not None:
            ev.append(Event("key", p, "took a key", {}))
    elif what == "scarab":  # LUX-TEMPLE-SCARAB: drawn secretly
        v = s.scarab_supply.pop()
        s.scarabs[p] += (v,)
        if ev is not None:
            ev.append(
                Event("scarab", p, f"drew a {v}-VP scarab", {"vp": v}, p, "drew a scarab", {})
            )
    elif what == "wild":  # LUX-TEMPLE-WILD
        s.wild_supply -= 1
        s.wilds[p] += 1
        if ev is not None:
            ev.append(Event("wild", p, "took a wild treasure tile", {}))
    else:  # a Horus card, into the middle of the hand; no draw this turn (LUX-HORUS-CARD)
        level = int(what[1])
        card = s.horus[level][-1]
        s.horus[level] = s.horus[level][:-1]
        hand = s.hands[p]
        hand.insert(len(hand) // 2, card)
        s.known[p] += (card,)  # everyone saw it leave the face-up stack
        s.took_horus = True
        if ev is not None:
            ev.append(
                Event(
                    "horus",
                    p,
                    f"took the Horus card {D.LABEL[card]}",
                    {"card": D.CODE[card], "favor": True} if favor else {"card": D.CODE[card]},
                )
            )


def end_turn(s: LuxorState, p: int, ev: list[Event] | None) -> None:
    """LUX-DRAW; then the next seat; LUX-END-ROUND at the end of a round."""
    if not s.took_horus:
        card = s.draw.pop()
        hand = s.hands[p]
        hand.insert(len(hand) // 2, card)  # LUX-HAND-MIDDLE
        if ev is not None:
            ev.append(
                Event(
                    "draw",
                    p,
                    f"drew {D.LABEL[card]}",
                    {"card": D.CODE[card]},
                    p,
                    "drew a card",
                    {},
                )
            )
        # LUX-RESHUFFLE: the moment the pile runs out, never later (the discard
        # holds at least this turn's card, so the new pile is never empty)
        if not s.draw:
            s.draw, s.discard = s.discard, []
            s.rng.shuffle(s.draw)
            if ev is not None:
                ev.append(
                    Event(
                        "reshuffle", None, "the discard pile is shuffled into a new draw pile", {}
                    )
                )
    s.phase, s.die, s.one_less, s.took_horus = PLAY, 0, False, False
    s.choices, s.act_spaces = (), ()
    s.seat = (p + 1) % len(s.names)
    if s.seat == 0:
        if len(s.chamber) >= 2 or not s.round_could_move:  # LUX-END-CHAMBER, LUX-END-STUCK
            finish(s, ev)
            return
        s.round += 1
        s.round_could_move = False


def finish(s: LuxorState, ev: list[Event] | None) -> None:
    s.phase = OVER
    s.final = [final_scoring(s, p) for p in range(len(s.names))]
    for p, b in enumerate(s.final):
        s.score[p] += b.total
        if ev is not None:
            ev.append(Event("final", p, f"{s.names[p]}: {b.text()}", b.to_json()))


def winners(s: LuxorState) -> list[int]:
    """LUX-WIN: most VP; a tie goes to the best sarcophagus, else it is shared."""
    best = max(s.score)
    tied = [p for p, v in enumerate(s.score) if v == best]
    top = max(max(s.sarcs[p], default=0) for p in tied)
    if top == 0:
        return tied
    return [p for p in tied if max(s.sarcs[p], default=0) == top]


# ---- errors -----------------------------------------------------------------
_MUST = {PLAY: "play", DIE: "die", ACT: "act", CHOICE: "choice"}
_WANTS = {
    PLAY: {"move", "die", "all", "last", "pass"},
    DIE: {"go"},
    ACT: {"act"},
    CHOICE: {"take"},
}


def _card(c: int) -> Term:
    card = D.CARDS[c]
    return Term(f"luxor.term.card.{card.code}", card.label)


def why(s: LuxorState, act: LuxorAction) -> Reason:
    """Why ``act`` is not legal for the seat to decide (luxor/refusals.toml)."""
    p = s.seat
    if act.verb not in _WANTS[s.phase]:
        return Reason(f"luxor.refuse.must.{_MUST[s.phase]}", roll=s.die)
    if s.phase == PLAY:
        c = s.hands[p][0 if act.side == "L" else -1]
        card, side = D.CARDS[c], word(f"luxor.refuse.side.{act.side}")
        if act.verb == "pass":
            return Reason("luxor.refuse.pass")
        fits = {
            "move": card.kind in (D.K_NUM, D.K_LESS, D.K_RANGE, D.K_PM),
            "die": card.kind in (D.K_DIE, D.K_RANGE_DIE),
            "all": card.kind == D.K_ALL,
            "last": card.kind == D.K_LAST,
        }[act.verb]
        if not fits:
            return Reason("luxor.refuse.card_is", side=side, card=_card(c))
        if act.verb == "move":
            if (
                (card.kind in (D.K_NUM, D.K_LESS) and act.steps != card.n)
                or (card.kind == D.K_RANGE and not 1 <= act.steps <= card.n)
                or (card.kind == D.K_PM and abs(act.steps) != 1)
            ):
                return Reason(
                    "luxor.refuse.card_steps", side=side, card=_card(c), steps=f"{act.steps:+d}"
                )
            return movement_reason(s, p, act.src, act.steps)
        return Reason("luxor.refuse.card_stuck", card=_card(c))
    if s.phase == DIE:
        return movement_reason(s, p, act.src, act.steps, s.die)
    if s.phase == ACT:
        return Reason("luxor.refuse.act_where", space=pos_text(act.src))
    return Reason("luxor.refuse.not_offered", reward=act.what)


def movement_reason(s: LuxorState, p: int, src: int, steps: int, roll: int = 0) -> Reason:
    if src not in sources(s, p):
        return Reason("luxor.refuse.no_adventurer", space=pos_text(src))
    if roll and not (
        steps == roll or (D.CARD_KIND[s.discard[-1]] == D.K_RANGE_DIE and 1 <= steps <= roll)
    ):
        return Reason("luxor.refuse.roll", roll=roll)
    if steps < 0:
        return Reason("luxor.refuse.behind")
    d = dest(s, src, steps)
    if d < 0:
        return Reason("luxor.refuse.overshoot", steps=steps, space=pos_text(src))
    if d == CH and s.keys[p] == 0:
        return Reason("luxor.refuse.key")
    return Reason("luxor.refuse.impossible")
