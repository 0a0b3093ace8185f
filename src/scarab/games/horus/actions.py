"""Pyramid of Horus actions and their notation.

=====================  ==========================================================
``choose gore e1``     setup: play David Gore, starting on entrance e1
``move n``             move one square north (n, e, s, w); 1 action
``search``             draw from the deck of the area you stand in; 1 action
``open``               turn the sarcophagus beside you face up; 1 action
``take``               take the open sarcophagus card beside you; 1 action
``pick``               roll the five dice at the alcove beside you; 1 action
``reroll 1,3``         reroll those dice (1 = first) of a failed attempt; 1 action
``crowbar``            discard a crowbar: it stands for the one face still missing
``discard crowbar``    drop a treasure, idol or equipment card (phase 1, or when
                       a thirteenth card arrives)
``bag hededet3``       put a treasure into a bag with room
``antidote snake``     discard an antidote and a snake (or scorpion) wound
``medikit block``      discard a medi-kit and a block (or crocodile) wound
``udjat``              discard an udjat: see this round's block, then
``keep`` / ``swap``    keep it set aside, or swap it unseen for another
``shoot`` ``dodge``    abilities (once per game); ``accept`` declines a reaction
``stamina`` ``read`` ``clairvoyance`` ``reflexes`` ``lockpick`` ``swim``
``jump w``             leap off a square a block falls on
``end``                end your turn (or your phase 1 discards)
=====================  ==========================================================

Cards are named by god and value (``sobek4``), ``<god>-idol`` or their own name;
cards with one name are alike. Actions are interned: equal fields, same object.
"""

from __future__ import annotations

from scarab.core.refusal import Reason, Term, either, unreadable
from scarab.games.horus import data as D


class HorusAction:
    """One decision; equal fields give the very same object."""

    __slots__ = ("arg", "verb")
    verb: str
    arg: str

    def __new__(cls, verb: str, arg: str = "") -> HorusAction:
        key = (verb, arg)
        a = _INTERN.get(key)
        if a is None:
            a = _INTERN[key] = object.__new__(cls)
            object.__setattr__(a, "verb", verb)
            object.__setattr__(a, "arg", arg)
        return a

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("HorusAction is immutable")

    def __reduce__(self) -> tuple[type[HorusAction], tuple[str, str]]:
        return (HorusAction, (self.verb, self.arg))

    def __str__(self) -> str:
        return f"{self.verb} {self.arg}" if self.arg else self.verb

    def __repr__(self) -> str:
        return f"<{self}>"


_INTERN: dict[tuple[str, str], HorusAction] = {}

# Verbs without an argument.
PLAIN = (
    "search",
    "open",
    "take",
    "pick",
    "crowbar",
    "udjat",
    "keep",
    "swap",
    "accept",
    "end",
    "shoot",
    "dodge",
    "stamina",
    "read",
    "clairvoyance",
    "reflexes",
    "lockpick",
    "swim",
)
COSTS_ACTION = frozenset(("move", "search", "open", "take", "pick", "reroll"))
_WORDS = {"north": "n", "east": "e", "south": "s", "west": "w"}
_WOUND_CURES = {"antidote": ("snake", "scorpion"), "medikit": ("crocodile", "block")}
FORMS = (
    "'choose gore e1', 'move n', 'search', 'open', 'take', 'pick', 'reroll 1,3', "
    "'crowbar', 'discard crowbar', 'bag sobek4', 'antidote snake', 'medikit block', "
    "'udjat', 'keep', 'swap', 'jump w', 'accept', 'end', 'shoot', 'dodge', 'stamina', "
    "'read', 'clairvoyance', 'reflexes', 'lockpick', 'swim'"
)

BACK = {d: D.DIRS[(i + 2) % 4] for i, d in enumerate(D.DIRS)}  # the move that walks one back
END = HorusAction("end")
ACCEPT = HorusAction("accept")


def move(d: str) -> HorusAction:
    return HorusAction("move", d)


def jump(d: str) -> HorusAction:
    return HorusAction("jump", d)


def reroll(dice: tuple[int, ...]) -> HorusAction:
    """Dice are 0-based here; the notation counts from 1."""
    return HorusAction("reroll", ",".join(str(i + 1) for i in sorted(dice)))


def reroll_dice(a: HorusAction) -> tuple[int, ...]:
    return tuple(int(i) - 1 for i in a.arg.split(","))


def parse(text: str) -> HorusAction:
    """Read notation (case and spacing do not matter); UnreadableAction if unreadable."""
    words = " ".join(text.lower().split()).replace(" ,", ",").replace(", ", ",").split()
    if not words:
        raise unreadable(Reason("horus.refuse.parse.empty", forms=FORMS))
    verb, rest = words[0], words[1:]
    if verb in PLAIN and not rest:
        return HorusAction(verb)
    if verb in ("move", "jump") and len(rest) == 1:
        d = _WORDS.get(rest[0], rest[0])
        if d in D.DIRS:
            return HorusAction(verb, d)
        raise unreadable(Reason("horus.refuse.parse.direction", word=repr(rest[0])))
    if verb == "reroll" and len(rest) == 1:
        try:
            dice = sorted({int(i) for i in rest[0].split(",")})
        except ValueError:
            dice = []
        if dice and all(1 <= i <= D.NUM_DICE for i in dice):
            return HorusAction("reroll", ",".join(map(str, dice)))
        raise unreadable(Reason("horus.refuse.parse.reroll", n=D.NUM_DICE))
    if verb in ("discard", "bag") and len(rest) == 1:
        if rest[0] in D.CARD_NAMES:
            return HorusAction(verb, rest[0])
        raise unreadable(Reason("horus.refuse.parse.card", word=repr(rest[0])))
    if verb in _WOUND_CURES and len(rest) == 1:
        if rest[0] in _WOUND_CURES[verb]:
            return HorusAction(verb, rest[0])
        wounds = [Term(f"horus.term.card.{w}", w) for w in _WOUND_CURES[verb]]
        raise unreadable(
            Reason(f"horus.refuse.parse.{verb}", wounds=either(wounds), word=repr(rest[0]))
        )
    if verb == "choose" and len(rest) == 2:
        if rest[0] not in D.ADVENTURERS:
            names = ", ".join(D.ADVENTURERS)
            raise unreadable(
                Reason("horus.refuse.parse.adventurer", word=repr(rest[0]), adventurers=names)
            )
        if rest[1] not in D.EXIT_NAME:
            entrances = either(D.EXIT_NAME)
            raise unreadable(
                Reason("horus.refuse.parse.entrance", word=repr(rest[1]), entrances=entrances)
            )
        return HorusAction("choose", f"{rest[0]} {rest[1]}")
    raise unreadable(
        Reason("refuse.unreadable", text=repr(text.strip()), game="Horus", forms=FORMS)
    )
