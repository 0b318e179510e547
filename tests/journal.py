# A game's journal as the device plays it (apps/game/__init__.py): the rules module
# starts the state from the setup and applies each confirmed action in place. An action
# the rules refuse is never confirmed, so it is never in a journal: the device says why
# instead, and a save that holds one is damaged (kept aside at load).
from apps import game


def replay(rules, setup, actions):
    # the state after the actions, each checked as the device checks a save (the
    # device's own replay: ValueError on a refused one)
    return game.replay(rules, setup, actions, None, True)


def play(rules, setup, actions):
    # -> (state, the actions taken): what a table pressing these leads to, the refused
    # ones left out as the device leaves them out
    st = rules.start(setup)
    taken = []
    for a in actions:
        if rules.problem(st, a) is None:
            rules.apply(st, a)
            taken.append(a)
    return st, taken
