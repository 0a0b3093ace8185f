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

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from scarab.core.game import JSON
from scarab.games.pyramids import data as D
from scarab.games.pyramids.actions import PyramidsAction
from scarab.games.pyramids.describe import final_rows, phrase, term
from scarab.terminal.common import score_table, seats_frame, t

SEAT_COLOURS = ("bright_cyan", "bright_yellow", "bright_magenta", "bright_blue")
PYRAMID_STYLE = {
    "green": "bold green3",
    "orange": "bold dark_orange",
    "purple": "bold medium_purple",
}
MARKED_BG = " on grey35"
# Deck notation -> (glyph, style, name); every glyph is one column wide. The name is
# English: a term of the catalogues (``pyramids.term.symbol.<name>``).
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
    "keep": "pyramids.tty.prompt.keep",
    "extra": "pyramids.tty.prompt.extra",
    "replace": "pyramids.tty.prompt.replace",
}


def word(kind: str, name: str) -> str:
    """A term of the game's data (a colour, a symbol, a shape) in the terminal's language."""
    return t(term(kind, name)[1:])


def colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


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
    title = Text(t("pyramids.tty.card", card=card["id"]) + " ", "bold")
    title.append(word("colour", col), PYRAMID_STYLE.get(col, ""))
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
    out = Text(t("pyramids.tty.legend") + " ", "dim")
    for ch in ("E", "T", "#", "x", "r", "g", "t", "s", "p"):
        glyph, style, name = GLYPHS[ch]
        out.append(glyph, style)
        out.append(f" {word('symbol', name)}  ", "dim")
    out.append(MARK_GLYPH, "bold bright_white" + MARKED_BG)
    out.append(" " + t("pyramids.term.symbol.marked"), "dim")
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
        head = Text(t("pyramids.tty.after_rounds", n=D.ROUNDS), "bold")
    elif view["phase"] == "keep":
        head = Text(t("pyramids.tty.setup"), "bold")
    else:
        turn = {"round": view["round"], "turn": view["turn"]}
        head = Text(
            t("pyramids.tty.round_turn", rounds=D.ROUNDS, turns=D.TURNS_PER_ROUND, **turn),
            "bold",
        )
    head.append("   " + t("pyramids.tty.deck", n=view["deck"]), "")
    if not isinstance(exp, dict):
        return head
    cells = [list(c) for c in exp["cells"]]
    info = Text.assemble(
        (t("pyramids.tty.expedition") + " ", "bold"),
        (word("shape", str(exp["name"])), "bold gold1"),
        "\n"
        + t(
            "pyramids.tty.expedition_info",
            orientations=len(D.orientations(cells)),
            positions=positions(cells),
        ),
    )
    if len(used) > 1:
        earlier = ", ".join(word("shape", name) for name in used[:-1])
        info.append("\n" + t("pyramids.tty.earlier", shapes=earlier), "dim")
    table = Table.grid(padding=(0, 3))
    table.add_row(pattern(cells), info)
    return Group(head, table)


# ---- seats ------------------------------------------------------------------
def _owner(view: dict[str, JSON], p: int) -> Text:
    name = str(view["seats"][p]["name"])
    out = Text(name, f"bold {colour(p)}")
    if p == view.get("viewer"):
        out.append(" " + t("pyramids.tty.you"))
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
            why = t("pyramids.tty.no_card")
            if view["phase"] == "keep":
                why = t("pyramids.tty.chosen" if seat["chosen"] else "pyramids.tty.choosing")
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
    return Group(Text(t("pyramids.tty.dealt"), "bold"), Columns(blocks, padding=(0, 3)))


def display(view: dict[str, JSON]) -> RenderableType:
    cards = list(view["display"])
    if not cards:
        return Text(t("pyramids.tty.display_empty"), "bold")
    blocks = [card_block(c) for c in cards]
    return Group(Text(t("pyramids.tty.display"), "bold"), Columns(blocks, padding=(0, 3)))


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
    title = t("pyramids.tty.score_cards")
    table = seats_frame(title)
    table.add_column("")
    for name in ("seat", "vp_now", "red", "green", "torches", "skulls", "pyr_pts", "done"):
        table.add_column(t(f"pyramids.tty.column.{name}"))
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
        table.caption = t("pyramids.tty.others_as_of")
    return table


def race(view: dict[str, JSON]) -> Text:
    out = Text(t("pyramids.tty.race") + " ", "bold")
    for name, left in dict(view["race"]).items():
        out.append(word("colour", name), PYRAMID_STYLE.get(name, ""))
        values = " ".join(str(v) for v in left) or t("pyramids.tty.none")
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
        console.print(Text(t("pyramids.tty.recent"), "bold"))
        for line in log:
            console.print(Text("  " + line, "dim"))


# ---- choosing ---------------------------------------------------------------
def _own_cards(view: dict[str, JSON]) -> dict[int, dict[str, JSON]]:
    viewer = view.get("viewer")
    if not isinstance(viewer, int):
        return {}
    return {int(c["id"]): c for c in view["seats"][viewer]["cards"]}


def gains(view: dict[str, JSON], act: PyramidsAction) -> Text:
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
        if not isinstance(exp, dict):
            return t("pyramids.tty.prompt.mark_any")
        return t("pyramids.tty.prompt.mark", name=term("shape", str(exp["name"])))
    if phase == "extra":
        n = view.get("extra_marks", 1)
        return t("pyramids.tty.prompt.extra_many", n=n) if n != 1 else t(PHASE_PROMPTS["extra"])
    return t(PHASE_PROMPTS[phase]) if phase in PHASE_PROMPTS else ""


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
            msg, args = phrase(view, act)
            item.append(f"  {t(msg, **args)}", "dim")
        items.append(item)
    console.print(Text(t("pyramids.tty.legal", n=len(legal)), "dim"))
    console.print(Columns(items, padding=(0, 2), column_first=True))


# ---- the end ----------------------------------------------------------------
def final(console: Console, view: dict[str, JSON]) -> None:
    """Final scoring, category by category per seat, and the winner(s)."""
    entries = view.get("final")
    if not entries:
        return
    rows = [row | {"label": t(str(row["msg"]), **row["args"])} for row in final_rows(view)]
    table = score_table(view, rows, colour)
    console.print(table)
    winners = view.get("winners") or []
    if len(entries) > 1 and len(winners) == 1:
        tied = [p for p, e in enumerate(entries) if e["total"] == entries[winners[0]]["total"]]
        if len(tied) > 1:
            console.print(Text(t("pyramids.tty.tie_break"), "dim"))
