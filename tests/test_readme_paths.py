# The README's key paths to Settings' far rows are the ones the scenario presses
# (tests/scenarios/settings.py about_and_a_rename_are_a_few_presses_from_home): its old
# "About: from the top, UP then OK" stopped at the top of Settings (issue 40 item 15).
from pathlib import Path

from host_tools.bench.tour import ABOUT_KEYS, RENAME_OPEN

README = " ".join((Path(__file__).resolve().parent.parent / "README.md").read_text().split())


def test_the_readme_gives_the_way_to_about_the_scenario_takes():
    assert "About (Settings' last row: `" + ABOUT_KEYS + "`" in README


def test_the_readme_gives_the_way_to_a_rename_the_scenario_takes():
    assert "A rename: `" + RENAME_OPEN + "`, DOWN to the name" in README
