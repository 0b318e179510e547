# Dates the device can stand behind. The RP2040's clock (board.rtc(), machine.RTC)
# starts at 2021-01-01 00:00 at every power-up and keeps the time only once a host has
# set it (`leafkeeper clock`, deploy, pull, the web page), or a battery-backed clock
# module on the board kept it (board.external_time(), read at boot: at_boot). A reading
# before SET_FROM was never set: it is the time since power-up, not a date. So a stamp is either
#   [seconds since 2000-01-01 00:00, local time]            dated
#   [seconds since power-up, run]                           undated
# where run names this start of the firmware (board entropy), so that a host that
# reads the uptime of the same run can date it (host_tools/device/export.py). Never a
# made-up date: a reading from UNTIL on (a clock set to 2099 that ran on) is no date a
# host set either. Pure: no I/O; the reading comes from the board.
from micropython import const

from core.rng import run_of

SET_FROM = const(2024)  # a clock reading before this year was never set
UNTIL = const(2100)  # nor is one from this year on: no host sets it (set_clock)
END = const(3155760000)  # seconds((2100, 1, 1, ...)): every date is below it
_DAY = const(86400)


def days(y, m, d):
    # days from 2000-01-01 to y-m-d (the civil calendar's leap years)
    if m < 3:
        y -= 1
        m += 12
    return 365 * y + y // 4 - y // 100 + y // 400 + (153 * (m - 3) + 2) // 5 + d - 730426


def seconds(dt):
    # an RTC datetime (year, month, day, weekday, hours, minutes, seconds, subseconds)
    # -> seconds since 2000-01-01 00:00
    return days(dt[0], dt[1], dt[2]) * _DAY + dt[4] * 3600 + dt[5] * 60 + dt[6]


_BOOT = const(662774400)  # seconds((2021, 1, 1, ...)): where the clock starts
# what the clock read at power-up, moved by a host's setting (set_clock): kept on the
# board, which lasts the run, not here (this module leaves the heap with an app's code,
# core/modules.py, and an uptime of years would date a run's games in 2021)
_UP = "clock_up"


def stamp(board):
    # -> the stamp of now (see the top of this file)
    dt = board.rtc()
    if dt[0] < SET_FROM:
        return [seconds(dt) - _BOOT, run_of(board)]
    if dt[0] < UNTIL:
        return [seconds(dt)]
    return [uptime(board), run_of(board)]  # a clock set to 2099 that ran on: undated


def uptime(board):
    # seconds since power-up, on the clock undated stamps use
    return seconds(board.rtc()) - getattr(board, _UP, _BOOT)


def set_clock(board, t, chip=True):
    # a host's local time t = (year, month, day, hours, minutes, seconds) -> (run,
    # uptime) just before it was set: what dates this run's undated stamps on the host
    # (host_tools/device/export.py). Raises ValueError for a time that is no date.
    # The board's battery-backed clock is set too, unless t came from it (chip=False:
    # written back, its seconds would restart, a fraction of one lost at every boot).
    y, m, d, hh, mm, ss = t
    if not (SET_FROM <= y < UNTIL and 1 <= m <= 12 and 1 <= d and 0 <= hh < 24 and 0 <= mm < 60 and 0 <= ss < 60):
        raise ValueError
    if d > days(y + m // 12, m % 12 + 1, 1) - days(y, m, 1):  # past the month's last day
        raise ValueError
    up = uptime(board)
    day = days(y, m, d)
    dt = (y, m, d, (day + 5) % 7, hh, mm, ss, 0)  # 2000-01-01 was a Saturday (5)
    board.set_rtc(dt, chip)
    setattr(board, _UP, day * _DAY + hh * 3600 + mm * 60 + ss - up)
    return run_of(board), up


def at_boot(board):
    # the time the board's battery-backed clock kept while the power was off, if it has
    # one that kept one, set as a host's is: the uptime base stays the power-up's. A
    # reading that is no date (a module set to 2021, or garbage) is left alone, unsaid
    t = board.external_time()
    if t is not None:
        try:
            set_clock(board, (t[0], t[1], t[2], t[4], t[5], t[6]), False)
        except ValueError:
            pass


def dated(s):
    # a stamp that is a date (a list of one int), else False
    return type(s) is list and len(s) == 1 and type(s[0]) is int and s[0] >= 0


def valid(s):
    # a stamp as stamp() makes it (a summary's may be damaged): a date below END, or
    # an uptime and a run, each a small int on the Pico (30 bits: 34 years of uptime)
    if type(s) is not list or not 1 <= len(s) <= 2:
        return False
    for x in s:
        if type(x) is not int or not 0 <= x < (END if len(s) == 1 else 0x40000000):
            return False
    return True


def civil(secs):
    # seconds since 2000-01-01 -> (year, month, day, hours, minutes)
    z = secs // _DAY + 730425  # days since 0000-03-01
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    y = yoe + era * 400 + (1 if m <= 2 else 0)
    r = secs % _DAY
    return y, m, d, r // 3600, r // 60 % 60


def text(secs):
    # "14.3.25 19:05": a date on the screen, day.month.year (fits the title bar whole)
    y, m, d, hh, mm = civil(secs)
    return str(d) + "." + str(m) + "." + str(y % 100) + " " + str(hh) + ":" + ("0" if mm < 10 else "") + str(mm)
