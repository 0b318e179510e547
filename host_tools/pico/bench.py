"""`leafkeeper bench --pico`: the performance figures of record, measured on the real
MicroPython for the RP2040 running in the emulator (host_tools/pico/emulator.py).

It boots the firmware as `deploy` ships it, plays the bench's tour of every app
(host_tools/bench/tour.py) and, for every press, times the OLED's bus traffic from the moment
the firmware could act on it: the press for UP, DOWN and ROLL (no long meaning: they act
at once), the release for OK and BACK (held, they mean something else), the long-press
time for a hold. "first" is the first byte on the bus, "last" the last byte once the
screen has settled (for an animation, its end). The tour runs twice: with the I2C bus
at 400 kHz as wired, and with an infinitely fast bus, which leaves the CPU's share.
Heap figures are gc.mem_free() read at the REPL between two ticks."""

from host_tools.bench.tour import tour
from host_tools.pico import image
from host_tools.pico.emulator import MS, Pico
from host_tools.sim import keys

ACT_ON_PRESS = ("UP", "DOWN", "ROLL")
UF2 = "UF2"  # the columns: the firmware frozen in (leafkeeper uf2), the figures of record
FILES = ".mpy"  # the .mpy files of leafkeeper deploy on stock MicroPython
HISTORY_GAMES = 200  # stored before the tour (firmware/core/history.py MAX_GAMES)
LONG_MS = 800  # core/buttons.py LONG_MS
SETTLE_MS = 300  # a screen is settled after this long without a byte to the OLED
MAX_WAIT_MS = 2000
IDLE_MS = 2000
BOOT_MAX_MS = 1500
BOOT_STEP_MS = 5


def _settle(pico, since):
    # run until the OLED has been quiet for SETTLE_MS after `since` and after its last
    # byte (at most MAX_WAIT_MS)
    for _ in range(MAX_WAIT_MS // 20):
        last = max(since, pico.transactions[-1][1] if pico.transactions else 0)
        if pico.now_ns - last >= SETTLE_MS * MS:
            return
        pico.advance(20)


def key_response(pico, kind, name):
    """One press or hold -> (from, first ms, last ms, bytes, every list row changed) with
    the times counted from the moment the firmware can act on it (see the module comment),
    None when the screen did not change."""
    before = pico.pixels()
    n0 = len(pico.transactions)
    down = pico.now_ns
    pico.button_down(name)
    pico.advance(1200 if kind == "hold" else 80)
    up = pico.now_ns
    pico.button_up(name)
    pico.advance(20)
    _settle(pico, up)
    if kind == "hold":
        when, at = "long", down + LONG_MS * MS
    elif name in ACT_ON_PRESS:
        when, at = "press", down
    else:
        when, at = "release", up
    sent = [t for t in pico.transactions[n0:] if t[0] >= at]  # not what was still going on
    if not sent:
        return None
    return (
        when,
        (sent[0][0] - at) / MS,
        (sent[-1][1] - at) / MS,
        sum(t[2] for t in sent),
        every_row(before, pico.pixels()),
    )


def every_row(before, after):
    """True when the title bar stayed and each of the rows under it (ui/widgets.py: ROWS
    rows of ROW_H pixels from TITLE_H) changed left of the scroll bar: a list that
    scrolled (not a screen that gave way to another)."""
    from ui.widgets import ROW_H, ROWS, TITLE_H, W  # the simulator put the firmware on the path

    def row(frame, y0):
        return [line[: W - 4] for line in frame[y0 : y0 + ROW_H]]  # the bar: the last 3 (+ gap)

    return before[:TITLE_H] == after[:TITLE_H] and all(
        row(before, y0) != row(after, y0) for y0 in range(TITLE_H, TITLE_H + ROWS * ROW_H, ROW_H)
    )


def run_tour(pico, labels, heap=False, stop=None):
    """-> ([(step label, key, response)], {label: heap}) over the bench's tour of the apps
    named `labels` (the home menu's); a key pressed again in one step is numbered.
    stop: a "step: key" as the rows name it, pressed with the CPU profiled (and the tour
    ends there)."""
    rows = []
    heaps = {}
    for label, script in tour(labels):
        seen = {}
        for kind, arg in keys.parse(script):
            if kind == "wait":
                pico.advance(arg)
                continue
            name = arg + (":long" if kind == "hold" else "")
            seen[name] = seen.get(name, 0) + 1
            key = name + ("#%d" % seen[name] if seen[name] > 1 else "")
            here = stop == label + ": " + key
            if here:
                pico.profile(True)
            r = key_response(pico, kind, arg)
            if r:
                rows.append((label, key, r))
            if here:
                return rows, heaps
        if heap and (label.endswith(": open") or label == "home"):
            heaps.setdefault(label, pico.heap())
    return rows, heaps


def boot(pico, home_pixels):
    """-> ms from power-on to the last byte of the first frame that shows the home screen
    (the emulator stops within BOOT_STEP_MS of it)."""
    seen = []

    def check(t1):
        if not seen and pico.oled.on and pico.pixels() == home_pixels:
            seen.append(t1)

    pico.on_oled = check
    for _ in range(BOOT_MAX_MS // BOOT_STEP_MS):
        pico.advance(BOOT_STEP_MS)
        if seen:
            break
    pico.on_oled = None
    if not seen:
        raise SystemExit("bench --pico: the home screen never appeared:\n" + pico.serial[-2000:])
    return seen[0] / MS


def _setup():
    # -> (the simulator's home screen pixels, the home menu's labels, the files of /data)
    from host_tools.sim import Simulator

    sim = Simulator(seed=1)
    sim.advance(600)
    home = sim.pixels()
    from apps import APPS  # the simulator put the firmware on the path

    labels = [a[0] for a in APPS]
    from host_tools.bench import games

    # a device used for months: a full history (200 finished games) on its flash
    return home, labels, games.files(HISTORY_GAMES)


def firmwares(uf2=None, files=False, frozen=False, say=print):
    """-> [(column, MicroPython UF2 or None for the stock one)] to measure: the UF2 that
    `leafkeeper uf2` builds (cached), the figures of record, then the `.mpy` files of
    `deploy` on stock MicroPython; --frozen or --files: only that one; --uf2 FILE: only that
    firmware, in the column its kind goes in (the firmware frozen in, or not)."""
    from host_tools import uf2 as uf2_build

    if uf2:
        return [(UF2 if uf2_build.is_leafkeeper(uf2) else FILES, uf2)]
    out = []
    if not files:
        out.append((UF2, uf2_build.build(say=say)[0]))
    if not frozen:
        out.append((FILES, None))
    return out


def measure(column, uf2, home, labels, data):
    """-> (first boot ms, boot ms, idle, home heap, responses, heaps) per bus ("400k",
    "instant") of one firmware with the bench's /data."""
    img = image.build(data=data, firmware=column == FILES)
    figures = {}
    for bus in ("400k", "instant"):
        with Pico(img, uf2=uf2, instant_bus=bus == "instant") as pico:
            # the first boot of a new UF2 records it on the flash (host_tools/uf2/lk_uf2.py);
            # a device in use boots as the second boot does: that one is the figure
            first_ms = boot(pico, home)
            pico.power_cycle()
            boot_ms = boot(pico, home)
            b0 = pico.busy_ns
            t0 = pico.now_ns
            pico.advance(IDLE_MS)
            idle = (pico.busy_ns - b0) / (pico.now_ns - t0)
            home_heap = pico.heap() if bus == "400k" else None
            responses, heaps = run_tour(pico, labels, heap=bus == "400k")
            if pico.traceback() or pico.watchdog_resets:
                raise SystemExit("bench --pico: the firmware failed:\n" + pico.serial[-3000:])
            figures[bus] = (first_ms, boot_ms, idle, home_heap, responses, heaps)
    return figures


def main(uf2=None, files=False, frozen=False):
    home, labels, data = _setup()
    measured = {}
    for column, fw in firmwares(uf2, files, frozen):
        measured[column] = measure(column, fw, home, labels, data)
        report(column, measured[column], labels)
    goals_table(measured, labels)
    return 0


def profile(stop, uf2=None, files=False, top=30):
    """`bench --pico --profile "STEP: KEY"`: the tour up to that press (I2C at 400 kHz), the
    press with the CPU profiled: its cycles per firmware function (the symbol table's) and
    how many times each was entered, from the press until the screen settled. "boot": the
    second boot (the figure's), from power-on to the home screen drawn. On the UF2, or the
    `.mpy` files with files=True (or the firmware `uf2`)."""
    home, labels, data = _setup()
    ((column, fw),) = firmwares(uf2, files, frozen=not files)
    with Pico(image.build(data=data, firmware=column == FILES), uf2=fw) as pico:
        boot(pico, home)
        if stop == "boot":
            pico.profile(True)
            pico.power_cycle()
            ms = boot(pico, home)
            print("boot (%s): the home screen drawn at %.1f ms" % (column, ms))
            print("cycles from power-on until then (and up to %d ms more):" % BOOT_STEP_MS)
        else:
            pico.advance(IDLE_MS)
            rows, _ = run_tour(pico, labels, stop=stop)
            if not rows or rows[-1][0] + ": " + rows[-1][1] != stop:
                raise SystemExit(
                    "bench --pico --profile: no press %r in the tour (its table names them)" % stop
                )
            r = rows[-1][2]
            print(
                "%s (%s): from the %s, first byte %.1f ms, last %.1f ms, %d bytes"
                % (stop, column, r[0], r[1], r[2], r[3])
            )
            print(
                "cycles from the press until the screen settled (%d ms), idle waits included:"
                % SETTLE_MS
            )
        print("%9s %6s %8s  %s" % ("ms", "share", "calls", "function"))
        funcs = pico.profile_rows(100000)
        total = sum(c for _, c, _ in funcs) or 1
        for name, cycles, calls in funcs[:top]:
            print("%9.2f %5.1f%% %8d  %s" % (cycles / 125e3, 100 * cycles / total, calls, name))
    return 0


def summary(rows, cpu_rows, labels):
    """The figures the budgets are about -> [(what, from, ms, cpu ms, goal)] (goal: the
    design's, for the presses the goals below leave out)."""
    cpu = {(label, key): r for label, key, r in cpu_rows}
    out = []

    def worst(pick, what, col, goal):
        hits = [(r, cpu.get((label, key))) for label, key, r in rows if pick(label, key, r)]
        if hits:
            r, c = max(hits, key=lambda h: h[0][col])
            out.append((what, r[0], r[col], c[col] if c else float("nan"), goal))

    worst(_home_move, "home menu move (a row changes)", 2, 30)
    worst(_list_move, "list move, every row changes", 2, 30)
    for app in labels[1:]:
        worst(
            lambda label, key, r, app=app: label == app + ": open" and key == "OK",
            "open " + app,
            2,
            120,
        )
    worst(
        lambda label, key, r: label == "Resume: open" and key == "OK",
        "resume the game in progress",
        2,
        120,
    )
    worst(
        lambda label, key, r: label == "Solitaire: hint" and key == "OK#2",
        "Solitaire: the menu's Hint (its search)",
        2,
        120,
    )
    worst(
        lambda label, key, r: label == "dice: roll" and key == "ROLL",
        "ROLL at home: first frame",
        1,
        30,
    )
    worst(
        lambda label, key, r: label == "name entry: open" and key == "OK",
        "open the name entry",
        2,
        120,
    )
    worst(
        lambda label, key, r: label == "name entry: letters",
        "name entry: UP/DOWN (a letter step)",
        2,
        30,
    )
    worst(
        lambda label, key, r: label == "name entry: add", "name entry: OK (a letter added)", 2, 50
    )
    return out


def _home_move(label, key, r):
    # UP or DOWN on the home menu (the tour moves there to open each app) that moves the
    # cursor: one that scrolls the list is a list move where every row changes
    return (label == "home menu" or label.endswith(": open")) and _list_move(label, key, r) is False


def _list_move(label, key, r):
    # -> None for a press that is no move in a list, else whether every row changed
    return r[4] if key.split("#")[0] in ("UP", "DOWN") else None


# The goals of issue 26, per firmware: (what, UF2's, the `.mpy` files', "ms" or "B", at
# most (True) or at least)
KB = 1024
GOALS = (
    ("boot to the home screen drawn (from power)", 100, 400, "ms", True),
    ("open any app (from the release)", 45, 120, "ms", True),
    ("home menu move (from the press)", 20, 30, "ms", True),
    ("worst list move, every row changes", 25, 30, "ms", True),
    ("heap in use at home after boot", 20 * KB, 96 * KB, "B", True),
    ("least heap free in an app after a collect", 208 * KB, 96 * KB, "B", False),
)


def goal_figures(figures, labels):
    """-> [(figure, where)] in GOALS' order, from one firmware's measure()."""
    _first, boot_ms, _idle, home_heap, rows, heaps = figures["400k"]

    def worst(pick):
        hits = [(r[2], label + ": " + key) for label, key, r in rows if pick(label, key, r)]
        return max(hits) if hits else (float("nan"), "none in the tour")

    apps = [a + ": open" for a in labels[1:]] + ["Resume: open"]
    least = min(
        (h["free_collected"], label.replace(": open", ""))
        for label, h in heaps.items()
        if label != "home"
    )
    return [
        (boot_ms, "power-on"),
        worst(lambda label, key, r: label in apps and key == "OK"),
        worst(_home_move),
        worst(lambda label, key, r: _list_move(label, key, r) is True),
        (home_heap["total"] - home_heap["free_collected"], "home"),
        least,
    ]


def goals_table(measured, labels):
    """The goals beside the figures, a column per firmware measured, each "met" or "NOT met"."""
    names = {UF2: "UF2 (figures of record)", FILES: ".mpy files, stock MicroPython"}
    cols = [c for c in (UF2, FILES) if c in measured]
    got = {c: goal_figures(measured[c], labels) for c in cols}
    print()
    print(
        "The goals (issue 26), emulated RP2040 at 125 MHz, I2C at 400 kHz, %d games filed:"
        % HISTORY_GAMES
    )
    print("%-44s" % "" + "".join(" | %-38s" % names[c] for c in cols))
    failed = 0
    for i, (what, *_limits, unit, at_most) in enumerate(GOALS):
        line = "%-44s" % what
        for c in cols:
            value = got[c][i][0]
            limit = GOALS[i][1 if c == UF2 else 2]
            ok = value <= limit if at_most else value >= limit
            failed += not ok
            line += " | %-38s" % (
                "%s %s %s: %s"
                % (
                    _figure(value, unit),
                    "<=" if at_most else ">=",
                    _figure(limit, unit),
                    "met" if ok else "NOT met",
                )
            )
        print(line)
    for i, (what, *_rest) in enumerate(GOALS[1:4], 1):
        print("  %s: %s" % (what, "; ".join("%s at %s" % (c, got[c][i][1]) for c in cols)))
    print("every goal met" if not failed else "%d goal(s) NOT met" % failed)
    return failed


def _figure(v, unit):
    return "%.1f ms" % v if unit == "ms" else "%s B" % _n(v)


def report(column, figures, labels):
    first_ms, boot_ms, idle, home_heap, rows, heaps = figures["400k"]
    _, cpu_boot, _, _, cpu_rows, _ = figures["instant"]
    print()
    print(
        "Leafkeeper on the emulated RP2040, %s: MicroPython v1.26.1 (RPI_PICO), 125 MHz,"
        % ("the UF2 with the firmware frozen in" if column == UF2 else "the .mpy files of deploy")
    )
    print("I2C at 400 kHz, %d finished games in the history;" % HISTORY_GAMES)
    print("'cpu' is the same run with an infinitely fast bus. Times in emulated ms from the moment")
    print(
        "the firmware can act: the press (UP, DOWN, ROLL), the release (OK, BACK) or the long press."
    )
    print()
    print("%-36s %-7s %7s %7s %6s" % ("", "from", "ms", "cpu ms", "goal"))
    print(
        "%-36s %-7s %7.1f %7.1f %6s"
        % ("boot to the home screen drawn", "power", boot_ms, cpu_boot, "400")
    )
    print(
        "%-36s %-7s %7.1f %7s %6s" % ("the first boot (a new firmware)", "power", first_ms, "", "")
    )
    for what, when, ms, cpu_ms, goal in summary(rows, cpu_rows, labels):
        print("%-36s %-7s %7.1f %7.1f %6s" % (what, when, ms, cpu_ms, goal))
    used = home_heap["total"] - home_heap["free_collected"]
    print(
        "heap in use at home after boot: %s B of %s (goal: at most 65,536)"
        % (_n(used), _n(home_heap["total"]))
    )
    least = min(h["free_collected"] for h in heaps.values())
    print("least heap free in an app (after gc.collect): %s B (goal: at least 131,072)" % _n(least))
    print("idle at home: the CPU is busy %.1f %% of the time" % (idle * 100))
    print()
    print("Every press of the tour (host_tools/bench/tour.py):")
    print(
        "%-40s %-7s %7s %7s %8s %6s"
        % ("step and key", "from", "first", "last", "cpu last", "bytes")
    )
    cpu = {(label, key): r for label, key, r in cpu_rows}
    for label, key, r in rows:
        c = cpu.get((label, key))
        print(
            "%-40s %-7s %7.1f %7.1f %8.1f %6d%s"
            % (
                (label + ": " + key)[:40],
                r[0],
                r[1],
                r[2],
                c[2] if c else float("nan"),
                r[3],
                " every row" if _list_move(label, key, r) else "",
            )
        )
    print()
    print("Heap when each app has just opened (gc.mem_free() at the REPL)")
    print("%-34s %9s %16s" % ("", "free", "after collect"))
    for label, h in heaps.items():
        print(
            "%-34s %9s %16s" % (label.replace(": open", ""), _n(h["free"]), _n(h["free_collected"]))
        )


def _n(v):
    return f"{v:,}"
