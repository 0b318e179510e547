# Saved state: one JSON file per app, written so that a power cut at any instant leaves
# either the old or the new version, never a mix and never nothing:
#   write name.tmp completely, close it, then rename it over name.json (atomic on
#   LittleFS). The old file is never deleted first.
# A file that cannot be read is kept aside and the player is told in plain words
# (core/damaged.py).
# Each file is {"v": schema version, "data": ...}; data is merged over the app's
# defaults, so an old or partial file still loads (the Badger 2040 way). A version goes
# up only when an older firmware could not read the new file (tests/test_formats.py);
# a file of a higher version than its reader knows was made by a newer Leafkeeper: it
# is left exactly as it is, never set aside nor written over (the player may flash the
# newer firmware back), and the app runs on its defaults in RAM.
import json

from micropython import const

_ENOSPC = const(28)
_ENOENT = const(2)
_EFBIG = const(27)
ERASING = "erasing"  # on flash while Erase all data runs (Storage.erase_all)
MAX_BYTES = const(
    32768
)  # a save larger than this is damaged, so none is written (apps/game folds long games)


class TooBig(OSError):
    # a save larger than MAX_BYTES: load() would refuse it, so it is not written (an
    # OSError, EFBIG: what writes the history tells the player as for a full flash)
    pass


class OsFlash:
    # The device's flash: files in one folder of the LittleFS root.
    def __init__(self, root="/data"):
        import os

        self._os = os
        self.root = root
        try:
            os.mkdir(root)
        except OSError:
            pass  # already there

    def _path(self, name):
        return self.root + "/" + name

    def read(self, name):
        try:
            with open(self._path(name), "rb") as f:
                return f.read()
        except OSError as e:
            if e.args and e.args[0] == _ENOENT:
                return None
            raise

    def write(self, name, data):
        # data: bytes or str, or an iterable of such pieces, written as they come
        with open(self._path(name), "wb") as f:
            if isinstance(data, (bytes, str)):
                f.write(data)
            else:
                # piece by piece: MicroPython's files have no writelines()
                for piece in data:
                    f.write(piece.encode() if isinstance(piece, str) else piece)

    def size(self, name):
        # -> None when there is no such entry, -1 for a folder, else the file's bytes
        try:
            st = self._os.stat(self._path(name))
        except OSError:
            return None
        return -1 if st[0] & 0x4000 else st[6]

    def rename(self, old, new):
        self._os.rename(self._path(old), self._path(new))

    def remove(self, name):
        # a file, or a folder with everything in it; nothing there is not an error
        remove_tree(self._os, self._path(name))

    def listdir(self):
        return self._os.listdir(self.root)

    def free(self):
        # -> bytes free on the file system (whole blocks)
        st = self._os.statvfs(self.root)
        return st[0] * st[3]

    def block_size(self):
        # -> the bytes of one block: the least a file takes (4096 on the Pico's LittleFS)
        return self._os.statvfs(self.root)[0]


def _merge(defaults, data, valid=None, bad=None):
    # Saved values over defaults, one level deep, keeping the defaults' types: a value of
    # the wrong type is a damaged file, not something to run with. valid: {key: (label,
    # check(value) -> bool)}: a value that fails its check is set back to its default
    # and its label added to `bad`, the rest of the file is kept.
    if defaults is None:
        return data
    if not isinstance(data, dict):
        raise ValueError("not a table")
    out = {}
    for key in defaults:
        value = data.get(key, defaults[key])
        want = defaults[key]
        rule = valid.get(key) if valid else None
        if rule is not None:
            if not rule[1](value):
                bad.append(rule[0])  # pyright: ignore[reportOptionalMemberAccess]
                value = _copy(want)
        # a wrong type is damage, and so is a null where the default has a value (the
        # app would run with None and fail on every open); an int for a float is fine,
        # a float for an int is not (2.0 dice would stop range())
        elif (
            want is not None
            and type(value) is not type(want)
            and not (type(want) is float and type(value) is int)
        ):
            raise ValueError("wrong type for " + key)
        out[key] = value
    return out


class Storage:
    def __init__(self, flash):
        self.flash = flash
        self.full = False  # the last save failed for lack of space
        self.problems = []  # plain-words messages for the player, shown by the loop
        self._pending = {}  # name -> (version, data) that could not be written yet
        self.newer = []  # saves made by a newer Leafkeeper: read as absent, never written

    def settings(self):
        # -> the device's settings, read and checked. core.settings's checks (1.3 KB)
        # are needed to read the file and to write it: not in the heap at home (apps
        # that change a setting import them again)
        from core import modules

        return modules.once("core.settings").load(self)

    def load(self, name, defaults=None, version=1, migrate=None, valid=None):
        # -> the saved data merged over defaults, or a copy of defaults when there is
        # no usable file. migrate(old_version, data) -> data upgrades an older file.
        # valid: {key: (label, check)}: see _merge; a file with values that fail their
        # check is kept as .bad and saved again mended, and the player told which.
        # What could not be written yet (a full flash) is newer than the file: it wins
        # until it is written, whichever screen asks
        # (written at a lower version, as an older firmware reads it, it is read as such)
        pending = self._pending.get(name)
        if pending is not None and pending[0] <= version:
            data = _copy(pending[1])
            if pending[0] < version and migrate is not None:
                data = migrate(pending[0], data)
            return _merge(defaults, data)
        size = self.flash.size(name + ".json")
        if size is None:
            return _copy(defaults)
        if not 0 <= size <= MAX_BYTES:
            # a folder (a host tool left it), or a file too big for the heap (reading
            # it raises MemoryError, not OSError): damaged, kept aside unread
            self.quarantine(name, " (a folder)" if size < 0 else " (too big)")
            return _copy(defaults)
        try:
            raw = self.flash.read(name + ".json")
        except OSError:
            raw = None
            self.tell(name, "could not be read")
        if raw is None:
            return _copy(defaults)
        try:
            doc = json.loads(raw)
            v = doc["v"]
            data = doc["data"]
            if not isinstance(v, int):
                raise ValueError("bad version")
            if v > version:
                raw = doc = data = None
                return self._newer(name, defaults)
            if v < version:
                if migrate is None:
                    raise ValueError("too old")
                data = migrate(v, data)
            bad = []
            out = _merge(defaults, data, valid, bad)
        except Exception:  # noqa: BLE001 - any damage at all: keep the file, start fresh
            raw = doc = data = None  # a MemoryError: give the heap back first
            self.quarantine(name)
            return _copy(defaults)
        if bad:
            what = ", ".join(bad) if len(bad) <= 2 else str(len(bad)) + " values"
            self.mend(name, raw, what + " reset", out, version)
        return out

    def _newer(self, name, defaults):
        # a save of a newer format: left as it is; what this firmware makes of it instead
        # stays in RAM (save()), the player told once
        if name not in self.newer:
            self.newer.append(name)
            self.tell(name, "made by a newer Leafkeeper: left as it is, changes not saved")
        return _copy(defaults)

    def mend(self, name, raw, what, data, version):
        # some values were wrong, the others good: the file kept aside, the mended data
        # saved; `what` says in a few words what was wrong
        _damaged().mend(self, name, raw, what, data, version)

    def quarantine(self, name, why=""):
        # a file that loaded but that its app cannot use is damaged too: kept aside
        _damaged().quarantine(self, name, why)

    def tell(self, name, what):
        self.problems.append("Saved " + name + " " + what)

    def save(self, name, data, version=1, room=None):
        # -> True when the data is safely on flash (False for data too big to read back:
        # never written, the player told). On a full flash room() (the caller's choice
        # of what gives up space: the shell's, ui/shell.py) is asked while it frees some,
        # and the save tried again; else the data stays in RAM (the app keeps running)
        # and is written by the next successful save.
        self._pending[name] = (version, data)
        big = []
        ok = self._flush(big)
        while not ok and room is not None and room():
            ok = self._flush(big)
        was_full = self.full
        self.full = not ok
        if self.full and not was_full:
            self.problems.append("Flash full: game kept in memory, not saved")
        elif was_full and ok:
            self.problems.append("Flash has space again: saved")
        return ok and name not in big and name not in self.newer

    def _flush(self, big):
        # -> False when the flash had no room for something. A save too big to read back
        # is dropped, its name added to `big` and the player told (no room is made for
        # it: it would never fit); the file on flash, the last save that fitted, stays
        ok = True
        for key in list(self._pending):
            if key in self.newer:
                continue  # kept in RAM: the file on flash is a newer Leafkeeper's
            v, d = self._pending[key]
            try:
                written = self._write(key, v, d)
            except TooBig:
                del self._pending[key]
                big.append(key)
                self.tell(
                    key,
                    "too big (over "
                    + str(MAX_BYTES // 1024)
                    + " KB): not written, the last one kept",
                )
                continue
            if written:
                del self._pending[key]
            else:
                ok = False
        return ok

    def write(self, name, data, version=1):
        # -> True when written (tmp + rename), False when the flash has no room for it.
        # Nothing is kept in RAM for later, unlike save(): for what can wait (the
        # history), written without spaces. TooBig for data over MAX_BYTES (not written);
        # False over a newer Leafkeeper's file (core/history.py leaves those pages alone)
        return name not in self.newer and self._write(name, version, data, True, ",", ":")

    def _write(self, name, version, data, again=True, comma=", ", colon=": "):
        try:
            self.flash.write(
                name + ".tmp", _bounded(json_pieces({"v": version, "data": data}, comma, colon))
            )
            self.flash.rename(name + ".tmp", name + ".json")
            return True
        except TooBig:
            self.flash.remove(name + ".tmp")
            raise
        except OSError as e:
            if e.args and e.args[0] == _ENOSPC:
                self.flash.remove(name + ".tmp")  # give the space back
                return False
            # a folder where the file goes (a host tool left it): kept aside like a
            # damaged file, then the save is tried once more
            if again and _damaged().folders_aside(self, name):
                return self._write(name, version, data, False, comma, colon)
            self.flash.remove(name + ".tmp")
            raise

    def erase_all(self):
        # everything goes, the mark first and last: a power cut in between leaves the
        # mark, and the next boot finishes the erase (finish_erase). The mark is an empty
        # file: a full flash has room for it (else the erase goes on without one)
        try:
            self.flash.write(ERASING, b"")
        except OSError:
            pass
        for f in self.flash.listdir():
            if f != ERASING:
                self.flash.remove(f)
        self.flash.remove(ERASING)
        self._pending = {}
        self.newer = []

    def finish_erase(self):
        # at boot: an Erase all data that a power cut stopped is finished, the player told
        if self.flash.size(ERASING) is not None:
            self.erase_all()
            self.problems.append("Erase all data was cut short by a power cut: finished now.")


def _damaged():
    # the code for damaged files (core/damaged.py): loaded only when there is one
    from core import damaged

    return damaged


def remove_tree(os, path):
    # a file, or a folder and all it holds; nothing there is no error (host_tools'
    # deploy scripts and the simulator's flash use this one too)
    try:
        os.remove(path)
        return
    except OSError:
        pass  # nothing there, or a folder
    try:
        names = os.listdir(path)
    except OSError:
        return  # nothing there
    for n in names:
        remove_tree(os, path + "/" + n)
    try:
        os.rmdir(path)
    except OSError:
        pass


def json_pieces(value, comma=", ", colon=": "):
    # JSON text in small pieces, for writing as it is made: a long game's save never
    # needs one large block of heap (on a fragmented heap that is what fails first).
    # comma=",", colon=":": without spaces, for what is kept long (the history).
    # Flat, with a stack of the open containers: nested generators each take C stack,
    # and a save made deep in a screen's calls ran out of it on the RP2040
    stack = []  # per open container: [it, its keys (None for a list), next index]
    prefix = ""
    while True:
        if isinstance(value, dict):
            yield prefix + "{"
            stack.append([value, list(value), 0])
        elif isinstance(value, (list, tuple)):
            yield prefix + "["
            stack.append([value, None, 0])
        else:
            yield prefix + json.dumps(value)
        while stack:
            top = stack[-1]
            keys = top[1]
            i = top[2]
            if i < len(top[0]):
                top[2] = i + 1
                prefix = comma if i else ""
                if keys is None:
                    value = top[0][i]
                else:
                    prefix += json.dumps(keys[i]) + colon
                    value = top[0][keys[i]]
                break
            stack.pop()
            yield "]" if keys is None else "}"
        else:
            return


def _bounded(pieces):
    # the pieces as bytes (as the file gets them), TooBig as soon as they add up to more
    # than MAX_BYTES: whatever is written, load() reads back
    n = 0
    for piece in pieces:
        b = piece.encode()
        n += len(b)
        if n > MAX_BYTES:
            raise TooBig(_EFBIG)
        yield b


def _copy(value):
    # defaults must never be shared with (and changed through) the running app
    if value is None:
        return None
    return json.loads(json.dumps(value))
