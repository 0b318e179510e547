# A bug in an app must not freeze the device: the crash is logged to flash, a short
# message is shown, and the device goes back to the home screen with saves intact.
from host_tools.sim import Simulator


def test_crash_in_an_app_is_logged_shown_and_returns_home(monkeypatch):
    sim = Simulator(seed=1)
    sim.press("ROLL")
    sim.advance(600)
    saved = sim.flash.read("dice.json")
    import apps.dice

    def broken(self, now_ms):
        return 1 // 0

    monkeypatch.setattr(apps.dice.DiceApp, "roll", broken)  # the next ROLL hits a bug
    sim.press("ROLL")
    screen = sim.text()
    assert "Oops" in screen and "ZeroDivisionError" in screen and "safe" in screen
    log = sim.flash.read("crash.log").decode()
    assert "ZeroDivisionError" in log and "broken" in log
    assert sim.flash.read("dice.json") == saved  # the save is untouched
    sim.press("OK")  # dismiss the message
    assert "Dice roller" in sim.text() and "Leafkeeper" in sim.text()


def test_crash_log_rotates_and_stays_small():
    from core import crashlog

    from host_tools.sim.flash import FakeFlash

    flash = FakeFlash()
    for i in range(200):
        try:
            raise ValueError("bug number %d" % i)
        except ValueError as e:
            crashlog.log(flash, "test", e)
    log = flash.read("crash.log")
    assert len(log) <= crashlog.MAX_BYTES
    assert b"bug number 199" in log and b"bug number 0\n" not in log


def test_a_crash_while_showing_the_crash_still_ends_at_home(monkeypatch):
    # out of memory twice over: the app fails, then so does drawing the message
    sim = Simulator(seed=1)
    sim.press("OK")  # dice roller
    import apps.dice
    import ui.widgets

    def broken(self, *args):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(apps.dice.DiceApp, "roll", broken)
    monkeypatch.setattr(ui.widgets.Message, "draw", broken)
    sim.press("ROLL")  # no exception escapes the loop
    sim.advance(100)
    assert "Dice roller" in sim.text() and "Leafkeeper" in sim.text()
    assert b"MemoryError" in sim.flash.read("crash.log")
