"""`leafkeeper uf2`: MicroPython 1.26.1 for the RPI_PICO with the whole firmware frozen in,
as one UF2 a maker drops on the Pico's USB drive. Two of MicroPython's constants are changed
for it (PATCHES below: larger bytecode frames on the C stack, a wider stack-check margin).

Where the MicroPython source comes from: `--micropython DIR` (a checkout of v1.26.1 with
the rp2 port's submodules, only read: it is mirrored into the cache and the copy is
patched and built, so the checkout stays as it was), else the archive in ../shared/micropython/ next to this
repository when there is one (this project's machines and CI reach no GitHub), else a
shallow clone of the tag and of the submodules the rp2 port needs. Everything is built
under ~/.cache/leafkeeper/<source>/ and kept: picotool and mpy-cross once, the port's
build folder for good (a changed firmware only re-freezes it and links again), and each
finished UF2 under the hash of what went into it (all of firmware/ and this folder's
manifest and boot helper, and with --micropython the checkout's files), so the same
firmware a second time is a copy. A step is
marked done only once it has finished, and every UF2 is written under a temporary name
and renamed, so a build cut short never looks finished.

The flash layout is RPI_PICO's, unchanged: the firmware may use the first 640 KB and the
filesystem (/data: games, history, settings) is the last 1408 KB, so flashing this UF2
over stock MicroPython or an older one keeps the saves. What happens to firmware files
that an earlier `leafkeeper deploy` left on the filesystem: lk_uf2.py."""

import contextlib
import hashlib
import json
import os
import shutil
import stat
import struct
import subprocess
import sys
import tarfile
import time

from host_tools.mpybuild import FIRMWARE, ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
MANIFEST = os.path.join(HERE, "manifest.py")
BOOT_HELPER = os.path.join(HERE, "lk_uf2.py")
VERSION = "1.26.1"
BOARD = "RPI_PICO"
ARCHIVE_NAME = "micropython-%s-rp2-src.tar.xz" % VERSION
MICROPYTHON_GIT = "https://github.com/micropython/micropython"
PICOTOOL_GIT = "https://github.com/raspberrypi/picotool"
PICOTOOL_TAG = "2.1.1"  # the one pico-sdk 2.1.1 (MicroPython 1.26.1's) asks for
# what `make -C ports/rp2 submodules` fetches for BOARD=RPI_PICO
SUBMODULES = ("lib/pico-sdk", "lib/tinyusb", "lib/mbedtls", "lib/micropython-lib")
FLASH_BASE = 0x10000000
FIRMWARE_ROOM = 640 * 1024  # RPI_PICO: 2 MB of flash less the 1408 KB filesystem
JOBS = "-j2"
KEEP_UF2S = 4  # finished UF2s kept in the cache, about 1 MB each
APT = (
    "sudo apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi"
    " libstdc++-arm-none-eabi-newlib cmake build-essential"
)
BREW = "brew install cmake && brew install --cask gcc-arm-embedded"


# Two constants of MicroPython's changed for this build, each (file, as in v1.26.1, ours).
# A bytecode function whose frame (locals and stack) is over 11 words gets it from the heap
# at every call; a list that scrolls on the screen makes ~140 such calls, and right after a
# collect each allocation searches a heap of small holes (issue 26: the worst list move
# 25.2 ms against 25). With 32 words those frames go on the C stack (23.4 ms). The stack
# check's margin grows by more than what a frame may now take below the check (21 words),
# so deep recursion still ends in "maximum recursion depth exceeded", not in a corrupt heap
# (tests/test_uf2.py checks it on the emulated Pico).
PATCHES = (
    (
        "py/objfun.c",
        "#define VM_MAX_STATE_ON_STACK (sizeof(mp_uint_t) * 11)",
        "#define VM_MAX_STATE_ON_STACK (sizeof(mp_uint_t) * 32)  /* Leafkeeper: was 11 */",
    ),
    (
        "ports/rp2/mpconfigport.h",
        "#define MICROPY_STACK_CHECK_MARGIN              (256)",
        "#define MICROPY_STACK_CHECK_MARGIN              (512)  /* Leafkeeper: was 256 */",
    ),
)


class BuildError(Exception):
    """What went wrong, in one line the user can act on."""


def shared_archive():
    """-> the source archive in ../shared/micropython/ beside this repository (or beside a
    folder above it: a worktree, a CI clone), or None."""
    folder = ROOT
    while os.path.dirname(folder) != folder:
        folder = os.path.dirname(folder)
        path = os.path.join(folder, "shared", "micropython", ARCHIVE_NAME)
        if os.path.isfile(path):
            return path
    return None


def cache_root():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "leafkeeper")


def firmware_key():
    """-> the hash of everything frozen in: every file under firmware/, the manifest and
    the boot helper (their paths and bytes)."""
    h = hashlib.sha256()
    files = [(os.path.relpath(p, ROOT), p) for p in (MANIFEST, BOOT_HELPER)]
    for folder, dirs, names in os.walk(FIRMWARE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        files += [
            (os.path.relpath(os.path.join(folder, n), ROOT), os.path.join(folder, n))
            for n in sorted(names)
        ]
    for rel, path in files:
        with open(path, "rb") as f:
            h.update(rel.replace(os.sep, "/").encode() + b"\0" + f.read() + b"\0")
    h.update(repr(PATCHES).encode())  # a UF2 built before a patch changed is not this one
    return h.hexdigest()


def firmware_names():
    # the names at the root of the Pico's filesystem that the frozen firmware also has
    names = set()
    for name in os.listdir(FIRMWARE):
        path = os.path.join(FIRMWARE, name)
        if name.endswith(".py"):
            names.add(name[:-3])
        elif os.path.isdir(path) and name != "__pycache__":
            names.add(name)
    return tuple(sorted(names))


def missing_tools(clone=False):
    """-> the programs (or parts) the build needs and this machine lacks."""
    need = ["arm-none-eabi-gcc", "cmake", "make", "cc", "c++"] + (["git"] if clone else [])
    missing = [t for t in need if not shutil.which(t)]
    if "arm-none-eabi-gcc" not in missing:
        # newlib is a library of the cross compiler's, not a program: ask it where libc is
        done = subprocess.run(
            ["arm-none-eabi-gcc", "-print-file-name=libc.a"], capture_output=True, text=True
        )
        if not os.path.isabs(done.stdout.strip()):
            missing.append("newlib for arm-none-eabi")
    return missing


def uf2_flash(path):
    """-> (first address, bytes) of what the UF2 writes to flash, gaps as 0xFF."""
    with open(path, "rb") as f:
        data = f.read()
    blocks = []
    for off in range(0, len(data) - 511, 512):
        magic0, magic1, _flags, addr, size = struct.unpack_from("<IIIII", data, off)
        if magic0 == 0x0A324655 and magic1 == 0x9E5D5157:
            blocks.append((addr, data[off + 32 : off + 32 + size]))
    if not blocks:
        raise BuildError(path + " is not a UF2 file")
    start = min(a for a, _ in blocks)
    image = bytearray(b"\xff" * (max(a + len(b) for a, b in blocks) - start))
    for addr, payload in blocks:
        image[addr - start : addr - start + len(payload)] = payload
    return start, bytes(image)


def is_leafkeeper(path):
    """True for a UF2 that `leafkeeper uf2` built (its frozen modules include lk_uf2)."""
    return b"lk_uf2.py\0" in uf2_flash(path)[1]


def firmware_size(path):
    """-> the bytes of flash the UF2's firmware takes from the start of flash."""
    start, image = uf2_flash(path)
    return start + len(image) - FLASH_BASE


class _Build:
    def __init__(self, micropython, say):
        self.say = say
        self.archive = shared_archive()
        picotool = "picotool-" + PICOTOOL_TAG
        if micropython:
            self.kind = "dir"
            self.checkout = os.path.abspath(micropython)  # only read: the copy is built
            if not os.path.isfile(os.path.join(self.checkout, "ports", "rp2", "Makefile")):
                raise BuildError(
                    "--micropython %s: no MicroPython checkout there (no ports/rp2/Makefile)"
                    % micropython
                )
            key = "dir-" + hashlib.sha256(self.checkout.encode()).hexdigest()[:16]
            # a picotool checkout beside it, else pico-sdk fetches picotool itself
            beside = os.path.join(os.path.dirname(self.checkout), picotool)
            self.picotool_src = beside if os.path.isdir(beside) else None
        else:
            self.kind = "archive" if self.archive else "clone"
            key = "archive-" + _file_hash(self.archive)[:16] if self.archive else "git-v" + VERSION
        missing = missing_tools(clone=self.kind == "clone")
        if missing:
            raise BuildError(
                "leafkeeper uf2 needs %s: %s (macOS: %s)" % (", ".join(missing), APT, BREW)
            )
        self.cache = os.path.join(cache_root(), key)
        os.makedirs(self.cache, exist_ok=True)
        self.log_path = os.path.join(self.cache, "build.log")
        self.tree = os.path.join(self.cache, "src", "micropython-" + VERSION)
        if self.kind != "dir":
            self.picotool_src = os.path.join(self.cache, "src", picotool)

    # -- the steps, each marked done when it has finished --------------------------------------
    def _done(self, step):
        return os.path.exists(os.path.join(self.cache, step + ".done"))

    def _mark(self, step):
        with open(os.path.join(self.cache, step + ".done"), "w") as f:
            f.write(time.strftime("%Y-%m-%d %H:%M:%S\n"))

    def _run(self, cmd, cwd, env=None):
        with open(self.log_path, "a") as log:
            log.write("\n$ (cd %s; %s)\n" % (cwd, " ".join(cmd)))
            log.flush()
            done = subprocess.run(
                cmd,
                cwd=cwd,
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, **(env or {})},
            )
        if done.returncode:
            with open(self.log_path, errors="replace") as log:
                tail = [line.rstrip() for line in log.readlines()[-15:]]
            raise BuildError(
                "%s failed (exit %d); the end of %s:\n%s"
                % (" ".join(cmd[:3]), done.returncode, self.log_path, "\n".join(tail))
            )

    def source(self):
        """-> the key of the source built: with --micropython the hash of the checkout's
        files as mirrored into the copy, "" for the archive or the clone (whose cache
        folder is named after it)."""
        if self.kind == "dir":
            return mirror(self.checkout, self.tree, os.path.join(self.cache, "src.json"))
        if self._done("src"):
            return ""
        part = os.path.join(self.cache, "src.part")
        shutil.rmtree(part, ignore_errors=True)
        shutil.rmtree(os.path.join(self.cache, "src"), ignore_errors=True)
        os.makedirs(part)
        if self.archive:
            self.say("unpacking " + self.archive)
            with tarfile.open(self.archive) as tar:
                tar.extractall(part, filter="data")
        else:
            self.say("cloning MicroPython v%s and the rp2 port's submodules (shallow)" % VERSION)
            mp = os.path.join(part, "micropython-" + VERSION)
            self._run(
                [
                    "git",
                    "clone",
                    "-q",
                    "--depth",
                    "1",
                    "--branch",
                    "v" + VERSION,
                    MICROPYTHON_GIT,
                    mp,
                ],
                part,
            )
            self._run(
                ["git", "submodule", "update", "-q", "--init", "--depth", "1", *SUBMODULES], mp
            )
            pt = os.path.join(part, "picotool-" + PICOTOOL_TAG)
            self._run(
                ["git", "clone", "-q", "--depth", "1", "--branch", PICOTOOL_TAG, PICOTOOL_GIT, pt],
                part,
            )
        os.rename(part, os.path.join(self.cache, "src"))
        self._mark("src")
        return ""

    def patch(self):
        # PATCHES applied to the source in the cache (once: a patched file is left as it
        # is); a file that has neither text is not v1.26.1's and the build stops rather
        # than guess
        for rel, theirs, ours in PATCHES:
            path = os.path.join(self.tree, rel)
            with open(path) as f:
                src = f.read()
            if ours in src:
                continue
            if theirs not in src:
                raise BuildError(
                    "%s has no line %r: not MicroPython %s's source, which this build patches"
                    % (path, theirs, VERSION)
                )
            _write(path, src.replace(theirs, ours, 1))

    def picotool(self):
        # the SDK runs picotool to make the UF2; without an installed one it downloads it
        prefix = os.path.join(self.cache, "picotool")
        if not self.picotool_src:
            return None
        if not self._done("picotool"):
            self.say("building picotool (about a minute)")
            work = os.path.join(self.cache, "picotool-build")
            shutil.rmtree(work, ignore_errors=True)
            shutil.rmtree(prefix, ignore_errors=True)
            os.makedirs(work)
            sdk = {"PICO_SDK_PATH": os.path.join(self.tree, "lib", "pico-sdk")}
            self._run(
                [
                    "cmake",
                    self.picotool_src,
                    "-DCMAKE_INSTALL_PREFIX=" + prefix,
                    "-DPICOTOOL_FLAT_INSTALL=1",
                ],
                work,
                sdk,
            )
            self._run(["make", JOBS, "install"], work, sdk)
            self._mark("picotool")
        return os.path.join(prefix, "picotool")

    def mpy_cross(self):
        if self._done("mpy-cross"):
            return
        self.say("building mpy-cross (about half a minute)")
        self._run(["make", JOBS, "-C", "mpy-cross"], self.tree)
        self._mark("mpy-cross")

    def port(self, key, picotool):
        """Freeze the firmware into the port (incremental in its kept build folder) -> the
        build folder's firmware.uf2."""
        gen = os.path.join(self.cache, "gen")
        os.makedirs(gen, exist_ok=True)
        # the build's id and the firmware's top-level names, for lk_uf2 and core.about
        _write(
            os.path.join(gen, "lk_build.py"),
            "BUILD = %r\nFIRMWARE = %r\n" % (key[:12], firmware_names()),
        )
        manifest = os.path.join(gen, "manifest.py")
        _write(manifest, 'include(%r)\nmodule("lk_build.py", base_path=%r)\n' % (MANIFEST, gen))
        build = os.path.join(self.cache, "build-" + BOARD)
        # makemanifest.py freezes a module again only when its source is newer than the .mpy
        # made before, and rewrites frozen_content.c only when one is. This build folder is
        # every tree's on the machine (worktrees, an older checkout): another tree's module,
        # or a deleted one, would be frozen in. So every module is frozen anew (seconds).
        shutil.rmtree(os.path.join(build, "frozen_mpy"), ignore_errors=True)
        with contextlib.suppress(FileNotFoundError):
            os.remove(os.path.join(build, "frozen_content.c"))
        self.say(
            "building MicroPython %s for %s with the firmware frozen in (about 1.5 minutes the first time)"
            % (VERSION, BOARD)
        )
        # not CMAKE_ARGS=...: on make's command line it replaces the Makefile's own
        # CMAKE_ARGS += lines (board, manifest) and the manifest is silently ignored
        env = {"picotool_ROOT": picotool} if picotool else {}
        self._run(
            ["make", JOBS, "BOARD=" + BOARD, "BUILD=" + build, "FROZEN_MANIFEST=" + manifest],
            os.path.join(self.tree, "ports", "rp2"),
            env,
        )
        return os.path.join(build, "firmware")


def mirror(src, dst, listing):
    """Make dst a copy of the tree src (less .git), copying only what changed since the
    copy listed in the file listing was made (size or mtime; copies keep the mtime, so
    the port's build in the cache stays incremental); -> the hash of src's listing."""
    try:
        with open(listing) as f:
            old = json.load(f)
    except (OSError, ValueError):
        old = {}
        shutil.rmtree(dst, ignore_errors=True)
    now = {}
    for folder, dirs, files in os.walk(src):
        links = [d for d in dirs if os.path.islink(os.path.join(folder, d))]
        dirs[:] = sorted(d for d in dirs if d != ".git" and d not in links)
        for name in sorted(files + links):
            if name == ".git":  # a submodule's pointer to its repository
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, src)
            link = os.readlink(path) if os.path.islink(path) else None
            st = os.lstat(path)
            entry = ["->", link] if link is not None else [st.st_size, st.st_mtime_ns]
            now[rel] = entry
            if old.get(rel) == entry:
                continue
            to = os.path.join(dst, rel)
            os.makedirs(os.path.dirname(to), exist_ok=True)
            with contextlib.suppress(FileNotFoundError):
                os.remove(to)
            if link is not None:
                os.symlink(link, to)
            else:
                shutil.copy2(path, to)
    for rel in old:
        if rel not in now:
            with contextlib.suppress(FileNotFoundError):
                os.remove(os.path.join(dst, rel))
    _write(listing, json.dumps(now, sort_keys=True))
    return hashlib.sha256(json.dumps(now, sort_keys=True).encode()).hexdigest()


def _file_hash(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _write(path, text):
    # only when it changed: the port's build then has nothing new to do for it
    try:
        with open(path) as f:
            if f.read() == text:
                return
    except OSError:
        pass
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def _copy_atomic(src, dst):
    tmp = "%s.%d.tmp" % (dst, os.getpid())
    try:
        shutil.copyfile(src, tmp)
        os.replace(tmp, dst)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


@contextlib.contextmanager
def _locked(folder):
    # one build at a time in a cache folder (several worktrees, CI and a user share it)
    import fcntl

    with open(os.path.join(folder, "lock"), "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def build(micropython=None, say=print):
    """-> (path of the cached UF2, True when it came from the cache as it was). The symbol
    table (`nm -S`) is kept beside it, as .syms.txt, for the emulator."""
    b = _Build(micropython, say)
    with _locked(b.cache):
        source = b.source()
        key = hashlib.sha256((firmware_key() + source).encode()).hexdigest() if source else firmware_key()
        # not "uf2/": the builds kept there may hold another tree's modules (see port())
        uf2 = os.path.join(b.cache, "uf2s", key[:16] + ".uf2")
        if os.path.exists(uf2):
            return uf2, True
        b.patch()
        picotool = b.picotool()
        b.mpy_cross()
        elf = b.port(key, picotool)
        os.makedirs(os.path.dirname(uf2), exist_ok=True)
        size = firmware_size(elf + ".uf2")
        if size > FIRMWARE_ROOM:
            raise BuildError(
                "the firmware takes %s bytes of flash, more than RPI_PICO's %s: it would overwrite"
                " the filesystem (the saves)" % (_n(size), _n(FIRMWARE_ROOM))
            )
        syms = subprocess.run(
            ["arm-none-eabi-nm", "-S", elf + ".elf"], capture_output=True, text=True, check=True
        )
        tmp = uf2[:-4] + ".syms.txt.tmp"
        with open(tmp, "w") as f:
            f.write(syms.stdout)
        os.replace(tmp, uf2[:-4] + ".syms.txt")
        _copy_atomic(elf + ".uf2", uf2)  # last: its presence means the whole build is there
        _prune(os.path.dirname(uf2))
    return uf2, False


def _prune(folder, keep=KEEP_UF2S):
    # the newest builds stay (switching branches back and forth), the older ones go
    found = sorted(
        (os.path.getmtime(os.path.join(folder, n)), n[: -len(".uf2")])
        for n in os.listdir(folder)
        if n.endswith(".uf2")
    )
    for _mtime, stem in found[:-keep]:
        for ext in (".uf2", ".syms.txt"):
            with contextlib.suppress(FileNotFoundError):
                os.remove(os.path.join(folder, stem + ext))


def _n(v):
    return f"{v:,}"


def check_out(out):
    """BuildError unless out is a new path or a regular file: the UF2 replaces it, and a
    FIFO, a symlink, a device (/dev/null) or a folder is nothing to replace."""
    if not os.path.lexists(out):
        return
    if not stat.S_ISREG(os.lstat(out).st_mode):
        raise BuildError(
            "--out %s is not a regular file (a symlink, a FIFO, a device or a folder):"
            " nothing was built or written. Name a new file" % out
        )


def main(args):
    t0 = time.monotonic()
    out = os.path.abspath(args.out or "leafkeeper-%s-%s.uf2" % (VERSION, BOARD))
    try:
        check_out(out)  # before minutes of build
        uf2, cached = build(args.micropython, say=lambda s: print(s, flush=True))
        check_out(out)  # (and once more: the build took minutes)
        _copy_atomic(uf2, out)
    except BuildError as e:
        print("leafkeeper: " + str(e), file=sys.stderr)
        return 2
    except OSError as e:
        print("leafkeeper: %s: %s" % (e.filename or "", e.strerror or e), file=sys.stderr)
        return 2
    used = firmware_size(out)
    print(out)
    print(
        "MicroPython %s for %s with the firmware frozen in: %s bytes; the firmware takes %s bytes of"
        " flash, %s bytes (%d KB) of the %d KB left%s, in %.1f s"
        % (
            VERSION,
            BOARD,
            _n(os.path.getsize(out)),
            _n(used),
            _n(FIRMWARE_ROOM - used),
            (FIRMWARE_ROOM - used) // 1024,
            FIRMWARE_ROOM // 1024,
            " (from the cache)" if cached else "",
            time.monotonic() - t0,
        )
    )
    return 0
