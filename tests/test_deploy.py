# `leafkeeper deploy` without a board: the plan, the mpy build, and the whole command
# against a fake mpremote that records every command and keeps a simulated Pico
# filesystem. The scripts deploy sends to the board run here for real, under CPython,
# against that filesystem: what the fake checks is what the Pico would do.
import builtins
import io
import os
import types

import pytest

from host_tools.device import deploy
from host_tools.device.deploy import DeviceError

RP2040_MPY = 6 | (3 << 8) | (4 << 10)  # sys.implementation._mpy on a Pico: mpy v6.3, armv6m
RP2350_MPY = 6 | (7 << 10)  # Pico 2 on its Arm cores: armv7emsp


_COMPILED = {}  # the scripts deploy sends, compiled once


class PowerLoss(BaseException):
    """The board lost power: no more code runs on it (no rollback either)."""


class FakePico:
    """A Pico behind mpremote: `run(args)` takes the arguments deploy/pull give the
    transport. Files are bytes keyed by absolute path; folders are a set."""

    def __init__(
        self,
        release="1.24.1",
        mpy=RP2040_MPY,
        machine="Raspberry Pi Pico with RP2040",
        platform="rp2",
        capacity=1_400_000,
    ):
        self.files = {}
        self.dirs = {"/"}
        self.release, self.mpy, self.machine, self.platform = release, mpy, machine, platform
        self.capacity = capacity
        self.log = []
        self.soft_resets = 0
        self.hard_resets = 0
        self.timer_running = False
        self.fail_copy_after = None  # files written by `fs cp` before the cable "drops"
        self.corrupt = None  # a path suffix whose upload arrives damaged
        self.fail_rename_at = None  # the n-th os.rename of an exec fails
        self.fail_rename_in = ""  # ... of an exec whose script holds this text (all: "")
        self.ops = 0  # changes to the filesystem so far (writes, mkdir, rename, remove, rmdir)
        self.cut_after = None  # the power drops once this many changes have been made
        self.raw = {}  # a hostile board's files: "/folder/" + any name -> data (see lists)

    def _op(self):
        # one change to the filesystem completes; the power may drop right after it
        self.ops += 1
        if self.cut_after is not None and self.ops >= self.cut_after:
            self.cut_after = None
            raise PowerLoss()

    # -- the filesystem, seeded by tests --------------------------------------------------
    def put(self, path, data=b""):
        parts = path.strip("/").split("/")
        for i in range(1, len(parts)):
            self.dirs.add("/" + "/".join(parts[:i]))
        self.files[path] = data if isinstance(data, bytes) else data.encode()

    def snapshot(self, under="/"):
        pre = under.rstrip("/") + "/"
        return (
            {p: d for p, d in self.files.items() if p.startswith(pre)},
            {d for d in self.dirs if d.startswith(pre)},
        )

    def tree(self):
        return sorted(self.files)

    def lists(self, folder, name, data=b""):
        # a file the board lists in folder under `name` whatever it holds ("../x",
        # "/home/u/.bashrc"): the listing of a hostile or broken board, as mpremote sees it
        self.dirs.add(folder)
        self.raw[folder + "/" + name] = data

    # -- mpremote ---------------------------------------------------------------------------
    def run(self, args):
        self.log.append(list(args))
        a = list(args)
        if a[0] == "resume":
            a = a[1:]
        else:  # mpremote soft-resets before its first command: soft timers stop
            self.soft_resets += 1
            self.timer_running = False
        if a[0] == "exec":
            return self._exec(a[-1])
        if a[:3] == ["fs", "cp", "-r"]:
            src, dst = a[3], a[4]
            if dst.startswith(":"):
                return self._upload(src, dst[1:])
            return self._download(src[1:], dst)
        if a[:2] == ["fs", "cp"]:
            # as mpremote: into a folder each file goes under the last part of its path
            *sources, dest = a[2:]
            for src in sources:
                local = dest
                if os.path.isdir(dest):
                    local = os.path.join(dest, src.rsplit("/", 1)[-1])
                with open(local, "wb") as f:
                    f.write(self._read(src[1:]))
            return ""
        raise AssertionError(f"unexpected mpremote command {args!r}")

    @staticmethod
    def _norm(p):
        p = "/" + "/".join(x for x in p.split("/") if x)
        return p

    def _kind(self, p):
        if p in self.raw:
            return "f"
        p = self._norm(p)
        return "d" if p in self.dirs else "f" if p in self.files else "-"

    def _read(self, p):
        if p in self.raw:
            return self.raw[p]
        p = self._norm(p)
        if p not in self.files:
            raise OSError(2, "ENOENT")
        return self.files[p]

    def _write(self, p, data):
        p = self._norm(p)
        if self._kind(p.rsplit("/", 1)[0] or "/") != "d":
            raise OSError(2, "ENOENT")
        if p in self.dirs:
            raise OSError(21, "EISDIR")
        self.files[p] = data
        self._op()

    def _upload(self, local, dest):
        dest = self._norm(dest)
        if self._kind(dest) == "d":
            dest = dest + "/" + os.path.basename(local.rstrip("/"))
        self._mkdir(dest)
        written = 0
        for folder, dirs, files in os.walk(local):
            dirs.sort()
            rel = os.path.relpath(folder, local).replace(os.sep, "/")
            base = dest if rel == "." else dest + "/" + rel
            if base != dest:
                self._mkdir(base)
            for f in sorted(files):
                if self.fail_copy_after is not None and written >= self.fail_copy_after:
                    raise DeviceError("mpremote fs cp -r: could not enter raw repl (cable pulled)")
                with open(os.path.join(folder, f), "rb") as fh:
                    data = fh.read()
                if self.corrupt and (base + "/" + f).endswith(self.corrupt):
                    data = data[:-1] + bytes([data[-1] ^ 0xFF])
                self._write(base + "/" + f, data)
                written += 1
        return ""

    def _download(self, src, local):
        src = self._norm(src)
        if self._kind(src) != "d":
            raise DeviceError("mpremote fs cp: no such directory :" + src)
        if os.path.isdir(local):
            local = os.path.join(local, src.rsplit("/", 1)[1])
        os.makedirs(local, exist_ok=True)
        pre = src + "/"
        for d in sorted(self.dirs):
            if d.startswith(pre):
                os.makedirs(os.path.join(local, d[len(pre) :]), exist_ok=True)
        # (mpremote names what it writes after the listing: os.path.join(local, name))
        for p, data in sorted({**self.files, **self.raw}.items()):
            if p.startswith(pre):
                with open(os.path.join(local, p[len(pre) :]), "wb") as f:
                    f.write(data)
        return ""

    def _mkdir(self, p):
        p = self._norm(p)
        if self._kind(p) != "-":
            raise OSError(17, "EEXIST")
        if self._kind(p.rsplit("/", 1)[0] or "/") != "d":
            raise OSError(2, "ENOENT")
        self.dirs.add(p)
        self._op()

    # -- exec: the script runs here, against this filesystem -----------------------------
    def _exec(self, code):
        out = io.StringIO()
        board = self
        renames = [0]
        failing = self.fail_rename_in in code

        def stat(p):
            k = board._kind(p)
            if k == "-":
                raise OSError(2, "ENOENT")
            size = len(board._read(p)) if k == "f" else 0
            return (0x4000 if k == "d" else 0x8000, 0, 0, 0, 0, 0, size, 0, 0, 0)

        def listdir(p):
            p = board._norm(p)
            if board._kind(p) != "d":
                raise OSError(2, "ENOENT")
            pre = "/" if p == "/" else p + "/"
            names = {
                x[len(pre) :].split("/")[0]
                for x in list(board.files) + list(board.dirs)
                if x.startswith(pre) and x != p
            }
            names.update(x[len(pre) :] for x in board.raw if x.startswith(pre))
            return sorted(names)

        def rename(a, b):
            renames[0] += 1
            if board.fail_rename_at is not None and renames[0] == board.fail_rename_at and failing:
                raise OSError(5, "EIO")
            a, b = board._norm(a), board._norm(b)
            k = board._kind(a)
            if k == "-" or board._kind(b.rsplit("/", 1)[0] or "/") != "d":
                raise OSError(2, "ENOENT")
            if board._kind(b) == "d" or (k == "d" and board._kind(b) != "-"):
                raise OSError(17, "EEXIST")
            if k == "f":
                board.files[b] = board.files.pop(a)
                board._op()
                return
            for d in sorted(board.dirs):
                if d == a or d.startswith(a + "/"):
                    board.dirs.discard(d)
                    board.dirs.add(b + d[len(a) :])
            for f in list(board.files):
                if f.startswith(a + "/"):
                    board.files[b + f[len(a) :]] = board.files.pop(f)
            board._op()

        def remove(p):
            if board._kind(p) != "f":
                raise OSError(2, "ENOENT")
            del board.files[board._norm(p)]
            board._op()

        def rmdir(p):
            if board._kind(p) != "d" or listdir(p):
                raise OSError(39, "ENOTEMPTY")
            board.dirs.discard(board._norm(p))
            board._op()

        def statvfs(p):
            used = sum(-(-len(d) // 4096) for d in board.files.values()) + len(board.dirs)
            free = max(0, board.capacity // 4096 - used)
            return (4096, 4096, board.capacity // 4096, free, free, 0, 0, 0, 0, 255)

        fake_os = types.SimpleNamespace(
            stat=stat,
            listdir=listdir,
            rename=rename,
            remove=remove,
            rmdir=rmdir,
            mkdir=board._mkdir,
            statvfs=statvfs,
            uname=lambda: types.SimpleNamespace(release=board.release, machine=board.machine),
        )
        fake_sys = types.SimpleNamespace(
            platform=board.platform,
            implementation=types.SimpleNamespace(
                name="micropython", _machine=board.machine, _mpy=board.mpy
            ),
        )

        class WDT:
            def __init__(self, timeout=0):
                pass

            def feed(self):
                pass

        def timer(period=0, mode=0, callback=None):
            board.timer_running = True

        def reset():
            board.hard_resets += 1

        fake_machine = types.SimpleNamespace(WDT=WDT, Timer=timer, reset=reset)
        fake_machine.Timer.PERIODIC = 1
        fake_time = types.SimpleNamespace(sleep_ms=lambda ms: None)
        modules = {"os": fake_os, "sys": fake_sys, "machine": fake_machine, "time": fake_time}

        def imp(name, globals=None, locals=None, fromlist=(), level=0):
            if name in modules:
                return modules[name]
            return builtins.__import__(name, globals, locals, fromlist, level)

        class Writer(io.BytesIO):
            def __init__(self, path, text):
                super().__init__()
                self.path, self.text = path, text

            def write(self, s):
                return super().write(s.encode() if self.text else s)

            def close(self):
                # once: the garbage collector calls close() again, even after a power cut
                # that stopped the first one
                if not self.closed:
                    data = self.getvalue()
                    super().close()
                    board._write(self.path, data)

        def fopen(p, mode="r"):
            if "w" in mode:
                return Writer(p, "b" not in mode)
            data = board._read(p)
            return io.BytesIO(data) if "b" in mode else io.StringIO(data.decode())

        env = dict(vars(builtins))
        env.update(
            __import__=imp, open=fopen, print=lambda *a: out.write(" ".join(map(str, a)) + "\n")
        )
        if code not in _COMPILED:
            _COMPILED[code] = compile(code, "<board>", "exec")
        try:
            exec(_COMPILED[code], {"__builtins__": env, "__name__": "__main__"})  # noqa: S102 (the board runs it)
        except Exception as e:
            raise DeviceError("mpremote exec: " + out.getvalue() + repr(e)) from e
        return out.getvalue()


def small_firmware(root, extra=""):
    # a firmware tree shaped like the real one: main.py, board.py, packages
    files = {
        "main.py": "import board\nfrom core import loop\nloop.run(board)\n",
        "board.py": "PIN_SDA = 4\n" + extra,
        "core/__init__.py": "",
        "core/loop.py": "def run(board):\n    return board.PIN_SDA\n",
        "ui/__init__.py": "",
        "ui/fonts/LICENSES.txt": "fonts: public domain\n",
        "ui/fonts/small.py": "WIDTH = 6\n",
    }
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    return str(root)


def lines():
    got = []
    return got, got.append


def run_deploy(pico, src, **kw):
    out, say = lines()
    deploy.deploy(transport=pico, src_root=src, out=say, **kw)
    return out


def test_a_new_pico_gets_the_whole_firmware_and_keeps_its_data(tmp_path):
    pico = FakePico()
    pico.put("/data/settings.json", '{"v": 1, "data": {}}')
    out = run_deploy(pico, deploy.FIRMWARE)
    with open(os.path.join(deploy.FIRMWARE, "main.py"), "rb") as f:
        assert pico.files["/main.py"] == f.read()
    assert "/board.mpy" in pico.files and "/board.py" not in pico.files
    assert pico.files["/core/loop.mpy"][:2] == b"M\x06"
    assert not [p for p in pico.files if p.endswith(".py") and p != "/main.py"]
    assert pico.files["/data/settings.json"] == b'{"v": 1, "data": {}}'
    assert not [p for p in pico.tree() if p.startswith(("/.lk_new", "/.lk_old"))]
    assert "/.lk_manifest.json" in pico.files
    assert pico.hard_resets == 1
    assert any("MicroPython 1.24.1" in line for line in out)


def test_machine_code_goes_only_to_a_board_that_can_load_it():
    # ui/glyphs.py is compiled to armv6m machine code for a board on the same mpy
    # sub-version as mpy-cross (header byte 2: arch 4 << 2 | sub-version 3); MicroPython
    # 1.22 (mpy v6.2) would refuse that file, so it gets the plain-Python twin (no arch)
    pico = FakePico()
    run_deploy(pico, deploy.FIRMWARE)
    assert pico.files["/ui/glyphs.mpy"][:3] == b"M\x06\x13"
    old = FakePico(release="1.22.2", mpy=6 | (2 << 8) | (4 << 10))
    run_deploy(old, deploy.FIRMWARE)
    assert old.files["/ui/glyphs.mpy"][:3] == b"M\x06\x00"
    assert sorted(old.files) == sorted(pico.files)


def test_only_the_first_command_lets_mpremote_soft_reset(tmp_path):
    # a soft reset would stop the timer that feeds the firmware's watchdog mid-copy
    pico = FakePico()
    run_deploy(pico, small_firmware(tmp_path / "fw"))
    assert pico.log[0][0] == "exec" and "WDT" in pico.log[0][1]
    assert all(cmd[0] == "resume" for cmd in pico.log[1:])
    assert pico.soft_resets == 1 and pico.timer_running
    assert pico.log[-1][:3] == ["resume", "exec", "--no-follow"]


def test_an_update_replaces_modules_removes_old_ones_and_leaves_data_and_lib(tmp_path):
    pico = FakePico()
    run_deploy(pico, small_firmware(tmp_path / "v1", extra="OLD = 1\n"))
    # v1 had an extra package; someone also copied board.py as source by hand
    pico.put("/gone/__init__.mpy", b"M\x06")
    manifest = pico.files["/.lk_manifest.json"].decode().replace('"items": [', '"items": ["gone", ')
    pico.files["/.lk_manifest.json"] = manifest.encode()
    pico.put("/board.py", "PIN_SDA = 99\n")
    pico.put("/data/dice.json", '{"v": 1, "data": {"n": 3}}')
    pico.put("/data/crash.log", "== boom\n")
    pico.put("/lib/other.py", "x = 1\n")
    data_before = pico.snapshot("/data")
    lib_before = pico.snapshot("/lib")
    old_board = pico.files["/board.mpy"]

    run_deploy(pico, small_firmware(tmp_path / "v2"))

    assert pico.files["/board.mpy"] != old_board
    assert "/board.py" not in pico.files  # would shadow board.mpy
    assert "/gone/__init__.mpy" not in pico.files and "/gone" not in pico.dirs
    assert pico.snapshot("/data") == data_before
    assert pico.snapshot("/lib") == lib_before
    assert pico.files["/ui/fonts/LICENSES.txt"] == b"fonts: public domain\n"


def test_a_failed_copy_leaves_the_old_firmware_as_it_was(tmp_path):
    pico = FakePico()
    run_deploy(pico, small_firmware(tmp_path / "v1", extra="OLD = 1\n"))
    pico.put("/data/dice.json", "{}")
    before = pico.snapshot()
    pico.fail_copy_after = 3
    with pytest.raises(DeviceError, match="old firmware was not touched"):
        run_deploy(pico, small_firmware(tmp_path / "v2"))
    now_files, _dirs = pico.snapshot()
    half = [p for p in now_files if p.startswith("/.lk_new/")]
    assert 0 < len(half) < 7  # a half copy, in the staging folder only
    assert {p: d for p, d in now_files.items() if not p.startswith("/.lk_new/")} == before[0]
    # the next deploy clears the half copy and succeeds
    pico.fail_copy_after = None
    run_deploy(pico, small_firmware(tmp_path / "v2"))
    assert not [p for p in pico.files if p.startswith("/.lk_new")]
    assert b"OLD" not in pico.files["/board.mpy"]


def test_a_damaged_copy_is_caught_before_anything_is_swapped(tmp_path):
    pico = FakePico()
    run_deploy(pico, small_firmware(tmp_path / "v1", extra="OLD = 1\n"))
    before = pico.snapshot()
    pico.corrupt = "core/loop.mpy"
    with pytest.raises(DeviceError, match="differs in 1 file.*core/loop.mpy"):
        run_deploy(pico, small_firmware(tmp_path / "v2"))
    assert {p: d for p, d in pico.snapshot()[0].items() if not p.startswith("/.lk_new/")} == before[
        0
    ]


@pytest.mark.parametrize("fail_at", [1, 2, 4, 6])
def test_an_error_inside_the_swap_puts_the_old_firmware_back(tmp_path, fail_at):
    pico = FakePico()
    run_deploy(pico, small_firmware(tmp_path / "v1", extra="OLD = 1\n"))
    before = pico.snapshot()
    pico.fail_rename_at = fail_at
    with pytest.raises(DeviceError, match="rolled back"):
        run_deploy(pico, small_firmware(tmp_path / "v2"))
    files, _dirs = pico.snapshot()
    assert {p: d for p, d in files.items() if not p.startswith("/.lk_")} == {
        p: d for p, d in before[0].items() if not p.startswith("/.lk_")
    }


def test_a_swap_cut_short_by_power_loss_is_restored_by_the_next_deploy(tmp_path):
    # power dropped after /main.py and /core were moved aside: the board boots to the REPL
    pico = FakePico()
    pico.put("/.lk_old/main.py", "import board\n")
    pico.put("/.lk_old/core/loop.mpy", b"M\x06old")
    pico.put("/board.mpy", b"M\x06old board")
    pico.put("/.lk_new/core/loop.mpy", b"M\x06new")
    pico.exec_out = pico.run(["exec", deploy.PREPARE])
    assert "restored" in pico.exec_out
    assert pico.files["/main.py"] == b"import board\n"
    assert pico.files["/core/loop.mpy"] == b"M\x06old"
    assert not [p for p in pico.files if p.startswith("/.lk_")]


def test_micropython_older_than_1_22_gets_a_clear_message_and_nothing_is_copied(tmp_path):
    pico = FakePico(release="1.21.0")
    with pytest.raises(DeviceError, match=r"MicroPython 1\.21\.0.*1\.22 or newer.*UF2"):
        run_deploy(pico, small_firmware(tmp_path / "fw"))
    # asked what it is, then restarted (issue 41 item 8): nothing copied
    assert len(pico.log) == 2 and pico.log[1][-1] == deploy.RESET and not pico.files


def test_a_board_that_is_not_a_pico_is_refused(tmp_path):
    pico = FakePico(platform="esp32", machine="ESP32 module", mpy=6 | (10 << 10))
    with pytest.raises(DeviceError, match="not a Raspberry Pi Pico"):
        run_deploy(pico, small_firmware(tmp_path / "fw"))


def test_too_little_flash_stops_before_the_copy(tmp_path):
    pico = FakePico(capacity=60_000)
    pico.put("/data/big.json", b"x" * 30_000)
    with pytest.raises(DeviceError, match="not enough free flash.*Nothing was changed"):
        run_deploy(pico, small_firmware(tmp_path / "fw"))
    assert not [c for c in pico.log if c[1:3] == ["fs", "cp"]]


@pytest.mark.parametrize(
    "mpy, machine, march",
    [
        (RP2040_MPY, "Raspberry Pi Pico with RP2040", "armv6m"),
        (RP2350_MPY, "Raspberry Pi Pico2 with RP2350", "armv7emsp"),
        (6 | (11 << 10), "Raspberry Pi Pico2 with RP2350-RISCV", "rv32imc"),
        (6, "Raspberry Pi Pico W with RP2040", "armv6m"),  # no arch bits: by chip name
        (6, "Raspberry Pi Pico2 with RP2350", "armv7emsp"),
    ],
)
def test_the_mpy_arch_follows_the_board(mpy, machine, march):
    assert deploy.detect_march({"mpy": mpy, "machine": machine}) == march


def test_the_pico_2_gets_code_for_its_arm_cores(tmp_path):
    pico = FakePico(mpy=RP2350_MPY, machine="Raspberry Pi Pico2 with RP2350")
    out = run_deploy(pico, small_firmware(tmp_path / "fw"))
    assert any("armv7emsp" in line for line in out)


@pytest.mark.parametrize(
    "release, ok",
    [
        ("1.22.0", True),
        ("1.29.0-preview.12.g1234", True),
        ("1.21.0", False),
        ("1.9.4", False),
        ("2.0.0", True),
    ],
)
def test_version_check(release, ok):
    if ok:
        deploy.check_version(release)
    else:
        with pytest.raises(DeviceError):
            deploy.check_version(release)


def test_the_build_keeps_main_py_as_source_and_compiles_the_rest(tmp_path):
    files = deploy.build(deploy.FIRMWARE, str(tmp_path / "out"), "armv6m")
    names = [rel for rel, _s, _h in files]
    assert "main.py" in names and "board.mpy" in names and "core/loop.mpy" in names
    assert not [n for n in names if n.endswith(".py") and n not in deploy.KEEP_PY]
    assert not [n for n in names if "__pycache__" in n]
    for rel, size, _sha in files:
        assert os.path.getsize(tmp_path / "out" / rel) == size
        if rel.endswith(".mpy"):
            assert (tmp_path / "out" / rel).read_bytes()[:2] == b"M\x06"


def test_native_code_is_built_for_the_boards_cpu(tmp_path):
    # bytecode runs anywhere; @micropython.native code only on the CPU it was built for,
    # which the .mpy header records (arch in the top bits of byte 2)
    src = small_firmware(
        tmp_path / "fw", extra="@micropython.native\ndef f(x):\n    return x + 1\n"
    )
    arches = {}
    for march in ("armv6m", "armv7emsp"):
        deploy.build(src, str(tmp_path / march), march)
        arches[march] = (tmp_path / march / "board.mpy").read_bytes()[2] >> 2
        assert (tmp_path / march / "core" / "loop.mpy").read_bytes()[2] >> 2 == 0
    assert arches == {"armv6m": 4, "armv7emsp": 7}


def test_a_syntax_error_names_the_file(tmp_path):
    src = small_firmware(tmp_path / "fw", extra="def (:\n")
    with pytest.raises(DeviceError, match="mpy-cross failed on board.py"):
        deploy.build(src, str(tmp_path / "out"), "armv6m")


def test_the_dry_run_prints_the_plan_and_talks_to_no_board(tmp_path):
    out, say = lines()
    assert deploy.deploy(transport=None, src_root=deploy.FIRMWARE, dry_run=True, out=say) == 0
    text = "\n".join(out)
    assert "-march=armv6m" in text and "main.py kept as source" in text
    assert "/.lk_new" in text and "untouched: /data" in text
    assert "board.mpy" in text and "dry run" in text


def test_the_plan_names_what_an_update_removes():
    files = [("main.py", 10, "a"), ("board.mpy", 10, "b"), ("core/loop.mpy", 10, "c")]
    items = deploy.top_items(files)
    info = {
        "root": {"main.py": "f", "board.py": "f", "board.mpy": "f", "old": "d", "data": "d"},
        "manifest": '{"items": ["main.py", "board.mpy", "core", "old", "data"]}',
    }
    stale = deploy.stale_items(items, info)
    assert items == ["board.mpy", "core"]
    assert stale == ["old", "board.py"]
    text = "\n".join(deploy.plan_lines(files, "armv6m", items, stale))
    assert "remove what the old firmware had and this one does not: /old, /board.py" in text


def test_firmware_cannot_overwrite_data():
    with pytest.raises(DeviceError, match="/data"):
        deploy.top_items([("main.py", 1, "a"), ("data/x.mpy", 1, "b")])


def test_a_missing_mpremote_says_how_to_install_it(monkeypatch):
    monkeypatch.setattr(deploy.shutil, "which", lambda name: None)
    monkeypatch.setattr(deploy.sys, "executable", "/nonexistent/python")
    monkeypatch.setattr(deploy, "find_spec", lambda name: None)
    with pytest.raises(DeviceError, match=r"pip install -e \. installs it"):
        deploy.find_mpremote()


# -- a deploy cut at any step, then failed deploys (issue 14) --------------------------------
_builds = {}


def cached_build(src_root, out_dir, march, native=True):
    # deploy.build, once per firmware tree: the matrix below deploys thousands of times
    import shutil

    key = (src_root, march, native)
    if key not in _builds:
        cache = os.path.join(os.path.dirname(src_root), "built-" + os.path.basename(src_root))
        cache += "" if native else "-plain"
        _builds[key] = (cache, real_build(src_root, cache, march, native=native))
    cache, files = _builds[key]
    shutil.copytree(cache, out_dir)
    return files


real_build = deploy.build


def two_versions(tmp_path):
    # v1 with a package v2 no longer has, v2 with one v1 did not have
    v1 = small_firmware(tmp_path / "v1", extra="OLD = 1\n")
    v2 = small_firmware(tmp_path / "v2", extra="NEW = 2\n")
    for root, pkg in ((v1, "oldpkg"), (v2, "newpkg")):
        os.makedirs(os.path.join(root, pkg))
        with open(os.path.join(root, pkg, "__init__.py"), "w") as f:
            f.write("X = 1\n")
    return v1, v2


def firmware(pico):
    # what is installed: files and folders outside /data, /lib and deploy's own /.lk_*
    def mine(p):
        return not p.startswith(("/data", "/lib", "/.lk")) and p != "/"

    return ({p: d for p, d in pico.files.items() if mine(p)}, {d for d in pico.dirs if mine(d)})


_installed = {}


def board_with(v1):
    # a Pico with v1 installed by deploy (once; then copies of that board), saves, a lib
    if v1 not in _installed:
        pico = FakePico()
        pico.put("/data/settings.json", '{"v": 1, "data": {}}')
        pico.put("/data/dice.json", '{"v": 1, "data": {"n": 3}}')
        pico.put("/lib/other.py", "x = 1\n")
        run_deploy(pico, v1)
        _installed[v1] = pico
    pico = FakePico()
    pico.files = dict(_installed[v1].files)
    pico.dirs = set(_installed[v1].dirs)
    return pico


def deploy_fails(pico, src):
    try:
        run_deploy(pico, src)
    except (DeviceError, PowerLoss):
        return True
    return False


FAILING = ("copy", "verify", "prepare", "swap")


def fail_next(pico, how):
    # the next deploy fails: cable pulled mid-copy, a damaged copy, an error inside the
    # swap (rolled back), or one in the recovery of the interrupted deploy
    pico.fail_copy_after = 2 if how == "copy" else None
    pico.corrupt = "core/loop.mpy" if how == "verify" else None
    pico.fail_rename_at = {"prepare": 1, "swap": 3}.get(how)
    pico.fail_rename_in = {"prepare": "LK ready", "swap": "LK swapped"}.get(how, "")


def heal(pico):
    pico.fail_copy_after = pico.corrupt = pico.fail_rename_at = pico.cut_after = None
    pico.fail_rename_in = ""


def test_a_deploy_cut_at_any_step_then_failed_deploys_leave_one_whole_firmware(tmp_path, monkeypatch):
    # thousands of deploys, each with its own temporary folder: in RAM where there is one
    import tempfile

    if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK):
        monkeypatch.setattr(tempfile, "tempdir", "/dev/shm")
    monkeypatch.setattr(deploy, "build", cached_build)
    v1, v2 = two_versions(tmp_path)
    old = firmware(board_with(v1))
    fresh = FakePico()
    run_deploy(fresh, v2)
    new = firmware(fresh)
    assert old != new
    pico = board_with(v1)
    start = pico.ops
    run_deploy(pico, v2)
    steps = pico.ops - start  # changes a whole update makes
    assert firmware(pico) == new and steps > 10
    data = board_with(v1).snapshot("/data")
    mixed = []
    for k in range(1, steps + 1):
        for how in FAILING + ("cut",):
            pico = board_with(v1)
            pico.cut_after = pico.ops + k
            assert deploy_fails(pico, v2) or k == steps
            heal(pico)
            if how == "cut":  # the next deploy is cut too, at every step; then one more fails
                boards = []
                for j in range(1, steps + 1):
                    b = board_with(v1)
                    b.cut_after = b.ops + k
                    deploy_fails(b, v2)
                    b.cut_after = b.ops + j
                    deploy_fails(b, v2)
                    heal(b)
                    fail_next(b, "copy")
                    deploy_fails(b, v2)
                    boards.append((b, "cut at %d, then at %d, then a failed copy" % (k, j)))
            else:
                fail_next(pico, how)
                assert deploy_fails(pico, v2) or how == "prepare"  # (nothing to recover)
                if how == "prepare":
                    # the flash refused to put the old firmware back: never a mix (no
                    # /main.py: the board starts its REPL), and the next try does it
                    now = firmware(pico)
                    if now not in (old, new) and "/main.py" in now[0]:
                        mixed.append("cut at %d, then the recovery failed" % k)
                    heal(pico)
                    fail_next(pico, "copy")
                    deploy_fails(pico, v2)
                boards = [(pico, "cut at %d, then %s failed" % (k, how))]
            for b, what in boards:
                got = firmware(b)
                if got not in (old, new):
                    mixed.append(what)
                assert b.snapshot("/data") == data, what
                heal(b)  # and a deploy that goes through installs the new one, cleanly
                run_deploy(b, v2)
                assert firmware(b) == new, what
                assert not [p for p in b.files if p.startswith(("/.lk_new", "/.lk_old", "/.lk_swap"))], what
    assert mixed == [], "%d of the runs left a mix of firmwares: %s" % (len(mixed), mixed[:5])


# -- every ending leaves the device running (issue 41 item 8) ----------------------------------


@pytest.mark.parametrize("how", ["flash", "copy", "verify", "swap", "version"])
def test_a_deploy_that_fails_after_stopping_the_firmware_restarts_it(tmp_path, how):
    # deploy stops the firmware (its timer keeps the watchdog fed: the board stays in
    # the REPL until it is reset); a deploy that fails then must reset it too
    pico = FakePico(release="1.21.0" if how == "version" else "1.24.1")
    if how != "version":
        run_deploy(pico, small_firmware(tmp_path / "v1", extra="OLD = 1\n"))
    before = pico.hard_resets
    if how == "flash":
        pico.capacity = 60_000
        pico.put("/data/big.json", b"x" * 60_000)
    else:
        fail_next(pico, how)
    with pytest.raises(DeviceError) as e:
        run_deploy(pico, small_firmware(tmp_path / "v2"))
    assert pico.hard_resets == before + 1, str(e.value)
    assert pico.log[-1][:3] == ["resume", "exec", "--no-follow"] and pico.log[-1][-1] == deploy.RESET
    assert "still runs" not in str(e.value)


def test_an_unknown_arch_is_refused_before_the_board_is_asked(tmp_path):
    pico = FakePico()
    with pytest.raises(DeviceError, match="--arch armv9: mpy-cross knows .*armv6m"):
        run_deploy(pico, small_firmware(tmp_path / "fw"), march="armv9")
    assert pico.log == []  # the firmware was never stopped


@pytest.mark.parametrize("line", ["LK data f many 6869", "LK free \x1b[2Jlots", "LK root f zz", "LK data f"])
def test_a_garbled_answer_is_one_printable_line_and_the_board_restarts(tmp_path, line):
    # what the board prints is input: a line HOLD does not print ends the deploy in a
    # message, its escape codes shown, not a traceback
    pico = FakePico()
    hold = pico._exec

    def garbled(code):
        return hold(code) + (line + "\n" if code == deploy.HOLD else "")

    pico._exec = garbled
    with pytest.raises(DeviceError, match="the board answered a line HOLD does not print") as e:
        run_deploy(pico, small_firmware(tmp_path / "fw"))
    assert str(e.value).isprintable() and pico.hard_resets == 1
