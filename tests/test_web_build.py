# `leafkeeper web` without a browser: what the build puts in the page's bundle, the glue the
# page calls (host_tools/web/device.py, here on CPython), the local server, and the
# one-line message when npm is missing. tests/test_web_page.py runs the page in Chromium.
import base64
import os
import subprocess
import sys
import urllib.request

from host_tools.bench.tour import TYPICAL_HAND
from host_tools.mpybuild import HARNESS
from host_tools.sim import Simulator, keys, simulator
from host_tools.web import build, serve
from host_tools.web.device import FLASH, SCREEN, WebDevice

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(os.path.dirname(sys.executable), "leafkeeper")


def test_bundle_holds_every_firmware_file_and_the_simulator(tmp_path):
    build.compile_device(str(tmp_path))
    files = build.unpack(build.pack(str(tmp_path)))
    firmware = set()
    for folder, _dirs, names in os.walk(os.path.join(ROOT, "firmware")):
        rel = os.path.relpath(folder, os.path.join(ROOT, "firmware"))
        for name in names:
            if name.endswith(".py"):
                firmware.add(os.path.normpath(os.path.join("firmware", rel, name[:-3] + ".mpy")))
    harness = {"host_tools/" + rel[:-3] + ".mpy" for rel in HARNESS}
    web = {"host_tools/web/__init__.mpy", "host_tools/web/device.mpy", "host_tools/web/bgplay.mpy"}
    assert set(files) == firmware | harness | web
    for name, data in files.items():
        # .mpy v6 with no native code: bytecode that any port runs, the WebAssembly one too
        assert data[:2] == b"M\x06" and data[2] >> 2 == 0, name


def test_the_glue_reports_screen_and_flash_changes(tmp_path):
    sim = Simulator(seed=3)  # first: simulators in one process share the fake bus
    sim.advance(220)
    want = ("".join(sim.pixels()), sim.text())
    kept = {}
    dev = WebDevice(3, str(tmp_path), Storage(kept))
    assert dev.step() & SCREEN  # the first frame
    dev.step(200)
    assert (dev.screen(), dev.text()) == want
    for _ in range(10):
        dev.step()
    assert dev.step() & SCREEN == 0  # the home screen, idle: nothing sent to the OLED
    dev.button_down("ROLL")
    flags = 0
    for _ in range(30):
        flags |= dev.step()
        dev.button_up("ROLL")
    assert flags & SCREEN
    assert flags & FLASH and kept == stored(dev)  # the roll was saved, into the storage
    assert len(dev.leds()) == 12 * 6
    assert 0 <= dev.brightness() <= 255
    dev.power_cut()
    assert dev.brightness() == -1 and dev.step() & SCREEN and "#" not in dev.screen()


def test_server_types_and_home_report(tmp_path):
    (tmp_path / "a.wasm").write_bytes(b"\0asm")
    (tmp_path / "b.mjs").write_text("export {}")
    heard = []
    server = serve.make_server(str(tmp_path), 0, lambda ms, agent: heard.append(ms))
    import threading

    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/" % server.server_address[1]
    try:
        with urllib.request.urlopen(url + "a.wasm") as r:
            assert r.headers["Content-Type"] == "application/wasm"
        with urllib.request.urlopen(url + "b.mjs") as r:
            assert r.headers["Content-Type"].startswith("text/javascript")
        req = urllib.request.Request(url + "__leafkeeper/home?ms=412", method="POST", data=b"")
        with urllib.request.urlopen(req) as r:
            assert r.status == 204
        assert heard == [412.0]
    finally:
        server.shutdown()
        server.server_close()


def test_without_npm_the_build_says_so_in_one_line(tmp_path):
    env = dict(os.environ, PATH=str(tmp_path), XDG_CACHE_HOME=str(tmp_path / "cache"))
    r = subprocess.run(
        [BIN, "web", "--out", str(tmp_path / "site")], capture_output=True, text=True, env=env
    )
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "npm is missing" in r.stderr, r.stderr
    assert not (tmp_path / "site").exists()


def test_cli_builds_the_site_and_prints_its_weight(tmp_path):
    out = tmp_path / "site"
    r = subprocess.run([BIN, "web", "--out", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "page weight:" in r.stdout and "within the 1.5 MB goal" in r.stdout, r.stdout
    html = (out / "index.html").read_text()
    assert "__LK_" not in html and "__LK_" not in (out / "sw.js").read_text()
    assert (out / "leafkeeper.js").exists() and list(out.glob("micropython-*/micropython.wasm"))


class Storage:
    # the page's keep() (leafkeeper.js) over a dict; full: it refuses every new text
    def __init__(self, kept):
        self.kept = kept
        self.full = False

    def __call__(self, name, text):
        if text is None:
            self.kept.pop(name, None)
        elif self.full:
            return False
        else:
            self.kept[name] = text
        return True


def stored(dev):
    # the device's flash as the page keeps it: {name: base64}
    flash = dev.sim.flash
    return {n: base64.b64encode(flash.read(n)).decode() for n in flash.listdir()}


def test_a_refused_write_is_a_full_flash_and_the_storage_holds_what_the_flash_holds(tmp_path):
    # the storage refuses: the firmware hears ENOSPC (its screen says the game is not
    # saved); with room again its next save writes the hands it kept. After every step
    # the storage holds exactly the flash's files, nothing half-written
    kept = {}
    storage = Storage(kept)
    dev = WebDevice(5, str(tmp_path), storage)

    def run(script):
        keys.run(Presses(dev), script)
        assert kept == stored(dev)
        return " ".join(dev.text().split())

    run("wait:200 DOWN OK DOWN OK UP OK UP OK")  # Autumn Leaves, four players
    storage.full = True
    assert run(TYPICAL_HAND) == "Storage Flash full: game kept in memory, not saved"
    run("OK " + TYPICAL_HAND)
    storage.full = False
    assert run(TYPICAL_HAND) == "Storage Flash has space again: saved"
    for name, text in kept.items():  # a reload: the page's folder filled from its storage
        (tmp_path / name).write_bytes(base64.b64decode(text))
    again = WebDevice(5, str(tmp_path), storage)
    keys.run(Presses(again), "wait:200 OK")  # the cursor starts on Resume
    assert "Hand 4/6" in again.text()


class Presses(simulator.Presses):
    # keys.run's presses on the page's device, stepped as the page steps it
    def __init__(self, dev):
        self.dev = dev

    def button_down(self, name):
        self.dev.button_down(name)

    def button_up(self, name):
        self.dev.button_up(name)

    def advance(self, ms):
        self.dev.step(ms)


# -- hardening, fourth pass (issue 41) ------------------------------------------------------


def checkout_web(*args, cwd=ROOT, timeout=300):
    # this checkout's `leafkeeper web ARGS` (the installed script may be another checkout's)
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.run(
        [sys.executable, "-m", "host_tools.cli", "web", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def tree(folder):
    # {relative path: bytes} of every file under folder
    return {
        os.path.relpath(os.path.join(d, n), folder): open(os.path.join(d, n), "rb").read()
        for d, _dirs, files in os.walk(folder)
        for n in files
    }


def test_web_out_writes_only_into_a_new_or_empty_folder_or_its_own_build(tmp_path):
    site = tmp_path / "public_html"
    (site / "photos").mkdir(parents=True)
    (site / "index.html").write_text("<p>my own site</p>")
    (site / "photos" / "cat.jpg").write_bytes(b"\xff\xd8 a cat")
    before = tree(site)
    r = checkout_web("--out", str(site))  # (rmtree()d, rc 0)
    assert r.returncode == 2 and r.stdout == "", r.stdout
    assert r.stderr.count("\n") == 1 and "did not build" in r.stderr, r.stderr
    assert tree(site) == before
    # its own build it replaces; a file added to it since is the user's, kept
    own = tmp_path / "site"
    assert checkout_web("--out", str(own)).returncode == 0
    r = checkout_web("--out", str(own))
    assert r.returncode == 0, r.stderr
    (own / "notes.txt").write_text("mine")
    r = checkout_web("--out", str(own))
    assert r.returncode == 2 and "notes.txt" in r.stderr, r.stderr
    assert (own / "notes.txt").read_text() == "mine" and (own / "index.html").exists()


def test_plain_web_keeps_a_build_web_folder_it_did_not_make(tmp_path):
    mine = tmp_path / "build" / "web"
    mine.mkdir(parents=True)
    (mine / "report.pdf").write_bytes(b"%PDF mine")
    # (built over it, then served until the timeout)
    r = checkout_web("--no-browser", cwd=str(tmp_path), timeout=120)
    assert r.returncode == 2 and "report.pdf" in r.stderr, r.stderr
    assert (mine / "report.pdf").read_bytes() == b"%PDF mine"


# -- the server keeps to its address and its terminal (issue 41 items 11 and 15) -------------


def test_a_taken_port_is_refused_in_one_line_not_served_on_another(tmp_path, capsys):
    # the page's games live in the storage of http://127.0.0.1:PORT/: served on another
    # port, the page would hold none of them
    import socket
    import threading

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    ended = []
    t = threading.Thread(target=lambda: ended.append(serve.serve(str(tmp_path), port, open_browser=False)), daemon=True)
    try:
        t.start()
        t.join(10)
    finally:
        taken.close()
    assert ended == [2], "still serving (on another port?)"
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert len(err.splitlines()) == 1 and ("port %d is taken" % port) in err, err
    assert "storage holds none of the games" in err and "serving" not in captured.out


def test_a_download_the_browser_drops_is_one_line_not_a_traceback(tmp_path, capsys):
    import socket
    import struct
    import time

    (tmp_path / "big.bin").write_bytes(bytes(32 << 20))  # more than the sockets buffer
    server, _url = serve.start(str(tmp_path))
    try:
        port = server.server_address[1]
        for _ in range(2):  # two dropped downloads: two lines
            c = socket.create_connection(("127.0.0.1", port))
            c.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
            assert c.recv(4096).startswith(b"HTTP/1.0 200")
            c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            c.close()  # a reset, mid-download
        err = ""
        deadline = time.monotonic() + 10
        while err.count("\n") < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            err += capsys.readouterr().err
    finally:
        server.shutdown()
        server.server_close()
    err += capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 2, err
    assert all(line.startswith("a download was dropped by the browser") for line in err.splitlines()), err


def test_the_page_names_the_players_and_the_plays_as_pull_does(tmp_path):
    # Anna was renamed Annie in Settings after game 1: the device's History, pull and
    # its page say Annie; so must the web page's History, its link and its QR code
    # (issue 41 item 10), and the play's id is the device's and the game's (item 9)
    import json

    from host_tools.device import export
    from host_tools.web import bgplay

    settings = {"v": 2, "data": {"alias": [["Anna", "Annie", 2]], "game_no": 2, "dev": "0a1b2c3d"}}
    (tmp_path / "settings.json").write_text(json.dumps(settings))
    game = {"n": 1, "g": "autumn_leaves", "p": ["Anna", "Ben"], "t": [-7, 0], "pl": [1, 2], "r": 1, "lo": True, "j": 0}
    (tmp_path / "hist_0.json").write_text(json.dumps({"v": 1, "data": {"games": [game], "kept": 1, "since": 1}}))
    dev = WebDevice(3, str(tmp_path), Storage({}))
    dev.step(200)
    (shown,) = json.loads(dev.history())
    assert shown["no"] == 1 and [p["name"] for p in shown["play"]["players"]] == ["Annie", "Ben"]
    assert shown["play"]["sourcePlayId"] == "leafkeeper-0a1b2c3d-1"
    (pulled,), _notes = export.history_dir(str(tmp_path))
    assert shown["play"] == bgplay.play(pulled) and shown["link"] == bgplay.link(pulled)
