# The device settings: defaults, and the one place that knows their file.
NAME = "settings"
VERSION = 2  # 2: a rename says up to which game it applies (migrate())
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
    # each game's own last line-up, [[game's save name, names], ...] newest first: a game
    # opens with its own, so a two-player game between does not undo the regular four
    # (issue 40). A new key: an older firmware reads the rest and "lineup" as ever
    "lineups": [],
    "resume": "",  # save name of the game in progress, offered first on the home screen
    "game_no": 1,  # the number the next finished game takes in the history (core/history.py)
    "alias": [],  # [[old, new, upto], ...]: players renamed (rules/records.py renamed())
    "carry": [],  # [[save, old, new], ...]: renames a game's save is still to take (apps/game carry())
    # this device's id, 8 hex digits, drawn when a game is first filed (apps/game), again
    # after Erase all data: with the game number it makes a play's id unique across
    # devices and erasures (host_tools/web/bgplay.py). A new key: an older firmware's
    # _merge leaves it out of what it reads (core/storage.py), and reads the rest
    "dev": "",
}


NAME_LEN = 10  # the longest name the line-up makes (apps/game/lineup.py MAX_NAME)
RECENT = 12  # remembered names (apps/game/lineup.py RECENT)
MAX_SEATS = 6
GAMES = 8  # the games whose own line-up is kept ("lineups")
ALIASES = 24  # renames remembered: more are refused, in plain words
# the saves of the games with a line-up when renames were pairs (version 1): an update
# carries those renames into them (migrate())
V1_GAMES = ("autumn_leaves", "autumn_ash", "feuilles61", "leaves_came_down")


def _int_in(lo, hi):
    return lambda v: type(v) is int and lo <= v <= hi


_game_no = _int_in(1, 10000000)  # core/histpage.py MAX_NO + 1 at most


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
    # [[old, new, upto], ...]: two different names and a game number each. No more is
    # asked (a name may come back: renamed, taken by a new player, renamed again), as
    # rules/records.py current() needs no more: no renames can make a table refused
    name = _names(1)
    if type(v) is not list or len(v) > ALIASES:
        return False
    for a in v:
        if type(a) is not list or len(a) != 3 or a[0] == a[1]:
            return False
        if not (name([a[0]]) and name([a[1]]) and _game_no(a[2])):
            return False
    return True


def _carry(v):
    # [[save, old, new], ...]: each rename into each game's save at most
    name = _names(1)
    if type(v) is not list or len(v) > len(V1_GAMES) * ALIASES:
        return False
    for c in v:
        if type(c) is not list or len(c) != 3 or type(c[0]) is not str or not 0 < len(c[0]) <= 20:
            return False
        if not (name([c[1]]) and name([c[2]])):
            return False
    return True


def _is_bool(v):
    return v is True or v is False


def _dev(v):
    # "" (none drawn yet) or 8 hex digits
    if type(v) is not str or len(v) not in (0, 8):
        return False
    for c in v:
        if c not in "0123456789abcdef":
            return False
    return True


def _lineups(v):
    # [[game, names], ...], a game once each
    if type(v) is not list or len(v) > GAMES:
        return False
    seen = []
    for e in v:
        if type(e) is not list or len(e) != 2 or type(e[0]) is not str or e[0] in seen or not _names(MAX_SEATS)(e[1]):
            return False
        seen.append(e[0])
    return True


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
    "lineups": ("line-ups", _lineups),
    "resume": ("resume", lambda v: type(v) is str and len(v) <= 20),
    "game_no": ("game number", _game_no),
    "alias": ("renamed players", _aliases),
    "carry": ("renamed seats", _carry),
    "dev": ("device id", _dev),
}


def migrate(v, data):
    # version 1 kept a rename as [old, new], for every game, later ones too: it applies
    # to the games filed when it is read (below the next game number), as it did then;
    # anything else in the table is left for its check. A pair's old name was the new
    # one for good then, in a line-up and a game on too: they play under the new one
    # (the game's save takes it when it opens: apps/game carry())
    alias = data.get("alias")
    if v == 1 and type(alias) is list:
        n = data.get("game_no", DEFAULTS["game_no"])
        data["alias"] = [a + [n] if type(a) is list and len(a) == 2 else a for a in alias]
        pairs = [a for a in alias if type(a) is list and len(a) == 2]
        # added to what is still to carry: this firmware writes version 1 too, while no
        # one is renamed (save()), a rename's carry in it (the pairs are then none)
        carry = data.get("carry")
        data["carry"] = (carry if type(carry) is list else []) + [[g, a[0], a[1]] for a in pairs for g in V1_GAMES]
        for key in ("names", "lineup"):
            names = data.get(key)
            if type(names) is list:
                data[key] = _renamed_in(names, pairs, key == "lineup")
    return data


def _renamed_in(names, pairs, seats):
    # names with each pair's old one renamed (in turn: a chain follows), a name met twice
    # kept once, or for a line-up's seat (seats) named as the seat ("P3")
    out = []
    for i in range(len(names)):
        n = names[i]
        for a in pairs:
            n = a[1] if n == a[0] else n
        if n in out:
            if not seats:
                continue
            n = "P" + str(i + 1)  # apps/game default_name()
        out.append(n)
    return out


def load(storage):
    s = storage.load(NAME, DEFAULTS, VERSION, migrate, VALID)
    _renamed(storage, s)
    return s


# saves written under an earlier name: (old, new), renamed on the first boot that sees
# them (here, where the settings are read at boot: this code then leaves the heap)
RENAMED = (("leaves", "leaves_came_down"),)


def _renamed(storage, s):
    # saves of an older firmware under their new names; the game in progress with them
    flash = storage.flash
    for old, new in RENAMED:
        try:
            if flash.read(old + ".json") is not None and flash.read(new + ".json") is None:
                flash.rename(old + ".json", new + ".json")
        except OSError:
            pass  # unreadable: the game's own load reports it
        if s.get("resume") == old:
            s["resume"] = new
            save(storage, s)


def save(storage, settings, room=None):
    # version 1 while no player is renamed: the file is then one a firmware that knows
    # only version 1 reads whole (it set a version 2 file aside: names, line-up, numbers)
    return storage.save(NAME, settings, VERSION if settings.get("alias") else 1, room)
