# `leafkeeper web` without a browser: what the build puts in the page's bundle, the glue the
# page calls (host_tools/web/device.py, here on CPython), the local server, and the
# one-line message when npm is missing. tests/test_web_page.py runs the page in Chromium.
import os
import subprocess
import sys
import urllib.request

from host_tools.mpybuild import HARNESS
from host_tools.sim import Simulator
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
    dev = WebDevice(3, str(tmp_path))
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
    assert flags & FLASH and os.listdir(tmp_path)  # the roll was saved, into the folder
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
    dev = WebDevice(3, str(tmp_path))
    dev.step(200)
    (shown,) = json.loads(dev.history())
    assert shown["no"] == 1 and [p["name"] for p in shown["play"]["players"]] == ["Annie", "Ben"]
    assert shown["play"]["sourcePlayId"] == "leafkeeper-0a1b2c3d-1"
    (pulled,), _notes = export.history_dir(str(tmp_path))
    assert shown["play"] == bgplay.play(pulled) and shown["link"] == bgplay.link(pulled)
