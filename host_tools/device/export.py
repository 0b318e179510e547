"""Finished games from the device's saves, as CSV and JSON (used by `leafkeeper pull`).

Input: the files of the device's /data folder. Each app saves one `<app>.json` of the form
``{"v": schema version, "data": {...}}`` (firmware/core/storage.py). The exporter knows no
game in particular; it exports any save whose data is a score sheet in one of two shapes:

1. A sheet: ``data`` (or ``data["sheet"]`` / ``data["state"]``) has
   ``"players"``: a list of names (strings, or tables with a ``"name"``), and one of
   ``"hands"``, ``"rounds"``, ``"scores"``, ``"rows"``: a list of rows, one per hand or round, each row
   either a list of numbers (one per player, in player order) or a table with such a list
   under ``"scores"`` (and optionally its number under ``"no"``).
2. A journal (firmware/apps/game.py): ``{"setup": {"players": [...], ...}, "actions":
   [...], "over": bool}``. The game's own replay makes the state from it: the app module
   whose class has ``NAME == <app>`` is imported on the host (firmware/ with the
   simulator's fakes) and the device's own ``replay(rules, setup, actions, base)`` is
   called (``base``: the checkpoint a long game's oldest actions were folded into); a
   state that is a sheet as in 1. (rows under one of those keys, optionally ``totals``,
   ``winner``, ``places``, as rules/scoresheet.py makes them) is exported: a folded sheet
   keeps only its last lines, its first ``folded`` lines kept as their sum, ``base``. Without a usable replay, the actions of the form ``[tag, [n1, n2, ...]]``
   (tag ``"hand"``, ``"round"``, ``"score"`` or ``"scores"``, one number per player) are
   taken as the rows.

Optional, looked up in data, then in data["setup"]:
``"over"`` / ``"finished"`` (the game is finished), ``"winner"`` (a player index, a name,
or a list of them), ``"totals"`` (final totals, when they are not simply the sums),
``"lowest_wins"`` (bool; the default is per game, see LOWEST_WINS, else highest wins),
``"date"`` / ``"ended"`` / ``"started"`` (any text; the Pico has no clock, so usually none).

Only finished games are exported (``over`` or ``finished`` true, or a ``winner`` given);
a game in progress, a file that is not a score sheet (settings, the dice roller), a damaged
``.bad`` file and the crash log are copied by `pull` but not exported, with a note saying so.

Hostile saves are safe to export: a score that is not a finite number (1e400, NaN) makes
its row not a score row, a file nested too deep is noted and skipped, and a name that a
spreadsheet would run as a formula (=, +, -, @ first) gets a leading ' in games.csv.
Only regular files of at most MAX_BYTES are read (a FIFO would block, a symlink to
/dev/zero never end). A name holding a lone surrogate ("\ud800x", which UTF-8 cannot
hold) is written to the CSV files with '?' for it and to the JSON files as the escape
\ud800, the JSON it came in; a name printed to the terminal (`pull --stats`) has its
control characters (an escape code) shown escaped, as \x1b.

Output:
games.csv, one line per player per hand/round, columns
    game      the app's save name, e.g. autumn_leaves
    player    the player's name
    round     the hand/round number, from 1
    score     this player's score in this hand/round
    total     this player's running total after this hand/round
    place     this player's final place (1 = best; equal totals share a place)
    winner    the winner's name (several joined with " & ")
    date      the game's date when the save has one, else empty
games.json, a list with one object per exported game:
    {"game", "file", "version", "players": [names], "rounds": [[score per player], ...],
     "totals": [...], "places": [...], "winner": [names], "lowest_wins": bool, "date"}
    and, for a long game whose first rounds the device folded into one sum, "folded":
    how many (rounds holds those after them, numbered from folded + 1 in games.csv),
    "base": their points per player (games.csv's running totals start from it)
"""

import csv
import datetime
import errno
import json
import math
import os
import stat

CSV_COLUMNS = ("game", "player", "round", "score", "total", "place", "winner", "date")
ROW_KEYS = ("hands", "rounds", "scores", "rows")
ROW_TAGS = ("hand", "round", "score", "scores")
DATE_KEYS = ("date", "ended", "started")
LOWEST_WINS = ("autumn_leaves",)  # games where the lowest total wins (61 Feuilles: most acorns)
# the largest file read: the device's own bound on a save (core/storage.py MAX_BYTES); a
# page of the history or a pack of journals is a few KB
MAX_BYTES = 32768
NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # opening a FIFO does not wait for a writer
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # a symlink is not opened (ELOOP)


class NotASheet(Exception):
    """The save is not a finished score sheet; the message says why, in plain words."""


def _number(x):
    # a score: an int or a finite float (1e400 reads as inf, and JSON has no inf or NaN)
    return isinstance(x, int) and not isinstance(x, bool) or isinstance(x, float) and math.isfinite(x)


def _names(players):
    if not isinstance(players, list) or not players:
        raise NotASheet("no players")
    names = []
    for i, p in enumerate(players):
        if isinstance(p, dict):
            p = p.get("name")
        names.append(str(p) if p not in (None, "") else "Player " + str(i + 1))
    return names


def _score_row(row, n):
    if isinstance(row, dict):
        row = row.get("scores")
    if isinstance(row, list) and len(row) == n and all(_number(x) for x in row):
        return list(row)
    return None


def _rows(data, n=None):
    # the first of hands/rounds/scores that is a list -> its rows, None when there is none
    n = len(data["players"]) if n is None else n
    for key in ROW_KEYS:
        if isinstance(data.get(key), list):
            rows = [_score_row(r, n) for r in data[key]]
            if None in rows:
                raise NotASheet(f"a row of {key!r} is not one number per player")
            return rows
    return None


def _lookup(data, key):
    if key in data:
        return data[key]
    setup = data.get("setup")
    if isinstance(setup, dict):
        return setup.get(key)
    return None


def sheet(game, doc):
    """A save document -> {"players", "rounds", ...} or NotASheet."""
    if not isinstance(doc, dict) or "data" not in doc:
        raise NotASheet('not a {"v", "data"} save')
    data = doc["data"]
    if not isinstance(data, dict):
        raise NotASheet("no score sheet")
    for inner in ("sheet", "state"):
        if isinstance(data.get(inner), dict) and "players" in data[inner]:
            merged = dict(data)
            merged.update(data[inner])
            data = merged
    journal = isinstance(data.get("setup"), dict) and isinstance(data.get("actions"), list)
    folded = None  # (lines folded, their points): a long game's first lines, summed
    if "players" in data:
        names = _names(data["players"])
        rounds = _rows(data)
    elif journal:
        names = _names(data["setup"].get("players"))
        state = replayed(game, data["setup"], data["actions"], data.get("base"))
        state = state if isinstance(state, dict) else {}
        rounds = _rows(state, len(names))
        folded = _folded(state, len(names))
        if rounds:
            merged = dict(data)
            merged.update(
                {k: state[k] for k in ("totals", "winner", "lowest_wins", "places") if k in state}
            )
            data = merged
        else:  # no replay on the host: the actions that carry one number per player
            rounds = []
            for a in data["actions"]:
                if isinstance(a, list) and len(a) == 2 and a[0] in ROW_TAGS:
                    row = _score_row(a[1], len(names))
                    if row is not None:
                        rounds.append(row)
    else:
        raise NotASheet("no players")
    if not rounds:
        raise NotASheet("no scores per hand or round")
    rounds = [r for r in rounds if r is not None]  # (checked already: for the type checker)
    winner = _lookup(data, "winner")
    finished = bool(_lookup(data, "over") or _lookup(data, "finished") or winner is not None)
    if not finished:
        raise NotASheet("game in progress")
    totals = _lookup(data, "totals")
    start = folded[1] if folded else [0] * len(names)
    if not (isinstance(totals, list) and len(totals) == len(names) and all(map(_number, totals))):
        totals = [start[i] + sum(r[i] for r in rounds) for i in range(len(names))]
    lowest = _lookup(data, "lowest_wins")
    lowest = game in LOWEST_WINS if lowest is None else bool(lowest)
    places = _lookup(data, "places")  # the game's own ranking (tie-breaks), when it has one
    if not (isinstance(places, list) and len(places) == len(names) and all(map(_number, places))):
        places = ranking(totals, lowest)
    date = next(
        (str(_lookup(data, k)) for k in DATE_KEYS if _lookup(data, k) not in (None, "")), ""
    )
    version = doc.get("v")
    out = {
        "game": game,
        "version": version if isinstance(version, int) and not isinstance(version, bool) else None,
        "players": names,
        "rounds": rounds,
        "totals": totals,
        "places": places,
        "winner": _winner(winner, names, places),
        "lowest_wins": lowest,
        "date": date,
    }
    if folded:
        out["folded"], out["base"] = folded
    return out


def _folded(state, n):
    # -> (lines, points per player) a replayed sheet folded into its base
    # (rules/scoresheet.py), or None when it folded none
    k = state.get("folded")
    base = _score_row(state.get("base"), n)
    if isinstance(k, int) and not isinstance(k, bool) and k > 0 and base is not None:
        return k, base
    return None


def replayed(game, setup, actions, base=None):
    """The game's state replayed by its own firmware code (from ``base``, the checkpoint
    a long game's journal folded its oldest actions into, when it has one), or None."""
    try:
        import importlib

        import host_tools.sim  # noqa: F401  (puts firmware/ and the fakes on sys.path)

        try:
            mod = importlib.import_module("apps." + game)
        except ImportError:
            mod = None
        for cls in vars(mod).values() if mod else ():
            if isinstance(cls, type) and getattr(cls, "NAME", None) == game and getattr(cls, "RULES", ""):
                game_code = importlib.import_module("apps.game")  # the device's own replay
                return game_code.replay(importlib.import_module(cls.RULES), setup, actions, base)
    except Exception:  # noqa: BLE001  (a game that cannot replay here: use the actions)
        return None
    return None


def ranking(totals, lowest_wins):
    # place = 1 + how many players did strictly better; equal totals share a place
    if lowest_wins:
        return [1 + sum(1 for u in totals if u < t) for t in totals]
    return [1 + sum(1 for u in totals if u > t) for t in totals]


def _winner(winner, names, places):
    picks = winner if isinstance(winner, list) else [winner] if winner is not None else []
    out = []
    for w in picks:
        if isinstance(w, int) and not isinstance(w, bool) and 0 <= w < len(names):
            out.append(names[w])
        elif isinstance(w, str) and w:
            out.append(w)
    return out or [n for n, p in zip(names, places) if p == 1]


FORMULA = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet runs as a formula


def text_cell(s):
    # a name in games.csv: a leading ' keeps a spreadsheet from running it as a formula
    return "'" + s if s.startswith(FORMULA) else s


def csv_rows(game):
    running = list(game.get("base") or [0] * len(game["players"]))
    winner = text_cell(" & ".join(game["winner"]))
    for no, row in enumerate(game["rounds"], game.get("folded", 0) + 1):
        for i, name in enumerate(game["players"]):
            running[i] += row[i]
            yield [
                text_cell(game["game"]),
                text_cell(name),
                no,
                row[i],
                running[i],
                game["places"][i],
                winner,
                text_cell(game["date"]),
            ]


def shown(name):
    # a file or player name as the terminal shows it: on one line, whatever it holds,
    # each character that is not printable escaped ("\x1b", "\n", "\ud800")
    if name.isprintable():
        return name
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in name)


class Unreadable(Exception):
    """A file of /data that is not read; the message says why, in plain words."""


def load(path):
    """-> the JSON document in the file at path, or Unreadable. Only a regular file (not
    a FIFO, a device or a symlink: `--from DIR` can be any folder) of MAX_BYTES at most."""
    try:
        fd = os.open(path, os.O_RDONLY | NONBLOCK | NOFOLLOW)
    except OSError as e:
        why = "a symlink, not a regular file" if e.errno == errno.ELOOP else e.strerror
        raise Unreadable(why or str(e)) from None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Unreadable("not a regular file")
        raw = f.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise Unreadable("larger than %d KB" % (MAX_BYTES // 1024))
    try:
        return json.loads(raw.decode("utf-8"))
    except ValueError:
        raise Unreadable("not readable JSON") from None
    except RecursionError:
        raise Unreadable("JSON nested too deep") from None


def export_dir(data_dir, out_dir, clock=None):
    """Read every save in data_dir; write games.csv and games.json into out_dir, and the
    history (history.csv, history.json: see history_dir, and clock there).
    -> (games exported, notes: list of "file: why it was not exported")."""
    games, notes = [], []
    for name in sorted(os.listdir(data_dir)):
        path = os.path.join(data_dir, name)
        if os.path.isdir(path) or history_file(name):
            continue
        if not name.endswith(".json"):
            notes.append(shown(name) + ": copied, not a save (" + _kind(name) + ")")
            continue
        try:
            doc = load(path)
        except Unreadable as e:
            notes.append(shown(name) + ": copied, not exported (" + str(e) + ")")
            continue
        # the game a rematch replaced rides along in the save (for undo): exported too
        data = doc.get("data") if isinstance(doc, dict) else None
        before = data.get("before") if isinstance(data, dict) else None
        if isinstance(before, dict):
            try:
                game = sheet(name[: -len(".json")], {"v": doc.get("v"), "data": before})
                game["file"] = name
                games.append(game)
            except (NotASheet, RecursionError):
                pass  # a game in progress that "New players" ended: nothing to export
        try:
            game = sheet(name[: -len(".json")], doc)
        except NotASheet as e:
            notes.append(shown(name) + ": copied, not exported (" + str(e) + ")")
            continue
        except RecursionError:
            notes.append(shown(name) + ": copied, not exported (nested too deep)")
            continue
        game["file"] = name
        games.append(game)
    os.makedirs(out_dir, exist_ok=True)
    write_pair(out_dir, "games", CSV_COLUMNS, games, csv_rows)
    past, more = history_dir(data_dir, clock)
    notes += more
    write_history(past, out_dir)
    return games, notes


def _kind(name):
    if name.endswith(".log"):
        return "log"
    if name.endswith(".bad"):
        return "a damaged save the device kept aside"
    if name.endswith(".tmp"):
        return "a save cut short"
    return "unknown file"


# -- the history of finished games (firmware/core/history.py) ----------------------------
# On the device: hist_K.json, the summaries of games K*16+1 .. K*16+16, and hjour_J.json,
# their journals. Exported as
# history.csv, one line per player per game, oldest game first, columns
#     no           the game's number on the device (the History list shows it as #no)
#     game         the app's save name, e.g. autumn_leaves
#     seat         the player's seat, from 1
#     player       the name the device shows now (a rename in Settings follows the games)
#     played_as    the name the game was played under
#     total        the player's final total (empty: 61 Feuilles "dice only" keeps none)
#     place        the final place (1 = best; equal results share one; empty: no scores)
#     won          1 for every player in first place (a shared first place too), else 0
#     rounds       hands, turns or rounds the game took
#     lowest_wins  1 when the lowest total wins (Autumn Leaves), else 0
#     started, ended  "2025-03-14 19:05:00", the device's local time, where it can stand
#                  behind it: a game that ended before the clock was set since power-up
#                  is dated only by a pull in that same run of the firmware (its uptime
#                  against the host's clock), else left empty: never a made-up date
#     duration_min the minutes from start to end, where both are known on one clock
# history.json, one object per game, oldest first:
#     {"no", "device": the device's id ("" before it had one: core/settings.py),
#      "game", "players", "played_as", "totals", "places", "winners", "rounds",
#      "lowest_wins", "journal": the game's setup and actions as its app saved them
#      (replayed by the firmware's rules it gives the same totals), or null if lost}
HISTORY_COLUMNS = ("no", "game", "seat", "player", "played_as", "total", "place", "won", "rounds", "lowest_wins", "started", "ended", "duration_min")
_EPOCH = datetime.datetime(2000, 1, 1)  # core/when.py's dates count seconds from here


def _on_one_clock(stamp, clock):
    # a core/when.py stamp -> seconds since 2000-01-01 local time, or None. A date is
    # one; the time since power-up of the run `clock` read ((run, uptime s, host's local
    # datetime) at the pull) is dated from the host's clock; any other is not datable
    if not isinstance(stamp, list) or not all(isinstance(x, int) for x in stamp):
        return None
    if len(stamp) == 1:
        return stamp[0]
    if clock is not None and len(stamp) == 2 and stamp[1] == clock[0] and stamp[0] <= clock[1]:
        return int((clock[2] - _EPOCH).total_seconds()) - (clock[1] - stamp[0])
    return None


def when(e, clock=None):
    """-> (started, ended, duration_min) of a summary: "YYYY-MM-DD HH:MM:SS" or None, and
    whole minutes or None (see the columns above)."""
    s, t = (_on_one_clock(e.get(k), clock) for k in ("ts", "te"))
    text = [None if x is None else (_EPOCH + datetime.timedelta(seconds=x)).strftime("%Y-%m-%d %H:%M:%S") for x in (s, t)]
    minutes = round((t - s) / 60) if s is not None and t is not None and t >= s else None
    return text[0], text[1], minutes


def history_file(name):
    # -> "summaries", "journals" or None for a file name of /data
    for prefix, kind in (("hist_", "summaries"), ("hjour_", "journals")):
        if name.startswith(prefix) and name.endswith(".json") and name[len(prefix) : -5].isdigit():
            return kind
    return None


def _on_path():
    import host_tools.sim  # noqa: F401  (puts firmware/ and the fakes on sys.path)


def _firmware():
    _on_path()
    from core import histpage
    from rules import records

    return histpage, records


def _doc(path):
    # -> a device file, {"v": schema version, "data": ...}, or None when it is not one
    try:
        doc = load(path)
    except Unreadable:
        return None
    if not isinstance(doc, dict) or type(doc.get("v")) is not int or "data" not in doc:
        return None
    return doc


def _data(path):
    # -> the "data" of a device file at version 1, or None when it is not one
    doc = _doc(path)
    return doc["data"] if doc is not None and doc["v"] == 1 else None


def device_of(data_dir):
    # (the renames made in Settings, the device's id) from the copied settings.json,
    # read as the device reads it (bgplay.device: the web page reads its own so)
    _on_path()
    from host_tools.web import bgplay

    return bgplay.device(_doc(os.path.join(data_dir, "settings.json")))


def summaries(data_dir):
    """-> (the history's summaries oldest first, as the device keeps them, notes). A
    damaged page or summary is noted and left out, as the device sets it aside."""
    histpage, _records = _firmware()
    out, notes = [], []
    pages = sorted(
        (int(n[5:-5]), n) for n in os.listdir(data_dir) if history_file(n) == "summaries"
    )
    since = 0  # the oldest game kept: the newest page says (older ones are on their way out)
    for k, name in pages:
        data = _data(os.path.join(data_dir, name))
        games = data.get("games") if isinstance(data, dict) else None
        if not isinstance(games, list):
            notes.append(shown(name) + ": copied, not exported (a damaged page of the history)")
            continue
        good = [e for e in games if histpage.valid(e, k)]
        if len(good) < len(games):
            notes.append(shown(name) + ": %d damaged game(s) not exported" % (len(games) - len(good)))
        out += good
        floor = data.get("since", 0)
        since = floor if isinstance(floor, int) and not isinstance(floor, bool) else 0
    out = sorted((e for e in out if e["n"] >= since), key=lambda e: e["n"])
    return out, notes


def journals(data_dir):
    # -> {game number: journal} from every journal pack
    out = {}
    for name in sorted(os.listdir(data_dir)):
        if history_file(name) == "journals":
            data = _data(os.path.join(data_dir, name))
            for x in data if isinstance(data, list) else ():
                if isinstance(x, list) and len(x) == 2 and isinstance(x[0], int) and isinstance(x[1], dict):
                    out[x[0]] = x[1]
    return out


def history_dir(data_dir, clock=None):
    """-> (the history as exported, oldest first: see history.json above, notes).
    clock: what the pull read of the device's run (see _on_one_clock), or None."""
    from host_tools.web import bgplay

    games, notes = summaries(data_dir)
    alias, dev = device_of(data_dir)
    packs = journals(data_dir)
    out = []
    for e in games:
        names = bgplay.names(e, alias)
        places = e["pl"]
        started, ended, minutes = when(e, clock)
        out.append({
            "no": e["n"],
            "device": dev,
            "game": e["g"],
            "players": names,
            "played_as": list(e["p"]),
            "totals": e["t"],
            "places": places,
            "winners": [names[i] for i in range(len(names)) if places and places[i] == 1],
            "rounds": e["r"],
            "lowest_wins": bool(e.get("lo", False)),
            "started": started,
            "ended": ended,
            "duration_min": minutes,
            "journal": packs.get(e["n"]),
        })
    return out, notes


def history_rows(game):
    for i, name in enumerate(game["players"]):
        yield [
            game["no"],
            text_cell(game["game"]),
            i + 1,
            text_cell(name),
            text_cell(game["played_as"][i]),
            game["totals"][i] if game["totals"] else "",
            game["places"][i] if game["places"] else "",
            1 if game["places"] and game["places"][i] == 1 else 0,
            game["rounds"],
            1 if game["lowest_wins"] else 0,
            game["started"] or "",
            game["ended"] or "",
            "" if game["duration_min"] is None else game["duration_min"],
        ]


def write_history(past, out_dir):
    write_pair(out_dir, "history", HISTORY_COLUMNS, past, history_rows)


def write_pair(out_dir, stem, columns, items, rows):
    # stem.csv (a header, then rows(item) for each item) and stem.json (the items). The
    # one character UTF-8 cannot hold, a lone surrogate, is '?' in the CSV; in the JSON
    # it can only be inside a string, where backslashreplace writes its JSON escape
    csv_path = os.path.join(out_dir, stem + ".csv")
    with open(csv_path, "w", newline="", encoding="utf-8", errors="replace") as f:
        w = csv.writer(f)
        w.writerow(columns)
        for item in items:
            w.writerows(rows(item))
    json_path = os.path.join(out_dir, stem + ".json")
    with open(json_path, "w", encoding="utf-8", errors="backslashreplace") as f:
        json.dump(items, f, indent=2, ensure_ascii=False, allow_nan=False)
        f.write("\n")


def game_label(game):
    # the game's name on the device's home menu
    _on_path()
    from host_tools.web.bgplay import label

    return label(game)


def stats(data_dir):
    """-> the player records as lines of text, counted by the firmware's own
    rules/records.py (the device's History > players says the same): per player, all
    games, then per game played and won, best and average total, the last game's number;
    then head to head, per pair of players who played together: the games they did,
    those each one finished ahead, and the level ones. A game is counted onto its own
    players and their pairs only: the cost follows the seats played (not names² x games)."""
    _histpage, records = _firmware()
    games, _notes = summaries(data_dir)
    if not games:
        return ["The history holds no finished games yet."]
    alias, _dev = device_of(data_dir)
    names = records.names_in(games, alias)
    order = {name: i for i, name in enumerate(names)}
    recs = {name: [] for name in names}
    h2h = {}  # (a, b), a met first -> [[game, [together, a ahead, b ahead, level]], ...]
    for game in games:
        seated = {records.current(n, alias, game["n"]) for n in game["p"]}
        here = sorted(seated & order.keys(), key=order.__getitem__)
        records.add({name: recs[name] for name in here}, game, alias)
        for i, a in enumerate(here):
            for b in here[i + 1 :]:
                records.meet(h2h.setdefault((a, b), []), game, a, b, alias)
    show = {name: shown(name) for name in names}
    lines = [f"{len(games)} finished games (#{games[0]['n']} to #{games[-1]['n']})", ""]
    w = max(len(n) for n in [*show.values(), "player"])
    head = f"{'player':<{w}}  {'game':<18} {'played':>6} {'won':>4} {'best':>5} {'average':>7} {'last':>6}"
    lines += [head, "-" * len(head)]
    for name in names:
        played, won = records.totals(recs[name])
        lines.append(f"{show[name]:<{w}}  {'all games':<18} {played:>6} {won:>4}")
        for g, rec in recs[name]:
            best = avg = ""
            if rec[records.SCORED]:
                best = str(rec[records.BEST])
                avg = records.average(rec[records.SUM], rec[records.SCORED])
            last = "#" + str(rec[records.LAST])
            label = shown(game_label(g))[:18]
            lines.append(
                f"{'':<{w}}  {label:<18} {rec[records.PLAYED]:>6} {rec[records.WON]:>4}"
                f" {best:>5} {avg:>7} {last:>6}"
            )
    met = sorted(((order[a], order[b]), a, b) for (a, b), per_game in h2h.items() if per_game)
    if met:
        lines += ["", "Head to head: the games two players played together, and who finished ahead"]
        w2 = max(w, len("against"))
        head = f"{'player':<{w}}  {'against':<{w2}} {'together':>8}"
        head += f" {'ahead':>6} {'behind':>6} {'level':>6}"
        lines += [head, "-" * len(head)]
        for _key, a, b in met:
            together = [sum(rec[k] for _g, rec in h2h[a, b]) for k in range(4)]
            counts = "".join(f" {n:>6}" for n in together[1:])
            lines.append(f"{show[a]:<{w}}  {show[b]:<{w2}} {together[records.TOGETHER]:>8}{counts}")
    return lines
