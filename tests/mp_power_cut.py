# Power-cut suite 2, under the real MicroPython unix port:
#   micropython -X heapsize=1M tests/mp_power_cut.py [clean|torn ...]
# The firmware's own storage code (core.storage.OsFlash, unchanged) runs on a real
# LittleFS (os.VfsLfs2) over a RAM block device. The table session of
# tests/scenarios/robust.py is played once to count the device's block operations
# (programs and erases) step by step; then for every k the device plays it again on a
# fresh file system whose block device stops accepting writes after k operations (the
# power is gone: nothing more reaches the flash), the file system is mounted again, the
# firmware boots, and every save must be as confirmed after the step the cut fell in or
# before it. "torn": the k-th operation lands half-written, as a real cut mid-program
# could leave it. Prints "<mode>: N cut points tried, L lost" per mode; exits 1 if any.
import gc
import os
import sys
import time

sys.path.insert(0, ".")
if os.getenv("LEAFKEEPER_HOST"):  # the harness precompiled (see tests/mp.py)
    sys.path.insert(0, os.getenv("LEAFKEEPER_HOST"))

from host_tools.sim import Simulator
from tests.scenarios import robust

robust.DIGESTS = True

SEED = 3
BLOCK = 512
BLOCKS = 128  # 64 KB of flash: room for every save, the crash log and LittleFS' copies
MOUNT = "/lfs"
EIO = 5
ERASED = b"\xff" * BLOCK


class RamBlocks:
    # a block device in RAM (the readblocks/writeblocks/ioctl protocol of os.VfsLfs2)
    # that counts its write operations and refuses them after `limit`
    data = None  # one buffer for every run: the heap is not for the block device

    def __init__(self):
        if RamBlocks.data is None:
            RamBlocks.data = bytearray(BLOCK * BLOCKS)
        self.data = RamBlocks.data
        for i in range(BLOCKS):
            self.data[i * BLOCK : (i + 1) * BLOCK] = ERASED
        self.ops = 0
        self.limit = None
        self.torn = False
        self.dead = False

    def _allowed(self, buf=None, addr=0):
        if self.dead:
            return False
        self.ops += 1
        if self.limit is not None and self.ops > self.limit:
            self.dead = True
            if self.torn and buf is not None:  # half of it reached the cells
                half = len(buf) // 2
                self.data[addr : addr + half] = buf[:half]
            return False
        return True

    def readblocks(self, n, buf, off=0):
        a = n * BLOCK + off
        buf[:] = self.data[a : a + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if off is None:
            for i in range(len(buf) // BLOCK):
                if self.ioctl(6, n + i):
                    return -EIO
            off = 0
        a = n * BLOCK + off
        if not self._allowed(buf, a):
            return -EIO
        self.data[a : a + len(buf)] = buf
        return 0

    def ioctl(self, op, arg):
        if op == 4:
            return BLOCKS
        if op == 5:
            return BLOCK
        if op == 6:
            if not self._allowed():
                return -EIO
            a = arg * BLOCK
            self.data[a : a + BLOCK] = ERASED
            return 0
        return 0


def mount(bd):
    try:
        os.umount(MOUNT)
    except OSError:
        pass
    os.mount(os.VfsLfs2(bd, mtime=False), MOUNT)


def fresh_device():
    from core.storage import OsFlash

    bd = RamBlocks()
    os.VfsLfs2.mkfs(bd)
    mount(bd)
    sim = Simulator(seed=SEED, flash=OsFlash(MOUNT + "/data"))
    sim.advance(200)
    return bd, sim


def play(sim, fn, bd):
    try:
        fn(sim)
    except Exception:
        if not bd.dead:
            raise


def reference(steps):
    bd, sim = fresh_device()
    base = bd.ops
    writes = [0]
    pool = {}
    saves = [robust.snapshot(sim.flash, pool)]
    log = []
    robust.record_commits(sim.flash, log, pool)  # on this instance only: OsFlash unchanged
    versions = []
    for label, fn in steps:
        del log[:]
        play(sim, fn, bd)
        writes.append(bd.ops - base)
        saves.append(robust.snapshot(sim.flash, pool))
        versions.append(robust.allowed(saves[-2], log, saves[-1]))
        saves[-2] = None
        if "crash.log" in sim.flash.listdir():
            raise AssertionError("crashed in " + label + ":\n" + sim.flash.read("crash.log").decode())
        why = robust.unsaved(sim)
        if why:
            raise AssertionError("not saved before shown: " + label + ": " + why)
    return writes, versions


def cut_at(steps, writes, versions, k, torn):
    bd, sim = fresh_device()
    bd.limit = bd.ops + k
    bd.torn = torn
    for label, fn in steps:
        play(sim, fn, bd)
        if bd.dead:
            break
    if not bd.dead:
        return "the power was never cut"
    # power off: RAM (and the mounted file system's state) is gone; power on, mount
    sim.power_cut()
    bd.limit = None
    bd.dead = False
    try:
        mount(bd)
    except OSError as e:
        return "cut " + str(k) + ": the file system does not mount: " + repr(e)
    i = 1
    while writes[i] < k + 1:  # the step of the refused operation
        i += 1
    if "crash.log" in sim.flash.listdir():  # not a power-cut result: the run went astray
        return "cut " + str(k) + ": crashed before the cut:\n" + sim.flash.read("crash.log").decode()
    sim.boot()
    why = robust.check_resumed(sim, versions[i - 1])
    return None if why is None else "cut " + str(k) + " in step " + steps[i - 1][0] + ": " + why


def main(modes):
    steps = robust.session(seed=SEED)
    writes, versions = reference(steps)
    n = writes[-1]
    failed = 0
    for mode in modes:
        t0 = time.ticks_ms()
        lost = 0
        for k in range(n):  # k operations land, the next one does not
            gc.collect()
            why = cut_at(steps, writes, versions, k, mode == "torn")
            if why:
                lost += 1
                if lost <= 5:
                    print("LOST", mode, why)
        secs = time.ticks_diff(time.ticks_ms(), t0) / 1000
        print(mode + ": " + str(n) + " cut points tried, " + str(lost) + " lost, " + str(len(steps))
              + " steps, " + str(secs) + " s")
        failed += lost
    apps = []
    for label, fn in steps:
        a = label.split(":")[0]
        if a not in apps:
            apps.append(a)
    print("apps: " + ", ".join(apps))
    return failed


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1:] or ("clean", "torn")) else 0)
