# The device in the web page. Runs under MicroPython's WebAssembly port, next to the
# firmware compiled to .mpy: the page's JavaScript (leafkeeper.js) builds a WebDevice and
# calls step() once per 20 ms tick, so MicroPython's GC runs between ticks, when control
# is back in JavaScript. Everything here goes through the Simulator's public API; the
# screen is the OLED emulator's decoding of the bytes the driver sent, as on the desktop.
import json
from binascii import b2a_base64

from host_tools.sim import TICK_MS, Simulator
from host_tools.sim.flash import FakeFlash

SCREEN = 1  # step() flags: the OLED was written to, or powered on or off
FLASH = 2  # a flash block was written: the page reads its History again
_ENOSPC = 28  # what a full flash raises (core/storage.py)


class PageFlash(FakeFlash):
    # The fake flash, with every file kept in the browser's storage the moment the flash
    # holds it: keep(name, base64 text, or None: gone) -> false when the storage refused
    # it (full). A refusal is ENOSPC to the firmware, as the device's full flash says, so
    # the screen says what is not saved (the firmware keeps it in memory and writes it
    # at its next save) and a reload boots from all the screen said was saved.
    def __init__(self, state_dir, keep):
        FakeFlash.__init__(self, state_dir)
        # the folder only brought the stored files in: the storage is the copy kept now
        self.state_dir = None
        self._keep = keep

    def write(self, name, data):
        try:
            FakeFlash.write(self, name, data)
        finally:
            pages = self.files.get(name)
            if pages is not None and not self._keep(name, _b64(pages)):
                self.remove(name)  # as much of it as the storage holds: none
                raise OSError(_ENOSPC)

    def rename(self, old, new):
        pages = self.files.get(old)
        if pages is not None:
            self._keep(old, None)  # its room first: the file moves, it is not copied
            if not self._keep(new, _b64(pages)):
                self._keep(old, _b64(pages))  # back in the room it had
                raise OSError(_ENOSPC)
        FakeFlash.rename(self, old, new)

    def remove(self, name):
        FakeFlash.remove(self, name)
        self._keep(name, None)


def _b64(pages):
    return b2a_base64(b"".join(pages), newline=False).decode()


class WebDevice:
    def __init__(self, seed, state_dir, keep, leds=12, display="ssd1306"):
        # state_dir: the fake flash's folder in the page's in-memory file system, filled
        # by the page from its browser storage before the device is made; keep: how the
        # page stores a file (PageFlash)
        self.sim = Simulator(seed=seed, leds=leds, display=display, flash=PageFlash(state_dir, keep))
        self._oled = None
        self._bytes = -1
        self._on = None
        self._writes = self.sim.flash_writes

    def step(self, ms=TICK_MS):
        # run ms of virtual time; -> SCREEN | FLASH bits for what changed
        sim = self.sim
        sim.advance(ms)
        flags = 0
        oled = sim.oled
        if oled is not self._oled or oled.bytes_received != self._bytes or sim.on != self._on:
            self._oled = oled
            self._bytes = oled.bytes_received
            self._on = sim.on
            flags |= SCREEN
        if sim.flash_writes != self._writes:
            self._writes = sim.flash_writes
            flags |= FLASH
        return flags

    def serial_write(self, text):
        # the page is the host on the board's USB serial: it sets the clock from the
        # browser's with the line `leafkeeper clock` writes (firmware/core/hostlink.py)
        self.sim.serial_write(text)

    def button_down(self, name):
        self.sim.button_down(name)

    def button_up(self, name):
        self.sim.button_up(name)

    def screen(self):
        # the glass now: 64 rows of 128 '#' lit / '.' dark, joined into one string
        return "".join(self.sim.pixels())

    def brightness(self):
        # the panel's contrast 0..255, or -1 when the glass is dark (off or power cut)
        if not self.sim.display_on():
            return -1
        return self.sim.contrast()

    def leds(self):
        # the LED strip as last written: six hex digits (rrggbb) per LED
        out = ""
        for rgb in self.sim.leds():
            out += "%02x%02x%02x" % rgb
        return out

    def text(self):
        return self.sim.text()

    def power_cut(self):
        self.sim.power_cut()
        self._on = None

    def history(self, location=""):
        # the history's finished games, newest first, as JSON for the page's History:
        # [{"no": its number, "play": what BG Stats is given, "link": its "Add to BG
        # Stats" link}], read from the flash by the firmware's own core/history.py, the
        # players named as pull names them (bgplay.device, names). The page set the
        # clock at power-on, so a game is dated unless it ended before that: then it
        # stays undated (no pull reads this run's uptime here). location: the page's
        # ?location=, where the plays say they were (as pull --location)
        from core import history, histpage, when
        from core.storage import Storage

        from host_tools.web import bgplay

        st = Storage(self.sim.flash)
        try:
            alias, dev = bgplay.device(json.loads(self.sim.flash.read("settings.json") or "null"))
        except (OSError, ValueError):
            alias, dev = [], ""  # (damaged: the device sets it aside and starts afresh)
        out = []
        for e in history.games(st):
            s, t = (x[0] if when.dated(x) else None for x in (e.get("ts"), e.get("te")))
            game = {
                "no": e["n"],
                "device": dev,
                "game": e["g"],
                "players": bgplay.names(e, alias),
                "totals": e["t"],
                "places": e["pl"],
                "lowest_wins": bool(e.get("lo", False)),
                "started": None if s is None else bgplay.date(s),
                "ended": None if t is None else bgplay.date(t),
                "duration_min": round((t - s) / 60) if s is not None and t is not None and t >= s else None,
                "journal": histpage.journal(st, e),
            }
            out.insert(0, {"no": e["n"], "play": bgplay.play(game, location), "link": bgplay.link(game, location)})
        return json.dumps(out)
