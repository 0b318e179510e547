"""Every Solitaire deal on record: one SQLite file (stdlib sqlite3).

Two tables:
  solves   (deal, solver, lim, result, positions, moves, cpu_s): the open-card solver's
           answer for a deal at a solver version and a limit; moves is the winning line
           as `solve --json` gives it (JSON, "[]" unless won)
  players  (deal, player, won, steps, stop, cpu_s): a player's game of a deal ("hint":
           the device's hint followed greedily; "sample": player.py, no peeking), the
           player named with its version (player_key): a changed player plays again

Each deal is committed as it finishes, so a killed run loses only the deals in flight and
the next run computes only what is missing. Results of another solver version or limit
are kept but never read as this one's.

A store is marked as one (PRAGMA application_id = APP_ID) and recognised before use: a
file that is not a store (another program's SQLite file, a text file, a device) is refused
and left as it was, never turned into one.

The default file is $XDG_DATA_HOME/leafkeeper/solitaire.sqlite (~/.local/share/...):
a data directory, not a cache, since the results of a large range are days of CPU.
"""

import contextlib
import csv
import functools
import hashlib
import json
import os
import sqlite3
import stat
import tokenize

from host_tools.mpybuild import FIRMWARE
from host_tools.solitaire import player as sampler
from host_tools.solitaire import solver

SCHEMA = """
CREATE TABLE IF NOT EXISTS solves (
    deal INTEGER NOT NULL, solver INTEGER NOT NULL, lim INTEGER NOT NULL,
    result TEXT NOT NULL, positions INTEGER NOT NULL, moves TEXT NOT NULL, cpu_s REAL NOT NULL,
    PRIMARY KEY (deal, solver, lim));
CREATE TABLE IF NOT EXISTS players (
    deal INTEGER NOT NULL, player TEXT NOT NULL,
    won INTEGER NOT NULL, steps INTEGER NOT NULL, stop TEXT NOT NULL, cpu_s REAL NOT NULL,
    PRIMARY KEY (deal, player));
"""

APP_ID = 0x4C4B5331  # "LKS1": the store's mark in its SQLite header
SQLITE_MAGIC = b"SQLite format 3\0"
# each table's columns, as SCHEMA makes them: a store made before the mark is recognised
# by them, and another program's `solves` table is not taken for this one
COLUMNS = {
    "solves": ["deal", "solver", "lim", "result", "positions", "moves", "cpu_s"],
    "players": ["deal", "player", "won", "steps", "stop", "cpu_s"],
}

CSV_HEADER = [
    "deal",
    "solver",
    "limit",
    "result",
    "positions",
    "moves",
    "hint_won",
    "hint_steps",
    "hint_stop",
]


def code_digest(paths):
    # -> a short digest of what the modules do, not of what their comments say: their
    # tokens less comments and blank lines, so editing a comment keeps a store's games
    h = hashlib.sha1()
    for path in paths:
        with open(path, "rb") as f:
            for t in tokenize.tokenize(f.readline):
                if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.ENCODING):
                    h.update(t.string.encode() + b"\0")
    return h.hexdigest()[:10]


@functools.cache
def hint_digest():
    # the hint is firmware, with no version number of its own to bump (the Pico would
    # carry it for nothing): its version is the digest of the rules it runs, read once,
    # as the code a run plays is the code it loaded (an edit during a run changes neither)
    return code_digest(
        os.path.join(FIRMWARE, "rules", name) for name in ("solitaire_hint.py", "solitaire.py")
    )


def player_key(player):
    """-> the players table's key for "hint" or "sample": the name and its version, so
    that a changed player's games are played again, never read as the old one's. The
    sampling player's games depend on its own code, the solver's and the hint's (it
    follows the hint when no sample is won)."""
    if player == "hint":
        return "hint " + hint_digest()
    return "sample %d/%d/%s" % (sampler.VERSION, solver.VERSION, hint_digest())


def default_path():
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share"
    )
    return os.path.join(base, "leafkeeper", "solitaire.sqlite")


def is_sqlite(path):
    """True when the file at path starts as an SQLite database does (a store or another's)."""
    try:
        with open(path, "rb") as f:
            return f.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False


def trouble(e):
    """-> what an sqlite3 error says about the store, in words (one line)."""
    if isinstance(e, sqlite3.DatabaseError) and not isinstance(e, sqlite3.OperationalError):
        return "damaged (%s): not read or written" % e
    return str(e)


class Store:
    def __init__(self, path):
        """Opens (or makes, at a new path) the store; ValueError with the reason, in one
        line, if path is not one (nothing written to it then)."""
        self.path = path
        new = path == ":memory:" or not os.path.exists(path)
        if new and path != ":memory:":
            folder = os.path.dirname(os.path.abspath(path))
            try:
                os.makedirs(folder, exist_ok=True)
            except OSError as e:
                raise ValueError("--store %s: %s" % (path, e.strerror)) from None
        elif not new:
            if not stat.S_ISREG(os.stat(path).st_mode):
                raise ValueError("--store %s: not a regular file, so not a store" % path)
            if not is_sqlite(path):
                raise ValueError("--store %s: not a store (not an SQLite file): left as it was" % path)
        try:
            self.db = sqlite3.connect(path)
        except sqlite3.Error as e:
            raise ValueError("--store %s: %s" % (path, e)) from None
        try:
            if new:
                self.db.executescript(SCHEMA)
                self.db.execute("PRAGMA application_id = %d" % APP_ID)
            else:
                self._recognise()
        except sqlite3.Error as e:
            self.db.close()
            raise ValueError("--store %s: %s" % (path, trouble(e))) from None

    def _recognise(self):
        # an existing file: this store (its mark), or one made before the mark (its two
        # tables and nothing else: marked now), else refused as another program's
        mark = self.db.execute("PRAGMA application_id").fetchone()[0]
        tables = {
            name: [c for (c,) in self.db.execute("SELECT name FROM pragma_table_info(?)", (name,))]
            for (name,) in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        if mark not in (0, APP_ID) or tables != COLUMNS:
            self.db.close()
            raise ValueError(
                "--store %s: an SQLite file, but not a Leafkeeper store (tables %s): left as it was"
                % (self.path, ", ".join(sorted(tables)) or "none")
            )
        if mark != APP_ID:
            # (a read-only or busy store is still read; its first write says so)
            with contextlib.suppress(sqlite3.OperationalError), self.db:
                self.db.execute("PRAGMA application_id = %d" % APP_ID)

    def close(self):
        self.db.close()

    def solved(self, numbers, limit):
        # the deals of the range (a range of numbers) held for this solver version and limit
        rows = self.db.execute(
            "SELECT deal FROM solves WHERE solver = ? AND lim = ? AND deal BETWEEN ? AND ?",
            (solver.VERSION, limit, numbers[0], numbers[-1]),
        )
        return {r[0] for r in rows}

    def played(self, numbers, player):
        rows = self.db.execute(
            "SELECT deal FROM players WHERE player = ? AND deal BETWEEN ? AND ?",
            (player_key(player), numbers[0], numbers[-1]),
        )
        return {r[0] for r in rows}

    def add(self, number, limit, solved, hint, player="hint"):
        """One deal's new results, committed at once. solved: (result, positions, line,
        cpu_s) or None; hint: player's game, (won, steps, stop, cpu_s) or None."""
        with self.db:
            if solved is not None:
                result, positions, line, cpu_s = solved
                self.db.execute(
                    "INSERT OR REPLACE INTO solves VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        number,
                        solver.VERSION,
                        limit,
                        result,
                        positions,
                        json.dumps(solver.moves_json(line), separators=(",", ":")),
                        cpu_s,
                    ),
                )
            if hint is not None:
                won, steps, stop, cpu_s = hint
                self.db.execute(
                    "INSERT OR REPLACE INTO players VALUES (?, ?, ?, ?, ?, ?)",
                    (number, player_key(player), int(won), steps, stop, cpu_s),
                )

    def _where(self, numbers, limit):
        return (solver.VERSION, limit, numbers[0], numbers[-1])

    def totals(self, numbers, limit, hints, player="hint"):
        """-> the report's figures for the range, read from the store."""
        counts = {"won": 0, "lost": 0, "unknown": 0}
        nodes = 0
        solve_s = 0.0
        for result, k, n, s in self.db.execute(
            "SELECT result, COUNT(*), SUM(positions), SUM(cpu_s) FROM solves"
            " WHERE solver = ? AND lim = ? AND deal BETWEEN ? AND ? GROUP BY result",
            self._where(numbers, limit),
        ):
            counts[result] = k
            nodes += n
            solve_s += s
        unknown = [
            r[0]
            for r in self.db.execute(
                "SELECT deal FROM solves WHERE solver = ? AND lim = ? AND deal BETWEEN ? AND ?"
                " AND result = 'unknown' ORDER BY deal",
                self._where(numbers, limit),
            )
        ]
        hint_won = 0
        hint_s = 0.0
        hint_stops = {}
        for stop, k, w, s in self.db.execute(
            "SELECT stop, COUNT(*), SUM(won), SUM(cpu_s) FROM players"
            " WHERE player = ? AND deal BETWEEN ? AND ? GROUP BY stop",
            (player_key(player), numbers[0], numbers[-1]),
        ):
            hint_stops[stop] = k
            hint_won += w
            hint_s += s
        return {
            "deals": len(numbers),
            "first": numbers[0],
            "last": numbers[-1],
            "limit": limit,
            "counts": counts,
            "nodes": nodes,
            "solve_cpu_s": solve_s,
            "hint_won": hint_won if hints else None,
            "hint_cpu_s": hint_s,
            "hint_stops": hint_stops,
            "player": player,
            "unknown": unknown,
        }

    def _with_hint(self, columns, numbers, limit):
        # the range's deals held for this solver version and limit, by deal number, each
        # with the hint player's game where the store has one (its columns None if not)
        return self.db.execute(
            "SELECT "
            + columns
            + " FROM solves s LEFT JOIN players p ON p.deal = s.deal AND p.player = ?"
            " WHERE s.solver = ? AND s.lim = ? AND s.deal BETWEEN ? AND ? ORDER BY s.deal",
            (player_key("hint"),) + self._where(numbers, limit),
        ).fetchall()

    def ratings(self, numbers, limit):
        """-> [(deal, result, positions, hint won: 1, 0 or None when not played)] of the
        range's deals held for this solver version and limit, by deal number."""
        return self._with_hint("s.deal, s.result, s.positions, p.won", numbers, limit)

    def check_export(self, path):
        """ValueError when a CSV written to path would replace what is no earlier export:
        this store, another SQLite file, or a FIFO, a device or a folder."""
        if not os.path.exists(path):
            return
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise ValueError("--export %s: not a regular file: nothing written" % path)
        if self.path != ":memory:" and os.path.samefile(path, self.path):
            raise ValueError("--export %s is the store itself: give the CSV another name" % path)
        if is_sqlite(path):
            raise ValueError("--export %s is an SQLite file (a store?): left as it was" % path)

    def export(self, numbers, limit, path):
        """Writes the range's rows (this solver version and limit) to a CSV file, one deal
        a row, with the hint player's game where the store has it; -> rows written."""
        self.check_export(path)
        rows = self._with_hint(
            "s.deal, s.solver, s.lim, s.result, s.positions, s.moves, p.won, p.steps, p.stop",
            numbers,
            limit,
        )
        with open(path, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(CSV_HEADER)
            w.writerows(rows)
        return len(rows)
