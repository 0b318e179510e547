# The main loop: one tick every TICK_MS, and one at once when a button changes. A tick
# reads the buttons, handles idle power, lets the UI update and draw, shows the LEDs and
# feeds the watchdog, and takes a host's line from USB serial (core/hostlink.py).
# Nothing in a tick blocks, so the simulator can call tick() step by step under its
# virtual clock.
from micropython import const

from core.buttons import Buttons
from core.power import ACTIVE, DIM, OFF, SLEEP, Power
from core.ticks import due, ticks_add, ticks_diff

TICK_MS = const(20)
POLL_MS = const(1)  # between ticks the buttons are looked at this often
SLEEP_POLL_MS = const(200)  # light-sleep between button polls when asleep
_DIM_CONTRAST = const(8)
BATTERY_CHECK_MS = const(30_000)
LOW_BATTERY_MV = const(3450)  # 3xAAA or a LiPo near empty: about the last tenth


class Loop:
    def __init__(self, board, ui):
        self.board = board
        self.ui = ui
        now = board.clock.ticks_ms()
        self.buttons = Buttons()
        self.buttons.reset(now, board.buttons())  # a button held at power-on does nothing
        ui.buttons = self.buttons  # what is held now, for a screen that gets ready for a press
        self.power = Power(now, ui.settings)
        self._shown = ACTIVE
        self._battery_at = now
        self._battery_warned = False
        self._bits = 0  # the buttons as the last tick read them
        self.host = None  # core/hostlink.py, loaded when a host first writes

    def tick(self):
        board = self.board
        now = board.clock.ticks_ms()
        bits = board.buttons()
        self._bits = bits
        events = self.buttons.update(now, bits)
        if (bits or events) and self.power.activity(now):
            # the press that wakes the device only wakes it
            self.buttons.reset(now, bits)
            events = ()
        state = self.power.update(now, self.ui.playing())
        if state != self._shown:
            self._apply(state)
        if state < OFF:
            if due(now, self._battery_at, BATTERY_CHECK_MS):
                self._battery_at = now
                self._check_battery()
            self.ui.tick(events, now)
            board.leds.show()
        board.sound.update(now)
        b = board.usb.read()
        if b >= 0:
            if self.host is None:
                from core.hostlink import HostLink

                self.host = HostLink(board)
            self.host.poll(b)
        return state

    def _check_battery(self):
        # on USB there is nothing to warn about; on batteries, warn once per charge
        if self.board.on_usb():
            self._battery_warned = False
            return
        mv = self.board.battery_mv()
        if mv < LOW_BATTERY_MV and not self._battery_warned:
            self._battery_warned = True
            self.ui.notify("Battery low (" + str(mv // 100 / 10) + " V). Plug in USB soon.", "Battery")

    def _apply(self, state):
        fb = self.board.display
        if state == ACTIVE:
            fb.poweron()
            fb.contrast(self.ui.settings["contrast"])
            self.ui.top.dirty = True
        elif state == DIM:
            fb.contrast(_DIM_CONTRAST)
        else:
            fb.poweroff()
            self.board.leds.off()
            self.board.leds.show()
        self._shown = state

    def run(self, ticks=None):
        # the device's forever: tick, feed the watchdog, sleep until the next tick. The
        # watchdog is fed once per tick; nothing between two feeds lasts long: a tick's
        # saves are a few flash blocks, a light-sleep SLEEP_POLL_MS, far inside WDT_MS.
        # ticks: stop after that many (tests); None on the device
        board = self.board
        clock = board.clock
        wdt = board.watchdog()
        # bound once: the wait below runs every POLL_MS all day long
        read = board.buttons
        now = clock.ticks_ms
        sleep = clock.sleep_ms
        n = 0
        while ticks is None or n < ticks:
            n += 1
            start = now()
            state = self.tick()
            wdt.feed()
            if state == SLEEP:
                board.lightsleep(SLEEP_POLL_MS)
                continue
            # wait for the next tick, but a button that changes starts it at once: a
            # press is on the screen a few ms later, not up to a tick later. Counted down
            # rather than read from the clock: each look costs a register read and a nap
            wait = ticks_diff(ticks_add(start, TICK_MS), now())
            bits = self._bits
            while wait > 0 and read() == bits:
                sleep(POLL_MS)
                wait -= POLL_MS
