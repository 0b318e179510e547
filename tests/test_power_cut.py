# Power-cut suite 1 (CPython simulator). A table session over every app that saves
# (tests/scenarios/robust.py: the dice roller, a settings change, each game in
# firmware/apps/__init__.py APPS) is played once to learn, step by step, the saves on flash
# and the block writes so far. Then for every k from 1 to the number of block writes:
# a fresh device plays the session with the power cut after its k-th block write, boots
# again, and must resume with every save as it was after the step the cut fell in or
# before it (or, for a file a step saves twice, as completed in between: the line-up
# is remembered, then the game started): never a mix, never empty, never damaged. The played-once run also checks,
# after every tick, that what the screens hold as confirmed is already on flash.
import time

from host_tools.sim import Simulator
from tests.scenarios import robust

SEED = 3


class TickChecked(Simulator):
    # checks after every tick that nothing is shown as done before it is saved
    problems = None

    def advance(self, ms):
        self._owed_ms += ms
        while self._owed_ms >= 20:
            Simulator.advance(self, 20)
            why = robust.unsaved(self)
            if why and why not in self.problems:
                self.problems.append(why)


def reference(steps):
    # -> (writes after each step, saves after each step), step 0 = before the session
    sim = TickChecked(seed=SEED)
    sim.problems = []
    sim.advance(200)
    base = sim.flash_writes
    writes = [0]
    saves = [robust.snapshot(sim.flash)]
    log = []
    robust.record_commits(sim.flash, log)
    versions = []  # per step: {file: versions a cut during the step may leave}
    for label, fn in steps:
        del log[:]
        fn(sim)
        writes.append(sim.flash_writes - base)
        saves.append(robust.snapshot(sim.flash))
        versions.append(robust.allowed(saves[-2], log, saves[-1]))
    return writes, versions, sim.problems


def cut_at(steps, writes, versions, k):
    # -> None, or what was lost with the power cut after the k-th block write
    sim = Simulator(seed=SEED)
    sim.advance(200)
    sim.arm_power_cut(k)
    for label, fn in steps:
        if not sim.on:
            break
        fn(sim)
    if sim.on:
        return "the power was never cut"
    i = 1
    while writes[i] < k:  # the step the cut fell in
        i += 1
    sim.boot()
    why = robust.check_resumed(sim, versions[i - 1])
    return None if why is None else "cut " + str(k) + " in step " + steps[i - 1][0] + ": " + why


def test_every_power_cut_point_resumes_the_last_confirmed_state():
    t0 = time.time()
    steps = robust.session(seed=SEED)
    writes, versions, unsaved = reference(steps)
    assert not unsaved, unsaved
    n = writes[-1]
    labels = [s[0].split(":")[0] for s in steps]
    assert n > 20 and "dice" in labels[0], (n, labels)  # the session really saves things
    lost = []
    for k in range(1, n + 1):
        why = cut_at(steps, writes, versions, k)
        if why:
            lost.append(why)
    apps = sorted(set(labels))
    print(
        "power-cut suite 1: %d cut points tried, %d lost; %d steps over %s; %.1f s"
        % (n, len(lost), len(steps), ", ".join(apps), time.time() - t0)
    )
    assert not lost, "\n".join(lost[:10])


def test_the_session_covers_every_app_that_saves():
    steps = robust.session(seed=SEED)
    opened = [s[0] for s in steps if s[0].endswith(": open")]
    for label, module, cls, save, *_history in robust.apps():
        if save and save != "dice":
            assert label + ": open" in opened
