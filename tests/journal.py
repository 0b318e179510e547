# A game's journal as the device plays it (apps/game: GameApp): the rules module starts
# the state from the setup and applies each confirmed action in place. An action the
# rules refuse is never confirmed, so it is never in a journal: the device says why
# instead, and a save that holds one is damaged (kept aside at load).


def replay(rules, setup, actions):
    # the state after the actions, each checked as the device checks it
    st = rules.start(setup)
    for a in actions:
        msg = rules.problem(st, a)
        assert msg is None, (a, msg)
        rules.apply(st, a)
    return st


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
