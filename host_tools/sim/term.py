"""Terminal front-end for tmux/ssh: the OLED in half blocks, the LED ring as dots.

Terminals report no key-up, so each key is one complete press (`sim.press`), and a
capital letter is a long press (`sim.hold`). Time runs in real time between keys.
"""

import os
import select
import sys
import termios
import time

from host_tools.sim import HOLD_MS, render

TICK_S = 0.05  # wait for a key at most this long before running the clock on
MAX_STEP_MS = 100  # after a stall (suspended ssh, slow redraw) do not fast-forward

KEYS = {
    "\x1b[A": ("press", "UP"),
    "\x1bOA": ("press", "UP"),  # arrows in the terminal's "application" mode
    "\x1b[B": ("press", "DOWN"),
    "\x1bOB": ("press", "DOWN"),
    "\r": ("press", "OK"),
    "\n": ("press", "OK"),
    "\x7f": ("press", "BACK"),
    "\x08": ("press", "BACK"),
    " ": ("press", "ROLL"),
    "u": ("press", "UP"),
    "d": ("press", "DOWN"),
    "o": ("press", "OK"),
    "b": ("press", "BACK"),
    "r": ("press", "ROLL"),
    "U": ("hold", "UP"),
    "D": ("hold", "DOWN"),
    "O": ("hold", "OK"),
    "B": ("hold", "BACK"),
    "R": ("hold", "ROLL"),
    "q": ("quit", None),
    "\x03": ("quit", None),  # Ctrl-C arrives as a byte: signals are off in our tty mode
}
HELP = "↑/↓ UP/DOWN   Enter OK   Backspace/b BACK   Space/r ROLL   U D O B R long press   q quit"
# the same on two lines, for an 80-column terminal
HELP_NARROW = "↑/↓ UP/DOWN  Enter OK  Backspace/b BACK  Space/r ROLL\nShift+u/d/o/b/r: a long press (U D O B R)   q quit"

_ENTER = "\x1b[?1049h\x1b[?25l"  # alternate screen (the shell comes back intact), no cursor
_LEAVE = "\x1b[0m\x1b[?25h\x1b[?1049l"
_HOME, _CLEAR_LINE, _CLEAR_BELOW = "\x1b[H", "\x1b[K", "\x1b[J"
_BORDER = (90, 96, 108)


def parse_keys(text):
    """Split typed text into actions; returns (actions, unfinished escape sequence).

    An action is ("press" | "hold", button) or ("quit", None). Keys without a meaning
    (other arrows, function keys, a lone Esc) are skipped.
    """
    actions = []
    i = 0
    while i < len(text):
        if text[i] == "\x1b":
            if i + 1 == len(text):
                return actions, text[i:]
            if text[i + 1] not in "[O":
                i += 1
                continue
            # A CSI/SS3 sequence ends at its first byte in @..~ after the introducer.
            j = i + 2
            while j < len(text) and not ("@" <= text[j] <= "~"):
                j += 1
            if j == len(text):
                return actions, text[i:]
            seq = text[i : j + 1]
            i = j + 1
        else:
            seq = text[i]
            i += 1
        if seq in KEYS:
            actions.append(KEYS[seq])
    return actions, ""


def _terminal_size(fd):
    try:
        return tuple(os.get_terminal_size(fd))
    except OSError:
        return (80, 24)


def frame(pixels, leds, contrast=255, display_on=True, size=(200, 60)):
    """The whole screen as text, fitted to `size` (columns, rows) of the terminal: a
    character per pixel column and two rows (half blocks) where that fits, else a braille
    character per 2x4 pixels, which fits an 80x24 terminal."""
    width = len(pixels[0])
    full = (width + 2, (len(pixels) + 1) // 2 + 4)
    small = ((width + 1) // 2 + 2, (len(pixels) + 3) // 4 + 5)
    if size[0] >= full[0] and size[1] >= full[1]:
        draw, help_text = render.to_terminal, HELP
    elif size[0] >= small[0] and size[1] >= small[1]:
        draw, help_text, width = render.to_braille, HELP_NARROW, small[0] - 2
    else:
        return (
            f"Leafkeeper needs a terminal of at least {small[0]}x{small[1]} "
            f"(this one is {size[0]}x{size[1]}).\nEnlarge the window or zoom out; q quits."
        )
    if not display_on:
        pixels = ["." * len(pixels[0])] * len(pixels)
    panel = draw(pixels).split("\n")
    led_line = render.leds_to_terminal(leds)
    led_pad = " " * max(0, (width + 2 - (2 * len(leds) - 1)) // 2)
    if render.no_color():
        lines = panel
    else:
        ink = render.ansi_fg(render.oled_colour(contrast)) + "\x1b[48;2;0;0;0m"
        edge = render.ansi_fg(_BORDER)
        lines = [edge + panel[0] + "\x1b[0m"]
        for row in panel[1:-1]:
            lines.append(edge + "│" + ink + row[1:-1] + "\x1b[0m" + edge + "│\x1b[0m")
        lines.append(edge + panel[-1] + "\x1b[0m")
    lines.append(led_pad + led_line)
    lines.append(help_text if display_on else help_text + "   (screen off: any key wakes it)")
    return "\n".join(lines)


def run_term(sim, infile=None, outfile=None):
    """Show the device in this terminal and run `sim` in real time until 'q' or Ctrl-C."""
    infile = infile or sys.stdin
    outfile = outfile or sys.stdout
    fd = infile.fileno()
    if not os.isatty(fd):
        raise RuntimeError("the terminal front-end needs an interactive terminal on stdin")
    saved = termios.tcgetattr(fd)
    mode = termios.tcgetattr(fd)
    # Keys one at a time, unechoed, Ctrl-C/Ctrl-Z/Ctrl-S as plain bytes; output unchanged.
    mode[0] &= ~termios.IXON
    mode[3] &= ~(termios.ICANON | termios.ECHO | termios.ISIG | termios.IEXTEN)
    mode[6][termios.VMIN], mode[6][termios.VTIME] = 1, 0
    outfile.write(_ENTER)
    try:
        termios.tcsetattr(fd, termios.TCSADRAIN, mode)  # keys typed during startup still count
        _loop(sim, fd, outfile)
    except KeyboardInterrupt:
        pass
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        outfile.write(_LEAVE)
        outfile.flush()


def _loop(sim, fd, out):
    shown = None
    pending = ""
    last = time.monotonic()
    while True:
        state = (
            tuple(sim.pixels()),
            tuple(sim.leds()),
            sim.contrast(),
            sim.display_on(),
            _terminal_size(fd),
            render.no_color(),
        )
        if state != shown:
            text = frame(*state[:5])
            out.write(_HOME + text.replace("\n", _CLEAR_LINE + "\r\n") + _CLEAR_LINE + _CLEAR_BELOW)
            out.flush()
            shown = state
        ready, _, _ = select.select([fd], [], [], TICK_S)
        if ready:
            data = os.read(fd, 64)
            if not data:
                return
            actions, pending = parse_keys(pending + data.decode("utf-8", "ignore"))
            for action, name in actions:
                if action == "quit":
                    return
                if action == "hold":
                    sim.hold(name, ms=HOLD_MS)
                else:
                    sim.press(name)
            # press/hold already ran the virtual clock through the press itself.
            last = time.monotonic()
            continue
        now = time.monotonic()
        sim.advance(min(round((now - last) * 1000), MAX_STEP_MS))
        last = now
