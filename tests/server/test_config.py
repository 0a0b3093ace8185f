"""One ServerConfig: the command line's options, the app's settings and the workers' JSON."""

from __future__ import annotations

import argparse
from dataclasses import fields

import pytest

from scarab import cli
from scarab.server import worker
from scarab.server.config import GROUPS, Limits, ServerConfig, Timeouts, options


def test_a_config_read_back_from_its_json_is_the_same_config() -> None:
    config = ServerConfig(
        port=9000,
        db="postgresql+psycopg://scarab@db/scarab",
        bot_workers=3,
        bot_step=0.0,
        workers=4,
        limits=Limits(allow_origins=("https://a.example", "*"), max_sockets=100),
        timeouts=Timeouts(header=2.5, keep_alive=9),
    )
    assert ServerConfig.from_json(config.to_json()) == config


def test_the_worker_processes_read_the_settings_the_parent_handed_down(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(worker.ENV, raising=False)
    config = ServerConfig(bot_step=1.5, limits=Limits(page_rate="5/second"))
    worker.hand_down(config)
    assert worker._settings() == config


def test_each_setting_with_a_flag_is_a_serve_option_with_the_configs_default() -> None:
    commands = next(a for a in cli._parser()._actions if isinstance(a, argparse._SubParsersAction))
    serve = commands.choices["serve"]
    by_dest = {a.dest: a for a in serve._actions}
    flags = 0
    for kind in (ServerConfig, *GROUPS.values()):
        defaults = kind()
        for f in fields(kind):
            if f.metadata.get("flag"):
                flags += 1
                action = by_dest[f.name]
                assert action.option_strings == [f.metadata["flag"]]
                given = () if action.default == [] else action.default  # --allow-origin's list
                assert given == getattr(defaults, f.name), f.name
    assert flags == sum(len(group) for _, group in options()) == 24  # scarab serve's flags
