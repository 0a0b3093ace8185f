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
from scarab.games.luxor.describe import final_rows, label
from scarab.terminal.common import markers, score_table

COLOURS = ("red", "green", "blue", "yellow")
CHAMBER = D.CHAMBER
TREASURE_STYLE = {"vase": "bright_cyan", "statue": "bright_white", "jewelry": "bright_magenta"}


def colour(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)]


def hand_text(view: dict[str, JSON]) -> str:
    """The viewer's hand, left to right (empty when the viewer has no hand in the view)."""
    viewer = view.get("viewer")
    if not isinstance(viewer, int):
        return ""
    hand = view["seats"][viewer].get("hand")
    if not hand:
        return ""
    return " · ".join(label(c) for c in hand)


SHORT = {"jewelry": "jewel"}  # names cut to fit a six-column cell
TEMPLE_TEXT = {
    "scarab_or_wild": ("scarab", "/wild"),
    "horus12": ("favor", "H1/H2"),
    "horus23": ("favor", "H2/H3"),
}
LEGEND = (
    "Each space: its tile (treasure: VP and adventurers needed), the temple tile back "
    "beneath (dim), the wall VP (w) and the adventurers there."
)


def _tile_cell(row: dict[str, JSON], here: Text) -> Text:
    tile = str(row["tile"])
    words = tile.split()
    cell = Text()
    if words[0] in TREASURE_STYLE:  # "vase 3vp need 2"
        cell.append(SHORT.get(words[0], words[0]), TREASURE_STYLE[words[0]])
        cell.append(f"\n{words[1]} {words[3]}")
    elif words[0] == "horus":
        eyes = int(words[1])
        cell.append("Horus", "bold yellow")
        cell.append(f"\n{eyes} eye{'s' if eyes > 1 else ''}")
    elif words[0] == "osiris":
        cell.append("Osiris", "bold cyan")
        cell.append(f"\n+{words[1]}")
    elif tile == "empty":
        cell.append("·\n", "dim")
    else:
        first, second = TEMPLE_TEXT.get(tile, (tile, ""))
        cell.append(first, "bold green")
        cell.append("\n" + second)
    cell.append("\n")
    if "icon" in row:
        cell.append(str(row["icon"]), "dim italic")
    cell.append(f"\nw{row['wall']}", "dim")
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
    """The path from the stairs to the tomb chamber, in rows split at the Anubis statues."""
    rows: list[list[dict[str, JSON]]] = [[]]
    for row in view["board"]:
        rows[-1].append(row)
        if "statue_after" in row:
            rows.append([])
    marks = markers(view)
    on_stairs = _pieces(view, "S") or Text("nobody", "dim")
    parts: list[RenderableType] = [
        Text(LEGEND, "dim"),
        Text.assemble(("Stairs: ", "bold"), on_stairs),
    ]
    for row in rows:
        if not row:
            continue
        table = Table(box=box.SQUARE, padding=(0, 0), show_edge=True, pad_edge=False)
        for sp in row:
            table.add_column(str(sp["space"]), justify="center", width=6, no_wrap=True)
        table.add_row(*[_tile_cell(sp, _pieces(view, str(sp["space"]))) for sp in row])
        parts.append(table)
        statue = row[-1].get("statue_after")
        if statue is not None:
            line = Text(f"  Anubis statue {statue} (after space {row[-1]['space']})", "bold")
            lying = [p for p, s in enumerate(view["seats"]) if statue in s["sleeping_at_statues"]]
            line.append(" — lying: " if lying else " — nobody lying here")
            for p in lying:
                line.append(marks[p] + " ", f"bold {colour(p)}")
            parts.append(line)
    sarcs = ", ".join(str(v) for v in view["sarcophagi_left"]) or "none"
    parts.append(
        Text.assemble(
            ("Tomb chamber: ", "bold"),
            _pieces(view, "C"),
            f"  (sarcophagi left: {sarcs}; keys spent: {view['key_space']})",
        )
    )
    return Group(*parts)


def _treasures(seat: dict[str, JSON]) -> str:
    counts: dict[str, int] = {}
    for t in seat["treasures"]:
        counts[str(t["type"])] = counts.get(str(t["type"]), 0) + 1
    parts = [f"{counts.get(k, 0)} {k}" for k in D.TREASURE_TYPES]
    if seat["wild_tiles"]:
        parts.append(f"{seat['wild_tiles']} wild")
    return " ".join(parts)


def seats(view: dict[str, JSON]) -> Table:
    viewer = view.get("viewer")
    current = view.get("current_player")
    marks = markers(view)
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1))
    for name in ("", "seat", "score", "keys", "treasures", "scarabs", "sarcophagi", "hand"):
        table.add_column(name)
    for p, s in enumerate(view["seats"]):
        turn = "▶" if p == current else ""
        who = Text(f"{marks[p]} {s['name']}", f"bold {colour(p)}")
        if p == viewer:
            who.append(" (you)")
        scarabs = str(s["scarab_count"])
        if p == viewer and "scarabs" in s and s["scarabs"]:
            values = [int(v) for v in s["scarabs"]]
            scarabs += f" ({'+'.join(map(str, values))} = {sum(values)} VP)"
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
    out = Text("Horus cards: ", "bold")
    for h in view["horus_stacks"]:
        top = label(str(h["top"])) if h["top"] else "empty"
        out.append(f"level {h['level']} top {top} ({h['size']} left)   ")
    sup = view["supply"]
    discard = view["discard_pile"]
    top = label(str(discard[-1])) if discard else "none"
    out.append(
        f"\nSupply: keys {sup['keys']}, wild tiles {sup['wild_tiles']}, scarabs {sup['scarabs']}"
        f"   Draw pile {view['draw_pile']}, discard top {top}   Round {view['round']}"
    )
    return out


def prompt_line(view: dict[str, JSON]) -> str:
    phase = view["phase"]
    if phase == "play":
        return "Play your leftmost (L) or rightmost (R) card."
    if phase == "die":
        return f"You rolled {view.get('die')}: move an adventurer."
    if phase == "act":
        return "Choose which moved adventurer performs its space's action (it may do nothing)."
    if phase == "choice":
        return "Choose your reward."
    return ""


def render(console: Console, view: dict[str, JSON], log: Sequence[str]) -> None:
    """The whole table as ``view['viewer']`` sees it, with recent events."""
    console.print(board(view))
    console.print(seats(view))
    console.print(supplies(view))
    hand = hand_text(view)
    if hand and view["phase"] != "over":
        console.print(Text.assemble(("Your hand (left to right): ", "bold"), f"L▸ {hand} ◂R"))
    if log:
        console.print(Text("Recent events:", "bold"))
        for line in log:
            console.print(Text("  " + line, "dim"))


def final(console: Console, view: dict[str, JSON]) -> None:
    """Final scoring, category by category per seat (``Game.final_rows``)."""
    if view.get("final"):
        console.print(score_table(view, final_rows(view), colour))
