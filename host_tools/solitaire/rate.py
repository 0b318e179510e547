"""`leafkeeper solitaire rate`: the store's deals rated easy, medium and hard, and the
device's small table of them (firmware/rules/solitaire_levels.py: "New deal" offers Easy,
Medium and Hard).

The rule: a rated deal is always winnable (the solver found a winning line for it), so
no level hands a player a hopeless deal. Then
  easy    the device's hint, followed move by move (the store's "hint" player), wins it
  medium  the hint loses it, and the solver won it in at most the median of the positions
          it needed for such deals
  hard    the hint loses it, and the solver needed at least the 90th percentile of them
Deals the solver did not win (lost or unresolved), deals the store holds no hint game
for, and those between the two cut-offs are not rated: the levels stay apart. The
cut-offs come from the range's own distribution, printed with the table.

Each level keeps at most --per-level deals, spread evenly over its deals in the range
(the same store always gives the same table), in ascending order, each as three bytes
(deals go up to 1,000,000), so the whole table is a few hundred bytes of flash.
"""

import os

from host_tools.mpybuild import FIRMWARE
from host_tools.solitaire import solver

LEVELS = ("easy", "medium", "hard")
MEDIUM_PCT = 50  # medium: at most this percentile of the positions hint-lost wins took
HARD_PCT = 90  # hard: at least this one
PER_LEVEL = 100
TABLE = os.path.join(FIRMWARE, "rules", "solitaire_levels.py")
PER_LINE = 7  # deals a line of the module


def percentile(values, pct):
    # nearest rank: the smallest value with at least pct % of `values` at or below it
    s = sorted(values)
    return s[max(0, (pct * len(s) + 99) // 100 - 1)]


def spread(deals, n):
    # n of the sorted deals, evenly spaced from the first; all of them if n or fewer
    if len(deals) <= n:
        return list(deals)
    return [deals[i * len(deals) // n] for i in range(n)]


def rate(rows, per_level=PER_LEVEL):
    """rows: Store.ratings() -> {"levels": [easy, medium, hard deal lists], "medium_max",
    "hard_min": the cut-offs in positions (None without hint-lost wins), "counts": each
    level's deals before the spread, "results": {result: deals}, "no_hint": deals not
    played by the hint, "positions": the sorted positions of the hint-lost wins}."""
    results = {"won": 0, "lost": 0, "unknown": 0}
    easy = []
    lost_by_hint = []  # (deal, positions): the solver wins, the hint does not
    no_hint = 0
    for deal, result, positions, hint_won in rows:
        results[result] = results.get(result, 0) + 1
        if result != "won":
            continue
        if hint_won is None:
            no_hint += 1
        elif hint_won:
            easy.append(deal)
        else:
            lost_by_hint.append((deal, positions))
    positions = sorted(p for _, p in lost_by_hint)
    medium_max = hard_min = None
    medium = []
    hard = []
    if positions:
        medium_max = percentile(positions, MEDIUM_PCT)
        hard_min = percentile(positions, HARD_PCT)
        if hard_min <= medium_max:  # too few to tell apart: hard only above the median
            hard_min = medium_max + 1
        medium = [d for d, p in lost_by_hint if p <= medium_max]
        hard = [d for d, p in lost_by_hint if p >= hard_min]
    levels = [easy, medium, hard]
    return {
        "levels": [spread(sorted(deals), per_level) for deals in levels],
        "counts": [len(deals) for deals in levels],
        "medium_max": medium_max,
        "hard_min": hard_min,
        "results": results,
        "no_hint": no_hint,
        "positions": positions,
    }


def _n(v):
    return format(v, ",")


BINS = (1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000)


def report(r, numbers, limit):
    res = r["results"]
    held = sum(res.values())
    lines = [
        "Deals %d-%d held for solver version %d at %s positions: %s of %s"
        % (numbers[0], numbers[-1], solver.VERSION, _n(limit), _n(held), _n(len(numbers))),
        "  solver won %s, lost %s, unresolved %s; won but no hint game in the store: %s"
        % (_n(res["won"]), _n(res["lost"]), _n(res["unknown"]), _n(r["no_hint"])),
        "  the hint wins too (easy): %s" % _n(r["counts"][0]),
    ]
    pos = r["positions"]
    lines.append("  the hint loses, the solver wins: %s" % _n(len(pos)))
    if pos:
        lines.append(
            "  positions the solver needed for those: "
            + ", ".join("P%d %s" % (q, _n(percentile(pos, q))) for q in (10, 25, 50, 75, 90))
            + ", most %s" % _n(pos[-1])
        )
        low = 0
        for b in BINS:
            k = sum(1 for p in pos if low < p <= b)
            if k:
                lines.append(
                    "    %9s - %9s: %5d %s" % (_n(low + 1), _n(b), k, "#" * (k * 50 // len(pos)))
                )
            low = b
            if low >= pos[-1]:
                break
        lines.append(
            "  medium: at most %s positions (P%d): %s; hard: at least %s (P%d): %s; between: %s"
            % (
                _n(r["medium_max"]),
                MEDIUM_PCT,
                _n(r["counts"][1]),
                _n(r["hard_min"]),
                HARD_PCT,
                _n(r["counts"][2]),
                _n(len(pos) - r["counts"][1] - r["counts"][2]),
            )
        )
    lines.append(
        "Table: "
        + ", ".join(
            "%s %d of %s" % (LEVELS[i], len(r["levels"][i]), _n(r["counts"][i])) for i in range(3)
        )
        + " (%d bytes of deals)" % (3 * sum(len(d) for d in r["levels"]))
    )
    return "\n".join(lines)


def _bytes_lines(deals):
    # the deals as bytes literals, PER_LINE deals a line, three bytes a deal high first
    out = []
    for i in range(0, len(deals), PER_LINE):
        part = deals[i : i + PER_LINE]
        esc = "".join("\\x%02x\\x%02x\\x%02x" % (d >> 16, (d >> 8) & 255, d & 255) for d in part)
        out.append('        b"%s"' % esc)
    return out or ['        b""']


def module(r, numbers, limit, per_level):
    """-> the firmware module's text for the rating r (rate())."""
    c = r["counts"]
    lines = [
        '# Solitaire\'s rated deals: "New deal" > Easy, Medium, Hard (apps/solitaire). Written by',
        "# `leafkeeper solitaire rate --deals %d-%d --per-level %d --write` from the store's"
        % (numbers[0], numbers[-1], per_level),
        "# results of solver version %d at %s positions (host_tools/solitaire/rate.py: the rule):"
        % (solver.VERSION, _n(limit)),
        "# run it again rather than edit this. Every deal here was won by the solver; easy: the",
        "# hint wins it too (%s deals of %s); medium: the hint loses, the solver won within"
        % (_n(len(r["levels"][0])), _n(c[0])),
        "# %s positions (%s of %s); hard: it needed %s or more (%s of %s)."
        % (
            _n(r["medium_max"] or 0),
            _n(len(r["levels"][1])),
            _n(c[1]),
            _n(r["hard_min"] or 0),
            _n(len(r["levels"][2])),
            _n(c[2]),
        ),
        "# LEVELS[level]: its deal numbers in ascending order, three bytes each, high byte first.",
        "LEVELS = (",
    ]
    for deals in r["levels"]:
        lines.append("    (")
        lines.extend(_bytes_lines(deals))
        lines.append("    ),")
    lines.append(")")
    return "\n".join(lines) + "\n"
