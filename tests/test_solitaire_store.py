# The store of every Solitaire deal (host_tools/solitaire/store.py) behind `leafkeeper
# solitaire stats --store FILE`: what it holds is checked against `solve N --json` and the
# hint player run again here, never against the store's own output. A few deals at a
# small limit keep it fast.
import csv
import json
import os
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import threading
import time

import pytest
from rules import solitaire as sol

from host_tools.solitaire import player as sampler
from host_tools.solitaire import solver, stats, store
from host_tools.solitaire.store import Store

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIMIT = 5000
DEALS = range(1, 7)  # won and unknown deals both at this limit (2, 3 and 4 unknown)


def cli(*args, timeout=120, **kw):
    # this checkout's `leafkeeper ARGS` (the installed script may be another checkout's)
    return subprocess.run(
        [sys.executable, "-m", "host_tools.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        **kw,
    )


def stats_args(path, deals="1-6", limit=LIMIT):
    return (
        "solitaire",
        "stats",
        "--deals",
        deals,
        "--limit",
        str(limit),
        "--jobs",
        "1",
        "--store",
        str(path),
    )


def rows(path):
    # every solver and player row, less the CPU times (which no two runs share)
    with sqlite3.connect(path) as db:
        return (
            db.execute(
                "SELECT deal, solver, lim, result, positions, moves FROM solves ORDER BY deal"
            ).fetchall(),
            db.execute(
                "SELECT deal, player, won, steps, stop FROM players ORDER BY deal"
            ).fetchall(),
        )


def counting(monkeypatch):
    # -> the list of deals handed to the solver and to the hint player, call by call
    calls = []
    solve, play = solver.solve, stats.play_hints

    def counted_solve(game, limit):
        calls.append("solve")
        return solve(game, limit)

    def counted_play(game):
        calls.append("hint")
        return play(game)

    monkeypatch.setattr(solver, "solve", counted_solve)
    monkeypatch.setattr(stats, "play_hints", counted_play)
    return calls


def test_the_store_holds_what_solve_json_gives(tmp_path):
    path = tmp_path / "deals.sqlite"
    r = cli(*stats_args(path))
    assert r.returncode == 0, r.stderr
    assert "6 deals computed by this run, 0 already held" in r.stdout
    solves, players = rows(path)
    assert [s[0] for s in solves] == list(DEALS) and [p[0] for p in players] == list(DEALS)
    results = set()
    for (deal, version, lim, result, positions, moves), (_, player, won, steps, stop) in zip(
        solves, players
    ):
        j = json.loads(cli("solitaire", "solve", str(deal), "--json", "--limit", str(LIMIT)).stdout)
        assert (version, lim, result, json.loads(moves)) == (
            solver.VERSION,
            LIMIT,
            j["result"],
            j["moves"],
        )
        assert positions == solver.solve_number(deal, LIMIT).nodes
        assert (player, bool(won), steps, stop) == (
            "hint " + store.hint_digest(),
        ) + stats.play_hints(sol.new_game(deal))
        results.add(result)
    assert results == {"won", "unknown"}  # both kinds of row were checked


def test_a_second_run_computes_nothing_new(tmp_path, monkeypatch):
    calls = counting(monkeypatch)
    db = Store(str(tmp_path / "deals.sqlite"))
    first = stats.run(DEALS, LIMIT, jobs=1, store=db)
    assert calls == ["solve", "hint"] * 6 and first["computed"] == 6
    del calls[:]
    again = stats.run(DEALS, LIMIT, jobs=1, store=db)
    assert calls == [] and again["computed"] == 0
    # the same tables, read from the store
    for key in ("counts", "nodes", "hint_won", "hint_stops", "unknown"):
        assert again[key] == first[key], key
    # a wider range solves only the deals it adds
    stats.run(range(1, 9), LIMIT, jobs=1, store=db)
    assert calls == ["solve", "hint"] * 2


def test_a_store_of_another_solver_version_or_limit_is_not_reused(tmp_path, monkeypatch):
    calls = counting(monkeypatch)
    db = Store(str(tmp_path / "deals.sqlite"))
    stats.run(DEALS, LIMIT, jobs=1, store=db)
    del calls[:]
    monkeypatch.setattr(solver, "VERSION", solver.VERSION + 1)
    newer = stats.run(DEALS, LIMIT, jobs=1, store=db)
    # the hint player does not depend on the solver: its games are kept
    assert calls == ["solve"] * 6 and newer["computed"] == 6
    del calls[:]
    stats.run(DEALS, LIMIT // 2, jobs=1, store=db)
    assert calls == ["solve"] * 6
    # the older version's rows are still there, and not counted as this one's
    assert len(rows(db.path)[0]) == 18 and sum(newer["counts"].values()) == 6


def test_a_changed_player_plays_again(tmp_path, monkeypatch):
    # the hint is firmware: an edit of its rules gives it another digest, and its games
    # are played again rather than read as the old hint's; the solves are kept
    calls = counting(monkeypatch)
    db = Store(str(tmp_path / "deals.sqlite"))
    stats.run(DEALS, LIMIT, jobs=1, store=db)
    del calls[:]
    monkeypatch.setattr(store, "hint_digest", lambda: "edited")
    again = stats.run(DEALS, LIMIT, jobs=1, store=db)
    assert calls == ["hint"] * 6 and again["computed"] == 6
    # the sampling player's key changes with its version, the solver's and the hint's
    keys = {store.player_key("sample")}
    for mod, name in ((sampler, "VERSION"), (solver, "VERSION")):
        monkeypatch.setattr(mod, name, getattr(mod, name) + 1)
        keys.add(store.player_key("sample"))
    assert len(keys) == 3 and store.player_key("hint") == "hint edited"


def test_a_comment_keeps_the_digest_and_code_changes_it(tmp_path):
    # the hint's version is the digest of its code: a comment or a blank line edited
    # keeps a store's games, a changed weight does not
    base = "W = 2  # a weight\n\ndef f(x):\n    return x * W\n"
    variants = {
        "same": base,
        "comment": "# the hint\nW = 2  # a weight, said otherwise\n\n\ndef f(x):\n    return x * W\n",
        "code": base.replace("W = 2", "W = 3"),
    }
    digests = {}
    for name, text in variants.items():
        path = tmp_path / (name + ".py")
        path.write_text(text)
        digests[name] = store.code_digest([str(path)])
    assert digests["same"] == digests["comment"] != digests["code"]


def test_a_killed_run_resumes_to_the_same_store(tmp_path):
    whole = tmp_path / "whole.sqlite"
    stats.run(range(1, 21), 10000, jobs=1, store=Store(str(whole)))
    path = tmp_path / "killed.sqlite"
    child = subprocess.Popen(
        [sys.executable, "-m", "host_tools.cli", *stats_args(path, "1-20", 10000)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    committed = 0
    deadline = time.monotonic() + 60
    try:
        while committed < 3 and time.monotonic() < deadline:
            time.sleep(0.02)
            if path.exists():
                with sqlite3.connect(path, timeout=10) as db:
                    if db.execute(
                        "SELECT name FROM sqlite_master WHERE name = 'solves'"
                    ).fetchone():
                        committed = db.execute("SELECT COUNT(*) FROM solves").fetchone()[0]
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait()
    assert child.returncode == -signal.SIGKILL
    with sqlite3.connect(path) as db:
        kept = db.execute("SELECT COUNT(*) FROM solves").fetchone()[0]
    assert 3 <= kept < 20, kept  # killed mid-way, with some deals committed
    r = cli(*stats_args(path, "1-20", 10000))
    assert r.returncode == 0, r.stderr
    assert "%d deals computed by this run, %d already held" % (20 - kept, kept) in r.stdout
    assert rows(path) == rows(whole)


def test_export_writes_one_csv_row_a_deal(tmp_path):
    out = tmp_path / "deals.csv"
    r = cli(*stats_args(tmp_path / "deals.sqlite"), "--export", str(out))
    assert r.returncode == 0, r.stderr
    assert "Exported 6 deals to %s" % out in r.stdout
    with open(out, newline="") as f:
        got = list(csv.reader(f))
    assert got[0] == [
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
    assert len(got) == 7
    for row, deal in zip(got[1:], DEALS):
        res = solver.solve_number(deal, LIMIT)
        won, steps, stop = stats.play_hints(sol.new_game(deal))
        assert row[:5] == [str(deal), str(solver.VERSION), str(LIMIT), res.result, str(res.nodes)]
        assert json.loads(row[5]) == solver.moves_json(res.moves)
        assert row[6:] == [str(int(won)), str(steps), stop]


def test_a_file_that_is_no_store_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("my notes, not a database\n" * 100)
    r = cli(*stats_args(path))
    assert r.returncode == 2 and r.stdout == ""
    assert (
        r.stderr.startswith("leafkeeper: --store %s: not a store" % path)
        and r.stderr.count("\n") == 1
    )
    assert path.read_text() == "my notes, not a database\n" * 100


def test_dask_local_gives_the_rows_of_a_local_run(tmp_path):
    # the same deals on a Dask cluster of two processes here: deal for deal the same
    # results, positions and lines as one process without Dask
    here, cluster = tmp_path / "here.sqlite", tmp_path / "dask.sqlite"
    r = cli(*stats_args(here))
    assert r.returncode == 0, r.stderr
    r = cli(*stats_args(cluster)[:-4], "--jobs", "2", "--dask", "local", "--store", str(cluster))
    assert r.returncode == 0, r.stderr
    assert "6 deals computed by this run" in r.stdout
    assert rows(cluster) == rows(here) and len(rows(here)[0]) == 6


# -- hardening, fourth pass (issue 41) ------------------------------------------------------


def one_line(r, *words):
    # refused with one line on stderr (no traceback) naming what was wrong
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    err = r.stderr.strip()
    assert len(err.splitlines()) == 1 and err.startswith("leafkeeper: "), err
    for w in words:
        assert w in err, err


def test_an_export_over_the_store_or_another_sqlite_file_is_refused(tmp_path):
    path = tmp_path / "deals.sqlite"
    r = cli(*stats_args(path))
    assert r.returncode == 0, r.stderr
    before = path.read_bytes()
    one_line(cli(*stats_args(path), "--export", str(path)), "is the store")
    assert path.read_bytes() == before  # (the CSV was written over it, rc 0)
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    kept = other.read_bytes()
    one_line(cli(*stats_args(path), "--export", str(other)), "SQLite file")
    assert other.read_bytes() == kept and path.read_bytes() == before


def test_another_programs_sqlite_file_is_refused_and_left_alone(tmp_path):
    for name, sql in (
        ("notes.sqlite", "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)"),
        ("chess.sqlite", "CREATE TABLE solves (puzzle TEXT, seconds REAL)"),
    ):
        path = tmp_path / name
        with sqlite3.connect(path) as db:
            db.execute(sql)
        before = path.read_bytes()
        one_line(cli(*stats_args(path)), "not a Leafkeeper store")
        assert path.read_bytes() == before, name  # (it gained the store's tables)
        assert not os.path.exists(str(path) + "-journal")
    # a store made before stores were marked is still one, and is marked on use
    old = tmp_path / "old.sqlite"
    with sqlite3.connect(old) as db:
        db.executescript(store.SCHEMA)
    r = cli(*stats_args(old))
    assert r.returncode == 0, r.stderr
    with sqlite3.connect(old) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == store.APP_ID


def test_a_damaged_store_is_one_line(tmp_path):
    path = tmp_path / "deals.sqlite"
    assert cli(*stats_args(path)).returncode == 0
    data = bytearray(path.read_bytes())
    data[4096 + 8 : 8192] = b"\xa5" * (4096 - 8)  # the solves table's page, past its header
    path.write_bytes(bytes(data))
    one_line(cli(*stats_args(path)), "damaged (database disk image is malformed)")
    assert path.read_bytes() == bytes(data)
    r = cli("solitaire", "rate", "--deals", "1-6", "--limit", str(LIMIT), "--store", str(path))
    one_line(r, "damaged (database disk image is malformed)")


def _committed(path):
    # deals the store at path holds so far (0 before it has its table)
    if not path.exists():
        return 0
    with sqlite3.connect(path, timeout=10) as db:
        if not db.execute("SELECT name FROM sqlite_master WHERE name = 'solves'").fetchone():
            return 0
        return db.execute("SELECT COUNT(*) FROM solves").fetchone()[0]


def _long_run(path):
    # `solitaire stats --jobs 2` over deals that take minutes, in a session of its own
    # (its process group is what a terminal's Ctrl-C reaches); -> (child, deals committed)
    args = list(stats_args(path, "1-5000", 20000))
    args[args.index("--jobs") + 1] = "2"
    child = subprocess.Popen(
        [sys.executable, "-m", "host_tools.cli", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while _committed(path) < 4 and time.monotonic() < deadline:
        time.sleep(0.05)
    return child, _committed(path)


def test_ctrl_c_ends_stats_on_two_processes_within_seconds_keeping_the_deals(tmp_path):
    path = tmp_path / "deals.sqlite"
    child, done = _long_run(path)
    try:
        assert done >= 4
        os.killpg(child.pid, signal.SIGINT)  # as the terminal's Ctrl-C: the whole group
        out, err = child.communicate(timeout=15)  # (never ended: 205 s later still computing)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    assert child.returncode == 130, (out, err)
    assert len(err.strip().splitlines()) == 1 and "stopped (Ctrl-C)" in err, err
    assert _committed(path) >= done


def test_a_store_locked_mid_run_fails_at_the_first_write_in_one_line(tmp_path):
    path = tmp_path / "deals.sqlite"
    child, done = _long_run(path)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        assert done >= 4
        other.execute("BEGIN IMMEDIATE")  # another writer holds it: the run's writes fail
        t0 = time.monotonic()
        out, err = child.communicate(timeout=30)  # (went on computing every deal left)
        took = time.monotonic() - t0
    finally:
        other.close()
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    assert child.returncode == 2, (out, err)
    assert len(err.strip().splitlines()) == 1 and "locked" in err, err
    assert took < 20, took  # sqlite waits 5 s for the lock, then the run ends
    assert _committed(path) >= done


def _serve(answer):
    # a TCP server on a free port of this machine, each connection handed to answer(conn)
    # in a thread; -> (its address as --dask takes it, its socket, to close)
    server = socket.create_server(("127.0.0.1", 0))

    def loop():
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            with conn:
                answer(conn)

    threading.Thread(target=loop, daemon=True).start()
    return "tcp://127.0.0.1:%d" % server.getsockname()[1], server


def _web_server(conn):
    # as nginx does: any bytes get an HTTP error back
    conn.recv(100)
    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")


def _silent_web_server(conn):
    # as Python's http.server does with bytes that hold no line end: waits for the rest
    conn.recv(100)
    time.sleep(60)


@pytest.mark.parametrize("answer", [None, _web_server, _silent_web_server])
def test_dask_at_an_address_with_no_scheduler_is_one_line_in_seconds(tmp_path, answer):
    if answer is None:  # nothing listens there (the client tried for 30 s, then a traceback)
        free = socket.create_server(("127.0.0.1", 0))
        address = "tcp://127.0.0.1:%d" % free.getsockname()[1]
        free.close()
        server = None
    else:  # a web server (MemoryError: its answer read as a frame's length)
        address, server = _serve(answer)
    t0 = time.monotonic()
    try:
        r = cli(*stats_args(tmp_path / "deals.sqlite"), "--dask", address, timeout=40)
    finally:
        if server:
            server.close()
    one_line(r, "--dask " + address)
    assert time.monotonic() - t0 < 20


def test_a_store_at_a_device_or_a_fifo_is_refused_with_nothing_beside_it(tmp_path):
    # (a device node got its PATH-journal beside it, and the store's tables went nowhere)
    null = tmp_path / "null"
    os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # /dev/null's twin (as root)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    runs = [cli(*stats_args(path), timeout=30) for path in (null, fifo)]
    assert sorted(os.listdir(tmp_path)) == ["fifo", "null"]
    for r in runs:
        one_line(r, "not a regular file")
