# The web page (`leafkeeper web`) in a real browser: Debian's Chromium, headless, driven by
# Playwright. The page is built and served from this machine; every press goes through
# the page's own buttons (mouse, touch, keyboard), and what the page shows is read back
# from its canvas and compared, pixel for pixel, with the CPython Simulator given the same
# seed and the same presses. Time in the page moves only when a test says so
# (?clock=manual), except in the test of the real-time clock.
import base64
import datetime
import io
import json
import os
import shutil
import time
from urllib.parse import unquote

import PIL.Image
import playwright.sync_api as pw  # pip install -e '.[test]' installs it; no browser download
import pytest
import zxingcpp  # pip install -e '.[test]' installs it: reads the page's QR codes

from host_tools.bench.tour import TYPICAL_HAND
from host_tools.sim import AFTER_PRESS_MS, HOLD_MS, PRESS_MS, Simulator, keys
from host_tools.sim.render import led_display_colour
from tests.scenarios.util import cursor_row

CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BOOT_MS = 200  # as `leafkeeper sim --keys`: the home screen is up
SETTLE_MS = 1000  # a roll has landed
# from a fresh flash: Autumn Leaves, four players (the line-up starts at three), Start
FOUR_PLAYERS = "DOWN OK DOWN OK UP OK UP OK"


def chromium():
    path = os.environ.get("LEAFKEEPER_CHROMIUM") or next(
        filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), None
    )
    if not path:
        raise AssertionError(
            "no Chromium for the web page tests: apt-get install chromium (.ci/run does), "
            "or set LEAFKEEPER_CHROMIUM to a Chrome/Chromium binary"
        )
    return path


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    from host_tools.web import build, serve

    out = str(tmp_path_factory.mktemp("web") / "site")
    build.build(out)
    server, url = serve.start(out)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    with pw.sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        yield b
        b.close()


class Page:
    """The page in one browser context (its own storage), and the same steps in CPython."""

    def __init__(self, browser, url, seed, touch=False, options="", timezone=None, now=None):
        # timezone, now: the browser's zone and its Date() frozen at that instant
        self.url = url
        self.query = "?clock=manual&seed=%d%s" % (seed, options)
        self.context = browser.new_context(viewport={"width": 720, "height": 900}, has_touch=touch, timezone_id=timezone)
        self.page = self.context.new_page()
        if now is not None:
            self.page.clock.set_fixed_time(now)
        self.errors = []
        self.requests = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.context.on("request", lambda r: self.requests.append(r.url))
        self.load()

    def load(self):
        self.page.goto(self.url + self.query)
        self.page.evaluate("window.leafkeeper.ready")

    def reload(self):
        self.page.reload()
        self.page.evaluate("window.leafkeeper.ready")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self.context.close()

    # -- time and buttons, through the page's own elements -----------------------------------
    def advance(self, ms):
        self.page.evaluate("ms => window.leafkeeper.advance(ms)", ms)

    def centre(self, name):
        box = self.page.locator('[data-button="%s"]' % name).bounding_box()
        assert box, name
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def mouse_press(self, name, ms=PRESS_MS):
        x, y = self.centre(name)
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        self.advance(ms)
        self.page.mouse.up()
        self.advance(AFTER_PRESS_MS)

    def touch_press(self, name, ms=PRESS_MS):
        x, y = self.centre(name)
        cdp = self.context.new_cdp_session(self.page)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        self.advance(ms)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        cdp.detach()
        self.advance(AFTER_PRESS_MS)

    def keys(self, script):
        # "OK DOWN OK:long" clicked with the mouse, each as Simulator.press/hold does it
        for kind, arg in keys.parse(script):
            if kind == "wait":
                self.advance(arg)
            else:
                self.mouse_press(arg, HOLD_MS if kind == "hold" else PRESS_MS)

    # -- what the page shows ----------------------------------------------------------------------
    def glass(self):
        return self.page.evaluate("window.leafkeeper.glass()")

    def screen(self):
        return self.page.evaluate("window.leafkeeper.screen()")

    def leds(self):
        return [tuple(c) for c in self.page.evaluate("window.leafkeeper.leds()")]

    def text(self):
        return self.page.evaluate("window.leafkeeper.text()")

    def stored(self):
        return self.page.evaluate(
            "Object.keys(localStorage).filter(k => k.startsWith('leafkeeper/flash/')).sort()"
        )


def wait_for(page, expression, timeout_s=20.0):
    # polls from here: Playwright's wait_for_function evaluates strings, which the page's
    # Content-Security-Policy (no 'unsafe-eval') rightly refuses
    deadline = time.monotonic() + timeout_s
    while not page.evaluate("() => { try { return !!(%s); } catch { return false; } }" % expression):
        assert time.monotonic() < deadline, "timed out waiting for " + expression
        page.wait_for_timeout(50)


def picture(rows):
    return "\n".join(rows)


def booted(page, sim):
    # the page and the CPython Simulator run to their home screens
    page.advance(BOOT_MS)
    sim.advance(BOOT_MS)


def both(page, sim, script, what):
    # the same presses clicked in the page and pressed on the CPython Simulator: the
    # same screen after them
    page.keys(script)
    keys.run(sim, script)
    same(page, sim, what)


def same(page, sim, what):
    """The page's canvas, the pixels the page's simulator decoded and the LEDs, against
    the CPython Simulator's."""
    want = sim.pixels()
    assert any("#" in row for row in want), "the CPython picture is blank: " + what
    drawn = page.glass()
    assert picture(drawn) == picture(want), (
        what + ": the page's canvas differs from the simulator\n--- page ---\n"
        + picture(drawn) + "\n--- CPython ---\n" + picture(want)
    )
    assert page.screen() == want, what + ": the page's decoded pixels differ"
    assert page.leds() == list(sim.leds()), what + ": the LEDs differ"


def test_page_matches_the_simulator_pixel_for_pixel(browser, site):
    # home, a ROLL clicked with the mouse (mid-roll, with the light chasing round the ring,
    # and landed), Space on the keyboard, OK held with the mouse (the menu), a tap and a
    # long press by touch
    seed = 7
    sim = Simulator(seed=seed)
    with Page(browser, site, seed, touch=True) as page:
        booted(page, sim)
        same(page, sim, "home screen")

        x, y = page.centre("ROLL")
        page.page.mouse.move(x, y)
        page.page.mouse.down()
        page.advance(PRESS_MS)
        page.page.mouse.up()
        page.advance(AFTER_PRESS_MS)
        sim.press("ROLL")
        same(page, sim, "mid-roll")
        assert any(sim.leds()), "the roll lights the ring"
        lit = [led_display_colour(c) for c in sim.leds()]
        for i, (drawn, want) in enumerate(zip(page.page.evaluate("window.leafkeeper.ledsDrawn()"), lit)):
            if max(want):
                assert all(abs(a - b) <= 2 for a, b in zip(drawn, want)), (i, drawn, want)
        page.advance(SETTLE_MS)
        sim.advance(SETTLE_MS)
        same(page, sim, "the dice landed")
        assert "Total" in page.text()

        page.page.keyboard.down(" ")
        page.advance(PRESS_MS)
        page.page.keyboard.up(" ")
        page.advance(AFTER_PRESS_MS + SETTLE_MS)
        sim.press("ROLL")
        sim.advance(SETTLE_MS)
        same(page, sim, "Space rolls again")

        page.mouse_press("OK", 1200)
        sim.hold("OK", 1200)
        same(page, sim, "OK held: the dice menu")
        assert page.text() != "" and "Total" not in page.text()

        page.page.tap('[data-button="DOWN"]')  # a tap shorter than a tick still counts
        page.advance(PRESS_MS + AFTER_PRESS_MS)
        sim.press("DOWN")
        same(page, sim, "a tap on DOWN")

        page.touch_press("BACK", 1200)
        sim.hold("BACK", 1200)
        same(page, sim, "BACK held by touch: home")
        assert page.text().startswith("Leafkeeper")
        assert page.errors == []


def test_the_other_board_sh1106_and_six_leds(browser, site):
    # the 1.3" SH1106 panel (its own controller, decoded by the same emulator) and the
    # strip of six LEDs: a roll lights them
    sim = Simulator(seed=2, display="sh1106", leds=6)
    with Page(browser, site, 2, options="&display=sh1106&leds=6") as page:
        booted(page, sim)
        same(page, sim, "SH1106 home")
        page.mouse_press("ROLL")
        sim.press("ROLL")
        same(page, sim, "SH1106 mid-roll")
        assert len(page.leds()) == 6
        assert page.errors == []


def test_autumn_leaves_hand_then_reload_resumes(browser, site):
    # a typical four-player hand clicked in the page, then the page is reloaded: the
    # browser kept the flash, the home screen offers Resume, and the table is the same
    seed = 5
    sim = Simulator(seed=seed)
    with Page(browser, site, seed) as page:
        booted(page, sim)
        both(page, sim, FOUR_PLAYERS, "four players, hand 1")
        both(page, sim, TYPICAL_HAND, "the hand is scored")
        assert "Hand 2/6" in page.text()
        assert any(k.endswith("/autumn_leaves.json") for k in page.stored()), page.stored()

        page.reload()
        again = Simulator(seed=seed, flash=sim.flash)  # a new boot on the same flash
        booted(page, again)
        same(page, again, "after the reload: home")
        assert "\u25ba Autumn Leaves" in page.text()
        both(page, again, "OK", "resumed")  # the cursor starts on the game's row
        assert "Hand 2/6" in page.text()
        assert page.errors == []


def test_power_cut_button_and_erase(browser, site):
    seed = 11
    with Page(browser, site, seed) as page:
        page.advance(BOOT_MS)
        page.keys(FOUR_PLAYERS + " ROLL OK")  # a hand being scored: the game is on
        page.page.click("#power")
        assert page.page.evaluate("window.leafkeeper.on") is False
        assert "#" not in "".join(page.glass()), "the screen goes dark"
        page.keys("ROLL OK")  # presses do nothing while the power is off
        page.page.click("#power")
        page.advance(BOOT_MS)
        assert "\u25ba Autumn Leaves" in page.text()
        assert page.page.text_content("#power") == "Power cut"

        # Settings (the last row: UP from the game's row, where the cursor starts,
        # wraps), Erase all data (its list stops at its ends: nine rows down), DOWN onto
        # "Erase all data" and OK, twice (it asks twice)
        page.keys("UP OK DOWN*9 OK DOWN OK DOWN OK")
        assert "erased" in page.text()
        page.reload()
        page.advance(BOOT_MS)
        assert "\u25ba" not in page.text()
        assert not any(k.endswith("autumn_leaves.json") for k in page.stored())
        assert page.errors == []


# Storage is input (any page of the same origin can write it): each of these keys stopped
# the page from starting, with Erase out of reach, or ran in place of the page's own code
PLANTED = '"""A page of the same origin put this here."""\nraise RuntimeError("planted code ran")\n'
HOSTILE = {
    "a path out of the flash folder": ("../lk/host_tools/web/device.py", base64.b64encode(PLANTED.encode()).decode()),
    "a value that is not base64": ("dice.json", "{not base64}"),
    'a name with "/"': ("games/autumn_leaves.json", base64.b64encode(b'{"v": 1}').decode()),
    "an empty name": ("", base64.b64encode(b"x").decode()),
}
# names the firmware writes (a crash log, damaged saves kept aside): they stay on the flash
KEPT = {"crash.log": b"crash\n", "dice-2.bad": b"{", "hist_3.bad": b"["}


def set_aside(page, name):
    # what the page keeps aside under a name: the first entry, the second
    return page.page.evaluate(
        "n => [localStorage.getItem(n), localStorage.getItem(n + '~2')]", "leafkeeper/aside/" + name
    )


@pytest.mark.parametrize("what", list(HOSTILE))
def test_a_hostile_stored_entry_is_set_aside_and_the_device_starts(browser, site, what):
    name, value = HOSTILE[what]
    with Page(browser, site, 12) as page:
        page.advance(BOOT_MS)
        page.keys(FOUR_PLAYERS)  # a game on: it must survive
        saved = page.stored()
        page.page.evaluate(
            "([store, name, value, kept]) => { localStorage.setItem(store + name, value);"
            " for (const [n, v] of Object.entries(kept)) localStorage.setItem(store + n, btoa(v)); }",
            ["leafkeeper/flash/", name, value, {n: v.decode() for n, v in KEPT.items()}],
        )
        page.reload()  # throws when the page cannot start
        page.advance(BOOT_MS)
        assert "\u25ba Autumn Leaves" in page.text(), "Resume is offered: " + page.text()
        kept = sorted(saved + ["leafkeeper/flash/" + n for n in KEPT])
        assert page.stored() == kept, "only the planted entry left the flash"
        assert set_aside(page, name) == [value, None], "the planted entry is kept aside as it was"
        status = page.page.text_content("#status") or ""
        assert "Set aside" in status and json.dumps(name) in status, status
        # planted again, otherwise: kept beside the first, which stays as it was
        page.page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["leafkeeper/flash/" + name, value + "="])
        page.reload()
        page.advance(BOOT_MS)
        assert set_aside(page, name) == [value, value + "="]

        # Settings (the last row: UP from where the cursor starts wraps), Erase all data
        # (nine rows down), DOWN onto "Erase all data" and OK, twice (it asks twice)
        page.keys("UP OK DOWN*9 OK DOWN OK DOWN OK")
        assert "erased" in page.text()
        page.reload()
        page.advance(BOOT_MS)
        assert page.text().startswith("Leafkeeper") and "\u25ba" not in page.text()
        assert "leafkeeper/flash/" + name not in page.stored(), "a set-aside entry stays out of the flash"
        assert set_aside(page, name) == [value, value + "="]
        assert page.errors == []


# The browser's storage filled to its quota by another page of the same origin: keys of
# halving sizes until not one more character fits
FILL = """() => {
  for (let size = 1 << 22, n = 0; size >= 1; size >>= 1) {
    const chunk = "x".repeat(size);
    for (;;) {
      try { localStorage.setItem("filler/" + n++, chunk); } catch { break; }
    }
  }
}"""
FREE = "() => { for (const k of Object.keys(localStorage)) if (k.startsWith('filler/')) localStorage.removeItem(k); }"
NOT_SAVED = "Storage Flash full: game kept in memory, not saved"  # core/storage.py, as on the device
SAVED_AGAIN = "Storage Flash has space again: saved"


def said(page):
    # the screen's words, its line breaks as spaces
    return " ".join(page.text().split())


def test_a_full_browser_storage_is_a_full_flash_and_saves_again_with_room(browser, site):
    # the storage full after hand 1: the device's screen says the game is not saved, as
    # the device's full flash makes it say; hands 2 and 3 played on, room made, hand 4
    # saves them all; after a reload the game resumes with every hand
    seed = 5
    sim = Simulator(seed=seed)
    with Page(browser, site, seed) as page:
        booted(page, sim)
        both(page, sim, FOUR_PLAYERS, "four players, hand 1")
        page.page.evaluate(FILL)
        page.keys(TYPICAL_HAND)
        keys.run(sim, TYPICAL_HAND)
        assert said(page) == NOT_SAVED
        assert "storage is full" in (page.page.text_content("#status") or "")
        page.keys("OK")  # the message read
        same(page, sim, "hand 2, in memory only")
        both(page, sim, TYPICAL_HAND + " " + TYPICAL_HAND, "hand 4, in memory only")
        page.page.evaluate(FREE)
        page.keys(TYPICAL_HAND)
        keys.run(sim, TYPICAL_HAND)
        assert said(page) == SAVED_AGAIN
        assert "room again" in (page.page.text_content("#status") or "")
        page.keys("OK")
        same(page, sim, "hand 5, saved with the hands before it")
        assert "Hand 5/6" in page.text()

        page.reload()
        again = Simulator(seed=seed, flash=sim.flash)  # a new boot on the same flash
        booted(page, again)
        both(page, again, "OK", "resumed with every hand")
        assert "Hand 5/6" in page.text()
        assert page.errors == []


def test_a_reload_with_the_storage_still_full_boots_from_what_was_saved(browser, site):
    # hand 1 saved, then the storage full: hand 2 is said not to be saved. A reload while
    # it is still full boots from what was saved (no half-written save left behind), plays
    # on, and saves once there is room again
    seed = 6
    sim = Simulator(seed=seed)
    with Page(browser, site, seed) as page:
        booted(page, sim)
        both(page, sim, FOUR_PLAYERS + " " + TYPICAL_HAND, "hand 1 saved")
        page.page.evaluate(FILL)
        page.keys(TYPICAL_HAND)
        assert said(page) == NOT_SAVED
        page.reload()
        again = Simulator(seed=seed, flash=sim.flash)
        booted(page, again)
        both(page, again, "OK", "resumed at hand 2: the last the screen said was saved")
        assert "Hand 2/6" in page.text()
        page.keys(TYPICAL_HAND)
        keys.run(again, TYPICAL_HAND)
        assert said(page) == NOT_SAVED
        page.keys("OK")
        page.page.evaluate(FREE)
        page.keys(TYPICAL_HAND)
        keys.run(again, TYPICAL_HAND)
        assert said(page) == SAVED_AGAIN
        page.reload()
        last = Simulator(seed=seed, flash=again.flash)
        booted(page, last)
        both(page, last, "OK", "resumed with every hand")
        assert "Hand 4/6" in page.text()
        assert page.errors == []


def test_a_second_tab_takes_the_device_over(browser, site):
    # one flash, one device: a second tab that writes to it turns the first one off, so
    # the first cannot overwrite the second's games with its own
    first = Page(browser, site, 4)
    try:
        first.advance(BOOT_MS)
        second = first.context.new_page()
        second.goto(site + first.query)
        second.evaluate("window.leafkeeper.ready")
        second.evaluate("window.leafkeeper.advance(200)")
        assert first.page.evaluate("window.leafkeeper.on") is True
        # ROLL on the second tab: the dice roller saves its roll
        box = second.locator('[data-button="ROLL"]').bounding_box()
        assert box
        second.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        second.mouse.down()
        second.evaluate("window.leafkeeper.advance(80)")
        second.mouse.up()
        second.evaluate("window.leafkeeper.advance(1000)")
        wait_for(first.page, "window.leafkeeper.on === false", 5)
        assert "another tab" in (first.page.text_content("#status") or "")
        assert second.evaluate("window.leafkeeper.on") is True
    finally:
        first.close()


def test_page_runs_in_real_time_and_offline(browser, site):
    # no test clock: the page reaches home by itself, a button held for 1.2 s of real time
    # is a long press, it asks no other host, and once loaded it also starts offline
    context = browser.new_context(viewport={"width": 720, "height": 900})
    page = context.new_page()
    requests, errors = [], []
    context.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(site + "?seed=3")
        wait_for(page, "window.leafkeeper.homeMs !== null")
        home_ms = page.evaluate("window.leafkeeper.homeMs")
        print("web page: home screen %.0f ms after navigation" % home_ms)
        assert home_ms < 10_000
        start = page.evaluate("window.leafkeeper.vclock")
        page.wait_for_timeout(500)
        ticked = page.evaluate("window.leafkeeper.vclock") - start
        assert 250 <= ticked <= 1000, "the virtual clock keeps to real time: %d ms in 500" % ticked

        box = page.locator('[data-button="OK"]').bounding_box()
        assert box
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.wait_for_timeout(1200)
        page.mouse.up()
        page.wait_for_timeout(300)
        sim = Simulator(seed=3)
        sim.advance(BOOT_MS)
        sim.hold("OK", 1200)
        assert page.evaluate("window.leafkeeper.text()") == sim.text()
        wait_for(page, "navigator.serviceWorker.controller !== null")
        origin = site.rstrip("/")
        assert requests and all(u.startswith(origin) for u in requests), requests

        context.set_offline(True)
        page.reload()
        wait_for(page, "window.leafkeeper.homeMs !== null")
        assert page.evaluate("window.leafkeeper.text()").startswith("Leafkeeper")
        assert errors == []
    finally:
        context.close()


def test_first_visit_weight(site):
    # what the first visit transfers (gzip, as static hosts send it), from the served files
    import gzip
    import urllib.request

    html = urllib.request.urlopen(site).read()
    files = json.loads(html.decode().split('id="lk-files">', 1)[1].split("</script>", 1)[0])
    total = len(gzip.compress(html))
    for rel in ("leafkeeper.css", "leafkeeper.js", "sw.js", files["runtime"], files["wasm"], files["bundle"]):
        with urllib.request.urlopen(site + rel) as r:
            if rel.endswith(".wasm"):
                assert r.headers["Content-Type"] == "application/wasm"  # for streaming compile
            total += len(gzip.compress(r.read()))
    assert total < 1_500_000, total


def test_the_page_sets_the_clock_from_the_browser_and_history_shows_the_date(browser, site):
    # the browser's clock says 14 March 2025, 19:05 in Paris (18:05 UTC): the page sets
    # the device's clock as `leafkeeper clock` does, so a game played in the page is
    # dated; six quick hands take seconds of the page's time, within the minute
    now = datetime.datetime(2025, 3, 14, 18, 5, 0, tzinfo=datetime.UTC)
    game = FOUR_PLAYERS + " " + "ROLL OK ROLL " * 6 + "BACK:long"  # six quick hands, home
    sim = Simulator(seed=3)  # the same presses tell how far down the home screen History is
    sim.advance(BOOT_MS)
    keys.run(sim, game)
    down = 0
    while cursor_row(sim) != "History":
        sim.press("DOWN")
        down += 1
    with Page(browser, site, 3, timezone="Europe/Paris", now=now) as page:
        page.advance(BOOT_MS)
        page.keys(game)
        page.keys("DOWN " * down + "OK")
        assert page.text().split("\n")[0] == "History 14.3.25 19:05", page.text()
        assert page.errors == []


def played_and_filed(page, filed):
    # History's two games, newest first: game 1 played in the page (P1 goes out every
    # hand), then `filed` put on the flash as the device files it, the page reloaded.
    # In UTF-8, as the firmware's json.dumps writes it (MicroPython's json.loads reads a
    # \ud83d\ude00 escape as two lone halves)
    page.advance(BOOT_MS)
    page.keys(FOUR_PLAYERS + " " + "ROLL OK ROLL " * 6)
    doc = {"v": 1, "data": {"games": [filed], "kept": 3, "since": 1}}
    page.page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        ["leafkeeper/flash/hist_1.json", base64.b64encode(json.dumps(doc, ensure_ascii=False).encode()).decode()],
    )
    page.reload()
    page.advance(BOOT_MS)
    games = page.page.locator("#games li")
    assert games.count() == 2
    return games


def test_history_links_each_game_to_bg_stats_and_its_qr_code_scans_back_to_the_link(browser, site):
    # game 1 played in the page, a fresh flash's P1..P4 (P1 goes out every hand with the
    # pre-filled leaf pile of 7: -42, the others the pre-filled 0 points; lowest wins), and game 17 filed on the flash as the device files it, with names that are
    # markup: the page's History offers each one's link, and its QR code, read by a
    # barcode decoder from the page's own pixels, is that link
    now = datetime.datetime(2025, 3, 14, 18, 5, 0, tzinfo=datetime.UTC)
    hostile = ['<b>"Zo&</b>', "Ann'a<", "Bo\u00e9 \U0001f600"]
    shared = {"n": 17, "g": "autumn_leaves", "p": hostile, "t": [10, 10, 12], "pl": [1, 1, 3], "r": 6, "lo": True, "j": 0, "te": [794862300]}
    with Page(browser, site, 3, timezone="Europe/Paris", now=now) as page:
        games = played_and_filed(page, shared)
        plays = []
        for i in range(2):
            li = games.nth(i)
            link = li.locator("a.bgstats").get_attribute("href") or ""
            assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
            found = zxingcpp.read_barcodes(PIL.Image.open(io.BytesIO(li.locator("canvas.qr").screenshot())))
            assert [(b.format, b.text) for b in found] == [(zxingcpp.BarcodeFormat.QRCode, link)]
            plays.append((li, json.loads(unquote(link.split("?data=", 1)[1]))))
        (li17, g17), (_li1, g1) = plays  # newest first
        # the device's id (drawn when it filed game 1) and the game's number
        dev = g1["sourcePlayId"][len("leafkeeper-") : -len("-1")]
        assert len(dev) == 8 and int(dev, 16) >= 0 and g17["sourcePlayId"] == "leafkeeper-%s-17" % dev
        assert (li17.locator("b").text_content() or "").startswith("#17 Autumn Leaves")
        for g in (g17, g1):
            assert g["game"] == {"name": "Autumn Leaves", "sourceGameId": "autumn_leaves", "highestWins": False, "noPoints": False}
        # a shared first place, the names exactly as filed, text on the page, never markup
        assert [(x["name"], x["score"], x["rank"], x["winner"]) for x in g17["players"]] == [
            (hostile[0], 10, 1, True),
            (hostile[1], 10, 1, True),
            (hostile[2], 12, 3, False),
        ]
        assert li17.locator("b").count() == 1 and hostile[0] in (li17.text_content() or "")
        # 794862300 s after 2000-01-01: 2025-03-09 19:05:00 (tests/test_bgstats.py)
        assert g17["playDate"] == "2025-03-09 19:05:00"
        assert [(x["name"], x["score"], x["rank"], x["winner"]) for x in g1["players"]] == [
            ("P1", -42, 1, True),
            ("P2", 0, 2, False),
            ("P3", 0, 2, False),
            ("P4", 0, 2, False),
        ]
        # the page set the clock to the browser's 19:05 in Paris before the game
        assert g1["playDate"].startswith("2025-03-14 19:05:") and g1["durationMin"] == 0
        assert page.errors == []


def test_history_names_the_undated_games_and_sends_the_location_it_was_given(browser, site):
    # issue 42 items 7, 8: game 17, filed by a device whose clock was never set (no
    # date), is named with what BG Stats does with it, game 1 played in the page is
    # dated and not named; ?location= is every play's location; the link is a finger's
    # target, 44 px each way
    undated = {"n": 17, "g": "autumn_leaves", "p": ["Anna", "Ben", "Cara"], "t": [10, 10, 12], "pl": [1, 1, 3], "r": 6, "lo": True, "j": 0}
    with Page(browser, site, 3, options="&location=Caf%C3%A9%20d%27Anna") as page:
        games = played_and_filed(page, undated)
        plays = []
        for i in range(2):
            a = games.nth(i).locator("a.bgstats")
            plays.append(json.loads(unquote((a.get_attribute("href") or "").split("?data=", 1)[1])))
            box = a.bounding_box()
            assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
        assert [p["location"] for p in plays] == ["Caf\u00e9 d'Anna"] * 2
        assert "playDate" not in plays[0] and "playDate" in plays[1]
        note = page.page.locator("#undated")
        assert note.is_visible() and (note.text_content() or "").startswith("Undated: #17 Autumn Leaves. These ended")
        assert "on the day it is imported" in (note.text_content() or "")
        assert page.errors == []


def test_the_pull_page_shows_a_qr_code_per_game_that_scans_to_its_link(browser, tmp_path):
    # `pull --bgstats`'s page as a phone sees it on the computer's screen: each game's QR
    # code, read by a barcode decoder from Chromium's pixels, is that game's link, and
    # each link is 44 px each way at least
    from host_tools.device import bgstats

    games = [
        {"no": n, "device": "0a1b2c3d", "game": g, "players": ["Anna", "Ben"], "totals": [21, 9], "places": [1, 2], "lowest_wins": False, "journal": None}
        for n, g in ((1, "autumn_ash"), (2, "feuilles61"))
    ]
    (tmp_path / "p.html").write_text(bgstats.page(games, "Home"), encoding="utf-8")
    context = browser.new_context(viewport={"width": 720, "height": 900})
    try:
        page = context.new_page()
        page.goto((tmp_path / "p.html").as_uri())
        items = page.locator("li")
        assert items.count() == 2
        for i in range(2):
            a = items.nth(i).locator("a")
            link = a.get_attribute("href") or ""
            assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
            found = zxingcpp.read_barcodes(PIL.Image.open(io.BytesIO(items.nth(i).locator("svg.qr").screenshot())))
            assert [(b.format, b.text) for b in found] == [(zxingcpp.BarcodeFormat.QRCode, link)]
            box = a.bounding_box()
            assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
    finally:
        context.close()
