"""Luxor in the terminal, drawn with rich from one seat's view.

Everything here reads a ``view`` dict (``state.view(seat)``) and events
already filtered for the viewer; nothing reads the game state, so nothing
hidden can be drawn. The card table from the data file only turns card
codes into the labels printed on the cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from scarab.core.game import JSON
from scarab.games.luxor import data as D
from scarab.games.luxor.describe import LABELS, final_rows
from scarab.terminal.common import markers, score_table, seats_frame, t

COLOURS = ("red", "green", "blue", "yellow")
CHAMBER = D.CHAMBER
TREASURE_STYLE = {"vase": "bright_cyan", "statue": "bright_white", "jewelry": "bright_magenta"}


def colour(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)]


def card_name(code: str) -> str:
    """A card as the reader's language names it (the label printed on the card)."""
    return t(f"luxor.term.card.{code}") if code in LABELS else code


def hand_text(view: dict[str, JSON]) -> str:
    """The viewer's hand, left to right (empty when the viewer has no hand in the view)."""
    viewer = view.get("viewer")
    if not isinstance(viewer, int):
        return ""
    hand = view["seats"][viewer].get("hand")
    if not hand:
        return ""
    return " · ".join(card_name(c) for c in hand)


FRONTS = ("scarab", "wild", "scarab_or_wild", "horus12", "horus23", "tunnel")
CELL_WIDTH = 7


def _tile_line(tile: str) -> Text:
    """A tile in one short line (CELL_WIDTH characters at most)."""
    words = tile.split()
    if words[0] in TREASURE_STYLE:  # "vase 3vp need 2"
        kind = t(f"luxor.term.treasure.{words[0]}")[:3]
        return Text(f"{kind}{words[1][:-2]}/{words[3]}", f"bold {TREASURE_STYLE[words[0]]}")
    if words[0] == "horus":
        return Text("H" + "●" * int(words[1]), "bold yellow")
    if words[0] == "osiris":
        return Text(t("luxor.tty.osiris", push=words[1]), "bold cyan")
    if tile == "empty":
        return Text("·", "dim")
    short = t(f"luxor.tty.front.{tile}") if tile in FRONTS else tile
    return Text(short[:CELL_WIDTH], "bold green")


def _space_cell(row: dict[str, JSON], here: Text) -> Text:
    cell = Text(f"{row['space']}", "bold")
    cell.append(" " + t("luxor.tty.wall", vp=row["wall"]), "dim")
    if "statue_after" in row:
        cell.append("|", "bold magenta")
    cell.append("\n")
    cell.append_text(_tile_line(str(row["tile"])))
    cell.append("\n")
    cell.append_text(here)
    return cell


def _pieces(view: dict[str, JSON], pos_text: str) -> Text:
    out = Text()
    marks = markers(view)
    for p, s in enumerate(view["seats"]):
        n = sum(1 for a in s["adventurers"] if a == pos_text)
        if n:
            out.append(marks[p] * n, f"bold {colour(p)}")
    return out


def board(view: dict[str, JSON]) -> RenderableType:
    """The spiral path as the page draws it (the layout in luxor.toml): a grid of spaces
    around the tomb chamber, the stairs below space 1."""
    layout = D.RAW["layout"]
    size = int(layout["grid"])
    cx, cy, cw, ch = layout["chamber"]
    grid: list[list[RenderableType]] = [[Text("") for _ in range(size)] for _ in range(size)]
    for row in view["board"]:
        x, y = layout["cells"][int(row["space"]) - 1]
        grid[y][x] = _space_cell(row, _pieces(view, str(row["space"])))
    sarcs = ",".join(str(v) for v in view["sarcophagi_left"]) or t("luxor.tty.no_sarcophagi")
    mid = cx + cw // 2
    grid[cy][mid] = Text(t("luxor.tty.chamber"), "bold yellow")
    grid[cy + 1][cx] = Text(t("luxor.tty.sarcophagi", left=sarcs), "yellow")
    grid[cy + 1][cx + cw - 1] = Text(t("luxor.tty.keys_spent", spent=view["key_space"]), "yellow")
    grid[cy + ch - 1][mid] = Text(t("luxor.tty.inside") + "\n").append_text(_pieces(view, "C"))
    table = Table(box=box.SQUARE, show_header=False, padding=(0, 0), pad_edge=False)
    for _ in range(size):
        table.add_column(width=CELL_WIDTH, no_wrap=True, overflow="crop")
    for cells in grid:
        table.add_row(*cells)
    lying = Text()
    marks = markers(view)
    for statue in range(1, len(D.STATUES) + 1):
        asleep = [p for p, s in enumerate(view["seats"]) if statue in s["sleeping_at_statues"]]
        if asleep:
            lying.append("  " + t("luxor.tty.lying", statue=statue) + " ")
            for p in asleep:
                lying.append(marks[p], f"bold {colour(p)}")
    stairs = _pieces(view, "S") or Text(t("luxor.tty.nobody"), "dim")
    return Group(
        Text(t("luxor.tty.legend"), "dim"),
        table,
        Text.assemble((t("luxor.tty.stairs") + " ", "bold"), stairs, lying),
    )


def _treasures(seat: dict[str, JSON]) -> str:
    counts: dict[str, int] = {}
    for item in seat["treasures"]:
        counts[str(item["type"])] = counts.get(str(item["type"]), 0) + 1
    parts = [f"{counts.get(k, 0)} {t(f'luxor.term.treasure.{k}')}" for k in D.TREASURE_TYPES]
    if seat["wild_tiles"]:
        parts.append(f"{seat['wild_tiles']} {t('luxor.term.tile.wild')}")
    return " ".join(parts)


def seats(view: dict[str, JSON]) -> Table:
    viewer = view.get("viewer")
    current = view.get("current_player")
    marks = markers(view)
    table = seats_frame()
    table.add_column("")
    for name in ("seat", "score", "keys", "treasures", "scarabs", "sarcophagi", "hand"):
        table.add_column(t(f"luxor.tty.column.{name}"))
    for p, s in enumerate(view["seats"]):
        turn = "▶" if p == current else ""
        who = Text(f"{marks[p]} {s['name']}", f"bold {colour(p)}")
        if p == viewer:
            who.append(" " + t("luxor.tty.you"))
        scarabs = str(s["scarab_count"])
        if p == viewer and "scarabs" in s and s["scarabs"]:
            values = [int(v) for v in s["scarabs"]]
            sum_text = t("luxor.tty.scarab_sum", values="+".join(map(str, values)), vp=sum(values))
            scarabs += " " + sum_text
        table.add_row(
            turn,
            who,
            str(s["score"]),
            str(s["keys"]),
            _treasures(s),
            scarabs,
            ", ".join(str(v) for v in s["sarcophagi"]) or "-",
            str(s["hand_size"]),
        )
    return table


def supplies(view: dict[str, JSON]) -> Text:
    out = Text(t("luxor.tty.horus_cards") + " ", "bold")
    for h in view["horus_stacks"]:
        top = card_name(str(h["top"])) if h["top"] else t("luxor.tty.empty")
        out.append(t("luxor.tty.horus_stack", level=h["level"], top=top, n=h["size"]) + "   ")
    sup = view["supply"]
    discard = view["discard_pile"]
    supply = t("luxor.tty.supply", keys=sup["keys"], wild=sup["wild_tiles"], scarabs=sup["scarabs"])
    if discard:
        piles = t("luxor.tty.piles", draw=view["draw_pile"], top=card_name(str(discard[-1])))
    else:
        piles = t("luxor.tty.piles.empty", draw=view["draw_pile"])
    out.append(f"\n{supply}   {piles}   {t('luxor.tty.round', round=view['round'])}")
    return out


def prompt_line(view: dict[str, JSON]) -> str:
    phase = view["phase"]
    if phase in ("play", "act", "choice"):
        return t(f"luxor.tty.prompt.{phase}")
    if phase == "die":
        return t("luxor.tty.prompt.die", die=view.get("die"))
    return ""


def render(console: Console, view: dict[str, JSON], log: Sequence[str]) -> None:
    """The whole table as ``view['viewer']`` sees it, with recent events."""
    console.print(board(view))
    console.print(seats(view))
    console.print(supplies(view))
    hand = hand_text(view)
    if hand and view["phase"] != "over":
        head = t("luxor.tty.hand") + " "
        console.print(Text.assemble((head, "bold"), f"L▸ {hand} ◂R"))
    if log:
        console.print(Text(t("luxor.tty.recent"), "bold"))
        for line in log:
            console.print(Text("  " + line, "dim"))


def final(console: Console, view: dict[str, JSON]) -> None:
    """Final scoring, category by category per seat (``Game.final_rows``)."""
    if view.get("final"):
        console.print(score_table(view, final_rows(view), colour))
