"""What the README shows runs as shown: its sample game record replays."""

from pathlib import Path

import scarab

ROOT = Path(__file__).resolve().parent.parent


def test_the_readmes_sample_record_reads_replays_and_writes_back() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Game records\n", 1)[1]
    text = section.split("```\n", 2)[1]
    record = scarab.read_record(text)
    state = scarab.replay(record)
    assert len(state.history()) == len(record.moves) > 0
    assert scarab.read_record(scarab.write_record(record)) == record
