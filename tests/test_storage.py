# Atomic saves, damaged files kept as .bad, a full flash, power cut in the middle of a
# save: against the simulator's flash and against real files (the device's OsFlash).
import json

import pytest
from core.storage import OsFlash, Storage

from host_tools.sim.flash import PAGE, FakeFlash, PowerCut

DEFAULTS = {"n": 3, "sides": 6, "names": []}


def test_round_trip_and_defaults_merged():
    s = Storage(FakeFlash())
    assert s.load("dice", DEFAULTS) == DEFAULTS
    assert s.save("dice", {"n": 5, "sides": 20, "names": ["Léa"]})
    assert Storage(s.flash).load("dice", DEFAULTS) == {"n": 5, "sides": 20, "names": ["Léa"]}


def test_partial_file_gets_missing_keys_from_defaults():
    f = FakeFlash()
    f.write("dice.json", json.dumps({"v": 1, "data": {"n": 2}}).encode())
    assert Storage(f).load("dice", DEFAULTS) == {"n": 2, "sides": 6, "names": []}


def test_defaults_are_not_shared_with_the_app():
    s = Storage(FakeFlash())
    a = s.load("x", DEFAULTS)
    a["names"].append("Tom")
    assert DEFAULTS["names"] == []


@pytest.mark.parametrize(
    "raw",
    [
        b'{"v": 1, "data": {"n": 4',  # truncated
        b"\xff\xfe garbage",
        b'[1, 2, 3]',  # valid JSON, wrong shape
        b'{"v": 1, "data": {"n": "three"}}',  # wrong type
    ],
)
def test_damaged_file_is_kept_as_bad_and_the_player_is_told(raw):
    f = FakeFlash()
    f.write("dice.json", raw)
    s = Storage(f)
    assert s.load("dice", DEFAULTS) == DEFAULTS
    assert f.read("dice.bad") == raw
    assert f.read("dice.json") is None
    assert len(s.problems) == 1 and "dice.bad" in s.problems[0]


def test_a_newer_firmwares_save_is_left_as_it_is_and_never_written_over():
    # issue 39: a firmware flashed back over a newer one's saves: they are not damaged
    raw = b'{"v": 9, "data": {"n": 4}}'
    f = FakeFlash()
    f.write("dice.json", raw)
    s = Storage(f)
    assert s.load("dice", DEFAULTS) == DEFAULTS
    assert s.problems == ["Saved dice made by a newer Leafkeeper: left as it is, changes not saved"]
    assert s.save("dice", {"n": 5, "sides": 6}) is False  # kept in RAM only
    assert s.load("dice", DEFAULTS)["n"] == 5 and not s.full
    assert s.load("dice", DEFAULTS)["n"] == 5 and len(s.problems) == 1  # told once
    assert sorted(f.listdir()) == ["dice.json"] and f.read("dice.json") == raw


def test_old_version_is_migrated():
    f = FakeFlash()
    f.write("dice.json", json.dumps({"v": 1, "data": {"count": 4}}).encode())

    def migrate(v, data):
        assert v == 1
        return {"n": data["count"]}

    assert Storage(f).load("dice", DEFAULTS, version=2, migrate=migrate)["n"] == 4


def test_power_cut_during_save_leaves_the_old_or_the_new_file_never_a_mix():
    old = {"n": 1, "sides": 6, "names": ["x" * 600]}  # several pages long
    new = {"n": 2, "sides": 8, "names": ["y" * 600]}
    blocks_in_a_save = None
    f = FakeFlash()
    s = Storage(f)
    s.save("g", old)
    before = f.block_writes
    s.save("g", new)
    blocks_in_a_save = f.block_writes - before
    assert blocks_in_a_save >= 1 + 600 // PAGE + 1  # create, data pages, rename
    for k in range(1, blocks_in_a_save + 1):
        f = FakeFlash()
        s = Storage(f)
        s.save("g", old)
        f.arm_power_cut(k)
        with pytest.raises(PowerCut):
            s.save("g", new)
        got = Storage(f).load("g", DEFAULTS)
        assert got == (new if k == blocks_in_a_save else old), k


def test_full_flash_keeps_the_game_in_memory_and_saves_when_space_returns():
    f = FakeFlash(capacity=1200)
    f.write("photo.bin", b"\0" * 1000)
    s = Storage(f)
    assert not s.save("g", {"n": 2, "sides": 6, "names": ["z" * 400]})
    assert s.full and "Flash full" in s.problems[-1]
    assert f.read("g.json") is None and f.read("g.tmp") is None
    f.remove("photo.bin")
    assert s.save("other", {"n": 1})  # the next save writes the pending one too
    assert Storage(f).load("g", DEFAULTS)["names"] == ["z" * 400]
    assert not s.full


def test_a_full_flash_costs_what_the_callers_room_gives_up():
    # Storage knows nothing of the history: the caller (the shell) says what gives up
    # space; room() is asked again while it frees some and the save still finds no room
    f = FakeFlash(capacity=1200)
    f.write("photo.bin", b"\0" * 1000)
    f.write("old.bin", b"\0" * 10)
    s = Storage(f)
    freed = []

    def room():
        # a first call frees 10 bytes (not enough), a second the photo, a third nothing
        gone = "old.bin" if not freed else "photo.bin"
        freed.append(gone)
        f.remove(gone)
        return True

    assert s.save("g", {"names": ["z" * 400]}, 1, room)
    assert freed == ["old.bin", "photo.bin"] and not s.full and not s.problems
    f.write("photo.bin", b"\0" * (f.free() - 100))
    assert not s.save("h", {"names": ["y" * 400]}, 1, lambda: False)  # frees nothing
    assert s.full and "Flash full" in s.problems[-1]


def test_os_flash_on_real_files(tmp_path):
    flash = OsFlash(str(tmp_path / "data"))
    s = Storage(flash)
    s.save("dice", {"n": 4, "sides": 6, "names": []})
    assert sorted(flash.listdir()) == ["dice.json"]
    assert Storage(flash).load("dice", DEFAULTS)["n"] == 4
    (tmp_path / "data" / "dice.json").write_text("{oops")
    s2 = Storage(flash)
    assert s2.load("dice", DEFAULTS) == DEFAULTS
    assert (tmp_path / "data" / "dice.bad").read_text() == "{oops"


def test_fake_flash_state_dir_survives_a_new_simulator(tmp_path):
    f = FakeFlash(str(tmp_path))
    Storage(f).save("dice", {"n": 6})
    assert Storage(FakeFlash(str(tmp_path))).load("dice", DEFAULTS)["n"] == 6


from hypothesis import given
from hypothesis import strategies as st

_json = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.text(max_size=12)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=5),
    max_leaves=30,
)


@given(_json)
def test_streamed_json_reads_back_as_the_same_value(value):
    from core.storage import json_pieces

    assert json.loads("".join(json_pieces(value))) == value


def test_a_save_is_written_page_by_page_in_small_pieces():
    f = FakeFlash()
    doc = {"n": 3, "sides": 6, "names": ["Léa"] * 300}  # about 2.4 KB of JSON
    Storage(f).save("big", doc)
    pages = f.files["big.json"]
    assert len(pages) >= 9 and all(len(p) <= PAGE for p in pages)
    assert Storage(f).load("big", DEFAULTS) == doc
