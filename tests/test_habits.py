# Issue 28: no habit press destroys anything. Every sequence of up to 8 presses from the
# home screen (a game in progress, finished games, remembered names, a dice save) is
# pressed, and none may erase data, forget a name or discard a game
# (host_tools/bench/habits.py: a search that forks the simulator, about half a minute).
from host_tools.bench import habits


def test_no_sequence_of_eight_presses_from_home_loses_anything():
    sim = habits.device()
    start = habits.held(sim)
    assert start["game"] and "hist_0.json" in start["files"] and start["names"] == habits.NAMES
    r = habits.search(sim)
    assert r["lost"] == []
    assert r["depth"] == 8 and r["states"] > 500  # it went deep: every app's screens
