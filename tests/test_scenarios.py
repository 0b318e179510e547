# The scenario suite on CPython: every scenario_* function of tests/scenarios/*.py.
import importlib

import pytest

from tests.scenarios import MODULES, run


def _all():
    for m in MODULES:
        mod = importlib.import_module("tests.scenarios." + m)
        for name in sorted(dir(mod)):
            if name.startswith("scenario_"):
                yield m, name, getattr(mod, name)


def scenario_ids():
    # "module.scenario_name", as tests/mp_scenarios.py takes them
    return [m + "." + name for m, name, _ in _all()]


@pytest.mark.parametrize("scenario", [pytest.param(f, id=m + "." + n[9:]) for m, n, f in _all()])
def test_scenario(scenario):
    run(scenario)
