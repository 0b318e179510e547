# Player records from the history of finished games (core/history.py keeps it; this
# module only counts). Pure: the device's History app and `leafkeeper pull --stats` on
# the host share it, so both say the same.
#
# A game, as the history keeps its summary:
#   {"n": game number, "g": the game (its save name, e.g. "autumn_leaves"),
#    "p": [names in seat order], "t": [final totals] or None (no scores: 61 Feuilles
#    "dice only"), "pl": [places, 1 = best, equal results share one] or None,
#    "r": hands or rounds played, "lo": True when the lowest total wins (else absent)}
# A shared first place is a win for each player in it. A game in SOLO is played alone
# and its one seat is not a player (Solitaire's is its deal): no record counts it.
# alias: [[old, new, upto], ...], the renames made in Settings, oldest first: the games
# numbered below upto (those filed when the rename was made) played under the old name
# count for the new one; later games keep their names, a new player may take the old one
# (see apps/settings/players.py, renamed() below).

# a record, per player and game: [played, won, best total, sum of totals, games with a
# total, last game number]; best and sum mean nothing while SCORED is 0
PLAYED = 0
WON = 1
BEST = 2
SUM = 3
SCORED = 4
LAST = 5
SOLO = ("solitaire",)  # (apps/history keeps the same, not to import this module)
# head to head, per game: [games together, first name ahead, second name ahead, level]
TOGETHER = 0
LEVEL = 3


def current(name, alias, n):
    # the name the player who played game n as `name` goes by now: each rename in turn,
    # so a chain (Anna -> Annie, later Annie -> Ann) follows her (apps/history keeps the
    # same, not to import this module)
    for a in alias:
        if a[0] == name and n < a[2]:
            name = a[1]
    return name


def renamed(alias, old, new, upto):
    # -> the table with old renamed new for the games numbered below upto (old != new).
    # Kept short: an earlier rename to old goes straight to new when no later one
    # renames old or new (its games end up as new either way), and one that then ends
    # where it began (Anna -> Ana, then Ana -> Anna) is no rename any more. A rename with
    # no game before it (upto 1: numbers start at 1) changes no game's name.
    out = []
    for i in range(len(alias)):
        a = alias[i]
        if a[1] == old and a[2] <= upto and not [b for b in alias[i + 1 :] if b[0] in (old, new)]:
            a = [a[0], new, a[2]]
        if a[0] != a[1]:
            out.append(a)
    if upto > 1:
        out.append([old, new, upto])
    return out


def pruned(alias, oldest):
    # -> the table without the renames for games older than `oldest` (the history's
    # oldest game kept): no game it holds or files later goes by them any more, and
    # dropping them changes no name (each rename applies to a game on its own terms)
    return [a for a in alias if a[2] > oldest]


def seat(game, name, alias):
    # -> the seat `name` played in this game, or -1. A name at two seats (two names
    # merged in Settings after they played together) counts once, at its better place.
    pl = game["pl"]
    best = -1
    names = game["p"]
    for i in range(len(names)):
        if current(names[i], alias, game["n"]) == name and (best < 0 or (pl and pl[i] < pl[best])):
            best = i
    return best


def _rec(pairs, game, size):
    # the record for `game` in [[game, record], ...], added (zeros) when new
    for pair in pairs:
        if pair[0] == game:
            return pair[1]
    rec = [0] * size
    pairs.append([game, rec])
    return rec


def add(recs, game, alias):
    # one game onto recs = {name: [[game, record], ...]}, for the names in recs only
    t = game["t"]
    pl = game["pl"]
    low = game.get("lo", False)
    if game["g"] in SOLO:
        return
    for name in recs:
        i = seat(game, name, alias)
        if i < 0:
            continue
        rec = _rec(recs[name], game["g"], 6)
        rec[PLAYED] += 1
        if pl and pl[i] == 1:
            rec[WON] += 1
        if t:
            x = t[i]
            if not rec[SCORED] or (x < rec[BEST] if low else x > rec[BEST]):
                rec[BEST] = x
            rec[SUM] += x
            rec[SCORED] += 1
        rec[LAST] = max(rec[LAST], game["n"])


def records(games, names, alias):
    # -> {name: [[game, record], ...]} over `games` (any iterable of summaries)
    recs = {}
    for name in names:
        recs[name] = []
    for game in games:
        add(recs, game, alias)
    return recs


def totals(pairs):
    # -> [played, won] over every game of one player's records
    out = [0, 0]
    for pair in pairs:
        out[0] += pair[1][PLAYED]
        out[1] += pair[1][WON]
    return out


def meet(h2h, game, a, b, alias):
    # one game onto h2h = [[game, [together, a ahead, b ahead, level]], ...] when a and
    # b both played it and it has places; ahead = a better place
    pl = game["pl"]
    if not pl:
        return
    i = seat(game, a, alias)
    j = seat(game, b, alias)
    if i < 0 or j < 0 or i == j:
        return
    rec = _rec(h2h, game["g"], 4)
    rec[TOGETHER] += 1
    rec[1 if pl[i] < pl[j] else 2 if pl[j] < pl[i] else LEVEL] += 1


def head_to_head(games, a, b, alias):
    h2h = []
    for game in games:
        meet(h2h, game, a, b, alias)
    return h2h


def average(total, n):
    # total / n as text with one decimal, rounded half away from zero: "20.5", "-3.3"
    q = (abs(total) * 20 + n) // (2 * n)
    return ("-" if total < 0 and q else "") + str(q // 10) + "." + str(q % 10)


def names_in(games, alias):
    # every player's current name, in the order first met
    out = []
    for game in games:
        if game["g"] in SOLO:
            continue
        for name in game["p"]:
            name = current(name, alias, game["n"])
            if name not in out:
                out.append(name)
    return out
