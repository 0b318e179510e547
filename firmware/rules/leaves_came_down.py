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


def take_from_board(state, p):
    # p lands on an acorn: it joins p's cache leaf side up
    _raise_if(state, "take", p)
    s = _copy(state)
    s["board"] -= 1
    s["visible"][p] += 1
    return s


def dig(state, p, victim):
    # p plays Dig: one of the victim's not-hidden acorns goes under the board
    _raise_if(state, "dig", p, victim)
    s = _copy(state)
    s["visible"][victim] -= 1
    s["under"] += 1
    return s


def hide(state, p):
    # p plays Hide: one of p's visible acorns is flipped dirt side up
    _raise_if(state, "hide", p)
    s = _copy(state)
    s["visible"][p] -= 1
    s["hidden"][p] += 1
    return s


def grab(state, p):
    # p plays Grab: one acorn from under the board joins p's cache leaf side up
    _raise_if(state, "grab", p)
    s = _copy(state)
    s["under"] -= 1
    s["visible"][p] += 1
    return s


def apply(state, action, p, victim=None):
    # one entry point for a screen or a saved history: action is one of ACTIONS
    _raise_if(state, action, p, victim)
    if action == "take":
        return take_from_board(state, p)
    if action == "dig":
        return dig(state, p, victim)
    if action == "hide":
        return hide(state, p)
    return grab(state, p)


def total_acorns(state):
    return state["board"] + state["under"] + sum(state["visible"]) + sum(state["hidden"])


def caches(state):
    # -> each player's acorn count, hidden ones included (what final_ranking takes)
    out = []
    for p in range(len(state["visible"])):
        out.append(state["visible"][p] + state["hidden"][p])
    return out


def game_ended(state):
    # the game ends once no acorns remain on or under the board
    return state["board"] == 0 and state["under"] == 0


def check_ledger(state):
    # -> plain-words reason why a ledger (e.g. read back from flash) can't be used, or None
    try:
        vis = state["visible"]
        hid = state["hidden"]
        counts = [state["board"], state["under"]] + list(vis) + list(hid)
    except (KeyError, TypeError):
        return "The acorn record is incomplete."
    if len(vis) != len(hid) or not MIN_PLAYERS <= len(vis) <= MAX_PLAYERS:
        return "The acorn record needs 2 to 6 players."
    for c in counts:
        if not isinstance(c, int) or isinstance(c, bool) or c < 0:
            return "Acorn counts must be whole numbers, 0 or more."
    return None


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
