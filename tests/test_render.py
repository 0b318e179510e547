"""Front-end pictures and input: render (PNG/terminal), the pygame window, the terminal UI.

All of it runs headless: pygame under SDL_VIDEODRIVER=dummy, the terminal through a pty.
"""

import fcntl
import io
import os
import pty
import struct
import sys
import termios

import pytest

from host_tools.sim import render, term, window

pygame = window.pygame

BLANK = ["." * 128 for _ in range(64)]
LIT = render.oled_colour(255)


def with_pixels(*points):
    rows = [list(r) for r in BLANK]
    for x, y in points:
        rows[y][x] = "#"
    return ["".join(r) for r in rows]


class StandIn:
    """The Simulator's API with a fixed picture, recording what the front-ends call."""

    def __init__(self, pixels=BLANK, leds=None, contrast=255, on=True, quit_after=None):
        self._pixels = list(pixels)
        self._leds = list(leds if leds is not None else [(0, 0, 0)] * 12)
        self._contrast = contrast
        self._on = on
        self.calls = []
        self.quit_after = quit_after

    def press(self, name):
        self.calls.append(("press", name))

    def hold(self, name, ms=1200):
        self.calls.append(("hold", name, ms))

    def advance(self, ms):
        self.calls.append(("advance", ms))
        steps = sum(1 for c in self.calls if c[0] == "advance")
        # A front-end loop that never ends fails here instead of hanging the suite.
        assert steps < 500, "the front-end kept running"
        if self.quit_after is not None and steps == self.quit_after:
            # UP still held when the window closes: run_window must let it go.
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP))
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    def text(self):
        return ""

    def pixels(self):
        return list(self._pixels)

    def leds(self):
        return list(self._leds)

    def power_cut(self):
        self._on = False

    def boot(self):
        self._on = True

    def button_down(self, name):
        self.calls.append(("down", name))

    def button_up(self, name):
        self.calls.append(("up", name))

    def contrast(self):
        return self._contrast

    def display_on(self):
        return self._on

    def buttons(self):
        return [c for c in self.calls if c[0] in ("down", "up")]


# ---- render.to_image ---------------------------------------------------------------------


def lit_points(img):
    w, h = img.size
    data = img.load()
    return {(x, y) for y in range(h) for x in range(w) if data[x, y] == LIT}


def test_image_has_two_lit_pixel_squares_at_the_scaled_corners():
    img = render.to_image(with_pixels((0, 0), (127, 63)), [(0, 0, 0)] * 12, scale=4)
    ox, oy = render.layout(4, 12).oled
    square = {(dx, dy) for dx in range(3) for dy in range(3)}  # 4 px cell, 1 px gap
    expected = {(ox + dx, oy + dy) for dx, dy in square}
    expected |= {(ox + 127 * 4 + dx, oy + 63 * 4 + dy) for dx, dy in square}
    assert lit_points(img) == expected


def test_gaps_between_pixel_squares_are_black_and_unlit_pixels_faint():
    pixels = with_pixels(*[(x, y) for x in range(3) for y in range(3)])
    img = render.to_image(pixels, [], scale=4)
    ox, oy = render.layout(4, 0).oled
    for i in range(3):
        assert img.getpixel((ox + 4 * i + 1, oy + 3)) == (0, 0, 0)  # gap under a row
        assert img.getpixel((ox + 3, oy + 4 * i + 1)) == (0, 0, 0)  # gap right of a column
        assert img.getpixel((ox + 4 * i + 1, oy + 4 * i + 1)) == LIT
    assert img.getpixel((ox + 4 * 5 + 1, oy + 1)) == render.OLED_UNLIT


def test_contrast_dims_and_display_off_darkens():
    pixels = with_pixels((10, 10))
    ox, oy = render.layout(4, 12).oled
    at = (ox + 41, oy + 41)
    full = render.to_image(pixels, [(0, 0, 0)] * 12).getpixel(at)
    dim = render.to_image(pixels, [(0, 0, 0)] * 12, contrast=0).getpixel(at)
    off = render.to_image(pixels, [(0, 0, 0)] * 12, display_on=False).getpixel(at)
    assert full == LIT
    assert 0 < sum(dim) < sum(full) / 2
    assert off == render.OLED_UNLIT


def test_led_colours_appear_at_their_places_on_the_ring():
    leds = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (0, 0, 0)] * 3
    img = render.to_image(BLANK, leds, scale=4)
    g = render.layout(4, 12)
    for centre, rgb in zip(g.leds, leds):
        expected = rgb if rgb != (0, 0, 0) else render.LED_OFF_FILL
        assert img.getpixel(centre) == expected
    # the rim of an off LED is a grey outline, not the body colour
    x, y = g.leds[3]
    assert img.getpixel((x + g.led_r - 1, y)) != render.BODY
    # LED 0 at 12 o'clock above the screen, LED 3 at 3 o'clock right of it
    ox, oy = g.oled
    assert g.leds[0][1] < oy and abs(g.leds[0][0] - (ox + 256)) <= 1
    assert g.leds[3][0] > ox + 512 and abs(g.leds[3][1] - (oy + 128)) <= 1


@pytest.mark.parametrize("n", [6, 8, 12])
def test_no_led_overlaps_the_screen_bezel(n):
    g = render.layout(4, n)
    x0, y0, x1, y1 = g.glass
    for cx, cy in g.leds:
        nearest = (min(max(cx, x0), x1), min(max(cy, y0), y1))
        assert (cx - nearest[0]) ** 2 + (cy - nearest[1]) ** 2 > g.led_r**2


def test_dim_leds_are_lifted_without_changing_hue():
    assert render.led_display_colour((0, 0, 0)) == (0, 0, 0)
    assert render.led_display_colour((255, 60, 0)) == (255, 60, 0)
    r, g, b = render.led_display_colour((40, 0, 60))
    assert b > 100 and g == 0 and abs(r / b - 40 / 60) < 0.02


def test_save_png_writes_the_image(tmp_path):
    path = tmp_path / "face.png"
    render.save_png(with_pixels((0, 0)), [(255, 0, 0)] * 12, str(path), scale=2)
    from PIL import Image

    with Image.open(path) as img:
        assert img.format == "PNG"
        assert img.size == render.layout(2, 12).size


# ---- render.to_terminal ----------------------------------------------------------------


def test_terminal_half_blocks_by_hand():
    # (0,0) top only, (1,1) bottom only, (2,0)+(2,1) both, (127,63) bottom of the last row
    text = render.to_terminal(with_pixels((0, 0), (1, 1), (2, 0), (2, 1), (127, 63)))
    lines = text.split("\n")
    assert len(lines) == 34
    assert lines[0] == "┌" + "─" * 128 + "┐"
    assert lines[-1] == "└" + "─" * 128 + "┘"
    assert lines[1] == "│▀▄█" + " " * 125 + "│"
    assert all(line == "│" + " " * 128 + "│" for line in lines[2:32])
    assert lines[32] == "│" + " " * 127 + "▄│"


def test_led_line_in_colour_and_plain(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    coloured = render.leds_to_terminal([(255, 0, 0), (0, 0, 0)])
    assert coloured.startswith("\x1b[38;2;255;0;0m●\x1b[0m ")
    assert "○" in coloured
    monkeypatch.setenv("NO_COLOR", "1")
    assert render.leds_to_terminal([(255, 0, 0), (0, 0, 0), (1, 2, 3)]) == "● ○ ●"


# ---- window -------------------------------------------------------------------------------


def test_window_available_is_false_with_a_reason_without_a_display(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    ok, why = window.window_available()
    assert ok is False and "dummy" in why
    if sys.platform.startswith("linux"):
        for var in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
            monkeypatch.delenv(var, raising=False)
        ok, why = window.window_available()
        assert ok is False and "DISPLAY" in why


def test_window_frame_draws_the_oled_dimmed_and_off():
    view = window.DeviceView(12, scale=4)
    surface = pygame.Surface(view.size)
    ox, oy = view.face_layout.oled
    at = (ox + 41, oy + 41)
    sim = StandIn(with_pixels((10, 10)), leds=[(0, 0, 255)] * 12)
    view.draw(surface, sim)
    assert tuple(surface.get_at(at))[:3] == LIT
    assert tuple(surface.get_at(view.face_layout.leds[5]))[:3] == (0, 0, 255)
    sim._contrast = 0
    view.draw(surface, sim)
    assert tuple(surface.get_at(at))[:3] == render.oled_colour(0)
    sim._on = False
    view.draw(surface, sim)
    assert tuple(surface.get_at(at))[:3] == render.OLED_UNLIT


def test_space_key_holds_roll_until_key_up():
    view = window.DeviceView()
    sim = StandIn()
    assert view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE), sim)
    assert sim.buttons() == [("down", "ROLL")]
    view.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE), sim)
    assert sim.buttons() == [("down", "ROLL"), ("up", "ROLL")]


@pytest.mark.parametrize(
    "key, name",
    [
        ("K_UP", "UP"),
        ("K_DOWN", "DOWN"),
        ("K_RETURN", "OK"),
        ("K_BACKSPACE", "BACK"),
        ("K_ESCAPE", "BACK"),
    ],
)
def test_key_map(key, name):
    view = window.DeviceView()
    sim = StandIn()
    view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=getattr(pygame, key)), sim)
    assert sim.buttons() == [("down", name)]


def test_two_keys_for_back_release_only_when_both_are_up():
    view = window.DeviceView()
    sim = StandIn()
    for ev, key in [
        (pygame.KEYDOWN, pygame.K_ESCAPE),
        (pygame.KEYDOWN, pygame.K_BACKSPACE),
        (pygame.KEYUP, pygame.K_ESCAPE),
    ]:
        view.handle_event(pygame.event.Event(ev, key=key), sim)
    assert sim.buttons() == [("down", "BACK")]
    view.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_BACKSPACE), sim)
    assert sim.buttons() == [("down", "BACK"), ("up", "BACK")]


def test_mouse_press_lasts_while_the_mouse_button_is_held_and_shows_pressed():
    view = window.DeviceView()
    sim = StandIn()
    surface = pygame.Surface(view.size)
    rect = view.rects["ROLL"]
    centre = (rect.centerx, rect.y + rect.width // 2)
    view.draw(surface, sim)
    before = pygame.image.tobytes(surface.subsurface(rect), "RGB")
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=centre), sim)
    assert sim.buttons() == [("down", "ROLL")]
    view.draw(surface, sim)
    assert pygame.image.tobytes(surface.subsurface(rect), "RGB") != before
    # released even when the pointer slid off the button
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(0, 0)), sim)
    assert sim.buttons() == [("down", "ROLL"), ("up", "ROLL")]


def test_clicks_hit_the_right_button_and_nothing_outside():
    view = window.DeviceView()
    for name, rect in view.rects.items():
        assert (
            view.button_at((rect.centerx, rect.y + 5 if name != "ROLL" else rect.centery)) == name
        )
    assert view.button_at((1, 1)) is None
    roll = view.rects["ROLL"]
    assert view.button_at(roll.topleft) is None  # outside the round button's circle


def test_focus_loss_releases_held_buttons_and_quit_closes():
    view = window.DeviceView()
    sim = StandIn()
    view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP), sim)
    view.handle_event(pygame.event.Event(pygame.WINDOWFOCUSLOST), sim)
    assert sim.buttons() == [("down", "UP"), ("up", "UP")]
    assert view.handle_event(pygame.event.Event(pygame.QUIT), sim) is False


def test_run_window_advances_in_real_time_steps_and_exits_on_close(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    sim = StandIn(quit_after=5)
    window.run_window(sim)
    steps = [c[1] for c in sim.calls if c[0] == "advance"]
    assert len(steps) == 5
    assert all(0 <= ms <= window.MAX_STEP_MS for ms in steps)
    assert sum(steps[1:]) >= 3 * 1000 // window.FPS * 0.8  # frames are paced, not spun
    assert sim.buttons() == [("down", "UP"), ("up", "UP")]
    assert not pygame.display.get_init()


# ---- terminal -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, actions",
    [
        ("\x1b[A\x1bOB", [("press", "UP"), ("press", "DOWN")]),
        (
            "\r\x7fb r",
            [
                ("press", "OK"),
                ("press", "BACK"),
                ("press", "BACK"),
                ("press", "ROLL"),
                ("press", "ROLL"),
            ],
        ),
        ("BOR", [("hold", "BACK"), ("hold", "OK"), ("hold", "ROLL")]),
        ("\x1b[C\x1b[15~x\x1bq", [("quit", None)]),  # right arrow, F5, 'x', lone Esc skipped
        ("\x03", [("quit", None)]),
    ],
)
def test_parse_keys(text, actions):
    assert term.parse_keys(text) == (actions, "")


def test_parse_keys_keeps_a_split_escape_sequence_for_the_next_read():
    assert term.parse_keys(" \x1b[") == ([("press", "ROLL")], "\x1b[")
    assert term.parse_keys("\x1b[" + "A") == ([("press", "UP")], "")
    assert term.parse_keys("r\x1b") == ([("press", "ROLL")], "\x1b")
    assert term.parse_keys("\x1b" + "[B") == ([("press", "DOWN")], "")


def test_terminal_frame_fits_or_asks_for_a_bigger_terminal(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    tiny = term.frame(BLANK, [(0, 0, 0)] * 12, size=(60, 20))
    assert "at least 66x21" in tiny and "60x20" in tiny
    # 80x24: braille, 2x4 pixels a character. By hand: pixel (0,0) is dot 1 (U+2801),
    # (1,0) dot 4 (U+2808), (0,3) dot 7 (U+2840); (127,63) is the last cell's dot 8
    # (U+2880); (2,4) starts the second row's second cell at its dot 1
    dots = term.frame(with_pixels((0, 0), (1, 0), (0, 3), (2, 4), (127, 63)), [(0, 0, 0)] * 12, size=(80, 24))
    rows = dots.split("\n")
    assert len(rows) <= 24 and max(len(r) for r in rows) <= 80
    assert rows[0] == "┌" + "─" * 64 + "┐" and rows[17] == "└" + "─" * 64 + "┐".replace("┐", "┘")
    assert rows[1] == "│" + chr(0x2849) + chr(0x2800) * 63 + "│"
    assert rows[2][2] == chr(0x2801) and rows[16][64] == chr(0x2880)
    assert "long press" in dots and "q quit" in dots
    pixels = with_pixels((0, 0))
    big = term.frame(pixels, [(255, 0, 0)] * 12, size=(130, 36)).split("\n")
    assert big[:34] == render.to_terminal(pixels).split("\n")
    assert big[34].strip() == " ".join(["●"] * 12)
    assert "Space/r ROLL" in big[35] and len(big[35]) <= 130
    off = term.frame(pixels, [], display_on=False, size=(130, 36))
    assert "▀" not in off and "screen off" in off


def test_run_term_presses_holds_quits_and_restores_the_tty():
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 140, 0, 0))
    infile = os.fdopen(slave, "r")
    try:
        before = termios.tcgetattr(slave)
        os.write(master, b" \x1b[AOq")
        out = io.StringIO()
        sim = StandIn(with_pixels((0, 0)))
        term.run_term(sim, infile=infile, outfile=out)
        assert [c for c in sim.calls if c[0] != "advance"] == [
            ("press", "ROLL"),
            ("press", "UP"),
            ("hold", "OK", term.HOLD_MS),
        ]
        assert termios.tcgetattr(slave) == before
        shown = out.getvalue()
        assert shown.startswith("\x1b[?1049h") and shown.endswith("\x1b[?1049l")
        assert "▀" in shown
    finally:
        infile.close()
        os.close(master)


def test_run_term_refuses_a_pipe():
    r, w = os.pipe()
    with os.fdopen(r) as infile, pytest.raises(RuntimeError):
        term.run_term(StandIn(), infile=infile, outfile=io.StringIO())
    os.close(w)
