# The simulator's flash: the same small interface as core.storage.OsFlash, with the
# failure modes of real flash made visible. Runs on CPython and MicroPython alike.
#
# Model: data is programmed in PAGE-byte blocks; creating, renaming and removing a file
# is one block write each (a metadata commit). A folder (a host tool can leave one where
# a save should be: mkdir()) is an opaque entry: it cannot be read or written as a file
# nor renamed over, and remove() takes it with everything in it, as OsFlash does. A file being written holds, on flash,
# only the blocks completed so far (pessimistic: LittleFS would keep the old file, FAT
# would not). A rename is atomic. Power can be cut after any number of block writes.
# state_dir (optional) mirrors the committed files to a real folder, so the desktop
# simulator remembers games between runs. block (optional): files take whole blocks of
# that many bytes, as on LittleFS (4096 on the Pico); 1 (the default) counts bytes.
import os

PAGE = 256


class PowerCut(BaseException):
    # BaseException: the firmware's crash handler (except Exception) must not catch it
    pass


class FakeFlash:
    def __init__(self, state_dir=None, capacity=512 * 1024, block=1):
        self.files = {}
        self.block = block
        self.dirs = set()  # folders, by name
        self.capacity = capacity
        self.block_writes = 0
        self._cut_after = None
        self.state_dir = state_dir
        if state_dir:
            self._load_dir()

    # -- the OsFlash interface -------------------------------------------------------
    def read(self, name):
        if name in self.dirs:
            raise OSError(_EISDIR)
        pages = self.files.get(name)
        return None if pages is None else b"".join(pages)

    def write(self, name, data):
        # data: bytes or str, or an iterable of such pieces (core.storage streams its
        # JSON so that no save needs one large block of heap). A file is kept as its
        # list of pages, as flash holds it.
        if isinstance(data, (bytes, bytearray, str)):
            data = (data,)
        if name in self.dirs:
            raise OSError(_EISDIR)
        old = self.files.get(name)
        used = self.used() - (self._whole(_size(old)) if old is not None else 0)
        pages = []
        self.files[name] = pages  # create/truncate: one metadata block
        self._mirror(name)
        self._block()
        page = bytearray()
        for piece in data:
            if isinstance(piece, str):
                piece = piece.encode()
            page.extend(piece)
            while len(page) >= PAGE:
                self._program(name, pages, bytes(page[:PAGE]), used)
                page = page[PAGE:]
        if page:
            self._program(name, pages, bytes(page), used)

    def _program(self, name, pages, chunk, used):
        if used + self._whole(_size(pages) + len(chunk)) > self.capacity:
            raise OSError(28)  # ENOSPC, with what was written so far left behind
        pages.append(chunk)
        self._mirror(name)
        self._block()

    def size(self, name):
        # -> None when there is no such entry, -1 for a folder, else the file's bytes
        if name in self.dirs:
            return -1
        pages = self.files.get(name)
        return None if pages is None else _size(pages)

    def rename(self, old, new):
        if old not in self.files and old not in self.dirs:
            raise OSError(2)
        if new in self.dirs:
            raise OSError(_EISDIR)
        if old in self.dirs:
            self.files.pop(new, None)
            self.dirs.discard(old)
            self.dirs.add(new)
        else:
            self.files[new] = self.files.pop(old)
        self._mirror(new)
        self._mirror(old)
        self._block()

    def remove(self, name):
        if name in self.files or name in self.dirs:
            self.files.pop(name, None)
            self.dirs.discard(name)
            self._mirror(name)
            self._block()

    def listdir(self):
        return list(self.files) + list(self.dirs)

    def free(self):
        return self.capacity - self.used()

    def block_size(self):
        return self.block

    def mkdir(self, name):
        # a folder, as a host tool could leave one in /data
        if name in self.files or name in self.dirs:
            raise OSError(17)
        self.dirs.add(name)
        self._mirror(name)
        self._block()

    # -- for the simulator and tests -------------------------------------------------
    def used(self):
        n = 0
        for pages in self.files.values():
            n += self._whole(_size(pages))
        return n

    def _whole(self, size):
        # the bytes a file of `size` takes: whole blocks
        return (size + self.block - 1) // self.block * self.block

    def arm_power_cut(self, blocks):
        self._cut_after = blocks
        if blocks <= 0:
            raise PowerCut()

    def disarm(self):
        self._cut_after = None

    def _block(self):
        # a block write completes; the power may drop right after it
        self.block_writes += 1
        if self._cut_after is not None:
            self._cut_after -= 1
            if self._cut_after <= 0:
                self._cut_after = None
                raise PowerCut()

    def _mirror(self, name):
        if not self.state_dir:
            return
        # the firmware's own; imported here, as the tests' heap had it before (tests/mp.py)
        from core.storage import remove_tree

        path = self.state_dir + "/" + name
        if name in self.dirs:
            if _kind(path) != "d":
                remove_tree(os, path)
                os.mkdir(path)
            return
        data = self.read(name)
        if data is None:
            remove_tree(os, path)
            return
        if _kind(path) == "d":
            remove_tree(os, path)
        with open(path, "wb") as f:
            f.write(data)

    def _load_dir(self):
        assert self.state_dir
        try:
            names = os.listdir(self.state_dir)
        except OSError:
            os.mkdir(self.state_dir)
            names = []
        from core.storage import MAX_BYTES

        for name in names:
            path = self.state_dir + "/" + name
            # lstat where there is one: a symlink (to /dev/zero, or out of the folder,
            # where _mirror would write through it) is no file of this flash's
            mode = getattr(os, "lstat", os.stat)(path)[0] & 0xF000
            if mode == 0x4000:
                self.dirs.add(name)
                continue
            if mode != 0x8000:  # a FIFO would block the open, a device never ends
                raise ValueError(path + ": not a regular file, which the simulator's flash holds")
            with open(path, "rb") as f:
                data = f.read(MAX_BYTES + 1)
            if len(data) > MAX_BYTES:
                raise ValueError(
                    "%s: larger than %d KB, the device's bound on a save"
                    % (path, MAX_BYTES // 1024)
                )
            self.files[name] = [data[i : i + PAGE] for i in range(0, len(data), PAGE)]


_EISDIR = 21


def _kind(path):
    # "d" a folder, "f" a file, "" nothing (os only: this runs under MicroPython too)
    try:
        return "d" if os.stat(path)[0] & 0x4000 else "f"
    except OSError:
        return ""


def _size(pages):
    n = 0
    for p in pages:
        n += len(p)
    return n
