# The rules modules must run on the Pico: tests/mp_rules_check.py runs them under the
# real MicroPython unix port with the device's heap (that every firmware file compiles
# for the RP2040: tests/test_firmware_static.py). A missing binary is a failure, never
# a skip.
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


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

