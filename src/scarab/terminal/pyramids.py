"""Silver & Gold: Pyramids in the terminal, drawn with rich from one seat's view.

Everything here reads a ``view`` dict (``state.view(seat)``) and events
already filtered for the viewer; nothing reads the game state, so nothing
hidden can be drawn: other seats' marks of this turn are already left out of
the view. The card table from the data file only turns the ids of the cards
dealt to the viewer into their printed grids (the view names them by id).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from scarab.core.game import JSON
from scarab.games.pyramids import data as D
from scarab.games.pyramids.describe import describe, final_rows
from scarab.terminal.common import score_table

SEAT_COLOURS = ("bright_cyan", "bright_yellow", "bright_magenta", "bright_blue")
PYRAMID_STYLE = {
    "green": "bold green3",
    "orange": "bold dark_orange",
    "purple": "bold medium_purple",
}
MARKED_BG = " on grey35"
# Deck notation -> (glyph, style, name); every glyph is one column wide.
GLYPHS: dict[str, tuple[str, str, str]] = {
    ".": ("·", "grey50", "open"),
    "#": ("█", "grey39", "wall"),
    "E": ("E", "bold bright_white", "entrance"),
    "T": ("T", "bold gold1", "tomb"),
    "x": ("✚", "bold red", "red cross"),
    "r": ("◆", "bold bright_red", "red gem"),
    "g": ("◈", "bold bright_green", "green gem"),
    "t": ("t", "bold yellow", "torch"),
    "s": ("☠", "bold white", "skull"),
    "p": ("p", "bold cyan", "potion"),
}
MARK_GLYPH = "●"
PHASE_PROMPTS = {
    "keep": "Keep two of the four pyramid cards dealt to you.",
    "extra": "Your red cross gives an extra cell: one cell next to a marked one, or an entrance.",
    "replace": "Replace your completed pyramid: take a card from the display or the deck top.",
}


def colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def options(seats: int) -> dict[str, JSON]:
    """The new-game options for this many seats: one seat plays the solo variant."""
    return {"solo": True} if seats == 1 else {}


def secret_action(act: Any) -> bool:
    """Keeping and marking stay hidden from the other seats until everyone has chosen."""
    return getattr(act, "verb", "") in ("keep", "mark")


# ---- cards ------------------------------------------------------------------
def _cell(ch: str, marked: bool) -> Text:
    glyph, style, _ = GLYPHS.get(ch, (ch, "", ch))
    if ch == "#":
        return Text(glyph * 2, style)
    if marked:
        return Text(" " + MARK_GLYPH, "bold bright_white" + MARKED_BG)
    return Text(" " + glyph, style)


def grid(rows: Sequence[str], marked: Sequence[str] = (), labels: bool = True) -> Text:
    """A 5x5 card grid: column letters a-e, row numbers 1-5; marked cells as ●."""
    done = {D.cell_index(c) for c in marked}
    out = Text("   a b c d e\n", "dim") if labels else Text()
    for r, row in enumerate(rows):
        if labels:
            out.append(f"{r + 1} ", "dim")
        for c, ch in enumerate(row):
            out.append_text(_cell(ch, r * D.SIZE + c in done))
        if r < len(rows) - 1:
            out.append("\n")
    return out


def card_title(card: dict[str, JSON]) -> Text:
    col = str(card["colour"])
    title = Text(f"card {card['id']} ", "bold")
    title.append(col, PYRAMID_STYLE.get(col, ""))
    if card.get("complete"):
        title.append(" ✓", "bold gold1")
    return title


def card_block(card: dict[str, JSON], owner: Text | None = None) -> RenderableType:
    parts: list[RenderableType] = []
    if owner is not None:
        parts.append(owner)
    parts.append(card_title(card))
    parts.append(grid([str(r) for r in card["rows"]], [str(m) for m in card["marked"]]))
    return Group(*parts)


def printed_card(card_id: int) -> dict[str, JSON]:
    """A card as printed (no marks), for the ids the view names."""
    card = D.CARDS[card_id]
    return {
        "id": card_id,
        "colour": D.COLOURS[card.colour],
        "rows": list(card.rows),
        "marked": [],
        "complete": False,
    }


def legend() -> Text:
    out = Text("Legend: ", "dim")
    for ch in ("E", "T", "#", "x", "r", "g", "t", "s", "p"):
        glyph, style, name = GLYPHS[ch]
        out.append(glyph, style)
        out.append(f" {name}  ", "dim")
    out.append(MARK_GLYPH, "bold bright_white" + MARKED_BG)
    out.append(" marked", "dim")
    return out


# ---- the expedition pattern -------------------------------------------------
def positions(cells: Sequence[Sequence[int]]) -> int:
    """Distinct placements of a pattern on an empty 5x5 grid, any rotation or mirror."""
    total = 0
    for shape in D.orientations(cells):
        w = max(c for c, _ in shape) + 1
        h = max(r for _, r in shape) + 1
        total += (D.SIZE - w + 1) * (D.SIZE - h + 1)
    return total


def pattern(cells: Sequence[Sequence[int]]) -> Text:
    pts = {(int(c), int(r)) for c, r in cells}
    w = max(c for c, _ in pts) + 1
    h = max(r for _, r in pts) + 1
    out = Text()
    for r in range(h):
        for c in range(w):
            out.append("██" if (c, r) in pts else "  ", "bold gold1")
        if r < h - 1:
            out.append("\n")
    return out


def expedition(view: dict[str, JSON]) -> RenderableType:
    exp = view.get("expedition")
    used = [str(e) for e in view.get("expedition_used", [])]
    if view["phase"] == "over":
        head = Text(f"After {D.ROUNDS} rounds", "bold")
    elif view["phase"] == "keep":
        head = Text("Setup: everyone keeps two of the four cards dealt", "bold")
    else:
        head = Text(
            f"Round {view['round']} of {D.ROUNDS}, turn {view['turn']} of {D.TURNS_PER_ROUND}",
            "bold",
        )
    head.append(f"   pyramid deck {view['deck']}", "")
    if not isinstance(exp, dict):
        return head
    cells = [list(c) for c in exp["cells"]]
    info = Text.assemble(
        ("Expedition card: ", "bold"),
        (str(exp["name"]), "bold gold1"),
        f"\n{len(D.orientations(cells))} orientation(s), "
        f"{positions(cells)} positions on an empty grid;\nor mark one single cell",
    )
    if len(used) > 1:
        info.append(f"\nearlier this round: {', '.join(used[:-1])}", "dim")
    table = Table.grid(padding=(0, 3))
    table.add_row(pattern(cells), info)
    return Group(head, table)


# ---- seats ------------------------------------------------------------------
def _owner(view: dict[str, JSON], p: int) -> Text:
    name = str(view["seats"][p]["name"])
    out = Text(name, f"bold {colour(p)}")
    if p == view.get("viewer"):
        out.append(" (you)")
    return out


def tables(view: dict[str, JSON]) -> RenderableType:
    """Every seat's active cards (the viewer's first), as the view shows them."""
    viewer = view.get("viewer")
    order = list(range(len(view["seats"])))
    if isinstance(viewer, int):
        order.remove(viewer)
        order.insert(0, viewer)
    blocks: list[RenderableType] = []
    for p in order:
        seat = view["seats"][p]
        cards = list(seat["cards"])
        if not cards:
            why = "choosing" if view["phase"] == "keep" and not seat["chosen"] else "no card"
            if view["phase"] == "keep" and seat["chosen"]:
                why = "has chosen (hidden)"
            blocks.append(Group(_owner(view, p), Text(why, "dim")))
        for card in cards:
            blocks.append(card_block(card, _owner(view, p)))
    return Columns(blocks, padding=(0, 3))


def dealt(view: dict[str, JSON]) -> RenderableType | None:
    viewer = view.get("viewer")
    if not isinstance(viewer, int):
        return None
    ids = view["seats"][viewer].get("dealt")
    if not ids:
        return None
    blocks = [card_block(printed_card(int(c))) for c in ids]
    return Group(Text("Dealt to you (keep two):", "bold"), Columns(blocks, padding=(0, 3)))


def display(view: dict[str, JSON]) -> RenderableType:
    cards = list(view["display"])
    if not cards:
        return Text("Display: empty", "bold")
    blocks = [card_block(c) for c in cards]
    return Group(Text("Display:", "bold"), Columns(blocks, padding=(0, 3)))


def _completed(seat: dict[str, JSON]) -> Text:
    out = Text()
    for i, c in enumerate(seat["completed"]):
        if i:
            out.append(" ")
        out.append(str(c["id"]), PYRAMID_STYLE.get(str(c["colour"]), ""))
    return out if out.plain else Text("-", "dim")


def _claims(sc: dict[str, JSON]) -> Text:
    out = Text()
    for i, c in enumerate(sc["pyramid_points"]):
        if i:
            out.append(" ")
        out.append(str(c["value"]), PYRAMID_STYLE.get(str(c["colour"]), ""))
    return out if out.plain else Text("-", "dim")


def scores(view: dict[str, JSON]) -> Table:
    viewer = view.get("viewer")
    current = view.get("current_player")
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), title="Score cards", title_justify="left")
    for name in ("", "seat", "VP now", "red", "green", "torches", "skulls", "pyr. pts", "done"):
        table.add_column(name)
    for p, seat in enumerate(view["seats"]):
        sc = seat["score_card"]
        torches = Text()
        for r, lit in enumerate(sc["torches"]):
            torches.append(f"{r + 1}" if lit else "·", "bold yellow" if lit else "dim")
        skulls = int(sc["skulls"])
        skull_text = f"{skulls} ({sc['worst_skull']})" if skulls else "0"
        who = _owner(view, p)
        table.add_row(
            "▶" if p == current else "",
            who,
            str(seat["score_card"]["points"]),
            Text(str(sc["red_gems"]), "bright_red"),
            Text(str(sc["green_gems"]), "bright_green"),
            torches,
            skull_text,
            _claims(sc),
            _completed(seat),
        )
    if isinstance(viewer, int) and view["phase"] in ("mark", "extra"):
        table.caption = "Others' score cards as of the start of this turn."
    return table


def race(view: dict[str, JSON]) -> Text:
    out = Text("Colour race, values left: ", "bold")
    for name, left in dict(view["race"]).items():
        out.append(name, PYRAMID_STYLE.get(name, ""))
        values = " ".join(str(v) for v in left) or "none"
        out.append(f" {values}   ")
    return out


def render(console: Console, view: dict[str, JSON], log: Sequence[str]) -> None:
    """The whole table as ``view['viewer']`` sees it, with recent events."""
    console.print(expedition(view))
    console.print(tables(view))
    hand = dealt(view)
    if hand is not None:
        console.print(hand)
    console.print(display(view))
    console.print(legend())
    console.print(scores(view))
    console.print(race(view))
    if log:
        console.print(Text("Recent events:", "bold"))
        for line in log:
            console.print(Text("  " + line, "dim"))


# ---- choosing ---------------------------------------------------------------
def _own_cards(view: dict[str, JSON]) -> dict[int, dict[str, JSON]]:
    viewer = view.get("viewer")
    if not isinstance(viewer, int):
        return {}
    return {int(c["id"]): c for c in view["seats"][viewer]["cards"]}


def gains(view: dict[str, JSON], act: Any) -> Text:
    """The symbols a mark would reach, as glyphs (T for the tomb)."""
    out = Text()
    if getattr(act, "verb", "") != "mark":
        return out
    card = _own_cards(view).get(int(act.card))
    if card is None:
        return out
    text = "".join(str(r) for r in card["rows"])
    for i in D.cells_of(int(act.mask)):
        ch = text[i]
        if ch in "xrgtspT":
            glyph, style, _ = GLYPHS[ch]
            out.append(glyph, style)
    return out


def prompt_line(view: dict[str, JSON]) -> str:
    phase = str(view["phase"])
    if phase == "mark":
        exp = view.get("expedition")
        name = exp["name"] if isinstance(exp, dict) else "expedition"
        return (
            f"Mark the {name} pattern (any rotation or mirror) on one of your cards, "
            "or one single cell."
        )
    if phase == "extra":
        n = view.get("extra_marks", 1)
        return PHASE_PROMPTS["extra"] + (f" ({n} to mark)" if n != 1 else "")
    return PHASE_PROMPTS.get(phase, "")


def choices(console: Console, view: dict[str, JSON], legal: Sequence[Any]) -> None:
    """The numbered legal actions, compactly in columns, with the symbols a mark reaches."""
    items: list[Text] = []
    for i, act in enumerate(legal, 1):
        item = Text(f"{i:>3}. ")
        item.append(str(act), "bold")
        got = gains(view, act)
        if got.plain:
            item.append(" ")
            item.append_text(got)
        if getattr(act, "verb", "") in ("keep", "take"):
            item.append(f"  {describe(view, act)}", "dim")
        items.append(item)
    console.print(Text(f"{len(legal)} legal action(s):", "dim"))
    console.print(Columns(items, padding=(0, 2), column_first=True))


# ---- the end ----------------------------------------------------------------
def final(console: Console, view: dict[str, JSON]) -> None:
    """Final scoring, category by category per seat, and the winner(s)."""
    entries = view.get("final")
    if not entries:
        return
    table = score_table(view, final_rows(view), colour)
    console.print(table)
    winners = view.get("winners") or []
    if len(entries) > 1 and len(winners) == 1:
        tied = [p for p, e in enumerate(entries) if e["total"] == entries[winners[0]]["total"]]
        if len(tied) > 1:
            console.print(Text("Tie broken by the lowest-numbered completed pyramid.", "dim"))
