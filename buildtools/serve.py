"""``build.py serve``: the built site on a local server, as a real host sends it
(pre-compressed copies, the types browsers insist on, any URL prefix)."""

from __future__ import annotations

import functools
import http.server
import io
import sys
import threading
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlsplit

from buildtools.common import DIST, fail
from buildtools.site import ENCODINGS


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory under the server's URL prefix with the types browsers insist on.

    Module scripts need a JavaScript type and ``WebAssembly.instantiateStreaming``
    needs ``application/wasm``. Only failed requests are logged.
    """

    server: SiteServer
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".map": "application/json",
        ".whl": "application/zip",
        ".webmanifest": "application/manifest+json",
        ".svg": "image/svg+xml",
    }

    def translate_path(self, path: str) -> str:
        """Map ``prefix + rest`` to ``directory/rest`` (send_head has checked the prefix)."""
        url_path = urlsplit(path).path
        return super().translate_path("/" + url_path[len(self.server.prefix) :])

    def send_head(self) -> io.BufferedIOBase | None:
        """Answer 404 outside the prefix, and redirect ``/`` to the prefix for convenience."""
        prefix = self.server.prefix
        url_path = urlsplit(self.path).path
        if prefix != "/" and url_path in ("/", prefix.rstrip("/")):
            self.send_response(302)
            self.send_header("Location", prefix)
            self.end_headers()
            return None
        if not url_path.startswith(prefix):
            self.send_error(404, f"Not under {prefix}")
            return None
        # As a real host: the build's gzip or brotli copy where the browser takes it.
        chosen = self._precompressed()
        if chosen is not None:
            return self._send_precompressed(*chosen)
        return super().send_head()

    def _precompressed(self) -> tuple[str, Path, Path] | None:
        """The encoding, copy and original to send for this request: a
        pre-compressed copy (``precompress``) the browser accepts, or None."""
        accepted = {
            part.split(";")[0].strip().lower()
            for part in self.headers.get("Accept-Encoding", "").split(",")
            if not part.strip().endswith(";q=0")
        }
        original = Path(self.translate_path(self.path))
        if not original.is_file():
            return None
        for encoding, suffix in ENCODINGS:
            copy = original.with_name(original.name + suffix)
            # A copy older than its original (the file changed since the
            # build) would send stale bytes: the original goes instead.
            if (encoding in accepted and copy.is_file()
                    and copy.stat().st_mtime_ns >= original.stat().st_mtime_ns):
                return encoding, copy, original
        return None

    def _send_precompressed(self, encoding: str, copy: Path, original: Path) -> io.BufferedIOBase:
        """Headers for a pre-compressed copy: the original's type, its encoding."""
        body = copy.open("rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(original)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(copy.stat().st_size))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(int(original.stat().st_mtime)))
        self.end_headers()
        return body

    def end_headers(self) -> None:
        """Make browsers revalidate, so a rebuilt wheel is never served stale from cache."""
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Log only failed requests."""
        if isinstance(code, int) and code >= 400:
            super().log_request(code, size)


class SiteServer(http.server.ThreadingHTTPServer):
    """Serves ``directory`` at ``http://host:port/prefix/`` (port 0: any free port)."""

    daemon_threads = True

    def __init__(self, directory: Path, host: str, port: int, prefix: str = "/") -> None:
        if not directory.is_dir():
            fail(f"{directory} does not exist; run `python3 build.py build` first")
        self.prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        handler = functools.partial(SiteHandler, directory=str(directory))
        super().__init__((host, port), handler)

    @property
    def url(self) -> str:
        """The site's address, ending with its prefix."""
        host, port = self.server_address[:2]
        return f"http://{host}:{port}{self.prefix}"

    def handle_error(self, request: object, client_address: tuple[str, int]) -> None:
        """Ignore connections closed by the browser mid-response; report anything else."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve_in_thread(directory: Path = DIST, prefix: str = "/") -> SiteServer:
    """Serve ``directory`` on a free local port from a daemon thread (used by the tests).

    The site is at ``server.url``, e.g. ``http://127.0.0.1:40123/puzzle-lab/``;
    call ``shutdown()`` and ``server_close()`` when done.
    """
    server = SiteServer(directory, "127.0.0.1", 0, prefix)
    threading.Thread(target=server.serve_forever, name="puzzle-lab-server", daemon=True).start()
    return server


def serve(directory: Path, host: str, port: int, prefix: str) -> None:
    """Serve the site in the foreground until Ctrl-C."""
    try:
        server = SiteServer(directory, host, port, prefix)
    except OSError as error:
        fail(f"cannot serve on {host}:{port} ({error.strerror}); "
             "pick another port: npm start -- --port 8080")
    with server:
        shown = server.url.replace("//127.0.0.1:", "//localhost:")
        print(f"Serving Puzzle Lab at {shown}", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("Stopped.")
