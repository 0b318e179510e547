# `leafkeeper uf2`: MicroPython 1.26.1 for the RPI_PICO with firmware/ frozen in, built
# through the CLI (about 3 minutes on 2 cores the first time on a machine, then from
# ~/.cache/leafkeeper), booted in the RP2040 emulator (every app's first screen the
# simulator's, pixel for pixel), flashed over a Pico that ran the .mpy build of `deploy`
# (the saves survive it and the old files do not run), and a hand played across a power
# cycle and the next UF2's first boot.
import ast
import hashlib
import json
import os
import shutil
import stat
import struct
import subprocess
import sys

import pytest
from core import about

from host_tools import uf2
from host_tools.pico import image
from host_tools.pico.emulator import Pico
from host_tools.sim import Simulator, keys
from tests.scenarios.util import FOUR
from tests.test_pico_lane import (
    a_hand,
    both,
    crashes,
    every_app_as_in_the_simulator,
    four_at_the_table,
    hand_across_a_power_cycle,
    same_picture,
)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOM = 640 * 1024  # RPI_PICO: the filesystem starts 640 KB into the 2 MB flash


def _cli(*args, env=None):
    return subprocess.run(
        [sys.executable, "-m", "host_tools.cli", "uf2", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=1800,
    )


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    # two runs through the CLI: the second, with the firmware unchanged, from the cache
    out = tmp_path_factory.mktemp("uf2")
    runs = [_cli("--out", str(out / name)) for name in ("first.uf2", "second.uf2")]
    for r in runs:
        assert r.returncode == 0, r.stdout + r.stderr
    return out, runs


@pytest.fixture(scope="module")
def newer(built):
    # the UF2 the next `leafkeeper uf2` makes after a change: here the same firmware under
    # another build id (only lk_build.py differs: a re-link of the kept build, seconds)
    out, _ = built
    key = hashlib.sha256(b"newer " + uf2.firmware_key().encode()).hexdigest()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(uf2, "firmware_key", lambda: key)
        path, _cached = uf2.build(say=lambda _line: None)
    shutil.copyfile(path, out / "newer.uf2")  # the cache keeps only its newest few
    return str(out / "newer.uf2"), key[:12]


def _flash_end(path):
    # the highest flash address the UF2 writes, read from its 512-byte blocks (UF2 spec:
    # magic 0x0A324655, 0x9E5D5157, flags, target address, payload size)
    with open(path, "rb") as f:
        data = f.read()
    end = 0
    for off in range(0, len(data), 512):
        m0, m1, _flags, addr, size = struct.unpack_from("<IIIII", data, off)
        assert (m0, m1) == (0x0A324655, 0x9E5D5157), "block %d is no UF2 block" % (off // 512)
        end = max(end, addr + size)
    return end


def test_the_cli_builds_the_uf2_and_reuses_its_cache(built):
    out, (_first, second) = built
    path = str(out / "second.uf2")
    lines = second.stdout.splitlines()
    assert lines[-2] == path
    used = _flash_end(path) - 0x10000000
    # the layout of RPI_PICO kept: nothing written where the filesystem (/data) starts
    assert 300 * 1024 < used <= ROOM
    summary = lines[-1]
    assert "%s bytes;" % f"{os.path.getsize(path):,}" in summary
    assert "takes %s bytes of flash, %s bytes" % (f"{used:,}", f"{ROOM - used:,}") in summary
    assert "(from the cache)" in summary and "building" not in second.stdout
    with open(out / "first.uf2", "rb") as a, open(path, "rb") as b:
        assert a.read() == b.read()


def test_missing_compilers_are_named_in_one_line(tmp_path):
    env = dict(os.environ, PATH=str(tmp_path), XDG_CACHE_HOME=str(tmp_path / "cache"))
    r = _cli("--out", str(tmp_path / "x.uf2"), env=env)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1, r.stderr
    assert "arm-none-eabi-gcc" in r.stderr and "cmake" in r.stderr
    assert "apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi" in r.stderr
    assert not os.path.exists(tmp_path / "x.uf2")


def _fake_checkout(tmp_path, port_recipe):
    # a "checkout" whose mpy-cross builds and whose rp2 port runs port_recipe, then fails
    tree = tmp_path / "micropython"
    (tree / "mpy-cross").mkdir(parents=True)
    (tree / "mpy-cross" / "Makefile").write_text("all:\n\t@echo mpy-cross built\n")
    (tree / "ports" / "rp2").mkdir(parents=True)
    (tree / "ports" / "rp2" / "Makefile").write_text("all:\n\t%s; exit 1\n" % port_recipe)
    # the two lines the build changes, as MicroPython v1.26.1 has them
    (tree / "py").mkdir()
    (tree / "py" / "objfun.c").write_text(
        "// tune\n#define VM_MAX_STATE_ON_STACK (sizeof(mp_uint_t) * 11)\n\nint x;\n"
    )
    (tree / "ports" / "rp2" / "mpconfigport.h").write_text(
        "#define MICROPY_ENABLE_GC                       (1)\n"
        "#define MICROPY_STACK_CHECK_MARGIN              (256)\n"
    )
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    return tree, env


def _copy_of(tmp_path):
    # the patched copy of a --micropython checkout that the build builds, in the cache
    (cache,) = (tmp_path / "cache" / "leafkeeper").iterdir()
    return cache / "src" / ("micropython-" + uf2.VERSION)


def test_the_build_changes_two_constants_of_micropython_once(tmp_path):
    tree, env = _fake_checkout(tmp_path, "@echo stop here")
    before = _files(tree)
    for _ in range(2):  # the second run finds them changed and leaves them
        _cli("--micropython", str(tree), "--out", str(tmp_path / "x.uf2"), env=env)
    assert _files(tree) == before  # the user's checkout is only read (issue 41)
    tree = _copy_of(tmp_path)
    objfun = (tree / "py" / "objfun.c").read_text()
    assert "(sizeof(mp_uint_t) * 32)" in objfun and "* 11)" not in objfun
    assert objfun.count("VM_MAX_STATE_ON_STACK") == 1 and objfun.endswith("int x;\n")
    config = (tree / "ports" / "rp2" / "mpconfigport.h").read_text()
    assert "MARGIN              (512)" in config and "(256)" not in config
    assert config.startswith("#define MICROPY_ENABLE_GC")


def test_a_source_the_constants_are_not_in_is_refused(tmp_path):
    tree, env = _fake_checkout(tmp_path, "@echo the port was built")
    (tree / "py" / "objfun.c").write_text(
        "#define VM_MAX_STATE_ON_STACK (sizeof(mp_uint_t) * 16)\n"
    )
    r = _cli("--micropython", str(tree), "--out", str(tmp_path / "x.uf2"), env=env)
    assert r.returncode == 2
    assert "objfun.c has no line" in r.stderr and "not MicroPython 1.26.1's source" in r.stderr
    assert "the port was built" not in r.stdout + r.stderr
    assert not os.path.exists(tmp_path / "x.uf2")


def test_a_failed_build_leaves_nothing_that_looks_finished(tmp_path):
    tree, env = _fake_checkout(tmp_path, "@echo the linker ran out of room")
    r = _cli("--micropython", str(tree), "--out", str(tmp_path / "x.uf2"), env=env)
    assert r.returncode == 2
    assert "make -j2 BOARD=RPI_PICO failed" in r.stderr and "the linker ran out of room" in r.stderr
    assert not os.path.exists(tmp_path / "x.uf2")
    (cache,) = (tmp_path / "cache" / "leafkeeper").iterdir()
    assert sorted(p.name for p in cache.glob("*.done")) == ["mpy-cross.done"]
    assert not list(cache.rglob("*.uf2"))


def test_every_module_is_frozen_anew_whichever_tree_was_built_last(tmp_path):
    # MicroPython's makemanifest.py keeps a frozen .mpy newer than its source, and
    # frozen_content.c when no .mpy is newer. Every tree on a machine (worktrees, an older
    # checkout) builds in the one cached folder: another tree's module would be frozen in.
    tree, env = _fake_checkout(tmp_path, "ls $(BUILD)/frozen_mpy/core $(BUILD)/frozen_content.c")
    _cli("--micropython", str(tree), "--out", str(tmp_path / "x.uf2"), env=env)
    (cache,) = (tmp_path / "cache" / "leafkeeper").iterdir()
    build = cache / ("build-" + uf2.BOARD)
    (build / "frozen_mpy" / "core").mkdir(parents=True)
    (build / "frozen_mpy" / "core" / "about.mpy").write_bytes(b"another tree's")
    (build / "frozen_content.c").write_text("/* another tree's modules */\n")
    (cache / "build.log").unlink()  # the message quotes its end: this run's alone
    r = _cli("--micropython", str(tree), "--out", str(tmp_path / "x.uf2"), env=env)
    assert "frozen_mpy/core': No such file" in r.stderr, r.stderr
    assert "frozen_content.c': No such file" in r.stderr, r.stderr


def test_a_checkout_that_is_none_is_refused(tmp_path):
    r = _cli("--micropython", str(tmp_path), "--out", str(tmp_path / "x.uf2"))
    assert r.returncode == 2
    assert "no MicroPython checkout there" in r.stderr
    assert not os.path.exists(tmp_path / "x.uf2")


def _repl(pico, code, wait_ms=200):
    # what code prints at the board's REPL; the firmware runs on afterwards
    pico.interrupt()
    try:
        return pico.repl(code, wait_ms=wait_ms)
    finally:
        pico.resume()


def _origin(pico):
    return _repl(pico, "from core.about import origin\nprint(origin())").strip()


def test_the_uf2_boots_and_opens_every_app_as_the_simulator(built):
    out, _ = built
    sim = Simulator(seed=1)
    sim.advance(600)
    with Pico(uf2=str(out / "second.uf2")) as pico:
        pico.advance(600)
        same_picture(pico, sim, "home after boot")
        # the firmware runs frozen: nothing of it is on the filesystem
        assert image.listdir(pico.flash_image()) == [".lk_uf2", "data"]
        assert _origin(pico) == "UF2 " + uf2.firmware_key()[:12]
        # and imports look there for nothing (no firmware file on it, no /lib)
        assert pico.evaluate("__import__('sys').path") == "['.frozen']"
        every_app_as_in_the_simulator(pico, sim)
        trouble = crashes(pico)
        assert not trouble, trouble


# A function with 26 locals: its frame (locals and stack, ~29 words) is over stock
# MicroPython's 11 and within this build's 32, so it goes on the C stack (uf2.PATCHES)
_DEEP = """import gc
def _f(n):
    a=b=c=d=e=g=h=i=j=k=l=m=o=p=q=r=s=t=u=v=w=x=y=z=A=n
    return _f(n + 1) + a + z
pat = [bytes([v]) * 256 for v in (0x5A, 0xA5, 0x3C, 0xC3)]
keep = [None] * 1200
gc.collect()
n = 0
try:
    while n < len(keep):
        keep[n] = bytearray(pat[n % 4])
        n += 1
except MemoryError:
    pass
for k in range(8):  # room for what follows, at the low end of the heap
    keep[k] = None
gc.collect()
top = max(id(keep[k]) for k in range(8, n))
try:
    _f(0)
    print("no end")
except RuntimeError as e:
    print("stopped:", e)
bad = [k for k in range(8, n) if keep[k] != pat[k % 4]]
print("blocks", n, "changed", len(bad), "top", hex(top))
keep = None
gc.collect()
print("free", gc.mem_free())"""


def test_recursion_as_deep_as_it_goes_stops_cleanly_with_frames_on_the_c_stack(built):
    # The heap filled to its last block (the one just under the C stack), then a
    # recursion of large frames until the stack check stops it: the check must stop it
    # before any frame lands on the heap, and the device goes on as before
    out, _ = built
    sim = Simulator(seed=1)
    sim.advance(600)
    with Pico(uf2=str(out / "second.uf2")) as pico:
        pico.advance(600)
        said = _repl(pico, _DEEP, wait_ms=20000).splitlines()
        assert said[0] == "stopped: maximum recursion depth exceeded", said
        blocks, changed = int(said[1].split()[1]), int(said[1].split()[3])
        assert blocks > 500 and changed == 0, said  # ~200 KB of 256-byte blocks, all intact
        assert int(said[2].split()[1]) > 200_000, said
        both(pico, sim, "DOWN DOWN")
        same_picture(pico, sim, "the home menu after the recursion")
        trouble = crashes(pico)
        assert not trouble, trouble


def _about(pico, sim):
    # Settings' About rows, as the board shows them: (label, value) or a line. Home's
    # cursor starts on Resume: Settings, the last row, is one UP from it (home wraps)
    both(pico, sim, "BACK:long wait:300 UP OK wait:600")
    same_picture(pico, sim, "Settings")
    keys.run(pico, "DOWN*10 OK wait:600")  # About, Settings' last row (the list does not wrap)
    return ast.literal_eval(pico.evaluate("loop.ui._stack[-1].body.lines"))


def test_flashing_the_uf2_over_the_mpy_build_keeps_the_game(built):
    out, _ = built
    settings, sim = four_at_the_table()
    # stock MicroPython and the firmware as deploy ships it: a hand of Autumn Leaves
    with Pico(image.build(data={"settings.json": settings})) as pico:
        pico.advance(600)
        a_hand(pico, sim)
        flash = pico.flash_image()  # flashing a UF2 leaves the filesystem's region as it is
    sim.power_cut()
    sim.boot()
    sim.advance(600)
    with Pico(flash, uf2=str(out / "second.uf2")) as pico:
        pico.advance(600)
        same_picture(pico, sim, "home after the UF2 was flashed (Resume first)")
        both(pico, sim, "OK wait:600")  # the cursor starts on Resume
        same_picture(pico, sim, "the table after resuming")
        assert "Hand 2/6" in sim.text()
        now = pico.flash_image()
        # deploy's files went aside, whole, and none of them runs
        assert image.listdir(now) == [".lk_stale", ".lk_uf2", "data"]
        assert "core" in image.listdir(now, ".lk_stale")
        assert _origin(pico) == "UF2 " + uf2.firmware_key()[:12]
        # and imports look there for nothing (no firmware file on it, no /lib)
        assert pico.evaluate("__import__('sys').path") == "['.frozen']"
        trouble = crashes(pico)
        assert not trouble, trouble


def test_a_hand_goes_on_across_a_power_cycle_and_the_next_uf2(built, newer):
    out, _ = built
    newer_uf2, newer_id = newer
    settings, sim = four_at_the_table()
    data = image.build(firmware=False, data={"settings.json": settings})
    with Pico(data, uf2=str(out / "second.uf2")) as pico:
        pico.advance(600)
        hand_across_a_power_cycle(pico, sim)
        flash = pico.flash_image()
    sim.power_cut()
    sim.boot()
    sim.advance(600)
    with Pico(flash, uf2=newer_uf2) as pico:  # its first boot: lk_uf2 records its build
        pico.advance(600)
        same_picture(pico, sim, "home under the next UF2 (Resume first)")
        both(pico, sim, "OK wait:600")
        same_picture(pico, sim, "the table under the next UF2")
        assert "Hand 2/6" in sim.text()
        assert image.read_file(pico.flash_image(), ".lk_uf2") == newer_id.encode()
        save = json.loads(image.read_file(pico.flash_image(), "data/autumn_leaves.json"))
        assert save["data"]["setup"]["players"] == FOUR and len(save["data"]["actions"]) == 1
        # About says what runs now: this version on MicroPython 1.26.1, from the new UF2
        rows = _about(pico, sim)
        assert rows[:3] == [
            ("Leafkeeper", about.VERSION),
            ("MicroPython", uf2.VERSION),
            ("UF2", newer_id),
        ]
        # the room left, in KB, as the REPL finds it: the heap after a collection (give
        # or take what the About screen itself holds), statvfs of the filesystem
        heap = pico.heap()["free_collected"] // 1024
        statvfs = pico.evaluate("(lambda s: s[0] * s[3])(__import__('os').statvfs('/'))")
        assert rows[3][0] == "Heap free" and abs(int(rows[3][1].removesuffix(" KB")) - heap) <= 4
        assert rows[4] == ("Flash free", "%d KB" % (int(statvfs) // 1024))
        trouble = crashes(pico)
        assert not trouble, trouble


def _broken_settings(tmp_path):
    # the firmware as deploy ships it, with a Settings app that fails as it opens
    fw = tmp_path / "firmware"
    shutil.copytree(image.FIRMWARE_DIR, fw)
    path = fw / "apps" / "settings" / "__init__.py"
    path.write_text(
        path.read_text().replace(
            "    def __init__(self, shell", "    def __init__(self, shell, _=1 // 0"
        )
    )
    return image.build(src_root=str(fw))


def test_old_files_never_run_under_a_newer_uf2_and_copies_made_after_it_do(built, tmp_path):
    out, _ = built
    broken = _broken_settings(tmp_path)
    build_id = uf2.firmware_key()[:12]
    sim = Simulator(seed=1)
    sim.advance(600)
    keys.run(sim, "UP OK wait:600")  # the Settings app as it is
    with Pico(broken, uf2=str(out / "second.uf2")) as pico:  # the UF2 flashed over it
        pico.advance(600)
        keys.run(pico, "UP OK wait:600")
        same_picture(pico, sim, "Settings under the UF2 flashed over the broken one")
        assert not crashes(pico)
        flash = pico.flash_image()
    # a developer copies a changed package over (mpremote cp -r) and resets the board
    flash = image.copy_tree(broken, flash, "apps")
    with Pico(flash, uf2=str(out / "second.uf2")) as pico:
        pico.advance(600)
        assert _origin(pico) == "UF2 " + build_id + " + files"
        assert pico.evaluate("__import__('sys').path") == "['', '.frozen']"  # no /lib
        keys.run(pico, "UP OK wait:600")
        assert "ZeroDivisionError" in crashes(pico)
        flash = pico.flash_image()
    # then a newer UF2 (here: the flash says an older one ran last): the copy goes aside too
    flash = image.write_file(flash, ".lk_uf2", b"0123456789ab")
    with Pico(flash, uf2=str(out / "second.uf2")) as pico:
        pico.advance(2500)  # removing the previous /.lk_stale, file by file, takes about 2 s
        keys.run(pico, "UP OK wait:600")
        same_picture(pico, sim, "Settings under the newer UF2")
        assert "apps" in image.listdir(pico.flash_image(), ".lk_stale")
        assert _origin(pico) == "UF2 " + build_id


def test_the_simulator_runs_the_firmware_from_files():
    from core.about import origin

    assert origin() == "files"


# -- hardening, fourth pass (issue 41) ------------------------------------------------------
def _files(tree):
    # {relative path: bytes or the symlink's target} of everything under tree
    found = {}
    for folder, _dirs, names in os.walk(tree):
        for n in names:
            path = os.path.join(folder, n)
            rel = os.path.relpath(path, tree)
            if os.path.islink(path):
                found[rel] = "-> " + os.readlink(path)
            else:
                with open(path, "rb") as f:
                    found[rel] = f.read()
    return found


MAKE_UF2 = """
import struct, sys
# one UF2 block at the start of flash holding what the port was built from
with open("../../py/objfun.c", "rb") as f:
    src = f.read()
with open("../../py/release.txt", "rb") as f:
    src += f.read()
payload = src[:476].ljust(476, b"\\0")
block = struct.pack("<IIIIIIII", 0x0A324655, 0x9E5D5157, 0x2000, 0x10000000, 256, 0, 1, 0xE48BFF56)
with open(sys.argv[1] + "/firmware.uf2", "wb") as f:
    f.write(block + payload + struct.pack("<I", 0x0AB16F30))
"""


def _working_checkout(tmp_path):
    # a fake checkout whose rp2 port "builds" in a second: a UF2 of the sources it was
    # built from (py/objfun.c as patched, py/release.txt) and an ELF for nm
    make = "mkdir -p $(BUILD) && %s make_uf2.py $(BUILD)" % sys.executable
    make += " && arm-none-eabi-gcc -c x.c -o $(BUILD)/firmware.elf"
    tree, env = _fake_checkout(tmp_path, "@true")
    (tree / "ports" / "rp2" / "Makefile").write_text("all:\n\t%s\n" % make)
    (tree / "ports" / "rp2" / "make_uf2.py").write_text(MAKE_UF2)
    (tree / "ports" / "rp2" / "x.c").write_text("int x;\n")
    (tree / "py" / "release.txt").write_text("release one\n")
    return tree, env


def test_a_checkout_is_built_from_a_patched_copy_and_the_cache_keyed_on_its_sources(tmp_path):
    tree, env = _working_checkout(tmp_path)
    before = _files(tree)
    out = tmp_path / "x.uf2"
    r = _cli("--micropython", str(tree), "--out", str(out), env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert b"(sizeof(mp_uint_t) * 32)" in out.read_bytes() and b"release one" in out.read_bytes()
    assert _files(tree) == before  # (py/objfun.c and mpconfigport.h were patched for good)
    r = _cli("--micropython", str(tree), "--out", str(out), env=env)
    assert r.returncode == 0 and "(from the cache)" in r.stdout, r.stdout + r.stderr
    # the checkout changes: the UF2 is built again, from it (the old one came back)
    (tree / "py" / "release.txt").write_text("release two\n")
    r = _cli("--micropython", str(tree), "--out", str(out), env=env)
    assert r.returncode == 0 and "(from the cache)" not in r.stdout, r.stdout + r.stderr
    assert b"release two" in out.read_bytes() and b"release one" not in out.read_bytes()
    assert _files(tree) == dict(before, **{"py/release.txt": b"release two\n"})


def test_out_replaces_only_a_regular_file_or_makes_a_new_one(tmp_path):
    tree, env = _working_checkout(tmp_path)
    mine = tmp_path / "notes.txt"
    mine.write_text("mine")
    fifo, link, folder = tmp_path / "fifo", tmp_path / "link.uf2", tmp_path / "folder"
    os.mkfifo(fifo)
    link.symlink_to(mine)
    folder.mkdir()
    for out in (fifo, link, folder):
        r = _cli("--micropython", str(tree), "--out", str(out), env=env)
        assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stdout + r.stderr
        assert "not a regular file" in r.stderr and "building" not in r.stdout, r.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and os.readlink(link) == str(mine)
    assert mine.read_text() == "mine" and not os.listdir(folder)
    old = tmp_path / "old.uf2"
    old.write_bytes(b"an older build")
    for out in (old, tmp_path / "new.uf2"):
        r = _cli("--micropython", str(tree), "--out", str(out), env=env)
        assert r.returncode == 0, r.stdout + r.stderr
        assert uf2.is_leafkeeper(str(out)) is False and uf2.firmware_size(str(out)) == 256
