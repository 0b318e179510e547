# The LED ring through core.leds.Leds on both runtimes: MicroPython's built-in
# neopixel.NeoPixel (np[i] = ...; np.write()) and Adafruit's CircuitPython NeoPixel from
# adafruit-circuitpython-neopixel (auto_write=False, brightness, show()). The real Adafruit
# library runs here on CPython over fake `board`, `digitalio` and `neopixel_write` modules
# (tests/circuitpython_fakes/) whose neopixel_write keeps the bytes that would go on the
# wire. For the same frame and brightness cap both must send the same GRB bytes.
#
# Brightness: Leds applies its integer cap (value * cap // 255) itself and the Adafruit
# strip keeps brightness=1.0, which sends the buffer unscaled. Mapping the cap onto
# Adafruit's float brightness instead would round differently for some values (see the
# last test), so the two boards would not agree byte for byte.
import importlib.util
import os
import sys
from importlib import metadata

import pytest
from core.leds import SEAT_COLOURS, Leds

FAKES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "circuitpython_fakes")
CIRCUITPYTHON = (
    "board",
    "digitalio",
    "neopixel_write",
    "microcontroller",
    "neopixel",
    "adafruit_pixelbuf",
)


@pytest.fixture
def adafruit(monkeypatch):
    """Adafruit's real neopixel module over the fakes -> (neopixel module, wire list)."""
    for name in CIRCUITPYTHON:  # the simulator's board/neopixel may be loaded: set aside
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.syspath_prepend(FAKES)
    # the library's own neopixel.py, not the simulator's fake that is also on the path
    files = metadata.files("adafruit-circuitpython-neopixel") or []
    path = next(str(f.locate()) for f in files if str(f) == "neopixel.py")
    spec = importlib.util.spec_from_file_location("neopixel", path)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "neopixel", module)
    spec.loader.exec_module(module)
    import board
    import neopixel_write

    assert board.__file__.startswith(FAKES) and neopixel_write.__file__.startswith(FAKES)
    neopixel_write.wire.clear()
    return module, neopixel_write.wire


# -- MicroPython's side ------------------------------------------------------------------
# A model of what MicroPython's neopixel.NeoPixel (micropython-lib drivers/led/neopixel,
# frozen into the rp2 firmware) puts on the wire: a bytearray of n*bpp bytes, each pixel
# stored through ORDER = (1, 0, 2, 3), i.e. R into byte 1, G into byte 0, B into byte 2
# (GRB), and write() hands the whole buffer to machine.bitstream(pin, 0, timing, buf).
# It has no brightness: what Leds stores is what is sent.
class FakeBitstream:
    def __init__(self):
        self.wire = []

    def __call__(self, pin, encoding, timing, buf):
        assert encoding == 0 and timing == (400, 850, 800, 450)  # 800 kHz WS2812
        self.wire.append((pin, bytes(buf)))


class MicroPythonNeoPixel:
    ORDER = (1, 0, 2, 3)

    def __init__(self, pin, n, bitstream, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        self.timing = (400, 850, 800, 450) if timing else (800, 1700, 1600, 900)
        self._bitstream = bitstream

    def __len__(self):
        return self.n

    def __setitem__(self, i, v):
        offset = i * self.bpp
        for k in range(self.bpp):
            self.buf[offset + self.ORDER[k]] = v[k]

    def __getitem__(self, i):
        offset = i * self.bpp
        return tuple(self.buf[offset + self.ORDER[k]] for k in range(self.bpp))

    def write(self):
        self._bitstream(self.pin, 0, self.timing, self.buf)


FRAME = list(SEAT_COLOURS) + [
    (255, 255, 255),
    (1, 2, 3),
    (254, 128, 7),
    (0, 0, 0),
    (85, 170, 51),
    (0, 0, 255),
]


def _both(adafruit, cap, frame=FRAME):
    neopixel, cp_wire = adafruit
    bitstream = FakeBitstream()
    mp_leds = Leds(MicroPythonNeoPixel("GP16", len(frame), bitstream), len(frame), cap)
    import board

    strip = neopixel.NeoPixel(board.GP16, len(frame), auto_write=False)
    cp_leds = Leds(strip, len(frame), cap)
    for leds in (mp_leds, cp_leds):
        for i, rgb in enumerate(frame):
            leds.set(i, rgb)
        leds.show()
    return bitstream.wire, cp_wire, strip


@pytest.mark.parametrize("cap", [48, 255, 147, 1, 0])
def test_same_frame_same_bytes_on_the_wire(adafruit, cap):
    mp_wire, cp_wire, strip = _both(adafruit, cap)
    assert len(mp_wire) == 1 and len(cp_wire) == 1  # one transmission per show()
    assert cp_wire[0][0].name == "GP16"
    assert cp_wire[0][1] == mp_wire[0][1]
    assert len(cp_wire[0][1]) == 3 * len(FRAME)
    assert strip.brightness == 1.0


def test_bytes_worked_out_by_hand_at_the_default_cap(adafruit):
    # cap 48: orange seat (255, 110, 0) -> R 255*48//255 = 48, G 110*48//255 = 20, B 0,
    # sent G R B = 20 48 0; blue seat (0, 90, 255) -> G 90*48//255 = 16, R 0, B 48.
    frame = [(0, 90, 255), (255, 110, 0), (255, 255, 255), (0, 0, 0)]
    mp_wire, cp_wire, _strip = _both(adafruit, 48, frame)
    expected = bytes([16, 0, 48, 20, 48, 0, 48, 48, 48, 0, 0, 0])
    assert mp_wire[0][1] == expected
    assert cp_wire[0][1] == expected


def test_nothing_changed_nothing_sent_and_a_change_sends_one_frame(adafruit):
    neopixel, cp_wire = adafruit
    import board

    leds = Leds(neopixel.NeoPixel(board.GP16, 12, auto_write=False), 12)
    cp_wire.clear()
    leds.off()
    leds.show()
    leds.show()  # unchanged: not written again
    assert cp_wire == [(board.GP16, bytes(36))]
    leds.set(3, (255, 0, 0))
    leds.set_cap(96)
    leds.show()
    assert len(cp_wire) == 2 and cp_wire[1][1][9:12] == bytes([0, 96, 0])


def test_mapping_the_cap_to_adafruit_brightness_would_not_match(adafruit):
    # why Leds keeps Adafruit's brightness at 1.0: 85 * (147 / 255) = 48.99999... -> 48
    # in floating point, while the integer cap gives 85 * 147 // 255 = 49
    neopixel, cp_wire = adafruit
    import board

    strip = neopixel.NeoPixel(board.GP16, 1, brightness=147 / 255, auto_write=False)
    strip[0] = (85, 0, 0)
    strip.show()
    assert cp_wire[-1][1] == bytes([0, 48, 0])
    assert 85 * 147 // 255 == 49
