# `leafkeeper clock`, and deploy and pull setting the clock over USB serial: the host side
# against a fake serial port wired to a simulated board running the firmware, so the
# line the host writes is the one core/hostlink.py reads, and its answer the firmware's.
import argparse
import datetime
import json

import pytest
from test_deploy import FakePico

from host_tools.device import clock, deploy, pull
from host_tools.device.deploy import DeviceError
from tests.scenarios.history import leaves_game
from tests.scenarios.util import FOUR, new_match, open_app, open_game, table

AT = datetime.datetime(2025, 3, 14, 19, 5, 0)


class SimPort:
    """A serial port to a Simulator (pyserial's calls that clock.py makes). `pico`: the
    mpremote side of the same board; its hard reset (deploy, pull) restarts the firmware."""

    def __init__(self, sim, pico=None):
        self.sim = sim
        self.pico = pico
        self.resets = 0
        self.opened = []

    def __call__(self, port):
        self.opened.append(port)
        if self.pico is not None and self.pico.hard_resets != self.resets:
            self.resets = self.pico.hard_resets
            self.sim.power_cut()  # machine.reset(): RAM and the RTC start again
            self.sim.boot()
            self.sim.advance(1000)
        return self

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def reset_input_buffer(self):
        self.sim.serial_read()

    def write(self, data):
        self.sim.serial_write(data.decode())

    def read(self, n):
        self.sim.advance(20)  # one tick of the firmware's loop
        return self.sim.serial_read().encode()


def no_wait(_s):
    pass


def title(sim):
    open_app(sim, "History")
    return sim.text().split("\n")[0]


def test_clock_sets_the_running_firmware_and_the_next_game_is_dated(tmp_path):
    sim = table(FOUR)
    port = SimPort(sim)
    run, up, sent = clock.UsbClock("a0", opener=port, sleep=no_wait).set(now=AT)
    assert port.opened == ["/dev/ttyACM0"]  # mpremote's short name, as --port takes it
    assert sent == AT and run > 0 and 0 <= up < 60
    open_game(sim, "Autumn Leaves")
    leaves_game(sim)
    assert title(sim) == "History 14.3.25 19:05"


def test_a_board_that_does_not_answer_or_refuses_the_time_is_an_error_in_plain_words():
    class Repl(SimPort):  # the REPL, or an older firmware: it reads the line, says nothing
        def read(self, n):
            return b""

    t = [0.0]

    def sleep(s):
        t[0] += s

    sim = table(FOUR)
    quiet = clock.UsbClock("/dev/ttyACM0", opener=Repl(sim), sleep=sleep, clock=lambda: t[0])
    with pytest.raises(DeviceError, match="no answer on /dev/ttyACM0"):
        quiet.set(wait=3.0)
    assert t[0] == 3.0  # tried again every 0.5 s while a reset board comes back, then gave up
    with pytest.raises(DeviceError, match="refused the time"):
        clock.UsbClock("/dev/ttyACM0", opener=SimPort(table(FOUR))).set(now=datetime.datetime(1999, 12, 31, 23, 59, 0))
    nobody = clock.UsbClock(None, finder=lambda: None, sleep=sleep, clock=lambda: t[0])
    with pytest.raises(DeviceError, match="no Pico found"):
        nobody.set(wait=1.0)


def test_pull_dates_the_game_that_ended_before_the_clock_was_set_and_sets_it_again(tmp_path):
    # game 1 ends on the unset clock (undated on the device); two minutes later a pull
    # asks the running firmware first: its uptime then is 120 s past the game's end, so
    # the game ended 2 minutes before the pull's own time (the device counts whole
    # seconds: 120 or 121). After the pull's reset the new run's clock is set again.
    sim = table(FOUR)
    open_game(sim, "Autumn Leaves")
    leaves_game(sim)  # (undated: scenario history.the_clock_set_over_usb...)
    sim.advance(120_000)
    pico = FakePico()
    for name in sim.flash.listdir():
        pico.put("/data/" + name, bytes(sim.flash.read(name)).decode())
    port = SimPort(sim, pico)
    usb = clock.UsbClock("/dev/ttyACM0", opener=port, sleep=no_wait)
    said = []
    usb.set = lambda wait=10.0, now=AT, set=usb.set: set(wait, now)  # the host's time: AT
    pull.pull(transport=pico, out_dir=str(tmp_path / "out"), out=said.append, usb=usb)
    assert pico.hard_resets == 1 and port.resets == 1 and "the board's clock is set" in said
    with open(tmp_path / "out" / "history.json") as f:
        (game,) = json.load(f)
    ended = datetime.datetime.strptime(game["ended"], "%Y-%m-%d %H:%M:%S")
    assert (AT - ended).total_seconds() in (120, 121)
    assert game["started"] is not None and game["duration_min"] == 0  # six quick hands
    # the clock the pull read is kept with it: `pull --from DIR --bgstats` dates it too
    assert pull.run_of(str(tmp_path / "out"))[2] == AT
    open_app(sim, "Autumn Leaves")  # after the reset: the firmware's new run is dated
    new_match(sim)
    leaves_game(sim)
    assert title(sim) == "History 14.3.25 19:05"


def test_deploy_sets_the_clock_once_the_new_firmware_runs(tmp_path):
    sim = table(FOUR)
    pico = FakePico()
    port = SimPort(sim, pico)
    said = []
    usb = clock.UsbClock("/dev/ttyACM0", opener=port, sleep=no_wait)
    assert deploy.deploy(transport=pico, out=said.append, usb=usb) == 0
    assert port.resets == 1 and said[-1] == "the board's clock is set"
    open_game(sim, "Autumn Leaves")
    leaves_game(sim)
    assert title(sim) != "History undated"


# -- the board's answer is input (issue 41 item 6) ---------------------------------------------


class Says:
    """A serial port to a board that answers every line with `text`."""

    def __init__(self, text):
        self.text = text.encode()

    def __call__(self, port):
        return self

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def reset_input_buffer(self):
        pass

    def write(self, data):
        pass

    def read(self, n):
        return self.text


def test_an_answer_whose_numbers_are_no_numbers_is_no_answer():
    # "²" and "٣" pass str.isdigit; int() fails on the first: no traceback, no answer
    assert clock.answer("LK-CLOCK OK ² 5\n") is None
    assert clock.answer("LK-CLOCK OK 7 ٣\n") is None
    assert clock.answer("LK-CLOCK OK 7 99999999999999999999999\n") is None  # no uptime of a Pico
    assert clock.answer("LK-CLOCK OK 0 5\n") is None  # no run is 0 (core/rng.py run_of)
    assert clock.answer("noise\nLK-CLOCK OK 7 120\n") == (7, 120)


def test_a_refusal_is_said_on_one_line_with_its_escape_codes_shown_not_run():
    with pytest.raises(DeviceError) as e:
        clock.answer("LK-CLOCK BAD \x1b[2J\x1b]0;pwned\x07 " + "x" * 500 + "\n")
    said = str(e.value)
    assert said.isprintable() and "\\x1b[2J" in said and len(said) < 200, said


def test_an_absurd_uptime_neither_stops_the_pull_nor_a_later_pull_from(tmp_path, capsys):
    # game 1 ended undated in run 7; the board then says its run 7 has been up for
    # 10**22 s: that reading dates nothing, the pull writes its history all the same
    pico = FakePico()
    summary = {"n": 1, "g": "autumn_leaves", "p": ["Anna", "Ben"], "t": [3, 5], "pl": [1, 2], "r": 6, "lo": True, "j": 0, "te": [100, 7]}
    pico.put("/data/hist_0.json", json.dumps({"v": 1, "data": {"games": [summary], "kept": 1, "since": 1}}))
    t = [0.0]

    def sleep(s):
        t[0] += s

    usb = clock.UsbClock("/dev/ttyACM0", opener=Says("LK-CLOCK OK 7 10000000000000000000000\n"), sleep=sleep, clock=lambda: t[0])
    out = tmp_path / "out"
    said = []
    pull.pull(transport=pico, out_dir=str(out), out=said.append, usb=usb)
    with open(out / "history.json") as f:
        (game,) = json.load(f)
    assert game["ended"] is None  # undated, as the device has it
    assert pull.run_of(str(out)) is None  # no reading kept
    # a mark that holds one (written by hand, or by the pull before this fix): `pull
    # --from` reads it as no reading, the records and the page are made
    mark = json.loads((out / pull.MARK).read_text())
    mark["clock"] = [7, 10**22, "2025-03-14 19:05:00"]
    (out / pull.MARK).write_text(json.dumps(mark))
    args = argparse.Namespace(from_dir=str(out), out=None, port=None, stats=True, bgstats=str(tmp_path / "p.html"))
    assert pull.main(args) == 0
    assert "1 finished games" in capsys.readouterr().out and (tmp_path / "p.html").exists()
