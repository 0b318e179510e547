# `leafkeeper pull` and the export format, on saves written by hand the way the apps write
# them ({"v": version, "data": ...} under /data), against the fake mpremote Pico.
import csv
import json
import os

import pytest
from test_deploy import FakePico

from host_tools.device import export, pull


def save(data, v=1):
    return json.dumps({"v": v, "data": data})


# Four players, six hands of Autumn Leaves written as a sheet; the lowest total wins.
LEAVES_SHEET = {
    "players": ["Anna", "Bo", "Cy", "Dee"],
    "hands": [
        [-5, 4, 7, 0],
        [3, -6, 2, 9],
        [0, 0, -4, 5],
        [2, 8, 1, -3],
        [-7, 3, 3, 3],
        [1, 1, 1, -2],
    ],
    "over": True,
}
# Autumn Ash: rounds as tables, the winner by index, a date; highest wins.
ASH_SHEET = {
    "players": [{"name": "Mo"}, {"name": "Lu"}],
    "rounds": [
        {"no": 1, "scores": [6, 4]},
        {"no": 2, "scores": [9, 12]},
        {"no": 3, "scores": [7, 2]},
    ],
    "winner": 0,
    "date": "2024-10-31",
}
# A journal (apps/game.py) whose actions carry the per-round scores; no app module for it.
JOURNAL = {
    "setup": {"players": ["Ida", "Jo", "Kim"], "lowest_wins": False},
    "actions": [["round", [10, 20, 5]], ["note", "spilled tea"], ["round", [15, 0, 30]]],
    "over": True,
}


def write(folder, files):
    os.makedirs(folder, exist_ok=True)
    for name, text in files.items():
        with open(os.path.join(folder, name), "w") as f:
            f.write(text)


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.reader(f))


def test_a_finished_autumn_leaves_sheet_exports_hand_by_hand(tmp_path):
    write(tmp_path / "data", {"autumn_leaves.json": save(LEAVES_SHEET)})
    games, notes = export.export_dir(tmp_path / "data", tmp_path / "out")
    assert notes == []
    rows = read_csv(tmp_path / "out" / "games.csv")
    assert rows[0] == ["game", "player", "round", "score", "total", "place", "winner", "date"]
    assert len(rows) == 1 + 6 * 4
    # totals: Anna -6, Bo 10, Cy 10, Dee 12 -> Anna first, Bo and Cy share second
    anna = [r for r in rows[1:] if r[1] == "Anna"]
    assert [r[2] for r in anna] == ["1", "2", "3", "4", "5", "6"]
    assert [r[4] for r in anna] == ["-5", "-2", "-2", "0", "-7", "-6"]
    assert {r[1]: r[5] for r in rows[1:]} == {"Anna": "1", "Bo": "2", "Cy": "2", "Dee": "4"}
    assert {r[6] for r in rows[1:]} == {"Anna"}
    assert games[0]["totals"] == [-6, 10, 10, 12] and games[0]["lowest_wins"] is True


def test_the_json_export_holds_players_rounds_totals_places_winner_and_date(tmp_path):
    write(tmp_path / "data", {"autumn_ash.json": save(ASH_SHEET, v=2)})
    export.export_dir(tmp_path / "data", tmp_path / "out")
    with open(tmp_path / "out" / "games.json") as f:
        (game,) = json.load(f)
    assert game == {
        "game": "autumn_ash",
        "file": "autumn_ash.json",
        "version": 2,
        "players": ["Mo", "Lu"],
        "rounds": [[6, 4], [9, 12], [7, 2]],
        "totals": [22, 18],
        "places": [1, 2],
        "winner": ["Mo"],
        "lowest_wins": False,
        "date": "2024-10-31",
    }
    rows = read_csv(tmp_path / "out" / "games.csv")
    assert rows[1] == ["autumn_ash", "Mo", "1", "6", "6", "1", "Mo", "2024-10-31"]


def test_a_journal_exports_the_actions_that_carry_one_score_per_player(tmp_path):
    write(tmp_path / "data", {"tally.json": save(JOURNAL)})
    games, notes = export.export_dir(tmp_path / "data", tmp_path / "out")
    assert notes == []
    assert games[0]["rounds"] == [[10, 20, 5], [15, 0, 30]]
    assert games[0]["winner"] == ["Kim"]  # 35 beats 25 and 20, highest wins here


def test_a_journal_is_replayed_by_its_own_game_when_the_host_can(tmp_path, monkeypatch):
    # the replayed state is a sheet: its hands, totals and winner are what is exported
    def replay(game, setup, actions, base=None):
        assert game == "autumn_leaves" and setup["players"] == ["Anna", "Bo", "Cy"]
        return {"hands": [[3, -2, 0], [1, 1, 1]], "totals": [4, -1, 1], "winner": 1}

    monkeypatch.setattr(export, "replayed", replay)
    doc = {
        "setup": {"players": ["Anna", "Bo", "Cy"]},
        "actions": [["hand", [9], [1], 0]],
        "over": True,
    }
    write(tmp_path / "data", {"autumn_leaves.json": save(doc)})
    games, _notes = export.export_dir(tmp_path / "data", tmp_path / "out")
    assert games[0]["rounds"] == [[3, -2, 0], [1, 1, 1]]
    assert games[0]["winner"] == ["Bo"] and games[0]["places"] == [3, 1, 2]


def test_ties_share_a_place_and_a_shared_win_names_both():
    assert export.ranking([10, 7, 7, 12], lowest_wins=True) == [3, 1, 1, 4]
    assert export.ranking([10, 7, 7, 12], lowest_wins=False) == [2, 3, 3, 1]
    doc = {"v": 1, "data": {"players": ["A", "B"], "rounds": [[5, 5]], "finished": True}}
    assert export.sheet("duel", doc)["winner"] == ["A", "B"]


@pytest.mark.parametrize(
    "name, text, why",
    [
        ("settings.json", save({"contrast": 200, "names": ["Anna"]}), "no players"),
        ("dice.json", save({"n": 3, "sides": 6, "history": [[1, 2, 3]]}), "no players"),
        ("autumn_ash.json", save(dict(ASH_SHEET, winner=None)), "game in progress"),
        (
            "leaves.json",
            save(
                {
                    "setup": {"players": ["A", "B", "C"], "first": 0},
                    "actions": [["next"]],
                    "over": True,
                }
            ),
            "no scores per hand or round",
        ),
        (
            "odd.json",
            save({"players": ["A", "B"], "hands": [[1, 2, 3]], "over": True}),
            "not one number per player",
        ),
        ("broken.json", '{"v": 1, "data": {"pla', "not readable JSON"),
        ("old.json", '["not", "a", "save"]', 'not a {"v", "data"} save'),
        ("autumn_leaves.bad", "{garbage", "damaged save"),
        ("crash.log", "== apps.leaves\nTraceback...\n", "log"),
    ],
)
def test_other_files_are_copied_but_not_exported_with_a_note(tmp_path, name, text, why):
    write(tmp_path / "data", {name: text, "autumn_leaves.json": save(LEAVES_SHEET)})
    games, notes = export.export_dir(tmp_path / "data", tmp_path / "out")
    assert [g["game"] for g in games] == ["autumn_leaves"]
    assert len(notes) == 1 and notes[0].startswith(name + ": copied") and why in notes[0]


def test_pull_copies_data_and_logs_exports_and_changes_nothing_on_the_board(tmp_path):
    pico = FakePico()
    pico.put("/main.py", "import board\n")
    pico.put("/data/autumn_leaves.json", save(LEAVES_SHEET))
    pico.put("/data/autumn_ash.json", save(ASH_SHEET))
    pico.put("/data/settings.json", save({"contrast": 200}))
    pico.put("/data/crash.log", "== apps.dice\nZeroDivisionError\n")
    before = pico.snapshot()
    said = []
    games, _notes = pull.pull(transport=pico, out_dir=str(tmp_path / "out"), out=said.append)

    assert pico.snapshot() == before
    assert pico.log[0][0] == "exec" and all(c[0] == "resume" for c in pico.log[1:])
    assert pico.hard_resets == 1  # the firmware runs again
    copied = sorted(os.listdir(tmp_path / "out" / "data"))
    assert copied == ["autumn_ash.json", "autumn_leaves.json", "crash.log", "settings.json"]
    with open(tmp_path / "out" / "data" / "autumn_ash.json") as f:
        assert json.load(f)["data"] == ASH_SHEET
    assert sorted(g["game"] for g in games) == ["autumn_ash", "autumn_leaves"]
    assert len(read_csv(tmp_path / "out" / "games.csv")) == 1 + 24 + 6
    text = "\n".join(said)
    assert "exported 2 finished game(s)" in text
    assert "settings.json: copied, not exported" in text
    assert "the board logged a crash" in text


def test_pull_from_a_board_with_nothing_saved_yet(tmp_path):
    pico = FakePico()
    games, notes = pull.pull(transport=pico, out_dir=str(tmp_path / "out"), out=lambda s: None)
    assert games == [] and notes == []
    assert read_csv(tmp_path / "out" / "games.csv") == [list(export.CSV_COLUMNS)]
    assert pico.hard_resets == 1


def test_pulling_twice_into_one_folder_replaces_the_old_copy(tmp_path):
    pico = FakePico()
    pico.put("/data/autumn_leaves.json", save(LEAVES_SHEET))
    pull.pull(transport=pico, out_dir=str(tmp_path / "out"), out=lambda s: None)
    del pico.files["/data/autumn_leaves.json"]
    pico.put("/data/autumn_ash.json", save(ASH_SHEET))
    games, _notes = pull.pull(transport=pico, out_dir=str(tmp_path / "out"), out=lambda s: None)
    assert os.listdir(tmp_path / "out" / "data") == ["autumn_ash.json"]
    assert [g["game"] for g in games] == ["autumn_ash"]


def test_a_real_autumn_leaves_journal_is_replayed_by_the_firmware(tmp_path):
    # as apps/autumn_leaves.py saves it: ["add", [winner, piles, highest]] per hand,
    # scored by the firmware's own rules (rules/autumn_leaves_sheet.py) on the host
    hands = [[0, [3, 5, 2], [0, 7, 4]], [-1, [1, 0, 6], [9, 2, 0]]] + [
        [1, [2, 4, 1], [5, 0, 3]]
    ] * 4
    doc = {
        "setup": {"players": ["Anna", "Bo", "Cy"]},
        "actions": [["add", h] for h in hands],
        "over": True,
    }
    write(tmp_path / "data", {"autumn_leaves.json": save(doc)})
    games, notes = export.export_dir(tmp_path / "data", tmp_path / "out")
    assert notes == [] and len(games[0]["rounds"]) == 6
    from rules import autumn_leaves as al

    rows = [al.hand_scores(h[1], h[2], None if h[0] < 0 else h[0]) for h in hands]
    assert games[0]["rounds"] == rows
    totals = [sum(r[i] for r in rows) for i in range(3)]
    assert games[0]["totals"] == totals
    assert games[0]["places"] == al.ranking(totals, True)


def test_a_journal_with_hands_entered_as_points_exports_both_forms(tmp_path):
    # issue 28: a hand is saved as each player's points ([winner, scores], the winner's
    # minus their leaf pile); a game begun before holds hands of both forms. Hand 1:
    # Anna out with 3 leaves, Bo pile 5 highest 7, Cy 2 and 4 -> -3, 2, 2; then five
    # hands of Cy out with 6 leaves, Anna 4 points -> totals 17, 2, -28: Cy first
    hands = [[0, [3, 5, 2], [0, 7, 4]]] + [[2, [4, 0, -6]]] * 5
    doc = {"setup": {"players": ["Anna", "Bo", "Cy"]}, "actions": [["add", h] for h in hands], "over": True}
    write(tmp_path / "data", {"autumn_leaves.json": save(doc)})
    games, notes = export.export_dir(tmp_path / "data", tmp_path / "out")
    assert notes == []
    assert games[0]["rounds"] == [[-3, 2, 2]] + [[4, 0, -6]] * 5
    assert games[0]["totals"] == [17, 2, -28] and games[0]["places"] == [3, 2, 1]


# -- pull never deletes what it did not write (issue 14) -----------------------------------
def test_pull_into_a_folder_of_the_users_own_refuses_and_deletes_nothing(tmp_path):
    # `pull --out ~` must not delete ~/data
    home = tmp_path / "home"
    write(home / "data", {"taxes.txt": "mine", "photo.jpg": "also mine"})
    write(home, {"games.csv": "my own spreadsheet"})
    before = sorted((p.relative_to(home), p.read_bytes()) for p in home.rglob("*") if p.is_file())
    pico = FakePico()
    pico.put("/data/autumn_leaves.json", save(LEAVES_SHEET))
    said = refused(lambda: pull.pull(transport=pico, out_dir=str(home), out=lambda s: None))
    after = sorted((p.relative_to(home), p.read_bytes()) for p in home.rglob("*") if p.is_file())
    assert after == before
    assert "not an earlier pull" in said and "nothing was copied" in said, said
    assert pico.log == []  # refused before the board was even asked


def refused(fn):
    # -> the message of the error fn raised (none: "")
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        assert type(e).__name__ == "PullError", repr(e)
        return str(e)
    return ""


def test_a_file_added_to_an_earlier_pull_is_not_deleted_either(tmp_path):
    pico = FakePico()
    pico.put("/data/autumn_leaves.json", save(LEAVES_SHEET))
    out = tmp_path / "scores"
    pull.pull(transport=pico, out_dir=str(out), out=lambda s: None)
    write(out / "data", {"notes.txt": "who brought the cake"})
    said = refused(lambda: pull.pull(transport=pico, out_dir=str(out), out=lambda s: None))
    assert (out / "data" / "notes.txt").read_text() == "who brought the cake"
    assert "data/notes.txt" in said, said
    assert (out / "data" / "autumn_leaves.json").exists()


def test_pull_never_follows_a_symlink_out_of_its_folder(tmp_path):
    # issue 25: a `data` symlink, and a mark naming data/thesis.tex, made pull delete
    # the thesis it points at (then die on NotADirectoryError); a symlinked mark, or a
    # symlink in place of a file pull wrote, must not be written through either
    elsewhere = tmp_path / "elsewhere"
    write(elsewhere, {"thesis.tex": "years of work", "mark.json": '{"files": []}'})
    pico = FakePico()
    pico.put("/data/autumn_leaves.json", save(LEAVES_SHEET))
    out = tmp_path / "out"
    out.mkdir()
    (out / "data").symlink_to(elsewhere)
    write(out, {pull.MARK: json.dumps({"files": ["data/thesis.tex", "data/mark.json"]})})
    said = refused(lambda: pull.pull(transport=pico, out_dir=str(out), out=lambda s: None))
    assert pico.log == []  # refused before the board was asked
    assert "not a plain folder" in said and "nothing was copied or deleted" in said, said
    os.remove(out / "data")
    os.remove(out / pull.MARK)
    (out / pull.MARK).symlink_to(elsewhere / "mark.json")
    said = refused(lambda: pull.pull(transport=pico, out_dir=str(out), out=lambda s: None))
    assert "not a plain file" in said, said
    os.remove(out / pull.MARK)
    pull.pull(transport=pico, out_dir=str(out), out=lambda s: None)  # an earlier pull, then
    os.remove(out / "games.csv")
    (out / "games.csv").symlink_to(elsewhere / "thesis.tex")
    said = refused(lambda: pull.pull(transport=pico, out_dir=str(out), out=lambda s: None))
    assert "games.csv is not a plain file" in said, said
    assert (elsewhere / "thesis.tex").read_text() == "years of work"
    assert (elsewhere / "mark.json").read_text() == '{"files": []}'


def test_a_second_pull_replaces_folders_the_first_one_copied(tmp_path):
    pico = FakePico()
    pico.put("/data/dice.bad/left/by/a/tool.txt", "x")  # a folder on the board (issue 14)
    pico.put("/data/dice.json", save({"n": 3}))
    out = tmp_path / "scores"
    pull.pull(transport=pico, out_dir=str(out), out=lambda s: None)
    assert (out / "data" / "dice.bad" / "left" / "by" / "a" / "tool.txt").exists()
    del pico.files["/data/dice.bad/left/by/a/tool.txt"]
    pico.dirs = {d for d in pico.dirs if not d.startswith("/data/dice.bad")}
    pull.pull(transport=pico, out_dir=str(out), out=lambda s: None)
    assert os.listdir(out / "data") == ["dice.json"]


def test_pull_into_an_empty_folder_or_a_new_one(tmp_path):
    pico = FakePico()
    pico.put("/data/autumn_ash.json", save(ASH_SHEET))
    (tmp_path / "empty").mkdir()
    for where in (tmp_path / "empty", tmp_path / "new" / "deeper"):
        games, _notes = pull.pull(transport=pico, out_dir=str(where), out=lambda s: None)
        assert [g["game"] for g in games] == ["autumn_ash"]
        assert os.listdir(where / "data") == ["autumn_ash.json"]


def test_the_pull_command_says_why_in_one_line(tmp_path, capsys, monkeypatch):
    write(tmp_path / "mine" / "data", {"taxes.txt": "mine"})
    monkeypatch.setattr(pull, "MpremoteTransport", lambda port: FakePico())
    args = type("Args", (), {"port": None, "out": str(tmp_path / "mine")})()
    assert pull.main(args) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "not an earlier pull" in err, err
    assert (tmp_path / "mine" / "data" / "taxes.txt").read_text() == "mine"


# -- hostile saves (issue 14) ---------------------------------------------------------------
def strict_json(path):
    # JSON as the standard has it: no NaN, no Infinity
    def refuse(name):
        raise ValueError("not JSON: " + name)

    with open(path, encoding="utf-8") as f:
        return json.load(f, parse_constant=refuse)


def test_a_save_nested_too_deep_is_noted_and_the_rest_exported(tmp_path):
    write(tmp_path / "data", {
        "deep.json": "[" * 100_000 + "]" * 100_000,
        "deeper.json": '{"v": 1, "data": {"players": ' + "[" * 50_000 + "]" * 50_000 + "}}",
        "autumn_leaves.json": save(LEAVES_SHEET),
    })
    games, notes = export.export_dir(tmp_path / "data", tmp_path / "out")
    assert [g["game"] for g in games] == ["autumn_leaves"]
    assert any(n.startswith("deep.json: copied, not exported") for n in notes), notes
    assert any(n.startswith("deeper.json: copied, not exported") for n in notes), notes


def test_names_that_a_spreadsheet_would_run_as_formulas_are_neutralised_in_the_csv(tmp_path):
    sheet = dict(LEAVES_SHEET, players=["=HYPERLINK(\"http://x\")", "+1+2", "-3", "@SUM(A1)"],
                 date="=NOW()")
    write(tmp_path / "data", {"autumn_leaves.json": save(sheet), "=evil.json": save(sheet)})
    export.export_dir(tmp_path / "data", tmp_path / "out")
    rows = read_csv(tmp_path / "out" / "games.csv")[1:]
    for r in rows:
        for cell in (r[0], r[1], r[6], r[7]):  # game, player, winner, date: text cells
            assert cell[:1] not in ("=", "+", "-", "@", "\t", "\r"), r
    assert {r[1] for r in rows} == {"'=HYPERLINK(\"http://x\")", "'+1+2", "'-3", "'@SUM(A1)"}
    assert any(r[3] == "-5" for r in rows)  # a negative score is still a number
    (game, _other) = strict_json(tmp_path / "out" / "games.json")
    assert game["players"][0] == "=HYPERLINK(\"http://x\")"  # the JSON keeps the names as they are


def test_infinite_or_nan_scores_never_make_the_json_invalid(tmp_path):
    write(tmp_path / "data", {
        "autumn_ash.json": '{"v": 1, "data": {"players": ["Mo", "Lu"], "rounds": [[1e400, 4]], "winner": 0}}',
        "leaves.json": '{"v": NaN, "data": {"players": ["Mo", "Lu"], "rounds": [[NaN, 4]], "over": true}}',
        "duel.json": '{"v": 1e400, "data": {"players": ["A", "B"], "rounds": [[3, 4]], "over": true,'
                     ' "totals": [NaN, 1e400], "places": [NaN, 1]}}',
        "autumn_leaves.json": save(LEAVES_SHEET),
    })
    _games, notes = export.export_dir(tmp_path / "data", tmp_path / "out")
    exported = strict_json(tmp_path / "out" / "games.json")  # valid JSON
    assert sorted(g["game"] for g in exported) == ["autumn_leaves", "duel"]
    duel = next(g for g in exported if g["game"] == "duel")
    assert duel["totals"] == [3, 4] and duel["places"] == [2, 1] and duel["version"] is None
    assert any(n.startswith("autumn_ash.json: copied, not exported") for n in notes), notes
    assert any(n.startswith("leaves.json: copied, not exported") for n in notes), notes


def test_file_names_with_a_newline_on_the_board_are_listed_as_they_are(tmp_path):
    # a name may hold a newline; it must not break (or forge) the board's listing
    pico = FakePico()
    pico.put("/data/autumn_ash.json", save(ASH_SHEET))
    pico.put("/data/odd\nLK data f 1 ghost.json", save(ASH_SHEET))
    pico.put("/notes\nLK release 1.9.4", "x")
    from host_tools.device import deploy

    info = deploy.Device(pico).hold()
    assert sorted(info["data"]) == ["autumn_ash.json", "odd\nLK data f 1 ghost.json"]
    assert "notes\nLK release 1.9.4" in info["root"] and info["release"] == "1.24.1"
    said = []
    games, _notes = pull.pull(transport=pico, out_dir=str(tmp_path / "out"), out=said.append)
    assert "copied 2 file(s)" in "\n".join(said)
    assert sorted(os.listdir(tmp_path / "out" / "data")) == ["autumn_ash.json", "odd\nLK data f 1 ghost.json"]
    assert all("\n" not in line for line in said), said  # every line of the report is one line
    assert len(games) == 2


def test_deploy_is_not_fooled_by_a_file_name_with_a_newline(tmp_path):
    from test_deploy import run_deploy, small_firmware

    pico = FakePico()
    pico.put("/notes\nLK release 1.9.4", "x")  # read as MicroPython 1.9.4 it would be refused
    run_deploy(pico, small_firmware(tmp_path / "fw"))
    assert "/main.py" in pico.files and pico.files["/notes\nLK release 1.9.4"] == b"x"


def test_a_finished_game_that_a_rematch_replaced_is_still_exported(tmp_path):
    # issue 15: a rematch (the menu's "Same players again", issue 28) replaces the
    # finished game; it rides along in the save and `pull` exports it, hand by hand,
    # beside the new one
    from tests.scenarios.autumn_leaves import quick_hand, start
    from tests.scenarios.util import new_match

    sim = start(["Anna", "Ben", "Cara"])
    quick_hand(sim)  # Anna out: -7 0 0
    quick_hand(sim, "DOWN")  # Ben out: 0 -7 0
    for _ in range(4):
        quick_hand(sim, "UP")  # deck ran out: 0 0 0
    new_match(sim)
    quick_hand(sim)  # and a hand of it
    data = tmp_path / "data"
    data.mkdir()
    for name in sim.flash.listdir():
        (data / name).write_bytes(sim.flash.read(name))
    games, notes = export.export_dir(data, tmp_path / "out")
    assert "autumn_leaves.json: copied, not exported (game in progress)" in notes
    assert [(len(g["rounds"]), g["totals"]) for g in games] == [(6, [-7, -7, 0])]
    assert games[0]["places"] == [1, 1, 3]
    rows = read_csv(tmp_path / "out" / "games.csv")
    assert len(rows) == 1 + 6 * 3  # the header, then one row per player per hand


# -- the history of finished games (issue 17) ------------------------------------------------
def _device_files(sim, folder):
    folder.mkdir()
    for name in sim.flash.listdir():
        (folder / name).write_bytes(sim.flash.read(name))


def test_the_history_export_round_trips_what_the_device_showed(tmp_path):
    # three games played through the Simulator (tests/scenarios/history.py): the list,
    # a reopened sheet and a player's record as the device shows them, against
    # history.csv, history.json and `pull --stats`
    from tests.scenarios.history import rows, three_games
    from tests.scenarios.util import open_app

    sim, _final = three_games()
    open_app(sim, "History")
    listed = rows(sim)
    sim.press("DOWN")
    sim.press("OK")  # game 2's sheet
    sheet = [r for r in rows(sim) if r[:1].isdigit() and " hands" not in r]
    _device_files(sim, tmp_path / "data")
    _games, notes = export.export_dir(tmp_path / "data", tmp_path / "out")
    assert not [n for n in notes if n.startswith("hist")], notes
    with open(tmp_path / "out" / "history.json") as f:
        past = json.load(f)
    assert [g["no"] for g in past] == [1, 2, 3]
    code = {"autumn_leaves": "AL", "autumn_ash": "Ash"}
    shown = []
    for g in reversed(past):  # the device lists the newest first
        w = g["places"].index(1)
        shown.append("%d %s %s %d" % (g["no"], code[g["game"]], g["winners"][0], g["totals"][w]))
    assert shown == listed
    g2 = past[1]
    order = sorted(range(4), key=lambda i: (g2["totals"][i], i))  # lowest first, as shown
    assert ["%d %s %d" % (g2["places"][i], g2["players"][i], g2["totals"][i]) for i in order] == sheet
    assert g2["rounds"] == 6 and g2["lowest_wins"] is True and g2["winners"] == ["Ben"]
    # the journals replay, through the firmware's own rules, to the same totals
    import importlib

    for g in past:
        rules = importlib.import_module("rules." + g["game"])
        st = rules.start(g["journal"]["setup"])
        for a in g["journal"]["actions"]:
            rules.apply(st, a)
        assert rules.over(st) and rules.result(st)[0] == g["totals"] and g["journal"]["no"] == g["no"]
    rows_ = read_csv(tmp_path / "out" / "history.csv")
    assert rows_[0] == list(export.HISTORY_COLUMNS)
    assert len(rows_) == 1 + 4 + 4 + 2  # one row per player per game
    # started, ended, duration: empty, the clock was never set (the device stands behind no date)
    assert rows_[1:5] == [
        ["1", "autumn_leaves", "1", "Anna", "Anna", "-42", "1", "1", "6", "1", "", "", ""],
        ["1", "autumn_leaves", "2", "Ben", "Ben", "0", "2", "0", "6", "1", "", "", ""],
        ["1", "autumn_leaves", "3", "Cara", "Cara", "0", "2", "0", "6", "1", "", "", ""],
        ["1", "autumn_leaves", "4", "Dan", "Dan", "0", "2", "0", "6", "1", "", "", ""],
    ]
    assert rows_[-2][1:8] == ["autumn_ash", "1", "Anna", "Anna", "21", "1", "1"]
    # the records: the same numbers as the device's History > players > Anna
    stats = "\n".join(export.stats(str(tmp_path / "data")))
    anna = [line.split() for line in stats.splitlines() if "Autumn" in line][:2]
    assert anna == [["Autumn", "Leaves", "2", "1", "-42", "-21.0", "#2"], ["Autumn", "Ash", "1", "1", "21", "21.0", "#3"]]
    assert "Anna" in stats and "3 finished games (#1 to #3)" in stats
    # head to head as History > players > Anna > Ben showed it: together 3, ahead 2, 1, level 0
    assert ["Anna", "Ben", "3", "2", "1", "0"] in [line.split() for line in stats.splitlines()]


def test_a_rename_in_settings_is_exported_under_the_new_name(tmp_path):
    from host_tools.bench import games
    from host_tools.sim import Simulator

    sim = Simulator(seed=1)
    games.fill(sim.loop.ui.storage, 5)
    sim.loop.ui.settings["alias"] = [["Anna", "Annie", 6]]  # renamed after the five games
    sim.loop.ui.save_settings()
    _device_files(sim, tmp_path / "data")
    past, _notes = export.history_dir(tmp_path / "data")
    assert len(past) == 5
    for g in past:
        assert "Anna" not in g["players"] and "Annie" in g["players"]
        assert g["played_as"][g["players"].index("Annie")] == "Anna"
    assert "Annie" in "\n".join(export.stats(str(tmp_path / "data")))


def test_pull_exports_the_history_and_stats_prints_the_records(tmp_path, capsys, monkeypatch):
    from host_tools.bench import games
    from host_tools.sim import Simulator

    sim = Simulator(seed=1)
    games.fill(sim.loop.ui.storage, 20)
    pico = FakePico()
    for name in sim.flash.listdir():
        pico.put("/data/" + name, sim.flash.read(name))
    monkeypatch.setattr(pull, "MpremoteTransport", lambda port: pico)
    args = type("Args", (), {"port": None, "out": str(tmp_path / "out"), "stats": True, "from_dir": None})()
    assert pull.main(args) == 0
    out = capsys.readouterr().out
    assert "exported the history, 20 game(s), to history.csv and history.json" in out
    assert "20 finished games (#1 to #20)" in out and "Head to head" in out
    assert len(read_csv(tmp_path / "out" / "history.csv")) > 20
    # later, without the board: the records of that pull
    args = type("Args", (), {"port": None, "out": None, "stats": True, "from_dir": str(tmp_path / "out")})()
    assert pull.main(args) == 0
    assert "20 finished games (#1 to #20)" in capsys.readouterr().out
    # and pulling again into the same folder replaces the history files it wrote
    args = type("Args", (), {"port": None, "out": str(tmp_path / "out"), "stats": False, "from_dir": None})()
    assert pull.main(args) == 0


def test_sixty_one_feuilles_is_won_by_the_most_acorns(tmp_path):
    # F61-15: the highest score wins (a sheet without the game's own
    # ranking falls back to the game's direction: highest wins here, lowest in Autumn Leaves)
    doc = {"players": ["Anna", "Bo"], "rounds": [[10, 31], [20, 2]], "over": True}
    write(tmp_path / "data", {"feuilles61.json": save(doc), "autumn_leaves.json": save(doc)})
    games, _notes = export.export_dir(tmp_path / "data", tmp_path / "out")
    by_game = {g["game"]: g for g in games}
    assert by_game["feuilles61"]["totals"] == [30, 33]
    assert by_game["feuilles61"]["winner"] == ["Bo"] and by_game["feuilles61"]["places"] == [2, 1]
    assert by_game["autumn_leaves"]["winner"] == ["Anna"]


# -- hostile history files and names (issue 25) ---------------------------------------------
def summary(n, players, totals, places):
    # a game of Autumn Leaves as the history keeps its summary (rules/records.py)
    game = {"n": n, "g": "autumn_leaves", "p": players, "t": totals, "pl": places}
    return dict(game, r=6, lo=True, j=0)


def history_page(folder, games, k=0):
    page = {"games": games, "kept": len(games), "since": 1}
    write(folder, {"hist_%d.json" % k: json.dumps({"v": 1, "data": page})})


def stats_from(folder):
    # `leafkeeper pull --stats --from folder`, this checkout's, in a process of its own
    from test_cli import checkout

    env = dict(os.environ, PYTHONIOENCODING="utf-8")  # strict, whatever the locale
    return checkout("pull", "--stats", "--from", str(folder), text=True, env=env)


def test_stats_from_an_earlier_pull_reads_only_regular_files_of_a_save_s_size(tmp_path):
    # a FIFO blocked the read forever and a symlink to /dev/zero read until the memory
    # ran out; a file larger than any save (32 KB) is not read either
    data = tmp_path / "data"
    history_page(data, [summary(1, ["Anna", "Ben"], [3, 7], [1, 2])])
    os.mkfifo(data / "hist_1.json")
    os.symlink("/dev/zero", data / "hist_2.json")
    os.symlink("/dev/zero", data / "hjour_0.json")
    os.mkfifo(data / "settings.json")
    write(data, {"hist_3.json": save({"games": [], "kept": 1, "since": 1, "pad": "x" * 40000})})
    r = stats_from(tmp_path)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert "1 finished games (#1 to #1)" in r.stdout
    assert [line.split() for line in r.stdout.splitlines()[-3:]] == [
        ["player", "against", "together", "ahead", "behind", "level"],
        ["-" * 45],
        ["Anna", "Ben", "1", "1", "0", "0"],
    ]
    # and the export says why it left each out
    os.mkfifo(data / "fifo.json")
    os.symlink("/dev/zero", data / "zero.json")
    big = {"players": ["A"], "rounds": [[1]], "over": True, "pad": "x" * 40000}
    write(data, {"big.json": save(big)})
    _games, notes = export.export_dir(data, tmp_path / "out")
    assert "big.json: copied, not exported (larger than 32 KB)" in notes, notes
    assert "fifo.json: copied, not exported (not a regular file)" in notes, notes
    assert "settings.json: copied, not exported (not a regular file)" in notes, notes
    assert "zero.json: copied, not exported (a symlink, not a regular file)" in notes, notes


ODD = "\ud800x"  # half of a UTF-16 pair: no UTF-8 encoding holds it
ESC = "Esc\x1b[31mred"  # a terminal escape code: red from here on


def test_a_name_with_a_lone_surrogate_or_an_escape_code_is_exported_and_printed_safely(tmp_path):
    data = tmp_path / "data"
    history_page(data, [summary(1, [ODD, ESC, "Bo"], [1, 2, 3], [1, 2, 3])])
    export.export_dir(data, tmp_path / "out")
    # the JSON keeps the name exactly (as the escape \ud800 it came in), the CSV has '?'
    assert strict_json(tmp_path / "out" / "history.json")[0]["players"] == [ODD, ESC, "Bo"]
    assert "\\ud800x" in (tmp_path / "out" / "history.json").read_text(encoding="utf-8")
    rows = read_csv(tmp_path / "out" / "history.csv")
    assert [r[3] for r in rows[1:]] == ["?x", ESC, "Bo"]
    # printed: the escape code shown, not sent to the terminal
    r = stats_from(tmp_path)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert "\x1b" not in r.stdout
    players = [line.split()[0] for line in r.stdout.splitlines() if "all games" in line]
    assert players == ["\\ud800x", "Esc\\x1b[31mred", "Bo"]


def test_head_to_head_counts_each_game_onto_its_own_players_only(tmp_path, monkeypatch):
    # 20 games of six new names each (120 names): each game costs its six seats once
    # for the records and its 15 pairs twice (a seat each) for the head to head: 36
    # seat lookups a game, 720 in all (before: names² x games, 571,200 for the head to
    # head alone), and 15 pairs a game to print
    from rules import records

    games = []
    for n in range(1, 21):
        six = ["P%d.%d" % (n, s) for s in range(6)]
        games.append(summary(n, six, [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6]))
    history_page(tmp_path, games[:16], 0)
    history_page(tmp_path, games[16:], 1)
    calls = []
    seat = records.seat
    monkeypatch.setattr(records, "seat", lambda *a: calls.append(1) or seat(*a))
    lines = export.stats(str(tmp_path))
    assert len(calls) == 20 * (6 + 15 * 2)
    h2h = lines[lines.index(next(line for line in lines if line.startswith("Head to head"))) + 3 :]
    assert len(h2h) == 20 * 15
    assert h2h[0].split() == ["P1.0", "P1.1", "1", "1", "0", "0"]


# -- a board's names are input (issue 41 item 5) -----------------------------------------------


def test_a_name_the_board_lists_never_lands_outside_the_pull_folder(tmp_path, monkeypatch):
    # mpremote's `fs cp -r` names what it writes after the board's listing: a board
    # that lists "../../victim.txt" or an absolute path in /data had pull overwrite
    # that file. Every name is checked first; the good files are copied all the same
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "t" / "tmp"))  # where pull fetches
    (tmp_path / "t" / "tmp").mkdir(parents=True)
    victims = [tmp_path / "t" / "victim.txt", tmp_path / "home" / ".bashrc"]
    for v in victims:
        v.parent.mkdir(exist_ok=True)
        v.write_text("the user's own\n")
    pico = FakePico()
    pico.put("/data/autumn_ash.json", save(ASH_SHEET))
    pico.put("/data/aside.bad/keep.json", "{}")  # a folder the device kept aside: copied too
    pico.lists("/data", "../../victim.txt", b"rm -rf ~\n")
    pico.lists("/data", str(victims[1]), b"rm -rf ~\n")
    pico.lists("/data", "..", b"rm -rf ~\n")
    pico.lists("/data", "c:\\x\\..\\.bashrc", b"rm -rf ~\n")
    said = []
    out = tmp_path / "out"
    games, _notes = pull.pull(transport=pico, out_dir=str(out), out=said.append)
    for v in victims:
        assert v.read_text() == "the user's own\n"
    assert sorted(os.listdir(tmp_path / "t")) == ["tmp", "victim.txt"]
    written = sorted(os.path.relpath(os.path.join(d, f), out) for d, _ds, fs in os.walk(out) for f in fs)
    assert written == [".leafkeeper-pull", "data/aside.bad/keep.json", "data/autumn_ash.json", "games.csv", "games.json", "history.csv", "history.json"]
    assert len(games) == 1 and "copied 2 file(s)" in "\n".join(said)
    refused = [line for line in said if "not copied (a name that would land outside" in line]
    assert len(refused) == 4 and all(line.isprintable() for line in said), said
    assert pico.hard_resets == 1  # the firmware runs again


def test_a_board_listing_more_files_than_a_flash_holds_is_refused_and_restarted(tmp_path):
    pico = FakePico()
    for i in range(pull.MOST_FILES + 1):
        pico.lists("/data", "f%d.json" % i)
    with pytest.raises(pull.PullError, match="more than a Leafkeeper's flash holds"):
        pull.pull(transport=pico, out_dir=str(tmp_path / "out"), out=print)
    assert pico.hard_resets == 1 and not (tmp_path / "out").exists()


@pytest.mark.parametrize("where", ["a folder", "a missing folder", "a symlink"])
def test_a_bgstats_page_that_cannot_be_written_is_one_line_and_asks_no_board(tmp_path, capsys, monkeypatch, where):
    import argparse

    pico = FakePico()
    pico.put("/data/autumn_ash.json", save(ASH_SHEET))
    pull.pull(transport=pico, out_dir=str(tmp_path / "scores"), out=lambda s: None)
    page = {"a folder": tmp_path, "a missing folder": tmp_path / "no" / "games.html", "a symlink": tmp_path / "link.html"}[where]
    if where == "a symlink":
        os.symlink(tmp_path / "elsewhere.html", page)
    board = FakePico()
    monkeypatch.setattr(pull, "MpremoteTransport", lambda port: board)
    monkeypatch.setattr(pull.clock, "UsbClock", lambda port: None)
    for earlier, out in ((str(tmp_path / "scores"), None), (None, str(tmp_path / "new"))):
        args = argparse.Namespace(from_dir=earlier, out=out, port=None, stats=False, bgstats=str(page))
        assert pull.main(args) == 1
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and err.startswith("leafkeeper pull: --bgstats " + str(page)), err
    assert board.log == [] and not (tmp_path / "new").exists() and not (tmp_path / "elsewhere.html").exists()


def test_a_folded_game_is_exported_by_pull_with_the_device_s_totals(tmp_path):
    # issue 39.11: an Autumn Ash game long enough that its journal folded (apps/game:
    # at 64 actions, keeping the last 50): Rosa's red trio of turn 1 (9) is only in the
    # save's base. Played through the Simulator: Rosa red 9, 70 turns with no bag,
    # Xavier cyan 12, Rosa red 9 (18), Xavier cyan 12 (24: he wins). pull exported the
    # last 50 actions alone (Rosa 9); it replays from the base as the device does
    from host_tools.sim.keys import run as keys
    from tests.scenarios.autumn_ash import bag, start, total
    from tests.scenarios.util import check

    sim = start()
    bag(sim, "", "ROLL")
    for _ in range(70):
        keys(sim, "ROLL UP OK")  # no bag, the colours' last row
    bag(sim, "DOWN", "ROLL")
    bag(sim, "", "ROLL")
    bag(sim, "DOWN", "ROLL")
    check(total(sim, "Rosa") == 18 and total(sim, "Xavier") == 24 and "Xavier wins" in sim.text(), "the end", sim)
    assert "base" in json.loads(sim.flash.read("autumn_ash.json"))["data"]
    pico = FakePico()
    for name in sim.flash.listdir():
        pico.put("/data/" + name, sim.flash.read(name).decode())
    games, _notes = pull.pull(transport=pico, out_dir=str(tmp_path / "out"), out=lambda s: None)
    (game,) = [g for g in games if g["game"] == "autumn_ash"]
    assert game["totals"] == [18, 24] and game["winner"] == ["Xavier"] and game["places"] == [2, 1]
    # turns 1-14 folded (9, 0); the 60 after them listed, numbered from 15
    assert game["folded"] == 14 and game["base"] == [9, 0] and len(game["rounds"]) == 60
    rows = read_csv(tmp_path / "out" / "games.csv")
    rosa = [r for r in rows[1:] if r[0] == "autumn_ash" and r[1] == "Rosa"]
    assert (rosa[0][2], rosa[0][4]) == ("15", "9") and (rosa[-1][2], rosa[-1][4]) == ("74", "18")
    xavier = [r for r in rows[1:] if r[0] == "autumn_ash" and r[1] == "Xavier"]
    assert xavier[-1][4] == "24"
