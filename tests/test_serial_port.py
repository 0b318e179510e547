# `leafkeeper pull` and `deploy` against a serial port where no MicroPython answers: a
# pseudo-terminal standing in for a Debug Probe (it reads, says nothing) or for a device
# that floods the line. The real mpremote runs against it, as on a desk.
import os
import subprocess
import sys
import threading
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Pty:
    """A serial port that answers nothing (`flood`: that sends garbage all the time)."""

    def __init__(self, flood=False):
        self.master, self.slave = os.openpty()
        self.path = os.ttyname(self.slave)
        self.going = True
        self.threads = [threading.Thread(target=self._drain, daemon=True)]
        if flood:
            self.threads.append(threading.Thread(target=self._flood, daemon=True))
        for t in self.threads:
            t.start()

    def _drain(self):
        while self.going:
            try:
                os.read(self.master, 4096)
            except OSError:
                return

    def _flood(self):
        while self.going:
            try:
                os.write(self.master, b"\x00\x1b[2Jgarbage\xff" * 64)
            except OSError:
                return
            time.sleep(0.002)

    def close(self):
        self.going = False
        os.close(self.master)
        os.close(self.slave)


@pytest.mark.parametrize(
    "command, flood",
    [(["pull"], False), (["deploy"], True)],
    ids=["pull, a port that says nothing", "deploy, a port that floods"],
)
def test_a_port_where_no_micropython_answers_is_said_within_seconds(tmp_path, command, flood):
    pty = Pty(flood)
    args = [*command, "--port", pty.path] + (["--out", str(tmp_path / "out")] if command == ["pull"] else [])
    began = time.monotonic()
    try:
        r = subprocess.run(
            [sys.executable, "-m", "host_tools.cli", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=90,  # the code before this waited 303 s
            check=False,
        )
    finally:
        pty.close()
    took = time.monotonic() - began
    err = r.stderr.strip()
    assert r.returncode == 1 and took < 45, (took, err)  # 10 s, then 1 s listening (and a loaded machine)
    assert len(err.splitlines()) == 1 and err.isprintable(), err
    assert "no MicroPython answered within 10 s: " + pty.path in err, err
    assert ("sends nothing back" if not flood else "\\x1b[2Jgarbage\\xff") in err, err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", ["clock", "pull"])
def test_without_pyserial_clock_and_pull_say_what_to_install_in_one_line(tmp_path, capsys, monkeypatch, command):
    import argparse

    from host_tools.device import clock, pull

    monkeypatch.setitem(sys.modules, "serial", None)  # `import serial` fails, as without it
    args = argparse.Namespace(port=None, out=str(tmp_path / "out"), from_dir=None, stats=False, bgstats=None)
    assert {"clock": clock, "pull": pull}[command].main(args) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "pyserial is missing: pip install -e . installs it" in err, err
    assert not (tmp_path / "out").exists()


def test_the_plain_install_brings_mpremote_and_so_pyserial():
    import tomllib

    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        deps = tomllib.load(f)["project"]["dependencies"]
    assert any(d.startswith("mpremote") for d in deps), deps


def test_the_pico_is_found_before_a_debug_probe_that_shares_its_vendor_id(monkeypatch):
    # a Debug Probe (2e8a:000c) on ttyACM0 and a Pico running MicroPython (2e8a:0005) on
    # ttyACM1: pull, deploy and clock talk to the Pico
    import types

    import serial.tools.list_ports

    from host_tools.device import serialport

    def port(device, pid, product):
        return types.SimpleNamespace(device=device, vid=0x2E8A, pid=pid, product=product, description=product)

    found = [port("/dev/ttyACM0", 0x000C, "Debug Probe (CMSIS-DAP)"), port("/dev/ttyACM1", 0x0005, "Board in FS mode")]
    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: found)
    assert serialport.find() == "/dev/ttyACM1"
    # and a port that does not answer is named by its USB device
    assert serialport.describe("/dev/ttyACM0", opener=lambda p: Silent()).startswith(
        "/dev/ttyACM0 (Debug Probe (CMSIS-DAP), 2e8a:000c) sends nothing back"
    )


class Silent:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def reset_input_buffer(self):
        pass

    def write(self, data):
        pass

    def read(self, n):
        time.sleep(0.05)
        return b""
