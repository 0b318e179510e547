# The save formats of older firmware, made by that firmware itself: each commit's own
# scenarios are run under CPython on its own checkout (git archive of firmware/,
# host_tools/ and tests/), and the flash each one leaves is kept as a folder of files,
# tests/formats/<commit>/<scenario's module>/. tests/test_formats.py boots today's firmware over
# them. Run again for a new format (a version bumped, a field added), from the root:
#   python -m tests.formats.make <commit> [<commit> ...]
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# scenarios that leave something of every kind of save on the flash: finished games in
# the history and renamed players (settings), a game in progress, the dice, Solitaire
SCENARIOS = (
    "history.scenario_rename_and_forget_a_player_in_settings",
    "autumn_leaves.scenario_game_survives_a_power_cut",
    "autumn_ash.scenario_game_survives_a_power_cut",
    "feuilles61.scenario_resume_after_power_cut_mid_round",
    "leaves_came_down.scenario_undo_many_steps_and_survive_a_power_cut",
    "dice.scenario_setup_5d20_remembered_after_power_cut",
    "solitaire.scenario_solitaire_stats_survive_a_power_cut",
    "randomizer.scenario_first_player_spins_and_settles_on_a_seat",
)
# run in the old checkout: each scenario, then the files of the last flash it used
_RUN = r"""
import importlib, json, sys
from host_tools.sim import simulator
made = []
init = simulator.Simulator.__init__
def record(self, *a, **k):
    made.append(self)
    init(self, *a, **k)
simulator.Simulator.__init__ = record
out = {}
for name in sys.argv[1:]:
    mod, fn = name.split(".")
    try:
        f = getattr(importlib.import_module("tests.scenarios." + mod), fn)
    except (ImportError, AttributeError):
        continue  # not in that commit
    del made[:]
    f()
    files = made[-1].flash.files
    out[name] = {n: b"".join(files[n]).decode() for n in files if not n.endswith(".tmp")}
print(json.dumps(out))
"""


def checkout(commit, folder):
    # firmware/, host_tools/ and tests/ as they were at commit, into folder
    tar = subprocess.run(["git", "archive", commit, "firmware", "host_tools", "tests"], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", folder], input=tar, check=True)


def run(tree, script, *args):
    # -> what script prints (JSON), run by the firmware and tools of tree
    env = dict(os.environ, PYTHONPATH=tree)
    out = subprocess.run([sys.executable, "-c", script, *args], cwd=tree, env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def saves(tree=ROOT):
    # -> {scenario's module: {file name: text}}: the flash each of SCENARIOS leaves, run
    # by the firmware of tree
    out = {}
    for scenario, files in run(tree, _RUN, *SCENARIOS).items():
        out[scenario.split(".")[0]] = files
    return out


def make(commit):
    full = subprocess.check_output(["git", "rev-parse", commit], cwd=ROOT, text=True).strip()
    with tempfile.TemporaryDirectory() as tmp:
        checkout(full, tmp)
        made = saves(tmp)
    for module, files in made.items():
        folder = os.path.join(HERE, full[:7], module)
        os.makedirs(folder, exist_ok=True)
        for name, text in files.items():
            with open(os.path.join(folder, name), "w") as f:
                f.write(text)
    return full[:7]


if __name__ == "__main__":
    for c in sys.argv[1:]:
        print(make(c))
