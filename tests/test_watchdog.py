# The watchdog: Loop.run() feeds machine.WDT every tick, within the RP2040's 8.3 s, and
# neither light-sleep nor flash writes (slow ones here: 40 ms a block) starve it. Run
# with a virtual clock a bounded number of ticks (run(ticks=N)), as the device's
# forever would.
import machine
from board import WDT_MS

from host_tools.sim import Simulator

SLOW_BLOCK_MS = 40


def device():
    sim = Simulator(seed=1)
    clock = sim.clock
    feeds = []
    wdt = sim.board.watchdog()
    real_feed = wdt.feed

    def feed():
        feeds.append(clock.elapsed_ms)
        real_feed()

    wdt.feed = feed
    sleeps = []

    def lightsleep(ms):
        sleeps.append(ms)
        clock.advance(ms)  # asleep: the time passes all the same

    sim.board.lightsleep = lightsleep
    real_block = sim.flash._block

    def slow_block():
        clock.advance(SLOW_BLOCK_MS)
        real_block()

    sim.flash._block = slow_block
    return sim, feeds, sleeps


def longest_gap(feeds):
    return max(b - a for a, b in zip(feeds, feeds[1:]))


def test_run_feeds_the_watchdog_through_play_saves_and_sleep():
    sim, feeds, sleeps = device()
    loop = sim.loop
    assert machine.wdt_state["timeout"] == WDT_MS <= 8388
    writes = sim.flash_writes
    for _ in range(5):  # five rolls of the dice from the home screen, each saved
        sim.button_down("ROLL")
        loop.run(ticks=5)
        sim.button_up("ROLL")
        loop.run(ticks=40)
    assert sim.flash_writes - writes >= 10  # the rolls were written to flash
    loop.run(ticks=35_000)  # idle for more than ten minutes: dim, dark, light-sleep
    assert sleeps and max(sleeps) < WDT_MS
    assert not sim.display_on()
    assert len(feeds) == 5 * 45 + 35_000  # fed once per tick, asleep or awake
    assert longest_gap(feeds) < WDT_MS / 4, longest_gap(feeds)


def test_run_is_bounded_by_ticks_and_keeps_the_tick_rate():
    sim, feeds, _ = device()
    t0 = sim.clock.elapsed_ms
    sim.loop.run(ticks=50)
    assert len(feeds) == 50
    assert sim.clock.elapsed_ms - t0 == 50 * 20  # an idle tick waits out its 20 ms
