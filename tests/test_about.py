# Settings' About row shows the firmware's version (core/about.py): the package's own,
# pyproject.toml's, so a support question and a release name the same thing. The row
# itself: tests/scenarios/settings.py.
import os
import tomllib

from core import about

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_the_firmware_has_the_version_of_pyproject():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        want = tomllib.load(f)["project"]["version"]
    assert about.VERSION == want
