# The README's commands, through the installed `leafkeeper` script:
#   leafkeeper sim --keys "ROLL OK DOWN" --png out.png
#   leafkeeper bench
import os
import re
import signal
import stat
import struct
import subprocess
import sys
import time

import pytest

BIN = os.path.join(os.path.dirname(sys.executable), "leafkeeper")


def run(*args, timeout=120):
    return subprocess.run([BIN, *args], capture_output=True, text=True, timeout=timeout, check=False)


@pytest.mark.parametrize("keys", ["ROLL", "ROLL OK DOWN"])
def test_scripted_roll_saves_a_picture_of_the_landed_dice(tmp_path, keys):
    out = tmp_path / "out.png"
    r = run("sim", "--keys", keys, "--png", str(out), "--seed", "7")
    assert r.returncode == 0, r.stderr
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert width > 4 * 128 and height > 4 * 64  # the OLED at 4x, the ring around it
    # the roll has landed: three d6 values and their total on the text layer
    lines = r.stdout.splitlines()
    total = [ln for ln in lines if ln.startswith("Total ")]
    assert total, r.stdout
    values = [int(v) for ln in lines for v in ln.split() if v.isdigit() and ln != total[0]]
    dice = values[-3:]
    assert all(1 <= v <= 6 for v in dice) and int(total[0].split()[1]) == sum(dice), r.stdout


def test_a_bad_key_is_a_clear_error(tmp_path):
    r = run("sim", "--keys", "ROLL JUMP", "--png", str(tmp_path / "x.png"))
    assert r.returncode == 2
    assert "JUMP" in r.stderr
    assert not (tmp_path / "x.png").exists()


def test_bench_prints_its_numbers_a_hand_takes_20_presses_and_a_table_60():
    r = run("bench", timeout=600)  # ~30 s alone; it shares the cores with the other tests
    assert r.returncode == 0, r.stdout + r.stderr
    hand = re.search(r"typical 4-player Autumn Leaves hand: (\d+)", r.stdout)
    assert hand and int(hand.group(1)) <= 20, r.stdout
    assert "1 Anna -5 | 2 Dan 1 | 3 Ben 3 | 4 Cara 6" in r.stdout  # the rules' scores
    assert re.search(r"Worst UP/DOWN press in a menu: \d+ bytes", r.stdout), r.stdout
    assert re.search(r"firmware peak: \d+", r.stdout), r.stdout
    # issue 15: a new 4-player table named and started in 60 presses or fewer, a
    # typical five-letter name in 12 or fewer
    table = re.search(r"Presses to name a 4-player table and start.*\): (\d+) \(aim: 60 or fewer; .*: (\d+)\)", r.stdout)
    assert table and int(table.group(1)) <= 60 and int(table.group(2)) <= 60, r.stdout
    name = re.search(r"typical 5-letter name.*: [\d.]+ on average, at most (\d+)", r.stdout)
    assert name and int(name.group(1)) <= 12, r.stdout


def test_pico_shows_the_real_firmware_as_the_simulator_does(tmp_path):
    # `leafkeeper pico` boots the deployed firmware on the emulated RP2040; its picture's
    # OLED, pixel for pixel, is the simulator's after the same keys
    from PIL import Image

    from host_tools.pico.emulator import PicoError, node_runtime
    from host_tools.sim import Simulator, render

    try:
        node_runtime()
    except PicoError as e:
        pytest.skip("the Pico lane cannot run here: %s" % e)
    keys = "DOWN DOWN OK wait:600"
    out = tmp_path / "pico.png"
    r = run("pico", "--keys", keys, "--png", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    img = Image.open(out).convert("L")
    lay = render.layout(4, 12)
    x0, y0 = lay.oled
    seen = [
        "".join("#" if img.getpixel((x0 + 4 * x + 2, y0 + 4 * y + 2)) > 100 else "." for x in range(128))
        for y in range(64)
    ]
    sim = Simulator(seed=0)
    sim.advance(200)
    for word in keys.split():
        if word.startswith("wait:"):
            sim.advance(int(word[5:]))
        else:
            sim.press(word)
    sim.advance(1000)
    assert seen == sim.pixels()
    assert "Autumn Ash" in sim.text()  # the picture is of the app, not of the home menu


# -- bad arguments: one clear line, quickly, and nothing touched (issue 14) ----------------
def one_line_error(r, *words):
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    err = r.stderr.strip()
    assert len(err.splitlines()) == 1 and err.startswith("leafkeeper: "), err
    for w in words:
        assert w in err, err


@pytest.mark.parametrize(
    "keys, words",
    [
        ("UP*99999999999", ("UP*99999999999", "10000")),  # a list of 10**11 presses
        ("ROLL wait:9999999999999", ("wait:9999999999999", "3600000")),  # 300 years of ticks
        ("UP*10000 DOWN*10000", ("10000 presses",)),
        ("wait:3600000 " * 25, ("24 hours",)),
        ("UP*٣", ("UP*٣",)),  # a digit, but not one of 0-9
    ],
)
def test_scripts_too_long_are_refused_at_once(keys, words):
    r = subprocess.run([BIN, "sim", "--keys", keys], capture_output=True, text=True, timeout=60, check=False)
    one_line_error(r, *words)


def test_a_state_that_is_a_file_or_holds_other_things_is_refused(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    one_line_error(run("sim", "--keys", "ROLL", "--state", str(tmp_path / "notes.txt")), "not a folder")
    (tmp_path / "photos" / "2024").mkdir(parents=True)
    (tmp_path / "photos" / "settings.json").write_text("my own file")
    one_line_error(run("sim", "--keys", "ROLL", "--state", str(tmp_path / "photos")), "2024")
    assert (tmp_path / "photos" / "settings.json").read_text() == "my own file"
    assert sorted(os.listdir(tmp_path / "photos")) == ["2024", "settings.json"]
    home = tmp_path / "home"
    (home / "Documents").mkdir(parents=True)
    (home / "taxes.pdf").write_text("mine")
    one_line_error(run("sim", "--keys", "ROLL", "--state", str(home)), "taxes.pdf")


def test_a_state_folder_the_simulator_made_is_used_again(tmp_path):
    state = str(tmp_path / "flash")
    assert run("sim", "--keys", "ROLL", "--state", state).returncode == 0
    assert "dice.json" in os.listdir(state)
    r = run("sim", "--keys", "OK:long DOWN OK", "--state", state)
    assert r.returncode == 0, r.stderr


def _unwritable(folder):
    try:
        with open(os.path.join(folder, ".lk-probe"), "w"):
            pass
    except OSError:
        return True
    os.remove(os.path.join(folder, ".lk-probe"))
    return False


def read_only_folder(tmp_path):
    # an empty folder this user cannot write to: a chmod does it, except for root (who
    # writes anywhere), for whom an empty folder of the read-only sysfs does
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    if _unwritable(str(ro)):
        return str(ro)
    for top in ("/sys/kernel", "/sys/fs", "/sys"):
        if os.path.isdir(top):
            for name in sorted(os.listdir(top)):
                d = os.path.join(top, name)
                if os.path.isdir(d) and not os.path.islink(d) and not os.listdir(d) and _unwritable(d):
                    return d
    pytest.skip("no read-only folder to try")
    return ""


def test_a_read_only_state_is_refused(tmp_path):
    one_line_error(run("sim", "--keys", "ROLL", "--state", read_only_folder(tmp_path)), "read-only")


def test_a_huge_picture_scale_is_refused():
    one_line_error(run("sim", "--keys", "ROLL", "--png", "/tmp/x.png", "--scale", "100000"), "scale")


# -- hardening, third pass (issue 25) -------------------------------------------------------
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _bounded():
    # in the child: a runaway read ends in MemoryError, not in the machine's memory
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def checkout(*args, **kw):
    # `leafkeeper ARGS` as this checkout's code runs it (the installed script may be
    # another checkout's), in its own process: 2 GB and 60 s at most, so a hang or a
    # runaway read fails the test rather than stalling it
    if "stdout" not in kw:
        kw["capture_output"] = True
    return subprocess.run(
        [sys.executable, "-m", "host_tools.cli", *args],
        cwd=ROOT,
        timeout=60,
        preexec_fn=_bounded,
        check=False,
        **kw,
    )


def into_a_closed_pipe(*args):
    # -> (exit code, stderr) of `leafkeeper ARGS | head -c 0`: the reader has closed
    # the pipe before the first byte, so every write finds it closed (with `head -c
    # 600`, as the issue has it, whether a write comes after the close is a race)
    r, w = os.pipe()
    os.close(r)
    try:
        done = checkout(*args, stdout=w, stderr=subprocess.PIPE, text=True)
    finally:
        os.close(w)
    return done.returncode, done.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("solitaire", "solve", "617", "--json"),
        ("solitaire", "solve", "617"),
        ("sim", "--keys", "ROLL"),
    ],
)
def test_a_command_whose_reader_closes_the_pipe_ends_quietly(args):
    code, err = into_a_closed_pipe(*args)
    assert err == "" and code == 141, (code, err)  # 141: as a shell reports SIGPIPE


def test_solitaire_stats_refuses_fewer_than_one_job():
    for jobs in ("-1", "0"):
        r = checkout("solitaire", "stats", "--deals", "1-2", "--jobs", jobs, text=True)
        one_line_error(r, "--jobs must be at least 1")


def test_solitaire_stats_starts_no_more_processes_than_cores_or_deals(monkeypatch):
    # --jobs 10000 asked for 10,000 processes: a pool that only counts them (and runs
    # the deals here) shows how many
    from host_tools.solitaire import stats

    asked = []

    class Pool:
        def __init__(self, n, initializer=None):
            asked.append(n)

        def imap_unordered(self, fn, work, chunksize=1):
            return map(fn, work)

        def close(self):
            pass

        def join(self):
            pass

    context = type("Context", (), {"Pool": Pool})
    monkeypatch.setattr(stats.multiprocessing, "get_context", lambda how: context)
    monkeypatch.setattr(stats.os, "cpu_count", lambda: 8)
    assert stats.run(range(1, 4), limit=2000, jobs=10000, hints=False)["jobs"] == 3  # 3 deals
    assert stats.run(range(1, 21), limit=2000, jobs=10000, hints=False)["jobs"] == 8  # 8 cores
    assert asked == [3, 8]


# -- the command line explains itself (issue 28) --------------------------------------------


def test_version_is_the_firmwares():
    # the version Settings > About shows, which is pyproject.toml's (tests/test_about.py)
    import tomllib

    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        want = tomllib.load(f)["project"]["version"]
    r = checkout("--version", text=True)
    assert r.returncode == 0 and r.stdout == "leafkeeper " + want + "\n", r.stdout + r.stderr


def test_sim_help_explains_every_option_and_the_keys():
    r = checkout("sim", "--help", text=True)
    assert r.returncode == 0, r.stderr
    out = " ".join(r.stdout.split())  # argparse wraps to the terminal's width
    # every option the parser has, each with words of its own after it
    for option, words in (
        ("--term", "draw the OLED in this terminal"),
        ("--keys KEYS", "press these buttons"),
        ("--png PNG", "save a picture"),
        ("--scale SCALE", "the --png picture's pixels per OLED pixel, 1 to 16"),
        ("--seed SEED", "the dice's seed: the same seed, the same dice"),
        ("--leds {6,12}", "a ring of 12 LEDs"),
        ("--display {ssd1306,sh1106}", "the OLED's chip"),
        ("--state DIR", "folder that holds the simulated flash"),
    ):
        assert option + " " + words in out, option
    # the key names, a repeat and a long press as --keys spells them
    for words in ("UP DOWN BACK OK ROLL a short press", "NAME:long a long press (held 1.2 s)",
                  "NAME*N N short presses", "wait:MS let MS milliseconds pass"):
        assert words in out, words


def test_bench_help_says_it_needs_the_test_extras():
    r = checkout("bench", "--help", text=True)
    assert r.returncode == 0, r.stderr
    out = " ".join(r.stdout.split())
    assert "one of the test extras: install them first, pip install -e '.[test]'" in out, r.stdout


# -- hardening, fourth pass (issue 41) ------------------------------------------------------


@pytest.mark.parametrize(
    "name, make",
    [
        ("settings.json", os.mkfifo),  # open() waited for a writer for ever
        ("dice.json", lambda p: os.symlink("/dev/zero", p)),  # read until memory ran out
    ],
)
def test_a_state_file_that_is_no_regular_file_is_refused_in_one_line(tmp_path, name, make):
    state = tmp_path / "flash"
    assert checkout("sim", "--keys", "ROLL", "--state", str(state)).returncode == 0
    (state / name).unlink(missing_ok=True)
    make(str(state / name))
    r = checkout("sim", "--keys", "ROLL", "--state", str(state), text=True)
    one_line_error(r, name, "not a regular file")
    assert os.path.islink(state / name) or stat.S_ISFIFO(os.lstat(state / name).st_mode)


def test_a_state_file_over_the_save_bound_is_refused_and_kept(tmp_path):
    state = tmp_path / "flash"
    assert checkout("sim", "--keys", "ROLL", "--state", str(state)).returncode == 0
    big = b'{"v": 1, "data": "' + b"x" * 40000 + b'"}'
    (state / "dice.json").write_bytes(big)
    r = checkout("sim", "--keys", "ROLL", "--state", str(state), text=True)
    one_line_error(r, "dice.json", "32 KB")
    assert (state / "dice.json").read_bytes() == big


def test_ctrl_c_stops_a_command_in_one_line():
    # a script of 20 simulated hours, stopped as a terminal's Ctrl-C does (before: a traceback)
    child = subprocess.Popen(
        [sys.executable, "-m", "host_tools.cli", "sim", "--keys", "wait:3600000 " * 20],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        time.sleep(3)
        os.killpg(child.pid, signal.SIGINT)
        out, err = child.communicate(timeout=10)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    assert child.returncode == 130 and err == "leafkeeper: stopped (Ctrl-C)\n", (out, err)


# -- every command the README shows runs as written (issue 41 item 16) -------------------------


def readme_commands():
    # the `leafkeeper ...` commands of the README: each line of a fenced block (after a
    # `&&`, before a `# comment`), and each inline code span, joined across line breaks
    import shlex

    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    found = []
    for block in re.findall(r"^```[^\n]*\n(.*?)^```", text, re.DOTALL | re.MULTILINE):
        for line in block.splitlines():
            for part in line.split("&&"):
                if part.split()[:1] == ["leafkeeper"]:
                    found.append(shlex.split(part, comments=True))
    inline = re.sub(r"^```.*?^```", "", text, flags=re.DOTALL | re.MULTILINE)
    for span in re.findall(r"`([^`]+)`", inline):
        if span.split()[:1] == ["leafkeeper"]:
            found.append(shlex.split(span))
    return found


def test_every_command_the_readme_shows_parses_as_written():
    from host_tools import cli

    commands = readme_commands()
    assert len(commands) > 40 and ["leafkeeper", "pull", "--stats"] in commands  # the reader reads
    refused = []
    for words in commands:
        try:
            args = cli.parser().parse_args(words[1:])
        except SystemExit as e:
            if e.code:  # (--version and --help print, then exit 0)
                refused.append(" ".join(words))
            continue
        assert callable(args.func), words
    assert refused == [], refused


def test_sim_takes_the_computers_clock_or_manual():
    from host_tools import cli

    assert cli.parser().parse_args(["sim"]).clock == "computer"
    assert cli.parser().parse_args(["sim", "--clock", "manual"]).clock == "manual"
    with pytest.raises(SystemExit):
        cli.parser().parse_args(["sim", "--clock", "sundial"])


def test_sim_sets_the_firmwares_clock_to_the_computers_unless_manual():
    # issue 42 item 3: the simulator started undated every time. Settings' Date & time
    # opens on the firmware's clock once it is set (its default, 1.1.2025, when not).
    # This tree's CLI (the installed script may be another checkout's)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

    def entry(*more):
        cmd = [sys.executable, "-m", "host_tools.cli", "sim", "--keys", "UP OK DOWN*11 OK", *more]
        r = subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=120, check=False)
        assert r.returncode == 0, r.stderr
        return r.stdout.splitlines()

    days = [time.localtime()]
    shown = entry()
    days.append(time.localtime())  # the run may cross midnight
    assert any("Date %d %d %d" % (t.tm_mday, t.tm_mon, t.tm_year) in shown for t in days), shown
    assert "Date 1 1 2025" in entry("--clock", "manual")
