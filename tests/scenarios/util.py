# Small helpers for scenarios, which run on CPython (pytest) and under MicroPython.
import json

from host_tools.sim import Simulator

FOUR = ["Anna", "Ben", "Cara", "Dan"]
OFF = (0, 0, 0)  # an LED that is not lit
RESUME = "\u25ba "  # the home row of the game in progress: this, then its name


def table(names, seed=1, state_dir=None, rtc=False):
    # a device whose last line-up was `names` (the line-up is remembered), at home;
    # rtc: with a DS3231 clock module (Simulator's rtc)
    sim = Simulator(seed=seed, state_dir=state_dir, rtc=rtc)
    doc = {"v": 1, "data": {"lineup": names, "names": names}}
    sim.flash.write("settings.json", json.dumps(doc).encode())
    sim.boot()
    sim.advance(100)
    return sim


def line_with(sim, word):
    # the first text row containing `word`, or None
    for line in sim.text().split("\n"):
        if word in line:
            return line
    return None


def numbers(line):
    # the whole numbers in a line of text, in order
    out = []
    cur = ""
    for ch in line + " ":
        if "0" <= ch <= "9":
            cur += ch
        else:
            if cur:
                out.append(int(cur))
            cur = ""
    return out


def lit(pixels, x0=0, y0=0, x1=128, y1=64):
    n = 0
    for y in range(y0, y1):
        row = pixels[y]
        for x in range(x0, x1):
            if row[x] == "#":
                n += 1
    return n


def boxes():
    # every string on the screen as (x, y, w, h, s), in the order drawn: its box in
    # screen pixels, h its font's row height (SMALL 10, MEDIUM 14, BIG 28), from the text
    # layer (ui/text.py) that sim.text() reads
    from ui import text

    out = []
    for x, y, s, h in text.layer:
        if s.strip():
            for font in (text.SMALL, text.MEDIUM, text.BIG):
                if font.HEIGHT == h:
                    out.append((x, y, text.width(s, font), h, s))
    return out


def drawn(s):
    # the box (x, y, w, h) where the string s was last drawn, or None (see boxes())
    for x, y, w, h, t in reversed(boxes()):
        if t == s:
            return (x, y, w, h)
    return None


def run_together(y=0):
    # the strings drawn on the row at y (0: the title bar) whose boxes come closer than
    # a letter's gap (3 px): two texts a player reads as one ("Anna's sheetcount")
    row = sorted([b for b in boxes() if b[1] == y])
    return [(a[4], b[4]) for a, b in zip(row, row[1:]) if b[0] < a[0] + a[2] + 3]


def ink(sim, s):
    # (how tall the string s is on the glass in pixels, whether it is lit behind), read
    # off the pixels in its box as a player sees it: the run of rows with ink through
    # the box's middle (a box is its font's row, so it may reach into the rows next to
    # it). Dark letters on a lit bar are lit behind; their ink is the dark pixels within
    # the bar: the rows lit just beside the box (a bar is wider than its text). s: a
    # string on the screen (where it was last drawn), or a box from boxes()
    x, y, w, h = drawn(s) if isinstance(s, str) else s[:4]
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, 128), min(y + h, 64)
    px = sim.pixels()
    inverted = 2 * lit(px, x0, y0, x1, y1) > (x1 - x0) * (y1 - y0)

    beside = x0 - 1 if x0 > 0 else x1

    def inked(yy):
        if inverted:
            return px[yy][beside] == "#" and "." in px[yy][x0:x1]
        return "#" in px[yy][x0:x1]

    top = bottom = (y0 + y1) // 2
    if not inked(top):
        return (0, inverted)
    while top > y0 and inked(top - 1):
        top -= 1
    while bottom + 1 < y1 and inked(bottom + 1):
        bottom += 1
    return (bottom - top + 1, inverted)


def shown_as(shown, name):
    # a name on the screen is the player's, whole or shortened by design ("Maxim…")
    return shown == name or (shown.endswith("\u2026") and name.startswith(shown[:-1]))


def says(sim, phrase):
    # the phrase is on the screen, even when a message wraps it over two lines
    return phrase in " ".join(sim.text().split("\n"))


def check(cond, msg, sim=None):
    if not cond:
        if sim is not None:
            msg = msg + "\n--- screen ---\n" + sim.text()
        raise AssertionError(msg)


def cursor_row(sim):
    # the menu row under the cursor bar, or None, read as a player reads it: rows are
    # 10 px tall under a 10-px title bar, and the bar lights the row's first column. A
    # screen turned 180 degrees (a setting) is read from the other side of the table.
    rows = sim.text().split("\n")[1:]
    px = sim.pixels()
    turned = not sim.oled.com_reversed  # the driver scans the rows the other way round
    for r in range(len(rows)):
        y = 10 + r * 10 + 5
        if y < 64 and (px[63 - y][126] if turned else px[y][1]) == "#":
            return rows[r]
    return None


def booted_with(sim, files):
    # sim with files as an older firmware left them ({name: data}, each saved as version
    # 1), after a power cut: booted and on the home screen
    for name, data in files.items():
        sim.flash.write(name, json.dumps({"v": 1, "data": data}).encode())
    sim.power_cut()
    sim.boot()
    sim.advance(300)
    return sim


def choose(sim, *labels):
    # in any menu: DOWN until the cursor is on a row that starts with one of `labels`,
    # then OK. Stops once the power is off (the power-cut suites cut at any write)
    for _ in range(16):
        if not sim.on:
            return
        row = cursor_row(sim)
        for label in labels:
            if row is not None and row.startswith(label):
                sim.press("OK")
                return
        sim.press("DOWN")
    check(False, "the menu offers " + labels[0], sim)


def confirm(sim):
    # yes to a question before what cannot simply be taken back: the cursor starts on
    # the answer that changes nothing, the one that does it is a DOWN below
    # (ui/dialogs.py Confirm)
    sim.press("DOWN")
    sim.press("OK")


def rename_to(sim, new):
    # on a rename's letter entry (Settings > Player names > a name > Rename): `new`
    # typed, and yes to the question a rename asks (issue 40; a merge asks its own)
    from host_tools.bench.tour import type_name

    type_name(sim, new)
    if sim.on and says(sim, "Every game of theirs follows."):
        confirm(sim)


def open_app(sim, label):
    # from any screen, as a player does: a long BACK goes home, then the app's row, or
    # RESUME + label when it is the game in progress, and OK
    if not sim.on:
        return
    sim.hold("BACK")
    choose(sim, RESUME + label, label)


def end_stays(sim, row="Same players again"):
    # an end screen (issue 28): its hint offers a new game by the menu (held OK), and a
    # ROLL, on the screen as it is or dimmed after a minute, leaves it as it is; then the
    # menu's `row` starts the new game
    shown = sim.text()
    check(says(sim, "hold OK: new"), "the end screen says how a new game starts", sim)
    sim.press("ROLL")
    check(sim.text() == shown, "a ROLL leaves the end screen on the table", sim)
    sim.advance(61000)  # the screen dims after a minute; a press there acts as usual
    sim.press("ROLL")
    check(sim.text() == shown, "a ROLL on the dimmed end screen too", sim)
    new_match(sim, row)


def new_match(sim, row="Same players again"):
    # on a game's end screen, a new game as a player starts one: the menu (held OK), then
    # its row
    sim.hold("OK")
    choose(sim, row)


def open_game(sim, label):
    # a game started with the remembered line-up (see table()): the line-up, then Start
    open_app(sim, label)
    check(line_with(sim, "Start") is not None, "the line-up comes first", sim)
    sim.press("OK")
