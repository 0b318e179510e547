# Scripted key presses for the simulator: "ROLL OK DOWN OK:long wait:500 UP*3".
#   NAME        short press (UP, DOWN, BACK, OK, ROLL)
#   NAME:long   held for 1200 ms
#   NAME*N      N short presses
#   wait:MS     let MS of virtual time pass
# Runs on CPython and MicroPython.
NAMES = ("UP", "DOWN", "BACK", "OK", "ROLL")


def parse(script):
    steps = []
    for word in script.split():
        count = 1
        if "*" in word:
            word, n = word.split("*", 1)
            if not n.isdigit():
                raise ValueError("bad repeat count in " + repr(word + "*" + n))
            count = int(n)
        if word.startswith("wait:"):
            ms = word[5:]
            if not ms.isdigit():
                raise ValueError("wait needs milliseconds: " + repr(word))
            steps.append(("wait", int(ms)))
            continue
        kind = "press"
        if word.upper().endswith(":LONG"):
            kind = "hold"
            word = word[:-5]
        name = word.upper()
        if name not in NAMES:
            raise ValueError("unknown key " + repr(word) + "; use " + ", ".join(NAMES))
        for _ in range(count):
            steps.append((kind, name))
    return steps


def run(sim, script):
    for kind, arg in parse(script):
        if kind == "wait":
            sim.advance(arg)
        elif kind == "hold":
            sim.hold(arg)
        else:
            sim.press(arg)
