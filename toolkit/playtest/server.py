"""The playtest's local web server: the standard library's `ThreadingHTTPServer`.

Why the standard library: the page has one user on the same machine, a handful of small
JSON requests per decision and nothing to stream, so `http.server` serves it fully with
no dependency to install, pin or keep up with; a framework (Starlette with uvicorn) would
add two packages and an event loop for no gain here.

It listens on 127.0.0.1 only, on the port asked for (0: one the system picks). It serves
fixed routes, never a file named by the request: ``/`` (the page), ``/api/view`` (GET),
``/api/act`` and ``/api/undo`` (POST, JSON), and ``/replay`` (the file the game wrote at
its end, by the path the game holds). Every API call must carry the page's token, and
the Host header must name this server (another site, or a DNS name rebound to
127.0.0.1, gets 403).
"""

from __future__ import annotations

import json
import secrets
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from toolkit.playtest.page import page
from toolkit.playtest.table import Table

HOST = "127.0.0.1"
MAX_BODY = 4096
"""The largest request body read (a choice is a few bytes)."""


class PlaytestServer(ThreadingHTTPServer):
    """The server of one `Table`, with the page's token."""

    daemon_threads = True

    def __init__(self, table: Table, port: int) -> None:
        self.table = table
        self.token = secrets.token_urlsafe(24)
        super().__init__((HOST, port), Handler)

    @property
    def url(self) -> str:
        """The page's address."""
        return f"http://{HOST}:{self.server_address[1]}/"


class Handler(BaseHTTPRequestHandler):
    """The routes (see the module docstring)."""

    server: PlaytestServer
    server_version = "pnp-playtest"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        """Quiet: requests are not logged."""

    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(body)

    def _json(self, status: int, doc: Any) -> None:
        self._send(status, json.dumps(doc, ensure_ascii=False).encode("utf-8"),
                   "application/json; charset=utf-8")

    def _allowed(self, api: bool) -> bool:
        """The Host names this server, and an API call carries the token; else 403."""
        port = self.server.server_address[1]
        host = self.headers.get("Host", "")
        if host not in (f"{HOST}:{port}", f"localhost:{port}"):
            self._json(HTTPStatus.FORBIDDEN, {"error": "unknown host"})
            return False
        if api and not secrets.compare_digest(self.headers.get("X-Playtest-Token", ""),
                                              self.server.token):
            self._json(HTTPStatus.FORBIDDEN, {"error": "missing or wrong token"})
            return False
        return True

    def do_GET(self) -> None:  # noqa: N802 - the base's name
        """The page, the view, or the replay."""
        path = self.path.split("?", 1)[0]
        table = self.server.table
        if path == "/":
            if self._allowed(False):
                self._send(HTTPStatus.OK, page(table.title, self.server.token).encode(),
                           "text/html; charset=utf-8")
        elif path == "/api/view":
            if self._allowed(True):
                self._json(HTTPStatus.OK, table.view())
        elif path == "/replay":
            if self._allowed(False):
                written = table.replay_file()
                if written is None:
                    self._json(HTTPStatus.NOT_FOUND, {"error": "no replay yet"})
                else:
                    kind = ("text/html" if written.suffix == ".html" else "text/plain")
                    self._send(HTTPStatus.OK, written.read_bytes(), f"{kind}; charset=utf-8")
        else:
            self._json(HTTPStatus.NOT_FOUND, {"error": "not found"})

    def do_POST(self) -> None:  # noqa: N802 - the base's name
        """A choice or an undo."""
        path = self.path.split("?", 1)[0]
        if path not in ("/api/act", "/api/undo"):
            self._json(HTTPStatus.NOT_FOUND, {"error": "not found"})
            return
        if not self._allowed(True):
            return
        try:
            size = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            size = -1
        if not 0 <= size <= MAX_BODY:
            self._json(HTTPStatus.BAD_REQUEST, {"error": "bad request body"})
            return
        try:
            body = json.loads(self.rfile.read(size) or b"{}")
        except ValueError:
            body = None
        table = self.server.table
        try:
            if path == "/api/undo":
                self._json(HTTPStatus.OK, table.undo())
                return
            if not isinstance(body, dict) or not all(
                    isinstance(body.get(k), int) and not isinstance(body.get(k), bool)
                    for k in ("step", "choice")):
                self._json(HTTPStatus.BAD_REQUEST, {"error": "a choice needs step and choice"})
                return
            self._json(HTTPStatus.OK, table.act(body["step"], body["choice"]))
        except ValueError as error:
            self._json(HTTPStatus.CONFLICT, {"error": str(error)})


def start(table: Table, port: int = 0) -> tuple[PlaytestServer, threading.Thread]:
    """Serve ``table`` in a background thread; returns the server (its ``url``) and the
    thread. OSError when the port cannot be had."""
    server = PlaytestServer(table, port)
    thread = threading.Thread(target=server.serve_forever, name="playtest", daemon=True)
    thread.start()
    return server, thread
