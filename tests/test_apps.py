# What the apps promise about their games without opening them: the line-up's bounds are
# the rules' own (an app holds them as numbers, so that opening it on the line-up does
# not have to load the rules).
import pytest
from apps.autumn_leaves import AutumnLeavesApp
from apps.leaves_came_down import LeavesCameDownApp
from rules import autumn_leaves, leaves_came_down


@pytest.mark.parametrize(
    "app, rules", [(AutumnLeavesApp, autumn_leaves), (LeavesCameDownApp, leaves_came_down)]
)
def test_the_line_up_allows_what_the_rules_allow(app, rules):
    assert (app.MIN_PLAYERS, app.MAX_PLAYERS) == (rules.MIN_PLAYERS, rules.MAX_PLAYERS)
    assert app.RULES == rules.__name__
