# How the Leaves Came Down as a journal: the setup and the list of confirmed actions,
# replayed into the state the companion shows. The rules themselves are in
# rules/leaves_came_down.py; this file only says what each journal entry does, so that
# undo (drop the last entry) and a power cut (replay the saved list) need nothing else.
# Pure: no I/O, no time; the tile drop's randomness is drawn by the screen and saved in
# the "tie" entry, so a replay never draws again.
#
# setup:   {"players": [names], "first": seat that drops in round 1,
#           "heads": [head start in seconds per seat], "knockout": False}
# actions: ["next"]               the next round: the dropper moves on one seat
#          ["drops", p]           p drops this round (a correction, or "chosen first")
#          ["head", p, seconds]   p's grab head start
#          ["take", p] ["grab", p] ["hide", p] ["dig", p, victim]   the acorn actions
#          ["knockout", on]       tile-drop reading: only the leaders drop again
#          ["tie", winner, throws]  the tile drop that decided the winner
from rules import leaves_came_down as rules

ACORN_ACTIONS = rules.ACTIONS  # take, dig, hide, grab


def new_setup(names, first, heads=None):
    n = len(names)
    if heads is None or len(heads) != n:
        heads = [0] * n
    return {"players": list(names), "first": first, "heads": list(heads), "knockout": False}


def replay(setup, actions):
    n = len(setup["players"])
    st = {
        "round": 1,
        "first": setup["first"],
        "heads": list(setup["heads"]),
        "knockout": bool(setup.get("knockout")),
        "ledger": rules.new_ledger(n),
        "winner": None,
        "throws": [],
    }
    for a in actions:
        if problem(st, a) is None:  # a damaged entry is skipped, never fatal
            _apply(st, a)
    return st


def _apply(st, a):
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
        st["ledger"] = rules.apply(st["ledger"], kind, a[1], a[2] if len(a) > 2 else None)


def problem(st, a):
    # -> why action a can't be done in state st (plain words, players as "Player N"),
    # or None
    kind = a[0] if a else None
    n = len(st["heads"])
    if (kind in ("next", "drops", "head") or kind in ACORN_ACTIONS) and over(st):
        return "The game is over: no acorns are left on or under the board."
    if kind == "next" or kind == "knockout":
        return None
    if kind in ("drops", "head"):
        if len(a) < 2 or not isinstance(a[1], int) or not 0 <= a[1] < n:
            return "There is no such player."
        if kind == "head" and (len(a) < 3 or not isinstance(a[2], int) or a[2] < 0):
            return "A head start is a whole number of seconds."
        return None
    if kind in ACORN_ACTIONS:
        if len(a) < 2:
            return "Say which player."
        return rules.action_problem(st["ledger"], kind, a[1], a[2] if len(a) > 2 else None)
    if kind == "tie":
        if not over(st) or len(leaders(st)) < 2:
            return "There is no tie to break."
        if st["winner"] is not None:
            return "The tie is already broken."
        if len(a) < 3 or a[1] not in leaders(st):
            return "The winner must be one of the tied players."
        return None
    return "Unknown action."


# -- reading the state ------------------------------------------------------------------


def dropper(st):
    return rules.dropper(st["round"], st["first"], len(st["heads"]))


def turn_order(st):
    return rules.turn_order(dropper(st), len(st["heads"]))


def over(st):
    return rules.game_ended(st["ledger"])


def places(st):
    led = st["ledger"]
    return rules.final_ranking(rules.caches(led), led["hidden"])


def leaders(st):
    led = st["ledger"]
    return rules.tied_for_first(rules.caches(led), led["hidden"])


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


def tile_drop(st, rng):
    # -> the "tie" action for the tied leaders: they drop all their acorn tiles until
    # one shows more hidden sides (the rng is drawn here, once; the entry keeps it)
    top = leaders(st)
    w, throws = rules.break_tie(top, rules.caches(st["ledger"]), rng, st["knockout"])
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
