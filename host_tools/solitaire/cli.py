"""`leafkeeper solitaire solve N` and `leafkeeper solitaire stats --deals A-B`.

solve --json prints one JSON object:
  {"deal": {"piles": [{"cards": ["8D", "6D", "8S", "7H"], "down": 3}, ... six piles],
            "stock": ["3S", "AS", ... 30 cards in the order they are dealt]},
   "result": "won" | "lost" | "unknown",
   "moves": [{"from": 2, "to": 4, "count": 1}, {"deal": true}, ...]}
Piles are numbered 0-5 left to right, cards listed bottom card first; "down" is how many
of them (from the bottom) are face down. A card is rank then suit: AS, TD, KH, 9C.
"count" cards move from the top of pile "from" onto pile "to"; {"deal": true} is Rule 5
(pile 0 gets the next stock card, then pile 1, ...). "moves" is the winning line when
the result is "won", else empty.
"""

import json
import os
import sqlite3
import sys

from rules import solitaire as rules

from host_tools.solitaire import rate, solver, stats, store


def deal_json(game):
    piles = [
        {"cards": [rules.name(c) for c in p], "down": d} for p, d in zip(game.piles, game.down)
    ]
    return {"piles": piles, "stock": [rules.name(c) for c in game.stock[6 * game.dealt :]]}


def result_json(game, res):
    return {"deal": deal_json(game), "result": res.result, "moves": solver.moves_json(res.moves)}


def _describe(game, line):
    # the line in words, replayed through the rules: "9C-8C: pile 3 -> pile 1"
    g = game.copy()
    out = []
    for i, m in enumerate(line):
        if m == rules.DEAL:
            out.append("%4d. deal (%d left)" % (i + 1, g.left() - 6))
            rules.deal(g)
            continue
        src, dst, k = m
        block = g.piles[src][-k:]
        cards = (
            rules.label(block[0])
            if k == 1
            else rules.label(block[0]) + "-" + rules.label(block[-1])
        )
        onto = rules.label(g.piles[dst][-1]) if g.piles[dst] else "empty pile"
        out.append("%4d. %s: pile %d -> pile %d (%s)" % (i + 1, cards, src + 1, dst + 1, onto))
        rules.move(g, src, dst, k)
    return out


def _show_deal(number, game):
    lines = ["Deal %d (piles 1-6, bottom card first; face-down cards in brackets):" % number]
    for p in range(rules.PILES):
        a = game.piles[p]
        d = game.down[p]
        cards = ["[%s]" % rules.label(c) if j < d else rules.label(c) for j, c in enumerate(a)]
        lines.append("  pile %d: %s" % (p + 1, " ".join(cards)))
    for k in range(game.dealt, rules.DEALS):
        row = game.stock[6 * k : 6 * k + 6]
        lines.append("  deal %d: %s" % (k + 1, " ".join(rules.label(c) for c in row)))
    return lines


def cmd_solve(args):
    try:
        game = rules.new_game(args.number)
        if args.limit < 1:
            raise ValueError("--limit must be at least 1")
    except ValueError as e:
        print("leafkeeper: " + str(e), file=sys.stderr)
        return 2
    res = solver.solve(game, args.limit)
    if args.json:
        print(json.dumps(result_json(game, res)))
        return 0
    out = _show_deal(args.number, game)
    nodes = _positions(res.nodes)
    if res.result == "won":
        out.append(
            "Won: a winning line of %d moves (%s searched, limit %s):"
            % (len(res.moves), nodes, format(args.limit, ","))
        )
        out.extend(_describe(game, res.moves))
    elif res.result == "lost":
        out.append(
            "Lost: no line wins; every one of the %s reachable was searched." % nodes
        )
    else:
        out.append(
            "Unknown: no win found and no proof of a loss within the limit of %s"
            " (--limit raises it)." % _positions(args.limit)
        )
    print("\n".join(out))
    return 0


def _positions(n):
    # "1 position", "4,760 positions"
    return "%s position%s" % (format(n, ","), "" if n == 1 else "s")


def cmd_stats(args):
    try:
        numbers = stats.parse_range(args.deals)
        if args.limit < 1:
            raise ValueError("--limit must be at least 1")
        if args.jobs is not None and args.jobs < 1:
            raise ValueError("--jobs must be at least 1")
        db = store.Store(args.store)
    except ValueError as e:
        print("leafkeeper: " + str(e), file=sys.stderr)
        return 2

    def progress(done, total, counts):
        print("  %d/%d: %r" % (done, total, counts), file=sys.stderr, flush=True)

    try:
        say = progress if args.progress else None
        try:
            if args.export:
                db.check_export(args.export)  # before the run, not after its hours
            totals = stats.run(
                numbers, args.limit, args.jobs, not args.no_hint, say, db, args.player, args.dask
            )
        except ValueError as e:
            print("leafkeeper: " + str(e), file=sys.stderr)
            return 2
        except sqlite3.Error as e:
            # read-only, locked, full or damaged: at the first write or read that fails
            print("leafkeeper: --store %s: %s" % (args.store, store.trouble(e)), file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            print(
                "leafkeeper: stopped (Ctrl-C); the deals finished are kept in %s, and the same"
                " command computes the rest" % args.store,
                file=sys.stderr,
            )
            return 130
        print(stats.report(totals, args.list_unknown))
        if args.export:
            try:
                rows = db.export(numbers, args.limit, args.export)
            except OSError as e:
                print("leafkeeper: --export %s: %s" % (args.export, e.strerror), file=sys.stderr)
                return 2
            print("Exported %s deals to %s" % (format(rows, ","), args.export))
    finally:
        db.close()
    return 0


def cmd_rate(args):
    try:
        numbers = stats.parse_range(args.deals)
        if args.per_level < 1:
            raise ValueError("--per-level must be at least 1")
        if not os.path.exists(args.store):
            raise ValueError(
                "--store %s: no such file (`solitaire stats --store` fills one)" % args.store
            )
        db = store.Store(args.store)
    except ValueError as e:
        print("leafkeeper: " + str(e), file=sys.stderr)
        return 2
    try:
        r = rate.rate(db.ratings(numbers, args.limit), args.per_level)
    except sqlite3.Error as e:
        print("leafkeeper: --store %s: %s" % (args.store, store.trouble(e)), file=sys.stderr)
        return 2
    finally:
        db.close()
    print(rate.report(r, numbers, args.limit))
    if not all(r["levels"]):
        # the device offers every level: each needs a deal
        print("leafkeeper: a level has no deal in this range: nothing written", file=sys.stderr)
        return 1
    if args.write:
        try:
            with open(args.write, "w") as f:
                f.write(rate.module(r, numbers, args.limit, args.per_level))
        except OSError as e:
            print("leafkeeper: --write %s: %s" % (args.write, e.strerror), file=sys.stderr)
            return 2
        print("Wrote " + args.write)
    return 0


def _limit(p, what):
    # the solver's search bound, the same option for one deal and for a range
    p.add_argument("--limit", type=int, default=solver.DEFAULT_LIMIT, help=what + " (default %(default)s)")


def add_parser(sub):
    s = sub.add_parser("solitaire", help="Autumn Leaves solitaire: solve numbered deals, win rates")
    ss = s.add_subparsers(dest="solitaire_cmd", required=True)

    v = ss.add_parser("solve", help="can deal N be won with every card known?")
    v.add_argument("number", type=int, help="deal number, 1 to 1000000")
    v.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object (see host_tools/solitaire/cli.py)",
    )
    _limit(v, "positions to search before giving up")
    v.set_defaults(func=cmd_solve)

    t = ss.add_parser("stats", help="win rates over a range of deals (every core)")
    t.add_argument(
        "--deals",
        default="1-1000",
        help="a range of deal numbers, e.g. 1-10000 (default %(default)s)",
    )
    _limit(t, "positions per deal")
    t.add_argument(
        "--jobs", type=int, default=None, help="processes (default and most: one per core)"
    )
    t.add_argument("--no-hint", action="store_true", help="skip the player")
    t.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="compute the deals on the Dask cluster whose scheduler is at ADDRESS"
        " (tcp://host:8786; 'local': --jobs processes here); needs leafkeeper[dask]",
    )
    t.add_argument(
        "--player",
        choices=sorted(stats.PLAYER_NAMES),
        default="hint",
        help="who plays each deal without peeking: the device's hint followed greedily, or"
        " the sampling player (host_tools/solitaire/player.py; slow) (default %(default)s)",
    )
    t.add_argument("--progress", action="store_true", help="report every 500 deals on stderr")
    t.add_argument(
        "--list-unknown", action="store_true", help="print the numbers of the unresolved deals"
    )
    t.add_argument(
        "--store",
        default=store.default_path(),
        help="the SQLite file of per-deal results: held deals are not solved again,"
        " a stopped run resumes (default %(default)s)",
    )
    t.add_argument(
        "--export",
        metavar="FILE.csv",
        help="write the range's results, one deal a row, to a CSV file",
    )
    t.set_defaults(func=cmd_stats)

    r = ss.add_parser("rate", help="rate the store's deals easy/medium/hard for the device")
    r.add_argument("--deals", default="1-20000", help="the range to rate (default %(default)s)")
    _limit(r, "the solver limit the store's results were computed at")
    r.add_argument(
        "--per-level",
        type=int,
        default=rate.PER_LEVEL,
        help="deals kept a level, spread over the range (default %(default)s)",
    )
    r.add_argument(
        "--store",
        default=store.default_path(),
        help="the SQLite file `solitaire stats` filled (default %(default)s)",
    )
    r.add_argument(
        "--write",
        nargs="?",
        const=rate.TABLE,
        metavar="FILE",
        help="write the firmware's table (default file: firmware/rules/solitaire_levels.py)",
    )
    r.set_defaults(func=cmd_rate)
