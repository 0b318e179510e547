"""The real MicroPython firmware for the Pico, running Leafkeeper in an emulated RP2040.

`Pico` mirrors the Simulator's API where it can (press, hold, advance, pixels, save_png,
power_cycle) so the same key scripts drive both, but here every figure is the device's own:
the time is the RP2040's at 125 MHz, the bytes are what MicroPython's machine.I2C put on
the bus (decoded by the simulator's own OLED emulator), the heap is gc.mem_free() of the
rp2 port. The chip runs in a Node.js process (runner.mjs, rp2040js from npm)."""

import json
import os
import shutil
import subprocess
import tempfile

from host_tools.sim import BUTTON_PINS, BUTTONS, OLED_ADDR
from host_tools.sim.oled_emu import OledEmulator
from host_tools.sim.simulator import Presses

HERE = os.path.dirname(os.path.abspath(__file__))
ROM_DIR = os.path.join(HERE, "rp2040")
UF2 = os.path.join(ROM_DIR, "micropython-v1.26.1-RPI_PICO.uf2")
SYMS = os.path.join(ROM_DIR, "micropython-v1.26.1-RPI_PICO.syms.txt")
BOOTROM = os.path.join(ROM_DIR, "rp2040-bootrom-B1.bin")
FLASH_BASE = 0x10000000
MS = 1_000_000  # nanoseconds
# resume()'s stack scrub, defined once at the REPL: the recursion ends where the stack does
_SCRUB = """def _scrub():
    f = lambda n: f(n + 1)
    try:
        f(0)
    except RuntimeError:
        pass"""


class PicoError(RuntimeError):
    pass


def node_runtime():
    """-> the node binary, after installing the lane's npm packages (rp2040js, pinned by
    package-lock.json) on first use; a PicoError in one line when that cannot be done."""
    node = shutil.which("node")
    if not node:
        raise PicoError("the Pico lane needs Node.js 18 or newer (node was not found)")
    if not os.path.isdir(os.path.join(HERE, "node_modules", "rp2040js")):
        npm = shutil.which("npm")
        if not npm:
            raise PicoError("the Pico lane needs npm to install rp2040js once (npm was not found)")
        done = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--silent"], cwd=HERE, capture_output=True, text=True)
        if done.returncode:
            raise PicoError("npm ci in host_tools/pico failed: " + (done.stderr.strip().splitlines() or ["?"])[-1])
    return node


class Pico(Presses):
    def __init__(self, image=None, uf2=None, instant_bus=False, display="ssd1306", rtc=False):
        """image: a littlefs image (host_tools.pico.image.build(); by default the firmware
        as deploy ships it, or only /data under a UF2 with the firmware frozen in); uf2: the
        MicroPython firmware (default: the v1.26.1 RPI_PICO build kept in rp2040/); rtc: a
        DS3231 clock module at 0x68 on the OLED's bus, counting on through power cycles."""
        uf2 = uf2 or UF2
        if not os.path.exists(uf2):
            raise PicoError("no MicroPython firmware at " + uf2)
        if image is None:
            from host_tools.pico import image as lfs
            from host_tools.uf2 import is_leafkeeper

            # a UF2 with the firmware frozen in needs none on the filesystem
            image = lfs.build(firmware=not is_leafkeeper(uf2))
        self._dir = tempfile.mkdtemp(prefix="lk-pico-run-")
        path = os.path.join(self._dir, "lfs.bin")
        with open(path, "wb") as f:
            f.write(image)
        cmd = [node_runtime(), os.path.join(HERE, "runner.mjs"), "--uf2", uf2, "--rom", BOOTROM, "--image", path]
        syms = uf2[: -len(".uf2")] + ".syms.txt"  # `leafkeeper uf2` keeps one beside its UF2 too
        if os.path.exists(syms):
            cmd += ["--syms", syms]  # its flash routines are found by name; else the ROM's
        if rtc:
            cmd += ["--rtc", "1"]
        self._proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=HERE)
        self.display_kind = display
        self.oled = OledEmulator(display)
        self.now_ns = 0  # emulated time since power-on
        self.busy_ns = 0  # of which the core ran (not asleep)
        self.transactions = []  # (start ns, stop ns, bytes) of every write to the OLED
        self.serial = ""  # everything the board printed on USB serial
        self._scrub = False  # _SCRUB is defined at the REPL (resume())
        self.watchdog_resets = 0
        self.on_oled = None  # called with the stop time (ns) after each OLED write is decoded
        self._down = 0
        self.instant_bus = instant_bus
        if instant_bus:
            self._ask({"op": "bus", "instant": True})

    # -- the process ------------------------------------------------------------------------
    def _ask(self, cmd):
        self._proc.stdin.write(json.dumps(cmd) + "\n")
        self._proc.stdin.flush()
        while True:
            line = self._proc.stdout.readline()
            if not line:
                raise PicoError("the emulator stopped (exit %s)" % self._proc.poll())
            ev = json.loads(line)
            kind = ev["ev"]
            if kind == "i2c":
                data = bytes.fromhex(ev["hex"])
                if ev["addr"] == OLED_ADDR:
                    self.oled.write(data)
                    self.transactions.append((ev["t0"], ev["t1"], len(data)))
                    if self.on_oled:
                        self.on_oled(ev["t1"])
            elif kind == "serial":
                self.serial += ev["text"]
            elif kind == "watchdog":
                self.watchdog_resets += 1
                self.oled = OledEmulator(self.display_kind)
                self._scrub = False
            elif kind == "error":
                raise PicoError(ev["text"])
            else:
                if kind == "ran":
                    self.now_ns = ev["t"]
                    self.busy_ns = ev["busy"]
                return ev

    def close(self):
        if self._proc.poll() is None:
            self._proc.stdin.close()
            self._proc.wait(timeout=10)
        shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- time and buttons -----------------------------------------------------------------------
    def advance(self, ms):
        self.run_ns(int(ms * MS))

    def run_ns(self, ns):
        self._ask({"op": "run", "ns": ns})

    def button_down(self, name):
        self._pin(name, False)

    def button_up(self, name):
        self._pin(name, True)

    def _pin(self, name, high):
        self._ask({"op": "pin", "gpio": BUTTON_PINS[BUTTONS.index(name)], "high": high})

    def serial_write(self, text):
        # a host writes text to the USB serial port (`leafkeeper clock`), as
        # Simulator.serial_write; what the board answers lands in self.serial
        self._ask({"op": "serial", "text": text})

    def power_cycle(self):
        # power off and on again: RAM lost, flash kept, the panel starts from its reset state
        self._ask({"op": "power_cycle"})
        self.oled = OledEmulator(self.display_kind)
        self._scrub = False
        self.now_ns = 0
        self.busy_ns = 0
        self.transactions = []

    # -- what the player sees -------------------------------------------------------------------
    def pixels(self):
        return self.oled.pixels()

    def contrast(self):
        return self.oled.contrast

    def display_on(self):
        return self.oled.on

    def leds(self):
        return []  # the LED ring is not modelled in the emulator: drawn dark

    def save_png(self, path, scale=4):
        from host_tools.sim.render import save_png

        save_png(self.pixels(), [(0, 0, 0)] * 12, path, scale)

    # -- looking inside -------------------------------------------------------------------------
    def repl(self, code, wait_ms=200):
        """Run code (any number of lines) at the REPL, after interrupt(), in its paste
        mode -> what it printed."""
        start = len(self.serial)
        self._ask({"op": "serial", "text": "\x05" + code.replace("\n", "\r") + "\x04"})
        for _ in range(int(wait_ms // 5)):
            self.advance(5)
            if self.serial.endswith(">>> "):
                break
        else:
            raise PicoError("the REPL did not answer %r:\n%s" % (code, self.serial[start:]))
        lines = self.serial[start:-4].replace("\r\n", "\n").split("\n")
        # the paste-mode banner and the echo of each line ("=== ...") come first
        while lines and (not lines[0] or lines[0].startswith(("paste mode", "==="))):
            lines.pop(0)
        return "\n".join(lines)

    def interrupt(self):
        """Ctrl-C: main.py's loop stops at the REPL between two ticks (`loop` is its name
        there; resume() goes on). Call it while the device is idle."""
        self._ask({"op": "run_until_asleep", "ns": 100 * MS})  # not in the middle of a tick
        self._ask({"op": "serial", "text": "\x03"})
        for _ in range(100):
            self.advance(5)
            if self.serial.endswith(">>> "):
                return
        raise PicoError("Ctrl-C did not reach the REPL:\n" + self.serial[-500:])

    def resume(self):
        # What the REPL just did (heap()'s gc.collect()) leaves pointers in the C stack
        # below it, where the resumed loop's frames then sit for good; MicroPython's GC
        # reads the stack conservatively, so it would keep whatever they point to from
        # then on (measured: a whole app's code, 15 KB, after a reading in the name
        # entry). A recursion as deep as the stack allows first writes small ints over
        # it, on the line that resumes the loop.
        if not self._scrub:
            self.repl(_SCRUB)
            self._scrub = True
        self._ask({"op": "serial", "text": "_scrub();loop.run()\r"})
        self.advance(30)

    def heap(self):
        """-> {"free": gc.mem_free() now, "free_collected": after gc.collect(), "total"}
        read at the REPL between two ticks; the device goes on afterwards."""
        self.interrupt()
        out = self.repl("import gc;print(gc.mem_free(),gc.mem_alloc())")
        free, alloc = (int(v) for v in out.split()[-2:])
        out = self.repl("gc.collect();print(gc.mem_free())")
        collected = int(out.split()[-1])
        self.resume()
        return {"free": free, "free_collected": collected, "total": free + alloc}

    def evaluate(self, expr):
        """-> what `print(expr)` prints at the REPL, the device stopped meanwhile."""
        self.interrupt()
        try:
            return self.repl("print(" + expr + ")").strip()
        finally:
            self.resume()

    def flash_image(self):
        """-> the littlefs image as it is on the flash now."""
        from host_tools.pico.image import BLOCK_COUNT, BLOCK_SIZE, OFFSET

        ev = self._ask({"op": "read", "addr": FLASH_BASE + OFFSET, "len": BLOCK_COUNT * BLOCK_SIZE})
        return bytes.fromhex(ev["hex"])

    def traceback(self):
        """-> the MicroPython tracebacks printed on USB serial, but the KeyboardInterrupts
        of interrupt(), or ''."""
        blocks = self.serial.split("Traceback (most recent call last)")[1:]
        return "".join("Traceback (most recent call last)" + b for b in blocks if "KeyboardInterrupt" not in b)

    def profile(self, on=True):
        self._ask({"op": "profile", "on": on})

    def profile_rows(self, top=30):
        """-> [[function, cycles, calls]], the most cycles first, since profile(True)."""
        return self._ask({"op": "profile_dump", "top": top})["rows"]
