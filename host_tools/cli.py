"""The `leafkeeper` command: the simulator (window, terminal, or scripted), benchmarks,
deploy and pull, and the Autumn Leaves solitaire solver."""

import argparse
import os
import sys

from host_tools import keys as keyscript

DEFAULT_STATE = os.path.join(os.path.expanduser("~"), ".local", "share", "leafkeeper", "flash")


def _make_sim(args, state_dir):
    from host_tools.sim import Simulator

    return Simulator(seed=args.seed, state_dir=state_dir, leds=args.leds, display=args.display)


SETTLE_MS = 1000  # longer than a roll (480 ms)


def cmd_sim(args):
    scripted = args.keys is not None or args.png
    state_dir = args.state
    if state_dir is None and not scripted:
        state_dir = DEFAULT_STATE  # the desktop device remembers its games, like the real one
    if state_dir:
        os.makedirs(state_dir, exist_ok=True)
    sim = _make_sim(args, state_dir)
    if scripted:
        sim.advance(200)
        try:
            keyscript.run(sim, args.keys or "")
        except ValueError as e:
            print("leafkeeper: " + str(e), file=sys.stderr)
            return 2
        # let a roll started by the last key land, as a person would see it (a longer
        # spin or countdown: end the keys with wait:MS)
        sim.advance(SETTLE_MS)
        if args.png:
            sim.save_png(args.png, scale=args.scale)
            print("saved " + args.png)
        print(sim.text())
        return 0
    if not args.term:
        from host_tools.window import run_window, window_available

        ok, why = window_available()
        if ok:
            run_window(sim)
            return 0
        print("No window available (" + why + "): using the terminal view instead.")
    if not sys.stdin.isatty():
        print("leafkeeper: the terminal view needs an interactive terminal", file=sys.stderr)
        return 2
    from host_tools.term import run_term

    run_term(sim)
    return 0


def cmd_bench(args):
    from host_tools import bench

    return bench.main(args)


def cmd_deploy(args):
    from host_tools import deploy

    return deploy.main(args)


def cmd_pull(args):
    from host_tools import pull

    return pull.main(args)


def _add_solitaire(sub):
    # `leafkeeper solitaire solve N [--json]`, `leafkeeper solitaire stats --deals A-B`
    from host_tools.solitaire import cli as solitaire_cli

    solitaire_cli.add_parser(sub)


def main(argv=None):
    p = argparse.ArgumentParser(prog="leafkeeper", description=__doc__)
    sub = p.add_subparsers(dest="cmd", required=True)

    s = sub.add_parser("sim", help="run the firmware in the simulator")
    s.add_argument("--term", action="store_true", help="draw the OLED in this terminal")
    s.add_argument("--keys", help='scripted presses, e.g. "ROLL OK DOWN OK:long wait:500"')
    s.add_argument("--png", help="save a picture of the device at the end")
    s.add_argument("--scale", type=int, default=4)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--leds", type=int, default=12, choices=(6, 12))
    s.add_argument("--display", default="ssd1306", choices=("ssd1306", "sh1106"))
    s.add_argument("--state", help="folder that holds the simulated flash")
    s.set_defaults(func=cmd_sim)

    b = sub.add_parser("bench", help="measure heap and display traffic")
    b.set_defaults(func=cmd_bench)

    d = sub.add_parser("deploy", help="compile the firmware and install it on a Pico (mpremote)")
    d.add_argument("--port", help="serial port, e.g. /dev/ttyACM0 or COM3 (default: first found)")
    d.add_argument("--dry-run", action="store_true", help="print the plan; no board needed")
    d.add_argument("--arch", help="mpy-cross -march instead of asking the board (armv6m, armv7emsp)")
    d.set_defaults(func=cmd_deploy)

    u = sub.add_parser("pull", help="copy saved games and logs off a Pico, export them to CSV/JSON")
    u.add_argument("--port", help="serial port, e.g. /dev/ttyACM0 or COM3 (default: first found)")
    u.add_argument("--out", help="folder for the copy and the export (default: leafkeeper-DATE)")
    u.set_defaults(func=cmd_pull)

    _add_solitaire(sub)

    args = p.parse_args(argv)
    return args.func(args) or 0


if __name__ == "__main__":
    sys.exit(main())
