# core/modules.py, the heap policy: what it forgets, and what it must leave alone
import sys
import types

import apps
import pytest
from core import modules

assert apps.APPS  # the package the planted modules go in is the firmware's own


@pytest.fixture(autouse=True)
def _tidy():
    # the planted modules go whatever the loader did with them
    yield
    for name in ("apps.lk_test", "apps.lk_test.kept", "apps.lk_test.lent", "apps.lk_test.names", "lk_test_host"):
        sys.modules.pop(name, None)
    apps.__dict__.pop("lk_test", None)


def _plant(name):
    # a module in the heap, on its parent package as an import leaves it
    mod = types.ModuleType(name)
    sys.modules[name] = mod
    parent, _, short = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], short, mod)
    return mod


def test_a_lent_module_leaves_with_the_block_even_when_it_fails():
    # the history's code while a game is filed: a MemoryError half-way must not leave
    # it in the heap; a module that was there before the block stays
    _plant("apps.lk_test")
    _plant("apps.lk_test.kept")
    with pytest.raises(MemoryError), modules.Lent(("apps.lk_test.kept", "apps.lk_test.lent")):
        _plant("apps.lk_test.lent")
        raise MemoryError
    assert "apps.lk_test.lent" not in sys.modules
    assert not hasattr(sys.modules["apps.lk_test"], "lent")  # the package lets go of it too
    assert "apps.lk_test.kept" in sys.modules


def test_back_to_a_mark_forgets_app_code_only():
    mark = modules.loaded()
    _plant("apps.lk_test")
    _plant("lk_test_host")  # not an app's: the simulator's, say
    modules.back_to(mark)
    assert "apps.lk_test" not in sys.modules
    assert "lk_test_host" in sys.modules


def test_once_hands_the_module_over_already_forgotten():
    _plant("apps.lk_test")
    mod = _plant("apps.lk_test.names")
    mod.NAMES = " Anna "
    assert modules.once("apps.lk_test.names").NAMES == " Anna "
    assert "apps.lk_test.names" not in sys.modules
