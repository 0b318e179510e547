# Small helpers for scenarios, which run on CPython (pytest) and under MicroPython.


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


def check(cond, msg, sim=None):
    if not cond:
        if sim is not None:
            msg = msg + "\n--- screen ---\n" + sim.text()
        raise AssertionError(msg)


def open_app(sim, label):
    # from the home screen: DOWN until the cursor bar (lit at the row's left edge) is on
    # the row that reads `label`, then OK; works however many apps the list holds
    for _ in range(16):
        rows = sim.text().split("\n")[1:]
        for r in range(len(rows)):
            if rows[r].startswith(label) and sim.pixels()[10 + r * 10 + 5][1] == "#":
                sim.press("OK")
                return
        sim.press("DOWN")
    check(False, "home lists " + label, sim)
