# The button state machine, fed timelines by hand: debounce, OK and BACK on release,
# UP, DOWN and ROLL at once, long press that suppresses the short one, auto-repeat for
# UP/DOWN, ticks wraparound.
import pytest
from core import buttons as B
from core.ticks import ticks_add

UP, DOWN, BACK, OK, ROLL = B.UP, B.DOWN, B.BACK, B.OK, B.ROLL


def run(timeline, start=0, step=10, until=None):
    """timeline: list of (ms, bits) level changes; poll every `step` ms.
    Returns [(ms, event)] with ms relative to start."""
    b = B.Buttons()
    b.reset(start, 0)
    out = []
    changes = dict(timeline)
    end = until if until is not None else max(changes) + 2000
    bits = 0
    for t in range(0, end + 1, step):
        if t in changes:
            bits = changes[t]
        for ev in b.update(ticks_add(start, t), bits):
            out.append((t, ev))
    return out


def test_short_press_fires_on_release_only():
    ev = run([(100, 1 << OK), (200, 0)])
    assert ev == [(200, OK | B.PRESS)]


def test_bounce_inside_debounce_window_is_one_press():
    # contact bounce: down, up 10 ms later, down again, then a clean release
    ev = run([(100, 1 << OK), (110, 0), (120, 1 << OK), (300, 0)])
    assert ev == [(300, OK)]
    ev = run([(100, 1 << ROLL), (110, 0), (120, 1 << ROLL), (300, 0)])
    assert ev == [(100, ROLL)]


def test_roll_acts_when_pressed_and_never_turns_long():
    # ROLL has no long meaning: it rolls at the press, however long it is held
    assert run([(100, 1 << ROLL), (2500, 0)]) == [(100, ROLL)]


def test_long_press_fires_once_at_800ms_and_suppresses_short():
    ev = run([(100, 1 << BACK), (2000, 0)])
    assert ev == [(900, BACK | B.LONG)]


def test_press_just_under_long_is_short():
    ev = run([(100, 1 << OK), (890, 0)])
    assert ev == [(890, OK)]


def test_up_held_moves_at_once_then_repeats_and_accelerates():
    ev = run([(100, 1 << UP), (3100, 0)], step=10)
    assert ev[0] == (100, UP)  # the press itself moves, at once
    ev = ev[1:]
    times = [t for t, e in ev]
    assert all(e == UP | B.REPEAT for t, e in ev)
    assert times[0] == 100 + 450  # REPEAT_DELAY_MS after the press
    assert times[1] - times[0] == 120  # REPEAT_MS
    # after 2 s held the repeat runs every 50 ms
    late = [b - a for a, b in zip(times, times[1:]) if a >= 2100]
    assert late and all(d == 50 for d in late)
    assert (3100, UP) not in ev


def test_up_click_is_a_single_press_when_pressed():
    assert run([(100, 1 << DOWN), (200, 0)]) == [(100, DOWN)]


def test_two_buttons_are_independent():
    ev = run([(0, 1 << OK), (50, (1 << OK) | (1 << ROLL)), (100, 1 << ROLL), (150, 0)])
    assert ev == [(50, ROLL), (100, OK)]


@pytest.mark.parametrize("before_wrap", [5, 300, 799, 801])
def test_long_press_across_ticks_wraparound(before_wrap):
    # the press starts `before_wrap` ms before the tick counter wraps to 0
    start = ticks_add(0, -before_wrap - 100)
    ev = run([(100, 1 << OK), (1500, 0)], start=start)
    assert ev == [(900, OK | B.LONG)]


def test_reset_makes_a_held_button_silent():
    b = B.Buttons()
    b.reset(0, 0)
    b.update(0, 1 << OK)
    b.reset(50, 1 << OK)  # e.g. this press woke the device
    assert b.update(100, 1 << OK) == []
    assert b.update(2000, 1 << OK) == []  # no LONG either
    assert b.update(2100, 0) == []


def test_no_allocation_of_new_event_lists_when_idle():
    b = B.Buttons()
    b.reset(0, 0)
    first = b.update(10, 0)
    assert b.update(20, 0) is first and first == []


def test_coming_while_a_short_press_may_still_come():
    # OK down: its short press may come at the release, so a screen may get ready for
    # it (apps/home.py loads the app under the cursor); not once LONG has fired, not
    # after the release, never for a button that acts at once, not for a press that
    # the reset after a wake-up swallowed
    b = B.Buttons()
    b.reset(0, 0)
    seen = []
    for t, bits in ((0, 0), (100, 1 << OK), (150, 1 << OK), (900, 1 << OK), (950, 1 << OK), (1000, 0), (1100, 0)):
        b.update(t, bits)
        seen.append((t, b.coming(OK)))
    assert seen == [(0, False), (100, True), (150, True), (900, False), (950, False), (1000, False), (1100, False)]
    b.update(1200, 1 << OK)
    assert b.coming(OK)
    b.update(1300, 0)  # a short press: PRESS at the release, and nothing coming after it
    assert not b.coming(OK)
    b.update(1400, 1 << UP)
    assert not b.coming(UP)  # UP acted at the press
    b.reset(1500, 1 << OK)  # the press that wakes the device only wakes it
    b.update(1510, 1 << OK)
    assert not b.coming(OK)
