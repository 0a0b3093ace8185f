"""The Pyramid of Horus in the terminal, drawn with rich from one seat's view.

Everything here reads a ``view`` dict (``state.view(seat)``) and events
already filtered for the viewer; nothing reads the game state, so nothing
hidden can be drawn: a sarcophagus another seat read, or a block another seat
saw with an udjat, is not in the view. The printed board (areas, walls,
doors, block numbers, where sarcophagi and alcoves stand) comes from the data
file, as it lies on the table for everyone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.table import Table
from rich.text import Text

from scarab.core.game import JSON
from scarab.games.horus import data as D
from scarab.games.horus.describe import describe as describe  # the English words, for tests
from scarab.games.horus.describe import final_rows, phrase
from scarab.terminal.common import markers, score_table, seats_frame, t

SEAT_COLOURS = (
    "bright_cyan",
    "bright_yellow",
    "bright_magenta",
    "bright_green",
    "bright_red",
    "bright_white",
)
DIE_STYLE = {
    "yellow": "bold yellow",
    "green": "bold green",
    "blue": "bold blue",
    "black": "bold white on grey11",
    "red": "bold red",
}
# Backgrounds: the three rooms, and the corridor by section (row 0 is Horus's).
AREA_BG = {"s": "on #5f4b1e", "w": "on #1c3d5a", "r": "on #1e4020"}
SECTION_BG = {"horus": "on #4b2f5a", "anubis": "on #3a3a3a", "thoth": "on #234b4b"}
GOD_SHORT = {"horus": "Ho", "anubis": "An", "thoth": "Th", "hededet": "He", "sobek": "So"}
ARROW = {"n": "↑", "e": "→", "s": "↓", "w": "←"}
CELL = 5  # characters per square
WALL_STYLE = "bold bright_white"
OPEN_STYLE = "grey42"
BLOCK_STYLE = "grey74 on grey23"
# The words are messages of the catalogues (scarab/locales/*/horus.json): "horus.tty.*"
# for the terminal's own sentences, "horus.term.*" for cards, gods, dice and the like.
PENDING_PROMPTS = {
    "touch": "horus.tty.prompt.touch",
    "block card": "horus.tty.prompt.block_card",
    "jump": "horus.tty.prompt.jump",
    "overflow": "horus.tty.prompt.overflow",
}


def __getattr__(name: str) -> str:
    """``NO_WINNER``, the line for a game nobody won, in the terminal's language."""
    if name == "NO_WINNER":
        return t("horus.tty.no_winner")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def term(kind: str, key: object) -> str:
    """A translated term: a card, god, die colour, direction, area, stage or status."""
    return t(f"horus.term.{kind}.{key}")


def colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _seat(view: dict[str, JSON], p: int) -> dict[str, Any]:
    seat: dict[str, Any] = view["seats"][p]
    return seat


def _viewer(view: dict[str, JSON]) -> int | None:
    v = view.get("viewer")
    return v if isinstance(v, int) else None


def _value(card: str) -> str:
    """The printed value of a treasure card's notation name (anubis5 -> 5)."""
    digits = "".join(ch for ch in card if ch.isdigit())
    return digits or card


# ---- the board ----------------------------------------------------------------
def _edge(a: int, b: int) -> str:
    """'open' (same room), 'door' or 'wall' between two squares side by side."""
    if b < 0 or a < 0 or b not in D.NEIGH[a]:
        return "wall"
    if D.AREA[a] != "e" and D.AREA[b] != "e" and D.ROOM[D.AREA[a]] == D.ROOM[D.AREA[b]]:
        return "open"
    return "door"


def _at(x: int, y: int) -> int:
    """The square at x,y inside or an exit space below; -1 outside everything."""
    if 0 <= x < D.WIDTH and 0 <= y < D.HEIGHT:
        return D.sq(x, y)
    for e in D.EXITS:
        if D.XY[e] == (x, y):
            return e
    return -1


def _v_edge(x: int, y: int) -> str:
    """The edge on the west side of column x (x = WIDTH: the east wall) in row y."""
    if x <= 0 or x >= D.WIDTH:
        return "wall"
    return _edge(D.sq(x - 1, y), D.sq(x, y))


def _h_edge(x: int, y: int) -> str:
    """The edge on the north side of row y (y = HEIGHT: the south wall, exits in it)."""
    if y <= 0:
        return "wall"
    return _edge(_at(x, y - 1), _at(x, y))


_JOINTS = {
    (False, False, False, False): " ",
    (True, False, False, False): "╹",
    (False, True, False, False): "╺",
    (False, False, True, False): "╻",
    (False, False, False, True): "╸",
    (True, False, True, False): "┃",
    (False, True, False, True): "━",
    (True, True, False, False): "┗",
    (False, True, True, False): "┏",
    (False, False, True, True): "┓",
    (True, False, False, True): "┛",
    (True, True, True, False): "┣",
    (False, True, True, True): "┳",
    (True, False, True, True): "┫",
    (True, True, False, True): "┻",
    (True, True, True, True): "╋",
}


def _joint(x: int, y: int) -> Text:
    """The corner north-west of square x,y: joins the walls that meet there."""
    up = 0 < y <= D.HEIGHT and _v_edge(x, y - 1) == "wall"
    down = 0 <= y < D.HEIGHT and _v_edge(x, y) == "wall"
    left = 0 < x <= D.WIDTH and _h_edge(x - 1, y) == "wall"
    right = 0 <= x < D.WIDTH and _h_edge(x, y) == "wall"
    glyph = _JOINTS[(up, right, down, left)]
    if glyph == " " and 0 < x < D.WIDTH and 0 < y < D.HEIGHT:
        return Text("·", OPEN_STYLE)
    return Text(glyph, WALL_STYLE)


def _h_line(y: int) -> Text:
    out = Text()
    for x in range(D.WIDTH + 1):
        out.append_text(_joint(x, y))
        if x == D.WIDTH:
            break
        kind = _h_edge(x, y)
        if kind == "wall":
            out.append("━" * CELL, WALL_STYLE)
        elif kind == "door":
            out.append("━" + " " * (CELL - 2) + "━", WALL_STYLE)
        else:
            out.append("┄" * CELL, OPEN_STYLE)
    return out


def _v_bar(x: int, y: int) -> Text:
    kind = _v_edge(x, y)
    if kind == "wall":
        return Text("┃", WALL_STYLE)
    if kind == "door":
        return Text(" ")
    return Text("┆", OPEN_STYLE)


def _background(q: int) -> str:
    area = D.AREA[q]
    if area != "c":
        return AREA_BG.get(area, "")
    for god, path in zip(D.SECTION_GOD, D.SECTIONS, strict=True):
        if q in path:
            return SECTION_BG.get(god, "")
    return ""


def _occupants(view: dict[str, JSON], q: int) -> Text:
    """Mummies (M and the way they face) and adventurers on square q, five columns at most."""
    out = Text()
    for m in view["mummies"]:
        if m["square"] == q:
            out.append("M" + ARROW.get(str(m["facing"]), "?"), "bold bright_red")
    marks = markers(view)
    for p, seat in enumerate(view["seats"]):
        if seat["square"] != q or seat["status"] in ("escaped", "crushed", "unchosen"):
            continue
        if seat["status"] == "mummy":  # a mummified figure walks like a mummy
            out.append(marks[p] + ARROW.get(str(seat["facing"]), ""), "bold white on dark_red")
        elif seat["status"] == "sealed":
            out.append(marks[p], f"dim {colour(p)}")
        else:
            out.append(marks[p], f"bold {colour(p)}")
    if len(out) > CELL:
        out.truncate(CELL - 1)
        out.append("+", "bold")
    return out


def _cells(view: dict[str, JSON], y: int, fallen: set[int]) -> tuple[Text, Text]:
    top, bottom = Text(), Text()
    for x in range(D.WIDTH):
        top.append_text(_v_bar(x, y))
        bottom.append_text(_v_bar(x, y))
        q = D.sq(x, y)
        number = D.BLOCK_AT[q]
        if q in fallen:
            top.append("▓" * CELL, BLOCK_STYLE)
            bottom.append(f"▓{number:^3}▓", BLOCK_STYLE)
            continue
        bg = _background(q)
        label = f"{number:>{CELL}}" if number else " " * CELL
        top.append(label, f"grey58 {bg}")
        who = _occupants(view, q)
        who.pad_right(CELL - len(who))
        who.stylize(bg)
        bottom.append_text(who)
    top.append_text(_v_bar(D.WIDTH, y))
    bottom.append_text(_v_bar(D.WIDTH, y))
    return top, bottom


def _sarc_token(sarc: dict[str, Any]) -> Text:
    state = sarc["state"]
    if state == "empty":
        return Text("[ ]", "dim")
    if state == "open":
        return Text(f"[{_value(str(sarc['card']))}]", "bold gold1")
    if "read" in sarc:  # closed, but this viewer read it
        return Text(f"<{_value(str(sarc['read']))}>", "bold bright_magenta")
    return Text("[?]", "bold")


def _alcove_token(view: dict[str, JSON], god: str) -> Text:
    present = bool(dict(view["idols"]).get(god))
    short = GOD_SHORT.get(god, god[:2])
    return Text(("◆" if present else "◇") + short, "bold gold1" if present else "dim")


def _furniture(view: dict[str, JSON]) -> dict[int, list[Text]]:
    """Sarcophagus and alcove tokens by the square they are used from."""
    out: dict[int, list[Text]] = {}
    for sarc in view["sarcophagi"]:
        out.setdefault(int(sarc["square"]), []).append(_sarc_token(sarc))
    for q in range(D.INSIDE):
        a = D.ALCOVE_AT[q]
        if a >= 0:
            out.setdefault(q, []).append(_alcove_token(view, D.ALCOVE_GOD[a]))
    return out


def _join(tokens: Sequence[Text], width: int, right: bool = False) -> Text:
    out = Text()
    for i, token in enumerate(tokens):
        if i:
            out.append(" ")
        out.append_text(token)
    if len(out) < width:
        pad = width - len(out)
        if right:
            out = Text(" " * pad) + out
        else:
            left = pad // 2
            out = Text(" " * left) + out
            out.pad_right(width - len(out))
    return out


MARGIN = 8


def board(view: dict[str, JSON]) -> Text:
    """The 9x9 pyramid: rooms in colour, walls heavy, doors as gaps, dotted lines inside a room.

    Around it, the sarcophagi ([?] closed, [7] open, [ ] empty, <7> read by you) and the
    idol alcoves (◆ idol there, ◇ gone) beside the squares they are used from.
    """
    fallen = {D.SQUARE_OF_BLOCK[int(b)] for b in view["blocks"]}
    things = _furniture(view)
    lines: list[Text] = []
    head = Text(" " * MARGIN)
    for x in range(D.WIDTH):
        head.append(f" {x:^{CELL}}", "dim")
    lines.append(head)
    north = Text(" " * MARGIN)
    for x in range(D.WIDTH):
        north.append(" ")
        north.append_text(_join(things.get(D.sq(x, 0), []), CELL))
    lines.append(north)
    for y in range(D.HEIGHT):
        lines.append(Text(" " * MARGIN) + _h_line(y))
        top, bottom = _cells(view, y, fallen)
        west = things.get(D.sq(0, y), []) if y > 0 else []
        east = things.get(D.sq(D.WIDTH - 1, y), []) if y > 0 else []
        w_top = Text(f"{y} ", "dim") + _join(west[:1], MARGIN - 3, right=True) + Text(" ")
        w_bottom = Text("  ") + _join(west[1:], MARGIN - 3, right=True) + Text(" ")
        lines.append(w_top + top + Text(" ") + _join(east[:1], 0))
        lines.append(w_bottom + bottom + Text(" ") + _join(east[1:], 0))
    lines.append(Text(" " * MARGIN) + _h_line(D.HEIGHT))
    lines.extend(_entrances(view))
    out = Text()
    for i, line in enumerate(lines):
        if i:
            out.append("\n")
        out.append_text(line)
    return out


def _entrances(view: dict[str, JSON]) -> list[Text]:
    """The entrance spaces below the south wall, with who waits and who got out there."""
    marks = markers(view)
    waiting, out = Text(" " * MARGIN), Text(" " * MARGIN)
    for e, name in zip(D.EXITS, D.EXIT_NAME, strict=True):
        column = MARGIN + D.XY[e][0] * (CELL + 1) + 1
        here = Text(f"▲{name}", "bold")
        gone = Text()
        for p, seat in enumerate(view["seats"]):
            if seat["square"] != e:
                continue
            if seat["status"] == "waiting":
                here.append(" " + marks[p], f"bold {colour(p)}")
            elif seat["status"] == "escaped":
                gone.append(f"{marks[p]}✓ ", f"bold {colour(p)}")
            elif seat["status"] == "sealed":
                gone.append(f"{marks[p]}✗ ", f"dim {colour(p)}")
        for line, add in ((waiting, here), (out, gone)):
            if len(line) < column:
                line.append(" " * (column - len(line)))
            line.append_text(add)
    return [waiting, out] if out.plain.strip() else [waiting]


def legend() -> Text:
    out = Text(t("horus.tty.legend.title") + " ", "dim")
    for letter in ("r", "s", "w"):
        out.append("  ", AREA_BG[letter])
        out.append(f" {term('area', letter)}  ", "dim")
    out.append(f"\n        {t('horus.tty.legend.corridor')} ", "dim")
    for god in ("horus", "anubis", "thoth"):
        out.append("  ", SECTION_BG[god])
        out.append(f" {term('god', god)}  ", "dim")
    out.append("M→", "bold bright_red")
    out.append(" " + t("horus.tty.legend.mummy"), "dim")
    out.append("\n        ")
    out.append("┃━", WALL_STYLE)
    out.append(f" {t('horus.tty.legend.wall')}  ", "dim")
    out.append("┆┄", OPEN_STYLE)
    out.append(f" {t('horus.tty.legend.same_room')}  ", "dim")
    out.append("▓12▓", BLOCK_STYLE)
    out.append(" " + t("horus.tty.legend.fallen_block"), "dim")
    out.append("\n        ")
    out.append("[?]", "bold")
    out.append(f" {t('horus.tty.legend.sarcophagus')} ", "dim")
    out.append("[7]", "bold gold1")
    out.append(f" {t('horus.tty.legend.open')} ", "dim")
    out.append("[ ]", "dim")
    out.append(f" {t('horus.tty.legend.empty')} ", "dim")
    out.append("<7>", "bold bright_magenta")
    out.append(f" {t('horus.tty.legend.read')} ", "dim")
    out.append("◆Ho", "bold gold1")
    out.append(" " + t("horus.tty.legend.idol"), "dim")
    out.append("\n        " + t("horus.tty.legend.numbers"), "dim")
    return out


# ---- the table around the board --------------------------------------------------
def dice_text(values: Sequence[Any], colours: Sequence[Any], cursed: Sequence[Any] = ()) -> Text:
    out = Text()
    for i, (value, name) in enumerate(zip(values, colours, strict=False)):
        if i:
            out.append(" ")
        style = DIE_STYLE.get(str(name), "bold")
        words = f"{term('die', name)} {value}"
        out.append(words, f"{style} strike dim" if name in cursed else style)
    return out


def round_line(view: dict[str, JSON]) -> Text:
    keeper = int(view["keeper"])
    out = Text(t("horus.tty.round", round=view["round"]), "bold")
    out.append(f", {term('stage', view['stage'])}   {t('horus.tty.keeper')} ")
    out.append(str(_seat(view, keeper)["name"]), f"bold {colour(keeper)}")
    decks = dict(view["decks"])
    out.append(
        f"   {t('horus.tty.decks')} "
        + ", ".join(f"{term('deck', name)} {n}" for name, n in decks.items()),
    )
    supply = dict(view["wound_supply"])
    wounds = t("horus.tty.wound_cards", mummy=supply["mummy"], block=supply["block"])
    out.append(f"   {wounds}", "dim")
    return out


def blocks_line(view: dict[str, JSON]) -> Text:
    fallen = [str(b) for b in view["blocks"]]
    out = Text(t("horus.tty.blocks_fallen") + " ", "bold")
    out.append(", ".join(fallen) if fallen else t("horus.tty.none"))
    out.append("; " + t("horus.tty.in_box", n=view["blocks_in_box"]))
    aside = view.get("block_aside")
    if isinstance(aside, int):
        out.append("   " + t("horus.tty.aside_mine", block=aside), "bold bright_magenta")
    elif aside is not None:
        out.append("   " + t("horus.tty.aside_unseen"), "dim")
    return out


def mummies_line(view: dict[str, JSON]) -> Text:
    out = Text(t("horus.tty.mummies") + " ", "bold")
    for i, m in enumerate(view["mummies"]):
        if i:
            out.append("; ")
        q = int(m["square"])
        out.append(str(m["name"]), "bright_red")
        facing = f"@horus.term.dir.{m['facing']}"
        out.append(" " + t("horus.tty.mummy_at", square=D.square_name(q), dir=facing))
    out.append("  " + t("horus.tty.mummy_rule", least=D.MUMMY_MOVES_ON), "dim")
    return out


def dice_lines(view: dict[str, JSON]) -> list[Text]:
    out: list[Text] = []
    viewer = _viewer(view)
    cursed = _seat(view, viewer)["cursed"] if viewer is not None else []
    colours = list(view["dice_colours"])
    if view["dice"]:
        line = Text(t("horus.tty.action_dice") + " ", "bold")
        line.append_text(dice_text(list(view["dice"]), colours, cursed))
        if cursed:
            line.append("   " + t("horus.tty.struck_out"), "dim")
        out.append(line)
    if view["mummy_dice"]:
        line = Text(t("horus.tty.mummy_dice") + " ", "bold")
        line.append(" ".join(str(d) for d in view["mummy_dice"]))
        out.append(line)
    lock = view.get("lock")
    if isinstance(lock, dict):
        attempt = t("horus.tty.alcove_attempt", god=f"@horus.term.god.{lock['alcove']}")
        line = Text(attempt + " ", "bold")
        line.append(" ".join(f"{i + 1}:{d}" for i, d in enumerate(lock["dice"])), "bold gold1")
        missing = [str(f) for f in lock["missing"]]
        still = ", ".join(missing) if missing else t("horus.tty.none")
        line.append(f"   {t('horus.tty.still_missing')} {still}")
        out.append(line)
    return out


def _cards(seat: dict[str, Any]) -> Text:
    out = Text()
    cards = [str(c) for c in seat["cards"] if c != "bag"]
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        out.append(c, _card_style(c))
    for bag in seat["bags"]:
        if out.plain:
            out.append(" ")
        holds = ",".join(str(c) for c in bag["holds"])
        out.append(f"bag({holds})", "cyan")
    return out if out.plain else Text("-", "dim")


def _card_style(name: str) -> str:
    if name in ("snake", "scorpion", "crocodile", "mummy", "block"):
        return "red"
    if name.endswith("-idol"):
        return "bold gold1"
    if name in ("antidote", "medikit", "crowbar", "udjat"):
        return "cyan"
    return "bold"


def _status(seat: dict[str, Any]) -> str:
    status = str(seat["status"])
    if status in ("inside", "waiting"):
        return t(f"horus.tty.where.{status}", square=seat["at"])
    if status == "escaped":
        return t("horus.tty.where.escaped", score=seat["score"])
    return term("status", status)


def seats_table(view: dict[str, JSON]) -> Table:
    viewer = _viewer(view)
    to_move = view.get("to_move")
    marks = markers(view)
    title = t("horus.tty.adventurers")
    table = seats_frame(title)
    for key in ("", "seat", "adventurer", "where", "wll", "acts", "cursed", "cards"):
        name = t(f"horus.tty.column.{key}") if key else ""
        table.add_column(name, no_wrap=key in ("seat", "where"))
    for p, seat in enumerate(view["seats"]):
        who = Text(f"{marks[p]} {seat['name']}", f"bold {colour(p)}")
        if p == viewer:
            who.append(" " + t("horus.tty.you"))
        adventurer = Text(str(seat.get("adventurer_name") or "-").split()[-1])
        ability = seat.get("ability")
        if ability:
            used = "dim strike" if seat["ability_used"] else "dim"
            adventurer.append(f" {term('ability', ability)}", used)
        table.add_row(
            "▶" if p == to_move else "",
            who,
            adventurer,
            _status(seat),
            str(seat["wll"]),
            str(seat["actions"]),
            " ".join(term("die", c) for c in seat["cursed"]) or "-",
            str(seat["card_count"]),
        )
    return table


def carried_lines(view: dict[str, JSON]) -> list[Text]:
    """What every adventurer carries (public: cards are shown as they arrive)."""
    marks = markers(view)
    out: list[Text] = []
    for p, seat in enumerate(view["seats"]):
        if not seat["cards"]:
            continue
        line = Text(f"{marks[p]} {t('horus.tty.carries', who=seat['name'])} ", f"bold {colour(p)}")
        line.append_text(_cards(seat))
        out.append(line)
    return out


def you_lines(view: dict[str, JSON]) -> list[Text]:
    """The viewer's own situation, and what only the viewer knows."""
    viewer = _viewer(view)
    if viewer is None:
        return []
    seat = _seat(view, viewer)
    out: list[Text] = []
    if seat.get("adventurer"):
        line = Text(t("horus.tty.you_label") + " ", "bold")
        line.append(str(seat["adventurer_name"]), f"bold {colour(viewer)}")
        ability = f"@horus.term.ability.{seat['ability']}"
        mine = "horus.tty.you_ability.used" if seat["ability_used"] else "horus.tty.you_ability"
        line.append(f", {t(mine, status=_status(seat), ability=ability)} ")
        line.append(term("ability", f"{seat['ability']}.text"), "dim")
        out.append(line)
        line = Text(t("horus.tty.your_cards") + " ", "bold")
        line.append_text(_cards(seat))
        cards, wll = seat["card_count"], seat["wll"]
        line.append(f"   ({t('horus.tty.card_count', cards=cards, limit=D.CARD_LIMIT, wll=wll)}")
        cursed = seat["cursed"]
        dice = ", ".join(term("die", c) for c in cursed)
        line.append(f"; {t('horus.tty.cursed_dice', dice=dice)})" if cursed else ")")
        out.append(line)
        if view["stage"] == "actions" and view.get("to_move") == viewer:
            left = t("horus.tty.actions_left", left=view["actions_left"], of=seat["actions"])
            out.append(Text(left, "bold"))
    for sarc in view["sarcophagi"]:
        if "read" in sarc:
            words = t(
                "horus.tty.you_read",
                god=f"@horus.term.god.{sarc['god']}",
                square=D.square_name(int(sarc["square"])),
                card=f"@horus.term.card.{sarc['read']}",
            )
            out.append(Text(words, "bright_magenta"))
    pending = view.get("pending")
    if isinstance(pending, dict) and pending.get("seat") == viewer and "block" in pending:
        out.append(Text(t("horus.tty.you_see", block=pending["block"]), "bright_magenta"))
    return out


def render(console: Console, view: dict[str, JSON], log: Sequence[str]) -> None:
    """The whole table as ``view['viewer']`` sees it, with recent events."""
    console.print(round_line(view))
    console.print(board(view))
    console.print(legend())
    console.print(mummies_line(view))
    console.print(blocks_line(view))
    for line in dice_lines(view):
        console.print(line)
    console.print(seats_table(view))
    for text in carried_lines(view):
        console.print(text)
    for text in you_lines(view):
        console.print(text)
    if log:
        console.print(Text(t("horus.tty.recent"), "bold"))
        for entry in log:
            console.print(Text("  " + entry, "dim"))


# ---- choosing -------------------------------------------------------------------
def prompt_line(view: dict[str, JSON]) -> str:
    pending = view.get("pending")
    viewer = _viewer(view)
    if isinstance(pending, dict) and pending.get("seat") == viewer:
        kind = str(pending["kind"])
        if kind == "danger":
            return t("horus.tty.prompt.danger", card=f"@horus.term.card.{pending.get('card')}")
        if kind == "foresee":
            return t("horus.tty.prompt.foresee", block=pending.get("block"))
        if kind in PENDING_PROMPTS:
            return t(PENDING_PROMPTS[kind], limit=D.CARD_LIMIT)
        return t("horus.tty.prompt.decide")
    stage = str(view["stage"])
    if stage == "setup":
        return t("horus.tty.prompt.setup")
    if stage == "adjust":
        wll = _seat(view, viewer)["wll"] if viewer is not None else "?"
        return t("horus.tty.prompt.adjust", wll=wll)
    return t("horus.tty.prompt.actions", n=view.get("actions_left", 0))


def choices(console: Console, view: dict[str, JSON], legal: Sequence[Any]) -> None:
    """The numbered legal actions: one per line with a note, or in columns when many."""
    console.print(Text(t("horus.tty.legal", n=len(legal)), "dim"))
    if len(legal) <= 20:
        for i, act in enumerate(legal, 1):
            line = Text(f"  {i:>2}. ")
            line.append(f"{act!s:<16}", "bold")
            msg, args = phrase(view, act)
            line.append(" " + t(msg, **args), "dim")
            console.print(line)
        return
    items: list[Text] = []
    for i, act in enumerate(legal, 1):
        item = Text(f"{i:>3}. ")
        item.append(str(act), "bold")
        items.append(item)
    console.print(Columns(items, padding=(0, 2), column_first=True))


# ---- the end --------------------------------------------------------------------
def final(console: Console, view: dict[str, JSON]) -> None:
    """Final scoring, category by category per seat; the mummies win when nobody got out."""
    entries = view.get("final")
    if not entries:
        return
    table = score_table(view, final_rows(view), colour)
    console.print(table)
    console.print(Text(t("horus.tty.final_note"), "dim"))
    if not any(e["escaped"] for e in entries):
        console.print(Text(t("horus.tty.final_none"), "bold bright_red"))
