# The device settings: defaults, and the one place that knows their file.
NAME = "settings"
VERSION = 1
DEFAULTS = {
    "contrast": 190,  # OLED 0..255 (one of the steps of apps/settings.py)
    "led_cap": 48,  # brightest LED channel on the wire, 0..255
    "sound": True,
    "dim_s": 60,
    "off_s": 300,
    "sleep_s": 600,
    "flip": False,  # screen turned 180 degrees
    "leds": 12,  # LEDs on the ring (12) or strip (6)
    "names": [],  # recently used player names, newest first
    "lineup": [],  # the last line-up, seat by seat
    "resume": "",  # save name of the game in progress, offered first on the home screen
    "game_no": 1,  # the number the next finished game takes in the history (core/history.py)
    "alias": [],  # [[old, new], ...]: players renamed (apps/settings/players.py)
}


NAME_LEN = 10  # the longest name the line-up makes (apps/game/lineup.py MAX_NAME)
RECENT = 12  # remembered names (apps/game/lineup.py RECENT)
MAX_SEATS = 6
ALIASES = 24  # renames remembered: more are refused, in plain words


def _int_in(lo, hi):
    return lambda v: type(v) is int and lo <= v <= hi


def _seconds(v):
    # an idle timeout: 0 (never) or from half a minute to a day
    return type(v) is int and (v == 0 or 30 <= v <= 86400)


def _names(most):
    # a list of different names, each 1..NAME_LEN characters
    def check(v):
        if type(v) is not list or len(v) > most:
            return False
        for i in range(len(v)):
            n = v[i]
            if type(n) is not str or not 0 < len(n) <= NAME_LEN or n in v[:i]:
                return False
        return True

    return check


def _aliases(v):
    # [[old, new], ...]: names, each old name once, never the same as its new one
    if type(v) is not list or len(v) > ALIASES:
        return False
    name = _names(1)
    olds = []
    for pair in v:
        if type(pair) is not list or len(pair) != 2 or not name([pair[0]]) or not name([pair[1]]):
            return False
        if pair[0] == pair[1] or pair[0] in olds:
            return False
        olds.append(pair[0])
    return True


def _is_bool(v):
    return v is True or v is False


# every setting's check, by type and range, and its name in a message: a value that
# fails is set back to its default (core/storage.py), so none can stop the device
VALID = {
    "contrast": ("screen", _int_in(0, 255)),
    "led_cap": ("LEDs", _int_in(0, 255)),
    "sound": ("sound", _is_bool),
    "dim_s": ("dim", _seconds),
    "off_s": ("screen off", _seconds),
    "sleep_s": ("sleep", _seconds),
    "flip": ("flip", _is_bool),
    "leds": ("LED count", lambda v: type(v) is int and v in (6, 12)),
    "names": ("names", _names(RECENT)),
    "lineup": ("line-up", _names(MAX_SEATS)),
    "resume": ("resume", lambda v: type(v) is str and len(v) <= 20),
    "game_no": ("game number", _int_in(1, 100000)),  # core/histpage.py MAX_NO + 1 at most
    "alias": ("renamed players", _aliases),
}


def load(storage):
    return storage.load(NAME, DEFAULTS, VERSION, valid=VALID)


def save(storage, settings):
    return storage.save(NAME, settings, VERSION)
