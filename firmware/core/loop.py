# The main loop: one tick every TICK_MS. A tick reads the buttons, handles idle power,
# lets the UI update and draw, shows the LEDs and feeds the watchdog. Nothing in a tick
# blocks, so the simulator can call tick() step by step under its virtual clock.
from micropython import const

from core.buttons import Buttons
from core.power import ACTIVE, DIM, OFF, SLEEP, Power
from core.ticks import ticks_add, ticks_diff

TICK_MS = const(20)
SLEEP_POLL_MS = const(200)  # light-sleep between button polls when asleep
_DIM_CONTRAST = const(8)


class Loop:
    def __init__(self, board, ui):
        self.board = board
        self.ui = ui
        self.clock = board.clock
        now = self.clock.ticks_ms()
        self.buttons = Buttons()
        self.buttons.reset(now, board.buttons())  # a button held at power-on does nothing
        s = ui.settings
        self.power = Power(now, s["dim_s"] * 1000, s["off_s"] * 1000, s["sleep_s"] * 1000)
        self._shown = ACTIVE
        self.ticks = 0

    def tick(self):
        board = self.board
        now = self.clock.ticks_ms()
        bits = board.buttons()
        events = self.buttons.update(now, bits)
        if bits or events:
            if self.power.activity(now):
                # the press that wakes the device only wakes it
                self.buttons.reset(now, bits)
                events = ()
        state = self.power.update(now)
        if state != self._shown:
            self._apply(state)
        if state < OFF:
            self.ui.tick(events, now)
            board.leds.show()
        board.sound.update(now)
        self.ticks += 1
        return state

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

    def run(self):
        # the device's forever: tick, feed the watchdog, sleep until the next tick
        clock = self.clock
        wdt = self.board.watchdog()
        while True:
            start = clock.ticks_ms()
            state = self.tick()
            wdt.feed()
            if state == SLEEP:
                self.board.lightsleep(SLEEP_POLL_MS)
            else:
                wait = ticks_diff(ticks_add(start, TICK_MS), clock.ticks_ms())
                if wait > 0:
                    clock.sleep_ms(wait)
