# The firmware type-checked against the real RP2 API (the MicroPython RP2 stubs replace
# CPython's standard library for that run), host_tools/ against CPython, both with pyright:
# 0 errors. And proof that the firmware check catches the mistakes it is there for.
#
# By hand:  python -m pip install --target build/typings 'micropython-rp2-rpi-pico-stubs==1.29.*'
#           pyright -p host_tools/pyright_firmware.json      # firmware/ against the stubs
#           pyright --pythonpath "$(which python)"           # host_tools/ ([tool.pyright])
import json
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE_CONFIG = os.path.join(ROOT, "host_tools", "pyright_firmware.json")
TYPINGS = os.path.join(ROOT, "build", "typings")  # /build/ is gitignored
STUBS = "micropython-rp2-rpi-pico-stubs==1.29.*"  # the RP2 port's API; the firmware needs 1.22+
STAMP = os.path.join(TYPINGS, ".requirement")


def _install_stubs():
    # into a folder of their own, never into the venv: they shadow CPython's stdlib
    try:
        with open(STAMP) as f:
            if f.read() == STUBS:
                return
    except OSError:
        pass
    tmp = f"{TYPINGS}.tmp{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    cmd = [
        sys.executable,
        "-m",
        "pip",
        "install",
        "-q",
        "--disable-pip-version-check",
        "--no-compile",
        "--target",
        tmp,
        STUBS,
    ]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, "could not install the RP2 stubs:\n" + done.stdout + done.stderr
    with open(os.path.join(tmp, ".requirement"), "w") as f:
        f.write(STUBS)
    shutil.rmtree(TYPINGS, ignore_errors=True)
    os.replace(tmp, TYPINGS)


@pytest.fixture(scope="module")
def stubs():
    _install_stubs()
    return TYPINGS


def pyright(*args):
    """Run pyright -> (error diagnostics, summary)."""
    cmd = [sys.executable, "-m", "pyright", "--outputjson", *args]
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=300, check=False)
    try:
        report = json.loads(done.stdout)
    except ValueError:
        raise AssertionError("pyright did not run:\n" + done.stdout + done.stderr) from None
    errors = [d for d in report["generalDiagnostics"] if d["severity"] == "error"]
    return errors, report["summary"]


def _show(errors):
    lines = []
    for d in errors:
        where = f"{os.path.relpath(d['file'], ROOT)}:{d['range']['start']['line'] + 1}"
        lines.append(f"{where}: {d['message'].splitlines()[0]} ({d.get('rule', '')})")
    return "\n".join(lines)


def test_firmware_has_no_type_errors_against_the_rp2_stubs(stubs):
    errors, summary = pyright("-p", FIRMWARE_CONFIG)
    assert summary["filesAnalyzed"] >= 20
    assert errors == [], (
        "pyright -p host_tools/pyright_firmware.json found errors against the RP2 stubs. Fix "
        "the code; a hook that subclasses provide belongs on the base class too; where the "
        "stubs are wrong: `# pyright: ignore[rule]` with the reason above it.\n" + _show(errors)
    )


def test_host_tools_have_no_type_errors_against_cpython():
    errors, summary = pyright("--pythonpath", sys.executable)
    assert summary["filesAnalyzed"] >= 10
    assert errors == [], "pyright ([tool.pyright] in pyproject.toml) found errors:\n" + _show(
        errors
    )


WRONG = """\
import machine
import neopixel

strip = neopixel.NeoPixel(machine.Pin(16, machine.Pin.OUT), 12)
strip[0] = (48, 20, 0)
strip.show()
button = machine.Pin(14, machine.Pin.IN, machine.Pin.PULL_UP)
button.irq(handler=print, triger=machine.Pin.IRQ_FALLING)
"""


def test_the_check_catches_neopixel_show_and_a_wrong_pin_irq_keyword(stubs, tmp_path):
    # CircuitPython's NeoPixel has show(); MicroPython's has write(). Pin.irq's keyword
    # is trigger=. A throw-away file with both mistakes, then the same file put right.
    wrong = tmp_path / "throwaway.py"
    wrong.write_text(WRONG)
    errors, _ = pyright("-p", FIRMWARE_CONFIG, str(wrong))
    found = sorted((d["range"]["start"]["line"] + 1, d.get("rule"), d["message"]) for d in errors)
    assert [(line, rule) for line, rule, _m in found] == [
        (6, "reportAttributeAccessIssue"),
        (8, "reportCallIssue"),
    ], _show(errors)
    assert '"show"' in found[0][2] and '"NeoPixel"' in found[0][2]
    assert '"triger"' in found[1][2]

    right = tmp_path / "throwaway_fixed.py"
    right.write_text(WRONG.replace("strip.show()", "strip.write()").replace("triger=", "trigger="))
    errors, _ = pyright("-p", FIRMWARE_CONFIG, str(right))
    assert errors == [], _show(errors)
