# Finished games played by the firmware's own rules, seeded: for the benchmarks (the
# History app measured with a full history) and the tests. Each is filed as GameApp
# files it (core.history.summary and add). Runs on CPython and under MicroPython.
from core import history
from core.rng import Rng

NAMES = ("Anna", "Ben", "Cara", "Dan", "Eve", "Finn")
GAMES = ("autumn_leaves", "autumn_ash", "feuilles61", "leaves_came_down")
_SHEET = {"pumpkins": 1, "pond": 2, "marshmallows": [True, False], "mugs": 2, "mug4": False,
          "den": [1, 2, 0], "mushrooms": 1}  # a 61 Feuilles sheet the rules accept


def _autumn_leaves(rules, rng, n, names):
    setup = rules.new_setup(names[:n])

    def move(st):
        w = rng.randbelow(n + 1)  # n: the deck ran out
        piles = [1 + rng.randbelow(8) for _ in range(n)]
        high = [0 if i == w else 1 + rng.randbelow(10) for i in range(n)]
        return ["add", rules.hand(None if w == n else w, piles, high)]

    return setup, move


def _autumn_ash(rules, rng, n, names):
    setup = rules.new_setup(names[:2], rng.randbelow(2), rng.randbelow(2))

    def move(st):
        seat = st["turn"]
        if rng.randbelow(4) == 0:
            return ["add", [seat]]  # no bag this turn
        return ["add", [seat, st["colours"][seat][rng.randbelow(5)], [1, 1, 1]]]

    return setup, move


def _feuilles61(rules, rng, n, names):
    setup = rules.new_setup(names[:n], rng.randbelow(n))

    def move(st):
        if st["ended"]:
            p = st["sheets"].index(None)  # the first player whose sheet is not in
            return ["sheet", p, dict(_SHEET, pumpkins=rng.randbelow(3))]
        if not st["dice"]:
            return ["roll", [1 + rng.randbelow(6) for _ in range(3)]]
        p = rules.waiting(st)
        if p < 0:
            return ["next"]
        return ["leaf", p, st["dice"][rng.randbelow(3)]]

    return setup, move


def _leaves_came_down(rules, rng, n, names):
    setup = rules.new_setup(names[:n], rng.randbelow(n))

    def move(st):
        if rng.randbelow(4) == 0:
            return ["next"]
        return ["take", rng.randbelow(n)]

    return setup, move


def play(game, rng, n, names=NAMES):
    # -> (rules, setup, actions, state) of one game played to its end
    rules = __import__("rules." + game, None, None, ("result",))
    n = min(n, len(names))  # a table of four names seats four, whatever n was drawn
    setup, move = globals()["_" + game](rules, rng, n, names)
    st = rules.start(setup)
    actions = []
    while not rules.over(st):
        a = move(st)
        if rules.problem(st, a) is None:
            rules.apply(st, a)
            actions.append(a)
    if game == "leaves_came_down" and rules.needs_tile_drop(st):
        a = rules.drop_tiles(st, rng)
        rules.apply(st, a)
        actions.append(a)
    return rules, setup, actions, st


def fill(storage, count, seed=1, games=GAMES, first=1, names=NAMES):
    # `count` finished games into the history on `storage`, numbered from `first`, the
    # games taken in turn from `games`, 3 to 6 of `names` (Autumn Ash: 2)
    rng = Rng(seed)
    for i in range(count):
        game = games[i % len(games)]
        rules, setup, actions, st = play(game, rng, 3 + rng.randbelow(4), names)
        totals, places, rounds = rules.result(st)
        no = first + i
        e = history.summary(no, game, setup["players"], totals, places, rounds, getattr(rules, "LOWEST_WINS", False))
        history.add(storage, e, {"setup": setup, "actions": actions, "over": True, "no": no})


def files(count=200, seed=1):
    # -> {file name: bytes}: a flash holding a history of `count` games (and the
    # settings that number the next one), for a device to start from (the benchmarks)
    import json

    from core.storage import Storage

    from host_tools.sim.flash import FakeFlash

    flash = FakeFlash(capacity=1 << 30)
    fill(Storage(flash), count, seed)
    out = {}
    for name in flash.listdir():
        out[name] = flash.read(name)
    out["settings.json"] = json.dumps({"v": 1, "data": {"game_no": count + 1}}).encode()
    return out
