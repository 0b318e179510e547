# Renames that come back (issue 25, item 3): a rename made in Settings applies to the
# games filed up to it, never to later ones, and no sequence of renames, forgets and
# games played makes the settings fail their own check at the next boot. Random
# sequences are played against a plain model: every seat of every filed game credited
# to one name, a rename moving every seat credited to the old name to the new one;
# SEQUENCES of up to 40 steps, with the device's limit on renames kept and with 3.
import json

import pytest
from apps.game.lineup import remember
from apps.history import names as listed
from apps.settings import players
from core import history, settings
from core.storage import Storage
from hypothesis import given
from hypothesis import settings as runs
from hypothesis import strategies as st
from rules import records

from host_tools.sim.flash import FakeFlash

POOL = ("Anna", "Annie", "Ann", "Zoe", "Ben")
SEQUENCES = 1000


class Shell:
    # what the line-up's remember() needs of the device
    def __init__(self, s):
        self.settings = s

    def save_settings(self):
        pass


step = st.one_of(
    st.tuples(
        st.just("play"), st.lists(st.sampled_from(POOL), min_size=1, max_size=3, unique=True)
    ),
    st.tuples(st.just("rename"), st.sampled_from(POOL), st.sampled_from(POOL + ("P2",))),
    st.tuples(st.just("forget"), st.sampled_from(POOL)),
)


def boot(s):
    # the settings saved and read back as the device does at its next boot: -> (what
    # it reads, what it tells the player)
    store = Storage(FakeFlash())
    settings.save(store, s)
    return settings.load(store), store.problems


@pytest.mark.parametrize("most", [settings.ALIASES, 3])
@runs(max_examples=SEQUENCES, deadline=None)
@given(steps=st.lists(step, max_size=40))
def test_any_renames_forgets_and_games_pass_the_check_and_credit_the_right_player(most, steps):
    # most: the renames kept, the device's and a few (so that sequences reach the
    # limit, where a rename is refused)
    kept = settings.ALIASES
    settings.ALIASES = most
    try:
        play(steps)
    finally:
        settings.ALIASES = kept


def play(steps):
    s = json.loads(json.dumps(settings.DEFAULTS))
    games = []  # the summaries filed, as the history keeps them
    credited = []  # per game, the name each seat counts for now (the model)
    for what, *args in steps:
        if what == "play":
            line = args[0]
            remember(Shell(s), list(line))
            n = s["game_no"]
            s["game_no"] = n + 1  # core/history.py reserve()
            places = list(range(1, len(line) + 1))  # seat 1 won
            games.append(history.summary(n, "autumn_leaves", line, None, places, 6))
            credited.append(list(line))
        elif what == "rename" and args[0] != args[1]:  # (the entry takes no rename to itself)
            old, new = args
            before = json.dumps(s)
            why = players.rename(s, old, new)
            if why is not None:  # refused in plain words: nothing changed
                assert json.dumps(s) == before, why
                continue
            credited = [[new if c == old else c for c in seats] for seats in credited]
        elif what == "forget":
            players.forget(s, args[0])
        # the check the next boot makes: the same settings, nothing reset, nothing said
        assert boot(s) == (s, [])
        for e, seats in zip(games, credited):
            assert [records.current(p, s["alias"], e["n"]) for p in e["p"]] == seats
            assert listed(e, s["alias"]) == seats  # the History list's own current()
        everyone = records.names_in(games, s["alias"])
        recs = records.records(games, everyone, s["alias"])
        for name in everyone:
            assert records.totals(recs[name])[0] == len([c for c in credited if name in c])


def test_a_rename_kept_by_the_older_firmware_is_for_the_games_filed_before_the_update(tmp_path):
    # settings v1: [["Anna", "Annie"]], for every game, later ones too. Read by this
    # firmware with game_no 4, it is for games 1-3 (each one Anna played, seat 1); the
    # remembered line-up's Anna was Annie then, and plays under today's name (issue 39
    # item 4): game 4 is Annie's too, on the device and in `pull --stats`, after a power
    # cut too; a new Anna now would be a new player (game_no 4 bounds the rename)
    from host_tools.bench import games
    from host_tools.device import export
    from host_tools.sim import Simulator
    from tests.scenarios.history import leaves_game, rows
    from tests.scenarios.util import FOUR, open_app, open_game, says

    sim = Simulator(seed=1)
    games.fill(sim.loop.ui.storage, 3)
    v1 = {"game_no": 4, "lineup": FOUR, "names": FOUR, "alias": [["Anna", "Annie"]]}
    sim.flash.write("settings.json", json.dumps({"v": 1, "data": v1}).encode())
    sim.boot()
    sim.advance(100)
    open_game(sim, "Autumn Leaves")
    leaves_game(sim)  # game 4: Anna goes out every hand, -42
    sim.power_cut()
    sim.boot()
    sim.advance(500)
    assert not says(sim, "reset")
    assert json.loads(sim.flash.read("settings.json"))["data"]["alias"] == [["Anna", "Annie", 4]]
    open_app(sim, "History")
    assert rows(sim)[0] == "4 AL Annie -42"
    for name in sim.flash.listdir():
        (tmp_path / name).write_bytes(sim.flash.read(name))
    past, _notes = export.history_dir(tmp_path)
    assert [g["no"] for g in past] == [1, 2, 3, 4]
    assert [g["players"][0] for g in past] == ["Annie"] * 4
    assert [g["played_as"][0] for g in past] == ["Anna"] * 3 + ["Annie"]


# issue 39 item 9: the renames of games gone from the history make room
table = st.lists(
    st.tuples(st.sampled_from(POOL), st.sampled_from(POOL), st.integers(1, 40)).filter(
        lambda a: a[0] != a[1]
    ),
    max_size=12,
).map(lambda xs: [list(a) for a in xs])


@runs(max_examples=SEQUENCES, deadline=None)
@given(alias=table, oldest=st.integers(0, 41))
def test_renames_for_games_gone_from_the_history_change_no_name_kept(alias, oldest):
    # every game still in the history (numbered oldest or later) goes by the same name,
    # whatever table of renames and whichever oldest game: and those gone make room
    kept = records.pruned(alias, oldest)
    for n in range(max(oldest, 1), 45):
        for name in POOL:
            assert records.current(name, kept, n) == records.current(name, alias, n)
    assert [a for a in alias if a[2] > oldest] == kept


def test_a_full_table_makes_room_once_its_games_have_left_the_history():
    # 24 renames, one every ten games: full while game 1 is kept; with the oldest game
    # 11 the first rename is for no game kept, and the 25th is made
    s = json.loads(json.dumps(settings.DEFAULTS))
    for i in range(settings.ALIASES):
        s["game_no"] = 10 * i + 2
        assert players.rename(s, "Old" + str(i), "New" + str(i), 1) is None
    s["game_no"] = 300
    before = json.dumps(s)
    assert "Too many renames" in players.rename(s, "Zed", "Zoe", 1)
    assert json.dumps(s) == before
    assert players.rename(s, "Zed", "Zoe", 11) is None
    assert len(s["alias"]) == settings.ALIASES
    assert s["alias"][0] == ["Old1", "New1", 12] and s["alias"][-1] == ["Zed", "Zoe", 300]


# issue 39 item 4: an update from renames kept as pairs plays under the new names
def test_renames_kept_as_pairs_are_carried_into_the_line_up_names_and_games_on():
    # under version 1 Ben was Bert for good, in any line-up: the names and the line-up
    # (where Bert and Ben sat side by side, seat 3 is P3 again) say Bert, and each
    # game's save of that firmware is to take Ben -> Bert and Ann -> Anna when it opens
    v1 = {
        "game_no": 7,
        "names": ["Ben", "Anna", "Bert", "Ann"],
        "lineup": ["Anna", "Bert", "Ben", "Cara"],
        "alias": [["Ben", "Bert"], ["Ann", "Anna"]],
    }
    data = settings.migrate(1, v1)
    assert data["names"] == ["Bert", "Anna"]
    assert data["lineup"] == ["Anna", "Bert", "P3", "Cara"]
    assert data["alias"] == [["Ben", "Bert", 7], ["Ann", "Anna", 7]]
    carry = [c for c in data["carry"] if c[0] == "autumn_ash"]
    assert carry == [["autumn_ash", "Ben", "Bert"], ["autumn_ash", "Ann", "Anna"]]
    read, said = boot(data)  # the next boot keeps it all, nothing reset
    assert said == [] and read["carry"] == data["carry"] and read["lineup"] == data["lineup"]


def test_a_rename_reaches_a_saved_game_and_the_one_it_keeps_for_undo():
    # old's seats are new's; a table where new sits already keeps old's seat, and a
    # game filed under its number keeps its seats (the renames name them: it is not
    # filed again)
    from apps.game import reseat

    doc = {
        "setup": {"players": ["Anna", "Ben", "Cara"]},
        "actions": [],
        "over": False,
        "before": {"setup": {"players": ["Ben", "Bert"]}, "actions": [], "over": False},
    }
    reseat(doc, "Ben", "Bert")
    assert doc["setup"]["players"] == ["Anna", "Bert", "Cara"]
    assert doc["before"]["setup"]["players"] == ["Ben", "Bert"]
    doc["before"] = {"setup": {"players": ["Ben", "Dan"]}, "actions": [], "over": False}
    reseat(doc, "Ben", "Bert")
    assert doc["before"]["setup"]["players"] == ["Bert", "Dan"]
    filed = {"setup": {"players": ["Ben", "Dan"]}, "actions": [], "over": True, "no": 3}
    reseat(filed, "Ben", "Bert")
    assert filed["setup"]["players"] == ["Ben", "Dan"]
    solo = {"setup": {"deal": 5, "game": 1}, "actions": [], "over": False}
    reseat(solo, "Ben", "Bert")
    assert solo["setup"] == {"deal": 5, "game": 1}


def test_pull_stats_after_a_rematch_of_a_renamed_player_has_no_ben(tmp_path):
    # the table: Ben wins game 1, is renamed Bert, wins the rematch: `pull
    # --stats` counts both wins for Bert, and no Ben
    from host_tools.device import export
    from tests.scenarios.renames import (
        scenario_a_rematch_after_a_rename_plays_under_the_new_name as table_of,
    )

    sim = table_of()
    for name in sim.flash.listdir():
        (tmp_path / name).write_bytes(sim.flash.read(name))
    lines = [line.split() for line in export.stats(tmp_path)]
    assert ["Bert", "all", "games", "2", "2"] in lines
    assert not [w for w in lines if "Ben" in w]
