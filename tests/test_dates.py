# Dates and game numbers as the firmware files them (core/when.py, core/histpage.py,
# core/history.py; issue 39 items 1 and 3): every second the host link takes, the whole
# range, is a stamp the history files and reads back as that same time, the stamps of
# older saves still read, and the last game number is reached without a loss. Expected
# times from Python's datetime, not from the firmware's own calendar.
import datetime
import sys

import core
from core import history, histpage, modules, settings, when
from core.storage import Storage

from host_tools.sim.flash import FakeFlash

EPOCH = datetime.datetime(2000, 1, 1)


class Board:
    # the clock of a board (firmware/board.py's rtc, set_rtc, seed) as a plain value
    seed = 7

    def __init__(self):
        self.t = (2021, 1, 1, 4, 0, 0, 0, 0)

    def rtc(self):
        return self.t

    def set_rtc(self, t, chip=True):
        self.t = t


def summary(ts, te):
    e = history.summary(1, "autumn_leaves", ["Anna", "Ben"], [1, 2], [2, 1], 6)
    e.update(j=0, ts=ts, te=te)
    return e


def filed(t):
    # the host's time t set through the link (core/hostlink.py calls set_clock), a game
    # stamped then: -> its stamp, valid for the history or AssertionError
    board = Board()
    when.set_clock(board, t)
    s = when.stamp(board)
    assert when.valid(s) and histpage.valid(summary(s, s), 0), (t, s)
    return s


def test_every_day_the_link_takes_files_at_its_first_and_last_second_and_reads_back():
    # 2024-01-01 to 2099-12-31: 27,759 days, each at 00:00:00 and 23:59:59 (the 2034
    # turn, 2**30 s after 2000, was where every game was set aside as damaged)
    day = datetime.datetime(2024, 1, 1)
    n = 0
    while day.year < 2100:
        for t in (day, day + datetime.timedelta(seconds=86399)):
            s = filed((t.year, t.month, t.day, t.hour, t.minute, t.second))
            assert s == [int((t - EPOCH).total_seconds())]
            assert when.civil(s[0]) == (t.year, t.month, t.day, t.hour, t.minute)
        day += datetime.timedelta(days=1)
        n += 1
    assert n == 27759


def test_the_turns_the_formats_care_about():
    for t, secs in (
        ((2034, 1, 9, 13, 37, 3), 2**30 - 1),  # the old bound
        ((2034, 1, 9, 13, 37, 4), 2**30),  # beyond a small int on the Pico
        ((2068, 1, 19, 3, 14, 8), 2**31),  # beyond a signed 32-bit count
        ((2099, 12, 31, 23, 59, 59), 3155759999),
    ):
        assert filed(t) == [secs]
    assert when.text(2**31) == "19.1.68 3:14" and when.text(3155759999) == "31.12.99 23:59"
    for t in ((2100, 1, 1, 0, 0, 0), (2023, 12, 31, 23, 59, 59), (2100, 2, 29, 0, 0, 0), (2097, 2, 29, 0, 0, 0)):
        try:
            when.set_clock(Board(), t)
            raise AssertionError("taken: " + str(t))
        except ValueError:
            pass


def test_a_clock_that_ran_past_2099_stamps_the_time_since_power_up():
    # set to the last second the link takes, then two minutes on: no date (none a host
    # sets), the run's uptime as a clock that was never set gives it
    board = Board()
    board.t = (2021, 1, 1, 4, 0, 1, 40, 0)  # 100 s after power-up
    when.set_clock(board, (2099, 12, 31, 23, 59, 59))
    board.t = (2100, 1, 1, 4, 0, 1, 59, 0)
    s = when.stamp(board)
    assert s == [100 + 120, 7] and histpage.valid(summary([3155759999], s), 0)


def test_the_uptime_is_the_runs_after_the_clock_module_left_the_heap():
    # core/modules.py takes core/when.py out of the heap with an app's code; the run's
    # uptime must not count from 2021 after that
    board = Board()
    board.t = (2021, 1, 1, 4, 0, 1, 40, 0)
    when.set_clock(board, (2025, 3, 14, 19, 5, 0))
    modules.forget("core.when")
    try:
        from core import when as again

        assert again is not when
        board.t = (2025, 3, 14, 4, 19, 6, 0, 0)
        assert again.uptime(board) == 160
    finally:
        sys.modules["core.when"] = core.when = when


def test_stamps_of_older_saves_read_and_damaged_ones_do_not():
    for s in ([0], [757382400], [2**30 - 1], [60, 7], [2**30 - 1, 2**30 - 1], [3155759999]):
        assert when.valid(s) and histpage.valid(summary(s, s), 0), s
    for s in ([-1], [1.5], [True], [3155760000], [10**300], [60, 2**30], [2**30, 7], [1, 2, 3], [], "60", None):
        assert not when.valid(s), s
        if s is not None:
            assert not histpage.valid(summary([60, 7], s), 0), s


def test_the_last_game_number_is_reached_and_nothing_is_lost():
    # a device at the last number files it; the next game is told it stays in its app
    # (no number taken: the settings as they were, valid at the next boot)
    st = Storage(FakeFlash())
    s = dict(settings.DEFAULTS, game_no=histpage.MAX_NO)
    n = history.reserve(st, s)
    assert n == histpage.MAX_NO == 9999999 and s["game_no"] == n + 1
    history.record(st, n, "autumn_leaves", ["Anna", "Ben"], [1, 2], [2, 1], 6, {"setup": {}, "actions": [], "over": True, "no": n}, end=[60, 7])
    assert [e["n"] for e in history.games(st)] == [n] and st.problems == []
    assert history.reserve(st, s) is None and s["game_no"] == n + 1
    assert st.problems == ["History: game numbers end at 9999999; game 10000000 stays in its app"]
    settings.save(st, s)
    assert settings.load(st)["game_no"] == n + 1 and len(st.problems) == 1
