# Settings: each entry shows its value; OK changes it (a choice list), and the change
# applies at once and is saved. Erasing all data asks first. The remembered player
# names, to rename or forget: apps/settings/players.py. The date and time, set by
# buttons where no host sets them (the last row): apps/settings/clock.py. About says
# what runs and the room left, for a support question.
from core import about
from core.leds import colour
from core.settings import DEFAULTS
from ui import dialogs

SCREEN_LEVELS = (10, 60, 120, 190, 255)  # OLED contrast per brightness step
LED_LEVELS = (0, 12, 24, 48, 96, 160)  # LED channel cap per step; 0 = LEDs off
TIMES = (0, 30, 60, 120, 300, 600, 1200, 1800)  # seconds; 0 = never
_ERASE = 9  # the row of "Erase all data"


def _level_label(levels, value):
    # "3/5": the step nearest the stored value
    best = 0
    for i in range(len(levels)):
        if abs(levels[i] - value) < abs(levels[best] - value):
            best = i
    return best


def _kb(n):
    return str(n // 1024) + " KB"


def _time_label(s):
    if not s:
        return "never"
    if s < 60:
        return str(s) + " s"
    return str(s // 60) + " min"


class SettingsApp(dialogs.MenuScreen):
    title = "Settings"

    def __init__(self, shell):
        # the list stops at its ends: "Erase all data" is not one UP from the top, and a
        # held DOWN stops beside it
        super().__init__(shell, "Settings", self._items_for(shell), self.pick, 0, False, (_ERASE,))

    def _items(self):
        return self._items_for(self.shell)

    @staticmethod
    def _items_for(shell):
        s = shell.settings
        return [
            "Screen: " + str(_level_label(SCREEN_LEVELS, s["contrast"]) + 1) + "/" + str(len(SCREEN_LEVELS)),
            "LEDs: " + ("off" if not s["led_cap"] else str(_level_label(LED_LEVELS, s["led_cap"])) + "/" + str(len(LED_LEVELS) - 1)),
            "Sound: " + ("on" if s["sound"] else "off"),
            "Dim after: " + _time_label(s["dim_s"]),
            "Screen off: " + _time_label(s["off_s"]),
            "Sleep after: " + _time_label(s["sleep_s"]),
            "Flip screen: " + ("yes" if s["flip"] else "no"),
            "LED count: " + str(s["leds"]),
            "Player names",
            "Erase all data",
            "About",
            # last: the rows above keep their places, so the README's ways to About and
            # to a rename (host_tools/bench/tour.py) hold
            "Date & time",
        ]

    def enter(self):
        super().enter()
        self.menu.items = self._items()

    def _set(self, key, value):
        self.shell.settings[key] = value
        self.shell.save_settings()
        self.menu.items = self._items()
        self.dirty = True

    def _choose(self, title, labels, values, key):
        cur = self.shell.settings[key]
        index = values.index(cur) if cur in values else 0

        def pick(i):
            self.shell.pop()
            self._set(key, values[i])

        self.shell.push(dialogs.MenuScreen(self.shell, title, labels, pick, index))

    def pick(self, i):
        s = self.shell.settings
        if i == 0:
            labels = [str(n + 1) + "/" + str(len(SCREEN_LEVELS)) for n in range(len(SCREEN_LEVELS))]
            self._choose("Screen brightness", labels, SCREEN_LEVELS, "contrast")
        elif i == 1:
            labels = ["off"] + [str(n) + "/" + str(len(LED_LEVELS) - 1) for n in range(1, len(LED_LEVELS))]
            self._choose("LED brightness", labels, LED_LEVELS, "led_cap")
        elif i == 2:
            self._set("sound", not s["sound"])
            if s["sound"]:
                self.shell.beep()
        elif i in (3, 4, 5):
            key = ("dim_s", "off_s", "sleep_s")[i - 3]
            self._choose(self._items()[i].split(":")[0], [_time_label(t) for t in TIMES], TIMES, key)
        elif i == 6:
            self._set("flip", not s["flip"])
        elif i == 7:
            self._choose("LEDs on the ring", ["12 (ring)", "6 (strip)"], (12, 6), "leds")
        elif i == 8:
            from apps.settings import players

            players.open_names(self.shell)
        elif i == _ERASE:
            q = "Every saved game, name and setting goes, for good."
            again = "Sure? Nothing of it can be brought back."
            dialogs.confirm_twice(self.shell, "Erase all data", q, again, self._erase, "Erase all data", "Keep everything")
        elif i == _ERASE + 1:
            self.shell.push(dialogs.TextList(self.shell, "About", self._about()))
        else:
            from apps.settings import clock

            clock.open_entry(self.shell)

    def _about(self):
        # read as the screen opens: this firmware, the Python under it, where it runs
        # from (core.about), the heap and flash free
        heap = about.heap_free()
        u = about.uf2()
        if u is None:
            origin = [("Firmware", "files")]
        else:
            origin = [("UF2", u[0])] + (["+ files copied over"] if u[1] else [])
        # no heap of its own to count: the simulator, whose Python is the computer's
        runs = [("Simulator", "on a computer")] if heap is None else [about.python()]
        heaps = [] if heap is None else [("Heap free", _kb(heap))]
        return [("Leafkeeper", about.VERSION)] + runs + origin + heaps + [("Flash free", _kb(self.shell.storage.flash.free()))]

    def _erase(self):
        self.shell.storage.erase_all()
        s = self.shell.settings
        fresh = DEFAULTS
        for key in fresh:  # in place: the loop's power manager holds this dict
            s[key] = fresh[key] if not isinstance(fresh[key], list) else []
        self.shell.save_settings()
        self.menu.items = self._items()
        self.dirty = True
        self.shell.notify("All data erased.", "Settings")

    def leds(self, leds, now_ms):
        # show the seat colours while the LED settings are being changed
        if self.menu.index in (1, 7):
            for i in range(leds.count):
                leds.set(i, colour(i))
        else:
            leds.off()
