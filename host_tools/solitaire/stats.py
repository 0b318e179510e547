"""Win rates over a range of numbered deals: the open-card solver, and a player who sees
only what is face up: the device's hint played greedily, or (--player sample) the
sampling player of player.py.

`leafkeeper solitaire stats --deals 1-10000` runs every deal on every core
(multiprocessing; --dask ADDRESS: on a Dask cluster's workers), records each in the store
(store.py) and prints, from the store, the shares of won, lost and unknown deals and the
player's win rate, each with its 95 % Wilson interval, and the time taken.
"""

import math
import multiprocessing
import os
import signal
import socket
import struct
import time

from rules import solitaire as rules
from rules import solitaire_hint

from host_tools.mpybuild import ROOT
from host_tools.solitaire import player as sampler
from host_tools.solitaire import solver
from host_tools.solitaire.store import Store

DASK_WAIT_S = 5  # a Dask scheduler answers a connection in milliseconds
HINT_STEPS = 5000  # the greedy player stops here (never reached in deals 1-10000)


def play_hints(game):
    """Follow the hint until it has nothing to say -> (won, steps, why it stopped).

    The hint only ever sees face-up cards; the player applies its move or deals. A
    position seen before ends the game too (the hint is not guaranteed never to circle)."""
    g = game.copy()
    seen = set()
    steps = 0
    while steps < HINT_STEPS:
        h = solitaire_hint.hint(g)
        if h is None:
            return rules.won(g), steps, "won" if rules.won(g) else "no hint"
        if h == rules.DEAL:
            rules.deal(g)
        else:
            rules.move(g, h[0], h[1], h[2])
        steps += 1
        key = (tuple(tuple(p) for p in g.piles), tuple(g.down), g.dealt)
        if key in seen:
            return rules.won(g), steps, "repeat"
        seen.add(key)
    return rules.won(g), steps, "steps"


def one(args):
    # the work for one deal, in a worker process: what the store does not hold yet
    number, limit, solve, hints, player = args
    game = rules.new_game(number)
    solved = None
    if solve:
        t = time.process_time()  # CPU time: what a deal costs whatever else is running
        res = solver.solve(game, limit)
        solved = (res.result, res.nodes, res.moves, time.process_time() - t)
    hint = None
    if hints:
        t = time.process_time()
        won, steps, why = (play_hints if player == "hint" else sampler.play_sample)(game)
        hint = (won, steps, why, time.process_time() - t)
    return number, solved, hint


def parse_range(text):
    # "1-10000" or "617" -> range
    a, _, b = text.partition("-")
    lo = int(a)
    hi = int(b) if b else lo
    if not 1 <= lo <= hi <= rules.NUMBERS:
        raise ValueError("deals are numbered 1 to %d: %s" % (rules.NUMBERS, text))
    return range(lo, hi + 1)


def run(
    numbers,
    limit=solver.DEFAULT_LIMIT,
    jobs=None,
    hints=True,
    progress=None,
    store=None,
    player="hint",
    dask=None,
):
    """-> dict of totals over the deals, read from the store (a Store; by default one in
    memory) once the deals it lacks are computed and committed, each as it finishes.
    player: who plays each deal (hints: whether one does), "hint" (play_hints) or
    "sample" (player.play_sample, which does not peek either).
    jobs: processes, at most one per core (the default) and one deal to compute each:
    more would only share the cores. dask: the address of a Dask scheduler whose workers
    compute the deals instead ("local": a cluster of `jobs` processes on this machine);
    ValueError if dask.distributed is not installed."""
    db = store or Store(":memory:")
    solved = db.solved(numbers, limit)
    played = db.played(numbers, player) if hints else set()
    work = []
    for n in numbers:
        todo = (n not in solved, hints and n not in played)
        if any(todo):
            work.append((n, limit) + todo + (player,))
    cores = os.cpu_count() or 1
    jobs = max(1, min(jobs or cores, cores, len(work)))
    counts = {"won": 0, "lost": 0, "unknown": 0}
    t0 = time.perf_counter()
    pool = None
    if dask:
        results, pool = _dask(dask, jobs, work)
    elif jobs == 1:
        results = map(one, work)
    else:
        pool = multiprocessing.get_context("fork").Pool(jobs, initializer=_main_takes_ctrl_c)
        results = pool.imap_unordered(one, work, chunksize=4)
    try:
        for done, (number, new, hint) in enumerate(results, 1):
            db.add(number, limit, new, hint, player)
            if new is not None:
                counts[new[0]] += 1
            if progress and done % 500 == 0:
                progress(done, len(work), counts)
    except BaseException:
        # Ctrl-C, or a store that takes no more: the deals in flight are dropped at once
        # (close() would have the workers compute every deal left, for nothing)
        if pool is not None:
            pool.terminate()
        raise
    if pool is not None:
        pool.close()
        pool.join()
    totals = db.totals(numbers, limit, hints, player)
    wall_s = time.perf_counter() - t0
    totals.update(jobs=jobs, computed=len(work), wall_s=wall_s, store=store and store.path)
    if store is None:
        db.close()
    return totals


def _main_takes_ctrl_c():
    # a worker: the terminal's Ctrl-C reaches the whole process group, and a worker it
    # interrupts dies with its deal lost, which the pool then waits for for ever; the
    # main process alone takes it, and ends the workers (run)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Pool:
    # a multiprocessing pool's close() and terminate() for a Dask client (and its local
    # cluster): closing them cancels what they still compute
    def __init__(self, *parts):
        self.parts = parts

    def close(self):
        for p in self.parts:
            p.close()

    terminate = close

    def join(self):
        pass  # the client's and the cluster's close() have waited for their workers


def _dask(address, jobs, work):
    # -> (one()'s results as they finish on the cluster at address, its _Pool)
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise ValueError("--dask needs dask.distributed: pip install 'leafkeeper[dask]'") from None
    if address == "local":
        # the workers import this checkout's code, as the processes of a local run do
        cluster = LocalCluster(
            n_workers=jobs,
            threads_per_worker=1,
            dashboard_address=None,  # pyright: ignore[reportArgumentType] - None: no dashboard, as its docs say
            env={"PYTHONPATH": ROOT},
        )
        client = Client(cluster)
        parts = (client, cluster)
    else:
        _check_scheduler(address)
        try:
            client = Client(address, timeout=DASK_WAIT_S)
        except (OSError, MemoryError) as e:  # MemoryError: a length read from another protocol
            why = str(e) or type(e).__name__
            raise ValueError("--dask %s: no Dask scheduler there (%s)" % (address, why)) from None
        parts = (client,)
    futures = client.map(one, work, pure=False)
    return (f.result() for f in as_completed(futures)), _Pool(*parts)


def _check_scheduler(address):
    # A Dask scheduler speaks first on a connection: its handshake, one frame whose
    # first 8 bytes are its length (little-endian). Checked here, in seconds, as the
    # client would wait 30 s for a port where nothing listens and read a web server's
    # answer as a frame of petabytes (MemoryError), or wait for ever for its silence.
    from distributed.comm.addressing import parse_address, parse_host_port

    scheme, where = parse_address(address)
    if scheme != "tcp":
        return  # (tls and the others: the client's own checks)
    try:
        with socket.create_connection(parse_host_port(where), timeout=DASK_WAIT_S) as s:
            head = b""
            while len(head) < 8:
                got = s.recv(8 - len(head))
                if not got:
                    break
                head += got
    except TimeoutError:
        head = b""
    except (OSError, ValueError) as e:
        why = getattr(e, "strerror", None) or e
        raise ValueError("--dask %s: no Dask scheduler there (%s)" % (address, why)) from None
    if len(head) < 8 or struct.unpack("<Q", head)[0] > 1 << 20:
        raise ValueError(
            "--dask %s: something answers there, but not as a Dask scheduler does" % address
        )


def _pct(k, n):
    return "%5.1f%%" % (100.0 * k / n) if n else "  -  "


def wilson(k, n, z=1.96):
    # the 95 % Wilson score interval of a share k/n -> (low, high)
    if not n:
        return 0.0, 1.0
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, mid - half), min(1.0, mid + half)


def _ci(k, n):
    lo, hi = wilson(k, n)
    return "95%% %.1f-%.1f%%" % (100 * lo, 100 * hi)


PLAYER_NAMES = {
    "hint": "Hint played greedily (sees only face-up cards)",
    "sample": "Sampling player (sees only face-up cards, samples the unseen ones)",
}


def report(t, list_unknown=False):
    n = t["deals"]
    c = t["counts"]
    lines = [
        "Autumn Leaves solitaire, deals %d-%d (%s deals)" % (t["first"], t["last"], format(n, ",")),
        "Open-card solver (every card known), limit %s positions a deal:" % format(t["limit"], ","),
        "  won      %7s  %s  %s  (a winning line found and replayed through the rules)"
        % (format(c["won"], ","), _pct(c["won"], n), _ci(c["won"], n)),
        "  lost     %7s  %s  %s  (proven: every reachable position searched)"
        % (format(c["lost"], ","), _pct(c["lost"], n), _ci(c["lost"], n)),
        "  unknown  %7s  %s  %s  (unresolved at the limit)"
        % (format(c["unknown"], ","), _pct(c["unknown"], n), _ci(c["unknown"], n)),
        "  %s positions searched, %.0f s of solver CPU time: %.1f deals solved a CPU-second"
        % (
            format(t["nodes"], ","),
            t["solve_cpu_s"],
            n / t["solve_cpu_s"] if t["solve_cpu_s"] else 0.0,
        ),
    ]
    if t["hint_won"] is not None:
        stops = ", ".join("%s %d" % (k, v) for k, v in sorted(t["hint_stops"].items()))
        lines.append(
            "%s: won %s of %s = %s, %s  (%.0f s of CPU; stopped: %s)"
            % (
                PLAYER_NAMES[t["player"]],
                format(t["hint_won"], ","),
                format(n, ","),
                _pct(t["hint_won"], n).strip(),
                _ci(t["hint_won"], n),
                t["hint_cpu_s"],
                stops,
            )
        )
    k = t["computed"]
    lines.append(
        "Wall time %.0f s on %d process%s: %.1f deals a second"
        % (
            t["wall_s"],
            t["jobs"],
            "" if t["jobs"] == 1 else "es",
            k / t["wall_s"] if t["wall_s"] else 0.0,
        )
    )
    if t["store"]:
        lines.append(
            "Store %s: %s deals computed by this run, %s already held (solver version %d)"
            % (t["store"], format(k, ","), format(n - k, ","), solver.VERSION)
        )
    if list_unknown:
        lines.append("Unresolved deals: " + (" ".join(str(k) for k in t["unknown"]) or "none"))
    return "\n".join(lines)
