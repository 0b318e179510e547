# How the Leaves Came Down (R.A. Mildren): who drops the leaves, turn order, the acorn
# ledger, the end of the game and its tie-breaks.
# Pure: no I/O, no time; randomness only through the rng argument (core.rng.Rng).
#
# Acorn ledger: a plain dict, saved to flash as JSON as it is:
#   {"board": 14, "under": 0, "visible": [1, 1, 1], "hidden": [0, 0, 0]}
# board = acorn tiles on the board's squares, under = dug-up acorns under the board,
# visible/hidden = each player's cache, leaf side up / dirt side up (hidden can't be
# dug). The 14 board acorns and the one each player starts with are separate tiles:
# the text sets "one acorn in their cache" apart from "the 14 acorns" on the squares,
# so a game holds 14 + players acorns, and that total never changes.
#
# Actions return a NEW ledger and never change the one passed in (undo keeps the old);
# an impossible action raises ValueError with a plain-words message, the same text
# action_problem() returns, so a screen can ask first and grey the action out.
from micropython import const

BOARD_ACORNS = const(14)
START_CACHE = const(1)
MIN_PLAYERS = const(2)
MAX_PLAYERS = const(6)
_MAX_THROWS = const(1000)   # a tie lasting this long means broken input, not bad luck
MAX_HEAD_S = const(30)      # a grab head start, in seconds (the menu's stepper goes this far)
MAX_ROUNDS = const(99999)   # the history's bound on a game's rounds (core/histpage.py)

ACTIONS = ("take", "dig", "hide", "grab")


def _check_players(n_players):
    if n_players < MIN_PLAYERS or n_players > MAX_PLAYERS:
        raise ValueError("How the Leaves Came Down is for 2 to 6 players")


def first_player(n_players, rng):
    # "whoever ate a nut most recently" -- or, when nobody remembers, a fair pick
    _check_players(n_players)
    return rng.randbelow(n_players)


def dropper(round_no, first, n_players):
    # round_no from 1 -> index of the player who drops the leaves: `first` in round 1,
    # then the next player round the table each round
    _check_players(n_players)
    if round_no < 1:
        raise ValueError("rounds are numbered from 1")
    if not 0 <= first < n_players:
        raise ValueError("first must be one of the players")
    return (first + round_no - 1) % n_players


def turn_order(dropper, n_players):
    # -> player indices in turn order: the dropper first, then round the table
    _check_players(n_players)
    if not 0 <= dropper < n_players:
        raise ValueError("the dropper must be one of the players")
    order = []
    for k in range(n_players):
        order.append((dropper + k) % n_players)
    return order


# ---- acorn ledger -----------------------------------------------------------------

def new_ledger(n_players, on_board=BOARD_ACORNS, start=START_CACHE):
    _check_players(n_players)
    return {"board": on_board, "under": 0,
            "visible": [start] * n_players, "hidden": [0] * n_players}


def _copy(state):
    return {"board": state["board"], "under": state["under"],
            "visible": list(state["visible"]), "hidden": list(state["hidden"])}


def _who(p):
    return "Player " + str(p + 1)


def action_problem(state, action, p, victim=None):
    # -> plain-words reason why `action` by player p can't be done now, or None
    n = len(state["visible"])
    if not isinstance(p, int) or not 0 <= p < n:
        return "There is no player " + str(p) + "."
    if action == "take":
        if state["board"] < 1:
            return "No acorns are left on the board."
    elif action == "dig":
        if victim is None or not isinstance(victim, int) or not 0 <= victim < n:
            return "Choose another player to dig up an acorn from."
        if victim == p:
            return "Dig takes another player's acorn, not your own."
        if state["visible"][victim] < 1:
            if state["hidden"][victim] > 0:
                return _who(victim) + "'s acorns are all hidden: hidden acorns can't be dug up."
            return _who(victim) + " has no acorns to dig up."
    elif action == "hide":
        if state["visible"][p] < 1:
            return _who(p) + " has no acorn left to hide."
    elif action == "grab":
        if state["under"] < 1:
            return "No acorns are under the board to grab."
    else:
        return "Unknown action: " + str(action) + "."
    return None


def _raise_if(state, action, p, victim=None):
    problem = action_problem(state, action, p, victim)
    if problem is not None:
        raise ValueError(problem)


def _moved(state, action, p, victim, out_of, into):
    # a copy of state with one acorn moved (each rule below moves one): out of one place,
    # into another, a place being a count ("board", "under") or a player's, (key, seat)
    _raise_if(state, action, p, victim)
    s = _copy(state)
    for place, d in ((out_of, -1), (into, 1)):
        if type(place) is str:
            s[place] += d
        else:
            s[place[0]][place[1]] += d
    return s


def take_from_board(state, p):
    # p lands on an acorn: it joins p's cache leaf side up
    return _moved(state, "take", p, None, "board", ("visible", p))


def dig(state, p, victim):
    # p plays Dig: one of the victim's not-hidden acorns goes under the board
    return _moved(state, "dig", p, victim, ("visible", victim), "under")


def hide(state, p):
    # p plays Hide: one of p's visible acorns is flipped dirt side up
    return _moved(state, "hide", p, None, ("visible", p), ("hidden", p))


def grab(state, p):
    # p plays Grab: one acorn from under the board joins p's cache leaf side up
    return _moved(state, "grab", p, None, "under", ("visible", p))


def act(state, action, p, victim=None):
    # one entry point for a screen or a saved history: action is one of ACTIONS
    _raise_if(state, action, p, victim)
    if action == "take":
        return take_from_board(state, p)
    if action == "dig":
        return dig(state, p, victim)
    if action == "hide":
        return hide(state, p)
    return grab(state, p)


def caches(state):
    # -> each player's acorn count, hidden ones included (what final_ranking takes)
    out = []
    for p in range(len(state["visible"])):
        out.append(state["visible"][p] + state["hidden"][p])
    return out


def cache_words(state, p):
    # player p's cache in plain words, all of it first (what ranks): "3", or
    # "3, 1 hidden" when some are hidden ("hid" was a word nobody knew: issue 40)
    hid = state["hidden"][p]
    return str(state["visible"][p] + hid) + (", " + str(hid) + " hidden" if hid else "")


def shown_words(state, p):
    # player p's cache as it lies on the table, the ones shown first (what can be
    # dug): "3", or "2 +1" when one is hidden; the round heads the column "+hidden"
    hid = state["hidden"][p]
    return str(state["visible"][p]) + (" +" + str(hid) if hid else "")


def game_ended(state):
    # the game ends once no acorns remain on or under the board
    return state["board"] == 0 and state["under"] == 0


# ---- end of the game --------------------------------------------------------------

def final_ranking(acorns, hidden):
    # acorns: each player's whole cache; hidden: how many of them are hidden.
    # -> list of places (1 = best): most acorns, then most hidden; still tied share a
    # place (1, 1, 3). Counting who is strictly better keeps it free of sorting.
    places = []
    for i in range(len(acorns)):
        better = 0
        for j in range(len(acorns)):
            if acorns[j] > acorns[i] or (acorns[j] == acorns[i] and hidden[j] > hidden[i]):
                better += 1
        places.append(1 + better)
    return places


def tied_for_first(acorns, hidden):
    # -> the players sharing first place; more than one means the tile drop decides
    places = final_ranking(acorns, hidden)
    out = []
    for i in range(len(places)):
        if places[i] == 1:
            out.append(i)
    return out


def tile_drop(n_tiles, rng):
    # drop n acorn tiles: each lands hidden (dirt) side up with probability 1/2.
    # -> how many show the hidden side
    shown = 0
    for _ in range(n_tiles):
        shown += rng.randbelow(2)
    return shown


def break_tie(players, tiles_per_player, rng, knockout=False):
    # players: the tied player indices; tiles_per_player: tiles each player owns, as a
    # list indexed by player number (e.g. the acorns list) or one int for all.
    # Every round all tied players drop all their tiles; it is over when one player shows
    # more hidden sides than every other. knockout=True: only those who shared the best
    # count drop again (the text just says "until one player has more").
    # -> (winner, throws) with throws = list of rounds, each a list of [player, hidden
    # sides shown], so a screen can replay them.
    if not players:
        raise ValueError("nobody to break a tie between")
    if len(players) == 1:
        return players[0], []
    dropping = list(players)
    tiles = []
    for p in dropping:
        tiles.append(tiles_per_player if isinstance(tiles_per_player, int)
                     else tiles_per_player[p])
    if max(tiles) == 0:
        raise ValueError("the tied players have no acorn tiles to drop")
    throws = []
    while len(throws) < _MAX_THROWS:
        row = []
        best = -1
        for p in dropping:
            n = tiles_per_player if isinstance(tiles_per_player, int) else tiles_per_player[p]
            shown = tile_drop(n, rng)
            row.append([p, shown])
            best = max(best, shown)
        throws.append(row)
        top = []
        for p, shown in row:
            if shown == best:
                top.append(p)
        if len(top) == 1:
            return top[0], throws
        if knockout:
            dropping = top
    raise RuntimeError("the tile drop would not break the tie")


# -- the game as a journal ------------------------------------------------------------------
# The setup and the list of confirmed actions, replayed (start, then apply each) into
# the state the companion shows: undo (drop the last entry) and a power cut (replay the
# saved list) need nothing else. The tile drop's randomness is drawn by the screen and
# saved in the "tie" entry, so a replay never draws again.
#
# setup:   {"players": [names], "first": seat that drops in round 1,
#           "heads": [head start in seconds per seat], "knockout": False}
# actions: ["next"]               the next round: the dropper moves on one seat
#          ["drops", p]           p drops this round (a correction, or "chosen first")
#          ["head", p, seconds]   p's grab head start
#          ["take", p] ["grab", p] ["hide", p] ["dig", p, victim]   the acorn actions
#          ["knockout", on]       tile-drop reading: only the leaders drop again
#          ["tie", winner, throws]  the tile drop that decided the winner
def new_setup(names, first, heads=None):
    n = len(names)
    if heads is None or len(heads) != n:
        heads = [0] * n
    return {"players": list(names), "first": first, "heads": list(heads), "knockout": False}


def start(setup):
    # the state before the first action
    n = len(setup["players"])
    st = {
        "round": 1,
        "first": setup["first"],
        "heads": list(setup["heads"]),
        "knockout": bool(setup.get("knockout")),
        "ledger": new_ledger(n),
        "winner": None,
        "throws": [],
    }
    return st


def apply(st, a):
    # one action onto the state, in place (problem(st, a) said it can be done)
    kind = a[0]
    n = len(st["heads"])
    if kind == "next":
        st["round"] += 1
    elif kind == "drops":
        # p drops in the current round: move round 1's dropper so the rotation agrees
        st["first"] = (a[1] - (st["round"] - 1)) % n
    elif kind == "head":
        st["heads"][a[1]] = a[2]
    elif kind == "knockout":
        st["knockout"] = bool(a[1])
    elif kind == "tie":
        st["winner"] = a[1]
        st["throws"] = a[2]
    else:
        st["ledger"] = act(st["ledger"], kind, a[1], a[2] if len(a) > 2 else None)


def valid_setup(setup):
    players = setup.get("players")
    heads = setup.get("heads")
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        return False
    for name in players:
        if not isinstance(name, str):
            return False
    first = setup.get("first")
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < len(players):
        return False
    if not _seconds(heads, len(players)):
        return False
    return isinstance(setup.get("knockout", False), bool)


def _whole(x, lo, hi):
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def _seconds(heads, n):
    # n head starts, each 0..MAX_HEAD_S: a bigger one is damage (the countdown would
    # wait for it)
    if not isinstance(heads, list) or len(heads) != n:
        return False
    for h in heads:
        if not _whole(h, 0, MAX_HEAD_S):
            return False
    return True


def problem(st, a):
    # -> why action a can't be done in state st (plain words, players as "Player N"),
    # or None
    if not isinstance(a, list) or not a:
        return "Unknown action."
    kind = a[0]
    n = len(st["heads"])
    if (kind in ("next", "drops", "head") or kind in ACTIONS) and over(st):
        return "The game is over: no acorns are left on or under the board."
    if kind == "next":
        if st["round"] >= MAX_ROUNDS:
            return "Round " + str(MAX_ROUNDS) + " is the last one counted."
        return None
    if kind == "knockout":
        return None
    if kind in ("drops", "head"):
        if len(a) < 2 or not isinstance(a[1], int) or not 0 <= a[1] < n:
            return "There is no such player."
        if kind == "head" and (len(a) < 3 or not _whole(a[2], 0, MAX_HEAD_S)):
            return "A head start is 0 to " + str(MAX_HEAD_S) + " seconds."
        return None
    if kind in ACTIONS:
        if len(a) < 2:
            return "Say which player."
        return action_problem(st["ledger"], kind, a[1], a[2] if len(a) > 2 else None)
    if kind == "tie":
        if not over(st) or len(leaders(st)) < 2:
            return "There is no tie to break."
        if st["winner"] is not None:
            return "The tie is already broken."
        if len(a) < 3 or a[1] not in leaders(st):
            return "The winner must be one of the tied players."
        if not _throws_ok(a[2], st):
            return "The tile drop is damaged."
        return None
    return "Unknown action."


def _throws_ok(throws, st):
    # a tile drop as drop_tiles() draws it: 1.._MAX_THROWS throws, each a list of the
    # dropping players' [seat, hidden sides shown], no more shown than the seat's tiles
    # (the ending view draws them)
    if not isinstance(throws, list) or not 1 <= len(throws) <= _MAX_THROWS:
        return False
    tiles = caches(st["ledger"])
    for row in throws:
        if not isinstance(row, list) or not row:
            return False
        for t in row:
            if not isinstance(t, list) or len(t) != 2 or not _whole(t[0], 0, len(tiles) - 1):
                return False
            if not _whole(t[1], 0, tiles[t[0]]):
                return False
    return True


# A long game folds its journal into a checkpoint (apps/game): rounds passed with
# "Next round", head starts set again and again, an acorn dug up and grabbed back to
# and fro all add actions without end. The checkpoint is the state itself, a few
# hundred bytes however long the game; restore() checks every part of it as the
# actions that led there were checked.
def checkpoint(st, later):
    return {
        "round": st["round"],
        "first": st["first"],
        "heads": list(st["heads"]),
        "knockout": st["knockout"],
        "ledger": _copy(st["ledger"]),
        "winner": st["winner"],
        "throws": st["throws"],
    }


def _ledger_ok(led, n):
    # a ledger of n players holding every acorn of the game, none made or lost
    if not isinstance(led, dict):
        return False
    all_ = BOARD_ACORNS + START_CACHE * n
    vis = led.get("visible")
    hid = led.get("hidden")
    if not _whole(led.get("board"), 0, BOARD_ACORNS) or not _whole(led.get("under"), 0, all_):
        return False
    if not isinstance(vis, list) or not isinstance(hid, list) or len(vis) != n or len(hid) != n:
        return False
    for x in vis + hid:
        if not _whole(x, 0, all_):
            return False
    return led["board"] + led["under"] + sum(vis) + sum(hid) == all_


def restore(setup, cp):
    # -> the state a checkpoint stands for; ValueError when it is not one a game of
    # this setup could reach
    st = start(setup)
    n = len(st["heads"])
    if (
        not isinstance(cp, dict)
        or not _whole(cp.get("round"), 1, MAX_ROUNDS)
        or not _whole(cp.get("first"), 0, n - 1)
        or not _seconds(cp.get("heads"), n)
        or not isinstance(cp.get("knockout"), bool)
        or not _ledger_ok(cp.get("ledger"), n)
    ):
        raise ValueError("checkpoint")
    st["round"] = cp["round"]
    st["first"] = cp["first"]
    st["heads"] = list(cp["heads"])
    st["knockout"] = cp["knockout"]
    st["ledger"] = _copy(cp["ledger"])
    w = cp.get("winner")
    if w is not None:
        # a tile drop folded: the tie it broke, and its throws
        if problem(st, ["tie", w, cp.get("throws")]) is not None:
            raise ValueError("checkpoint: tile drop")
        apply(st, ["tie", w, cp["throws"]])
    elif cp.get("throws") != []:
        raise ValueError("checkpoint: throws")
    return st


# -- reading the state ------------------------------------------------------------------


def round_dropper(st):
    return dropper(st["round"], st["first"], len(st["heads"]))


def round_order(st):
    return turn_order(round_dropper(st), len(st["heads"]))


def over(st):
    return game_ended(st["ledger"])


def places(st):
    # -> each seat's place; after a tile drop its winner alone is first and the players
    # it beat share the next place
    led = st["ledger"]
    pl = final_ranking(caches(led), led["hidden"])
    w = st["winner"]
    if w is not None:
        pl = [2 if (pl[i] == 1 and i != w) else pl[i] for i in range(len(pl))]
    return pl


def leaders(st):
    led = st["ledger"]
    return tied_for_first(caches(led), led["hidden"])


def needs_tile_drop(st):
    return over(st) and st["winner"] is None and len(leaders(st)) > 1


def winner(st):
    # -> the winning seat, or None while the game runs or a tie waits for the tile drop
    if not over(st):
        return None
    if st["winner"] is not None:
        return st["winner"]
    top = leaders(st)
    return top[0] if len(top) == 1 else None


def result(st):
    # the finished game for the history (core/history.py): (acorns, places, rounds);
    # once the tile drop has decided a tie, its winner alone is first
    pl = places(st)
    w = st["winner"]
    if w is not None:
        pl = [1 if p == w else (2 if pl[p] == 1 else pl[p]) for p in range(len(pl))]
    return caches(st["ledger"]), pl, st["round"]


def drop_tiles(st, rng):
    # -> the "tie" action for the tied leaders: they drop all their acorn tiles until
    # one shows more hidden sides (the rng is drawn here, once; the entry keeps it)
    top = leaders(st)
    w, throws = break_tie(top, caches(st["ledger"]), rng, st["knockout"])
    return ["tie", w, throws]


def ranking_order(st):
    # -> seats best first: by place, then seat number (explicit key: MicroPython's sort
    # is not stable); the tile-drop winner leads a shared first place
    pl = places(st)
    w = winner(st)
    return sorted(range(len(pl)), key=lambda i: (pl[i], 0 if i == w else 1, i))


def waits(heads):
    # grab handicap: the player with the largest head start looks at once; everyone
    # else waits the difference. -> ms each seat waits after the leaves are dropped
    top = max(heads) if heads else 0
    return [(top - h) * 1000 for h in heads]
