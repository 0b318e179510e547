# The simulator's flash: the same small interface as core.storage.OsFlash, with the
# failure modes of real flash made visible. Runs on CPython and MicroPython alike.
#
# Model: data is programmed in PAGE-byte blocks; creating, renaming and removing a file
# is one block write each (a metadata commit). A file being written holds, on flash,
# only the blocks completed so far (pessimistic: LittleFS would keep the old file, FAT
# would not). A rename is atomic. Power can be cut after any number of block writes.
# state_dir (optional) mirrors the committed files to a real folder, so the desktop
# simulator remembers games between runs.
import os

PAGE = 256


class PowerCut(BaseException):
    # BaseException: the firmware's crash handler (except Exception) must not catch it
    pass


class FakeFlash:
    def __init__(self, state_dir=None, capacity=512 * 1024):
        self.files = {}
        self.capacity = capacity
        self.block_writes = 0
        self._cut_after = None
        self.state_dir = state_dir
        if state_dir:
            self._load_dir()

    # -- the OsFlash interface -------------------------------------------------------
    def read(self, name):
        pages = self.files.get(name)
        return None if pages is None else b"".join(pages)

    def write(self, name, data):
        # data: bytes or str, or an iterable of such pieces (core.storage streams its
        # JSON so that no save needs one large block of heap). A file is kept as its
        # list of pages, as flash holds it.
        if isinstance(data, (bytes, bytearray, str)):
            data = (data,)
        old = self.files.get(name)
        used = self.used() - (_size(old) if old is not None else 0)
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
                used += PAGE
                page = page[PAGE:]
        if page:
            self._program(name, pages, bytes(page), used)

    def _program(self, name, pages, chunk, used):
        if used + len(chunk) > self.capacity:
            raise OSError(28)  # ENOSPC, with what was written so far left behind
        pages.append(chunk)
        self._mirror(name)
        self._block()

    def size(self, name):
        # -> None when there is no such entry, -1 for a folder, else the file's bytes
        pages = self.files.get(name)
        return None if pages is None else _size(pages)

    def rename(self, old, new):
        if old not in self.files:
            raise OSError(2)
        self.files[new] = self.files.pop(old)
        self._mirror(new)
        self._mirror(old)
        self._block()

    def remove(self, name):
        if name in self.files:
            del self.files[name]
            self._mirror(name)
            self._block()

    def listdir(self):
        return list(self.files)

    # -- for the simulator and tests -------------------------------------------------
    def used(self):
        n = 0
        for pages in self.files.values():
            n += _size(pages)
        return n

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
        path = self.state_dir + "/" + name
        data = self.read(name)
        if data is None:
            try:
                os.remove(path)
            except OSError:
                pass
            return
        with open(path, "wb") as f:
            f.write(data)

    def _load_dir(self):
        assert self.state_dir
        try:
            names = os.listdir(self.state_dir)
        except OSError:
            os.mkdir(self.state_dir)
            names = []
        for name in names:
            with open(self.state_dir + "/" + name, "rb") as f:
                data = f.read()
            self.files[name] = [data[i : i + PAGE] for i in range(0, len(data), PAGE)]


def _size(pages):
    n = 0
    for p in pages:
        n += len(p)
    return n
