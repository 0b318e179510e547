# The scenario suite on CPython: every scenario_* function of tests/scenarios/*.py.
import importlib

import pytest

MODULES = ("dice",)


def _all():
    for m in MODULES:
        mod = importlib.import_module("tests.scenarios." + m)
        for name in sorted(dir(mod)):
            if name.startswith("scenario_"):
                yield pytest.param(getattr(mod, name), id=m + "." + name[9:])


@pytest.mark.parametrize("scenario", list(_all()))
def test_scenario(scenario):
    scenario()
