# `leafkeeper bench --pico` prints issue 26's goals beside the figures, a column for the
# UF2 and one for the .mpy files, each "met" or "NOT met" (host_tools/pico/bench.py);
# here with figures made up by hand, so no emulator runs.
from host_tools.pico import bench

TOTAL = 246_016  # the RP2040 port's heap
LABELS = ["Dice roller", "Solitaire"]


def _measured(boot, open_ms, move, scroll, used, least):
    # one firmware's measure(): a press of each kind the goals look at, and the heaps
    rows = [
        ("home menu", "DOWN", ("press", 5.0, move, 254, False)),
        ("Solitaire: open", "DOWN", ("press", 8.0, scroll, 628, True)),
        ("Solitaire: open", "OK", ("release", 20.0, open_ms, 773, False)),
        ("Solitaire: use", "DOWN", ("press", 9.0, 12.0, 31, False)),  # no row of a list
    ]
    home = {"free": 0, "free_collected": TOTAL - used, "total": TOTAL}
    heaps = {
        "home": {"free": 0, "free_collected": 10, "total": TOTAL},  # home is no app
        "Solitaire: open": {"free": 0, "free_collected": least, "total": TOTAL},
    }
    return {"400k": (boot + 2, boot, 0.05, home, rows, heaps)}


def test_each_goal_is_printed_beside_its_figure_met_or_not(capsys):
    measured = {
        # at each UF2 goal exactly but the open (45.1 > 45) and the heap (one byte over)
        bench.UF2: _measured(100.0, 45.1, 20.0, 25.0, 20 * 1024 + 1, 208 * 1024),
        # the .mpy files: all within theirs
        bench.FILES: _measured(390.0, 119.0, 29.0, 29.9, 96 * 1024, 96 * 1024),
    }
    failed = bench.goals_table(measured, LABELS)
    out = capsys.readouterr().out
    lines = {
        line.split("|")[0].strip(): line.split("|")[1:] for line in out.splitlines() if "|" in line
    }
    uf2 = {what: cols[0].strip() for what, cols in lines.items()}
    files = {what: cols[1].strip() for what, cols in lines.items()}
    assert "UF2" in uf2[""] and ".mpy" in files[""]
    assert uf2["boot to the home screen drawn (from power)"] == "100.0 ms <= 100.0 ms: met"
    assert uf2["open any app (from the release)"] == "45.1 ms <= 45.0 ms: NOT met"
    assert uf2["home menu move (from the press)"] == "20.0 ms <= 20.0 ms: met"
    assert uf2["worst list move, every row changes"] == "25.0 ms <= 25.0 ms: met"
    assert uf2["heap in use at home after boot"] == "20,481 B <= 20,480 B: NOT met"
    assert uf2["least heap free in an app after a collect"] == "212,992 B >= 212,992 B: met"
    assert files["open any app (from the release)"] == "119.0 ms <= 120.0 ms: met"
    assert files["heap in use at home after boot"] == "98,304 B <= 98,304 B: met"
    assert files["least heap free in an app after a collect"] == "98,304 B >= 98,304 B: met"
    assert failed == 2 and "2 goal(s) NOT met" in out
    # where each time was measured: the press that scrolled is the list move
    assert "worst list move, every row changes: UF2 at Solitaire: open: DOWN;" in out
