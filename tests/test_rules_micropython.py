# The rules modules must run on the Pico: compile each with mpy-cross for the RP2040
# (armv6m) and run tests/mp_rules_check.py under the real MicroPython unix port with the
# device's heap. A missing binary is a failure, never a skip.
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULES = ("autumn_leaves", "feuilles61", "autumn_ash", "leaves_came_down", "solitaire")


def _tool(name):
    path = os.path.join(os.path.dirname(sys.executable), name)
    assert os.path.exists(path), name + " is missing next to " + sys.executable
    return path


def test_rules_run_under_micropython():
    result = subprocess.run(
        [_tool("micropython"), "-X", "heapsize=128k", "tests/mp_rules_check.py"],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "mp rules ok" in result.stdout


@pytest.mark.parametrize("name", RULES)
def test_rules_compile_for_the_pico(name, tmp_path):
    out = str(tmp_path / (name + ".mpy"))
    result = subprocess.run(
        [_tool("mpy-cross"), "-march=armv6m", "-o", out,
         os.path.join("firmware", "rules", name + ".py")],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert os.path.getsize(out) > 0
