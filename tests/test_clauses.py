"""The rule catalogues: well formed, and every clause cited by a test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scarab.cli import main
from scarab.core.clauses import catalogue, cited, examples, sections

TESTS = Path(__file__).parent


@pytest.mark.parametrize("game", ["luxor", "pyramids", "horus"])
def test_catalogue_is_well_formed(game: str) -> None:
    clauses = catalogue(game)
    ids = [c.id for c in clauses]
    assert len(ids) == len(set(ids)), "clause ids are unique"
    prefix = {"luxor": "LUX", "pyramids": "PYR", "horus": "HOR"}[game]
    for c in clauses:
        assert re.fullmatch(prefix + r"(-[A-Z0-9]+)+", c.id), c.id
        assert len(c.text) > 20 and c.source


@pytest.mark.parametrize("game", ["luxor", "pyramids", "horus"])
def test_every_clause_is_cited(game: str) -> None:
    uncited = {c.id for c in catalogue(game)} - cited(TESTS)
    assert not uncited, f"clauses no test cites: {sorted(uncited)}"


def test_citations_name_real_clauses() -> None:
    known = {c.id for game in ("luxor", "pyramids", "horus") for c in catalogue(game)}
    assert cited(TESTS) - known == set(), "tests cite clause ids no catalogue has"


def test_rules_command_lists_and_filters(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "luxor"]) == 0
    out = capsys.readouterr().out
    assert "LUX-HAND-ENDS" in out and "LUX-WIN" in out
    assert main(["rules", "luxor", "--untested", "--tests", str(TESTS)]) == 0
    assert "LUX-HAND-ENDS" not in capsys.readouterr().out


def test_the_rules_command_prints_whole_ids_in_a_narrow_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "70")
    assert main(["rules", "horus"]) == 0
    assert "HOR-ABILITY-CLAIRVOYANCE" in capsys.readouterr().out  # tests cite it whole


def test_rules_command_needs_a_tests_folder(tmp_path: Path) -> None:
    assert main(["rules", "luxor", "--untested", "--tests", str(tmp_path / "none")]) == 2


@pytest.mark.parametrize(
    ("game", "counts"), [("luxor", (2, 3, 4)), ("pyramids", (1, 2, 4)), ("horus", (2, 3, 6))]
)
def test_every_event_kind_names_the_clauses_that_govern_it(
    game: str, counts: tuple[int, ...]
) -> None:
    """The "why" of each log entry: every kind of event met in random games, and every
    kind the rules name literally, maps to clauses that exist."""
    import random

    from scarab import load
    from scarab.core.clauses import event_clauses

    why = event_clauses(game)
    ids = {c.id for c in catalogue(game)}
    assert all(why[k] and set(why[k]) <= ids for k in why), "unknown or no clause ids"
    met: set[str] = set()
    for players in counts:
        for seed in range(12):
            options = {"solo": True} if players == 1 else {}
            state = load(game).new_game(players, seed=seed, **options)
            rng = random.Random(seed)
            while not state.is_over:
                met.update(e.kind for e in state.apply(rng.choice(state.legal_actions())))
    source = "".join(p.read_text() for p in (TESTS.parent / "src/scarab/games" / game).glob("*.py"))
    met.update(re.findall(r'Event\(\s*"([a-z ]+)"', source))
    assert met - set(why) == set(), f"event kinds without their clauses: {sorted(met - set(why))}"


RULINGS_FOUND = {  # clauses an outside reading found going beyond the rulebook unmarked
    "LUX-CARD-PM-BACK",
    "LUX-EDGE-OSIRIS-CHAMBER",
    "LUX-EDGE-LAST",
    "HOR-WOUND-FULL",
    "HOR-SCORE-IDOLS",
    "HOR-SEAL-OUTSIDE",
    "PYR-TOMB-DONE",
}


@pytest.mark.parametrize("game", ["luxor", "pyramids", "horus"])
def test_a_clause_that_is_our_decision_says_so(game: str) -> None:
    for c in catalogue(game):
        decided = re.search(r"ruling|our reading|scarab variant|issue #", c.source, re.I)
        if decided or c.id in RULINGS_FOUND:
            assert c.ruling, f"{c.id} goes beyond the rulebook: mark it ruling = true"


@pytest.mark.parametrize("game", ["luxor", "pyramids", "horus"])
def test_the_catalogue_is_grouped_as_the_rulebook_orders_it(game: str) -> None:
    """Every clause sits in a declared section, and each section's clauses stand together
    in the file, so the panel reads in the rulebook's order."""
    order = [s.id for s in sections(game)]
    assert len(order) >= 4 and len(order) == len(set(order))
    seen = [c.section for c in catalogue(game)]
    assert set(seen) <= set(order), f"undeclared sections: {set(seen) - set(order)}"
    assert set(order) <= set(seen) | {e.section for e in examples(game)}, "empty sections"
    runs = [s for i, s in enumerate(seen) if i == 0 or seen[i - 1] != s]
    assert runs == sorted(runs, key=order.index), "clauses follow the sections' order"


@pytest.mark.parametrize("game", ["luxor", "pyramids", "horus"])
def test_each_worked_example_names_real_clauses_and_the_test_that_plays_it(game: str) -> None:
    ids = {c.id for c in catalogue(game)}
    order = {s.id for s in sections(game)}
    worked = examples(game)
    assert len(worked) >= 3
    for e in worked:
        assert e.section in order and e.clauses and set(e.clauses) <= ids, e.id
        assert len(e.text) > 40 and e.source, e.id
        path, _, name = e.test.partition("::")
        source = (TESTS.parent / path).read_text("utf-8")
        assert re.search(rf"def {re.escape(name)}\(", source), f"{e.id}: no test {e.test}"


@pytest.mark.rule("LUX-TEMPLE-FAVOR", "LUX-HORUS-TILE", "HOR-ENTER")
def test_the_why_of_an_event_is_the_rule_that_made_it() -> None:
    """A key comes only from a Horus tile, a Horus card from a Horus tile or a Favour of
    Horus (the event says which), and only a Horus move onto the first square is an entry."""
    import random

    from scarab import load
    from scarab.core.clauses import clauses_for

    seen: set[str] = set()
    for seed in range(40):
        state = load("luxor").new_game(2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            act = rng.choice(state.legal_actions())
            choices = state.choices  # type: ignore[attr-defined]
            for e in state.apply(act):
                why = clauses_for("luxor", e.kind, e.data)
                if e.kind == "key":
                    assert "LUX-HORUS-TILE" in why and "LUX-TEMPLE-FAVOR" not in why
                if e.kind == "horus":
                    if str(act).startswith("take"):  # a choice: a Horus tile's offers a key
                        assert bool(e.data.get("favor")) is ("key" not in choices)
                    favor = "LUX-TEMPLE-FAVOR" in why
                    assert favor is bool(e.data.get("favor")) and favor is not (
                        "LUX-HORUS-TILE" in why
                    )
                    seen.add("favor" if favor else "tile")
    assert seen == {"favor", "tile"}
    state = load("horus").new_game(2, seed=3)
    rng = random.Random(3)
    entered = walked = 0
    while not state.is_over and walked < 20:
        for e in state.apply(rng.choice(state.legal_actions())):
            if e.kind == "move":
                entry = "HOR-ENTER" in clauses_for("horus", e.kind, e.data)
                assert entry is bool(e.data["enter"])
                entered, walked = entered + entry, walked + (not entry)
    assert entered and walked
