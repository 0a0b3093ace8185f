"""Real-browser tests of the web table: Playwright (sync API) driving Debian's Chromium.

The server runs in this process on a background thread (bots in-process,
``bot_workers=0``) on a fresh SQLite database; one headless Chromium serves the
session and each test gets its own browser context (its own localStorage).

The page is instrumented, from outside, by an init script that only watches
its WebSocket: ``window.__scarab`` counts the messages sent and the states
received (``seen`` counts a state once the page has handled it), keeps the
last state and the last action sent. Tests wait on those counters instead of
sleeping, and read the state the page drew from there.

Screenshots go to ``$SCARAB_ARTIFACTS`` or ``tests/browser/artifacts/``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-quic",
    "--disable-sync",
]
WAIT_MS = 30_000  # the longest any single wait may take

# Watches the page's WebSocket; defines nothing the page itself uses.
WATCH_SOCKET = """
(() => {
  const probe = { sent: 0, seen: 0, errors: 0, last: null, lastSent: null, error: null };
  window.__scarab = probe;
  const Native = window.WebSocket;
  class Watched extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        let m = null;
        try { m = JSON.parse(event.data); } catch { return; }
        // after the page's own handler and its microtasks: the state is drawn
        setTimeout(() => {
          if (m.type === "state") { probe.last = m; probe.seen += 1; }
          else if (m.type === "error") { probe.error = m.message; probe.errors += 1; }
        }, 0);
      });
    }
    send(data) {
      try {
        const m = JSON.parse(data);
        if (m.type === "act") { probe.sent += 1; probe.lastSent = m.action; }
      } catch { /* not ours to judge */ }
      return super.send(data);
    }
  }
  window.WebSocket = Watched;
})();
"""


def artifacts_dir() -> Path:
    where = os.environ.get("SCARAB_ARTIFACTS")
    path = Path(where) if where else Path(__file__).parent / "artifacts"
    path.mkdir(parents=True, exist_ok=True)
    return path


def shoot(page: Any, name: str) -> Path:
    """Save a full-page screenshot as an artifact; returns its path."""
    path = artifacts_dir() / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A running server on a fresh database: its http://127.0.0.1:<port> address."""
    import uvicorn

    from scarab.server.app import SOCKET_PROTOCOL, create_app
    from scarab.server.config import Limits, ServerConfig, Timeouts
    from scarab.server.deadlines import protocol

    db = tmp_path_factory.mktemp("browser") / "t.db"
    port = free_port()
    # a bot's run of unseen Pyramids marks is shown at once here (tests/server measures its pace);
    # every test's browser and API calls come from one address, which a real server would
    # see as many people: its rates per address, for API calls and new tables, are raised
    # (tests/server tests the limits; a fast machine makes more than 60 tables a minute here)
    many = Limits(
        api_rate="100000/minute",
        table_rate="100000/minute",
        page_rate="100000/minute",
        client_connection_rate=100_000,
    )
    app = create_app(
        ServerConfig(db=f"sqlite:///{db}", bot_workers=0, bot_step=0.0, limits=many, pace=0.0)
    )
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host="127.0.0.1",
            port=port,
            log_level="warning",
            ws_max_size=65_536,
            http=protocol(Timeouts()),  # the served protocols, the door's checks with them
            ws=SOCKET_PROTOCOL,
        )
    )
    thread = threading.Thread(target=server.run, name="scarab-test-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any, base_url: str) -> Iterator[Any]:
    """A fresh page (own context, own localStorage) on the server; fails the test on a
    JavaScript error the page did not catch, or on any error in its console (a missing
    favicon or a failed request included)."""
    with page_in(browser, base_url) as pg:
        yield pg


@contextmanager
def page_in(
    browser: Any,
    base_url: str,
    locale: str = "en-US",
    width: int = 1280,
    height: int = 900,
    **options: Any,
) -> Iterator[Any]:
    """A page whose browser prefers ``locale``, at ``width`` x ``height`` (and any other
    context ``options``), its socket watched; failing the test on any error in the page
    or its console."""
    context = browser.new_context(
        base_url=base_url, locale=locale, viewport={"width": width, "height": height}, **options
    )
    context.set_default_timeout(WAIT_MS)
    context.add_init_script(WATCH_SOCKET)
    errors: list[str] = []
    pg = context.new_page()
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.on("console", lambda msg: msg.type == "error" and errors.append(f"console: {msg.text}"))
    try:
        yield pg
    finally:
        context.close()
    assert not errors, f"errors in the page or its console: {errors}"


# ---- the API, straight from Python ----------------------------------------------------
def api(
    base_url: str, path: str, payload: Any = None, headers: dict[str, str] | None = None
) -> Any:
    data = None if payload is None else json.dumps(payload).encode()
    req = urllib.request.Request(base_url + path, data=data, headers=headers or {})
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            body = r.read().decode()
    except urllib.error.HTTPError as exc:
        raise AssertionError(f"{path}: HTTP {exc.code}: {exc.read().decode()}") from None
    try:
        return json.loads(body)
    except json.JSONDecodeError:
        return body


def make_table(base_url: str, game: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """Create a table through the API; the answer holds each person's seat link."""
    made = api(base_url, "/api/tables", {"game": game, "seats": seats})
    assert isinstance(made, dict) and made["table"], made
    return made


def seat_state(base_url: str, table: dict[str, Any], seat: int) -> dict[str, Any]:
    token = table["seats"][seat]["token"]
    out = api(base_url, f"/api/tables/{table['table']}", headers={"X-Seat-Token": token})
    assert isinstance(out, dict)
    return out


def wait_until(test: Any, what: str, timeout: float = WAIT_MS / 1000) -> Any:
    """Poll ``test()`` (a Python condition, e.g. on the API) until it is truthy."""
    deadline = time.monotonic() + timeout
    while True:
        value = test()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


# ---- one seat at a table, in the browser ---------------------------------------------
class Seat:
    """A person at a table in ``page``: what the page last drew, and ways to act."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.by_board = 0  # actions sent by clicking the board
        self.by_list = 0  # actions sent from the action list
        self.asked = 0  # moves the page asked about before playing them
        self.error: str | None = None  # the server's reason, when the last click was refused

    def probe(self) -> dict[str, Any]:
        out = self.page.evaluate("() => window.__scarab")
        assert isinstance(out, dict)
        return out

    def state(self) -> dict[str, Any]:
        m = self.probe()["last"]
        assert m is not None, "the page has no state yet"
        return m  # type: ignore[no-any-return]

    def wait_drawn(self) -> dict[str, Any]:
        """The first state, once the page and its board are drawn."""
        self.page.wait_for_function("() => window.__scarab && window.__scarab.seen > 0")
        self.page.locator("#board > *").first.wait_for()
        return self.state()

    def wait_decision(self, timeout: int = WAIT_MS) -> dict[str, Any]:
        """Wait until this seat decides (legal actions shown) or the game is over."""
        self.page.wait_for_function(
            "() => { const m = window.__scarab.last; return m && (m.over || m.legal.length > 0); }",
            timeout=timeout,
        )
        m = self.state()
        if not m["over"]:
            # the list on the page is the one for this state
            want = sorted(e["action"] for e in m["legal"])
            self.page.wait_for_function(
                """(want) => {
                  const got = [...document.querySelectorAll('#actions button.action')]
                    .map((b) => b.dataset.action).sort();
                  return JSON.stringify(got) === JSON.stringify(want);
                }""",
                arg=want,
            )
        return m

    def clear_message(self) -> None:
        self.page.evaluate("() => { document.getElementById('message').textContent = ''; }")

    def click(self, locator: Any) -> str | None:
        """Click; if that sent an action, wait for the server's answer and return the
        action sent (an error leaves its reason in #message); None if nothing was sent."""
        before = self.probe()
        self.clear_message()
        self.error = None
        if locator.get_attribute("aria-disabled") == "true":
            # a piece with nothing to do now still answers a click (it says why); the
            # click is forced, as Playwright would wait for a disabled one to be enabled
            locator.scroll_into_view_if_needed()
            locator.click(force=True)
        else:
            locator.click()
        after = self.probe()
        if after["sent"] == before["sent"]:
            return None
        self.page.wait_for_function(
            "([seen, errors]) => window.__scarab.seen > seen || window.__scarab.errors > errors",
            arg=[before["seen"], before["errors"]],
        )
        done = self.probe()
        if done["errors"] > before["errors"]:
            self.error = done["error"]
        return after["lastSent"]  # type: ignore[no-any-return]

    def hit(self, name: str) -> Any:
        return self.page.locator(f'#board [data-hit="{name}"]')

    def list_button(self, action: str) -> Any:
        return self.page.locator(f'#actions button.action[data-action="{action}"]')

    def act_from_list(self, action: str) -> str | None:
        """Play ``action`` from the list (widening a narrowed list first)."""
        if not self.list_button(action).count():
            self.page.locator("#actions button.secondary").click()
        sent = self.click(self.list_button(action))
        assert sent == action, f"the list sent {sent!r}, not {action!r}"
        assert self.error is None, f"the server refused {action!r}: {self.error}"
        self.by_list += 1
        return sent

    def finish_from_board(self, action: str, sent: str | None) -> None:
        """After a board click meant to play ``action``: count it, or play it from the
        (possibly narrowed) list when the board did not send it."""
        if sent is None:
            self.act_from_list(action)
            return
        assert sent == action, f"the board sent {sent!r} where {action!r} was meant"
        assert self.error is None, f"the server refused {action!r}: {self.error}"
        self.by_board += 1


def log_texts(page: Any) -> list[str]:
    """The log's lines in order, round headings left out."""
    return [t.strip() for t in page.locator("#log li:not(.round)").all_inner_texts()]


def seat_link(table: dict[str, Any], seat: int) -> str:
    link = table["seats"][seat]["link"]
    assert isinstance(link, str) and re.match(r"^/t/[^#]+#seat=", link), link
    return link
