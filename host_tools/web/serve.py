"""Serve the built web page on this computer only (127.0.0.1), and open it in a browser."""

import functools
import http.server
import os
import sys
import threading
import webbrowser
from urllib.parse import parse_qs, urlparse

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".wasm": "application/wasm",
    ".bin": "application/octet-stream",
}
# the page tells the server it reached the home screen (only when served from here)
HOME_REPORT = "/__leafkeeper/home"


class Handler(http.server.SimpleHTTPRequestHandler):
    report = None  # called with the page's time to the home screen, in ms

    def guess_type(self, path):
        return TYPES.get(os.path.splitext(str(path))[1].lower()) or super().guess_type(path)

    def end_headers(self):
        # always ask: a rebuilt page must not mix with an old file from the cache
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def do_POST(self):
        url = urlparse(self.path)
        if url.path != HOME_REPORT:
            self.send_error(404)
            return
        ms = parse_qs(url.query).get("ms", [""])[0]
        if self.report and ms.replace(".", "", 1).isdigit():
            self.report(float(ms), self.headers.get("User-Agent", ""))
        self.send_response(204)
        self.end_headers()

    def log_message(self, format, *args):
        pass  # quiet: the terminal shows what matters to a player, not every request


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # a download the browser dropped (a reload, a closed tab) is no error of ours:
        # one line, not socketserver's traceback; anything else, one line too
        e = sys.exc_info()[1]
        if isinstance(e, ConnectionError):
            print("a download was dropped by the browser (%s)" % type(e).__name__, file=sys.stderr, flush=True)
        else:
            print("leafkeeper web: a request failed: %r" % e, file=sys.stderr, flush=True)


def make_server(site, port=0, report=None):
    """An HTTP server for site on 127.0.0.1 (port 0: any free port); not started."""
    cls = type("SiteHandler", (Handler,), {"report": staticmethod(report) if report else None})
    handler = functools.partial(cls, directory=site)
    return Server(("127.0.0.1", port), handler)


def start(site, port=0):
    """Serve site from a background thread; -> (server, url). server.shutdown() stops it."""
    server = make_server(site, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d/" % server.server_address[1]


def _print_home(ms, agent):
    browser = "Chrome" if "Chrome/" in agent else "Firefox" if "Firefox/" in agent else "browser"
    print("home screen %.2f s after the page was opened (%s)" % (ms / 1000, browser), flush=True)


def serve(site, port=8018, open_browser=True):
    # only on the port asked for: the page keeps its games in the browser's storage of
    # its address (http://127.0.0.1:PORT/), so on another port it would hold none of them
    try:
        server = make_server(site, port, _print_home)
    except OSError as e:
        print(
            "leafkeeper web: port %d is taken (%s), perhaps by another leafkeeper web: open"
            " http://127.0.0.1:%d/ there, or stop it. Another --port is a new address, whose"
            " storage holds none of the games played at this one" % (port, e.strerror or e, port),
            file=sys.stderr,
        )
        return 2
    url = "http://127.0.0.1:%d/" % server.server_address[1]
    print("serving %s at %s  (Ctrl-C stops)" % (site, url), flush=True)
    if open_browser:
        threading.Timer(0.3, webbrowser.open, (url,)).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print(file=sys.stderr)
    finally:
        server.server_close()
    return 0
