"""Desktop window front-end: the device face, five clickable buttons, real-time clock.

`run_window(sim)` opens the window; `DeviceView` draws one frame and turns one pygame
event into button_down/button_up calls, so both can be driven headless in tests.
"""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep the user's terminal clean
import pygame
from PIL import Image, ImageDraw, ImageFont

from host_tools.sim import render

FPS = 50
MAX_STEP_MS = 100  # after a stall (window dragged, laptop asleep) do not fast-forward

KEYS = {
    pygame.K_UP: "UP",
    pygame.K_DOWN: "DOWN",
    pygame.K_RETURN: "OK",
    pygame.K_KP_ENTER: "OK",
    pygame.K_BACKSPACE: "BACK",
    pygame.K_ESCAPE: "BACK",
    pygame.K_SPACE: "ROLL",
}
HELP = (
    "Up/Down: UP/DOWN    Enter: OK    Backspace/Esc: BACK    Space: ROLL    hold for a long press"
)

_FONT = os.path.join(os.path.dirname(pygame.__file__), "freesansbold.ttf")
_SS = 4  # supersampling for antialiased shapes and text

# Keycaps: (face, lip under the face, label); ROLL is the orange arcade button.
_KEYCAP = ((74, 80, 94), (34, 37, 44), (214, 222, 234))
_ROLL = ((232, 104, 44), (140, 52, 22), (255, 246, 236))
_ROLL_RIM = (24, 26, 31)
_HELP_TEXT = (130, 138, 152)


def window_available():
    """(True, driver) when a window can be shown, else (False, plain reason)."""
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver in ("dummy", "offscreen"):
        return False, f"SDL_VIDEODRIVER={driver} draws off-screen, so a window would not be seen"
    if (
        sys.platform.startswith("linux")
        and not driver
        and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    ):
        return False, "no graphical display (neither DISPLAY nor WAYLAND_DISPLAY is set)"
    try:
        pygame.display.init()
    except pygame.error as exc:
        return False, f"cannot open a display: {exc}"
    name = pygame.display.get_driver()
    pygame.display.quit()
    return True, name


def _to_surface(img):
    return pygame.image.frombytes(img.tobytes(), img.size, img.mode)


def _smooth(size, paint, background):
    """Draw with `paint(draw, k)` at k-times size and shrink, for antialiased edges."""
    big = Image.new("RGB", (size[0] * _SS, size[1] * _SS), background)
    paint(ImageDraw.Draw(big), _SS)
    return big.resize(size, Image.Resampling.LANCZOS)


class DeviceView:
    """Layout, drawing and input of the window; keeps which buttons are held and by what."""

    def __init__(self, n_leds=12, scale=4):
        s = self.scale = scale
        self.n_leds = n_leds
        self.face_layout = render.layout(scale, n_leds)
        width, face_h = self.face_layout.size
        body = self.face_layout.body
        self.deck = pygame.Rect(body[0], face_h + s, body[2] - body[0] + 1, 40 * s)
        self.size = (width, self.deck.bottom + 10 * s)

        self.lip = 2 * s
        key_w, key_h, roll_d = 24 * s, 11 * s, 30 * s
        cy = self.deck.centery
        x = (width - (24 + 10 + 24 + 5 + 24 + 14 + 30) * s) // 2
        self.rects = {
            "UP": pygame.Rect(x, cy - key_h - 2 * s, key_w, key_h + self.lip),
            "DOWN": pygame.Rect(x, cy + s, key_w, key_h + self.lip),
            "BACK": pygame.Rect(x + 34 * s, cy - key_h // 2, key_w, key_h + self.lip),
            "OK": pygame.Rect(x + 63 * s, cy - key_h // 2, key_w, key_h + self.lip),
            "ROLL": pygame.Rect(x + 101 * s, cy - roll_d // 2, roll_d, roll_d + self.lip),
        }
        self._sprites = {
            (name, pressed): _to_surface(self._button_image(name, pressed, scale))
            for name in self.rects
            for pressed in (False, True)
        }
        self._background = _to_surface(self._background_image(scale))
        self._held = {}  # button name -> set of sources (key codes, "mouse") holding it
        self._face_key = None
        self._face = None

    # ---- input -------------------------------------------------------------------

    def handle_event(self, event, sim):
        """Apply one pygame event to `sim`; False when the window should close."""
        if event.type == pygame.QUIT:
            return False
        if event.type == pygame.KEYDOWN and event.key in KEYS:
            self._down(KEYS[event.key], event.key, sim)
        elif event.type == pygame.KEYUP and event.key in KEYS:
            self._up(KEYS[event.key], event.key, sim)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            name = self.button_at(event.pos)
            if name:
                self._down(name, "mouse", sim)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for name in [n for n, sources in self._held.items() if "mouse" in sources]:
                self._up(name, "mouse", sim)
        elif event.type == pygame.WINDOWFOCUSLOST:
            # Key-up events go elsewhere once focus is gone; never leave a button stuck.
            self.release_all(sim)
        return True

    def button_at(self, pos):
        for name, rect in self.rects.items():
            if name == "ROLL":
                r = rect.width / 2
                if (pos[0] - rect.centerx) ** 2 + (pos[1] - (rect.y + r)) ** 2 <= r * r:
                    return name
            elif rect.collidepoint(pos):
                return name
        return None

    def held(self):
        return {name for name, sources in self._held.items() if sources}

    def release_all(self, sim):
        for name in list(self.held()):
            self._held[name].clear()
            sim.button_up(name)

    def _down(self, name, source, sim):
        sources = self._held.setdefault(name, set())
        if not sources:
            sim.button_down(name)
        sources.add(source)

    def _up(self, name, source, sim):
        sources = self._held.get(name)
        if sources and source in sources:
            sources.discard(source)
            if not sources:
                sim.button_up(name)

    # ---- drawing -----------------------------------------------------------------

    def draw(self, surface, sim):
        surface.blit(self._background, (0, 0))
        # A fixed LED count keeps the layout still even while the strip is not set up.
        leds = (list(sim.leds()) + [(0, 0, 0)] * self.n_leds)[: self.n_leds]
        pixels = sim.pixels()
        key = (tuple(pixels), tuple(leds), sim.contrast(), sim.display_on())
        if key != self._face_key:
            # Rebuilding the face costs a few ms, so only when the device shows something new.
            self._face = _to_surface(
                render.to_image(pixels, leds, self.scale, contrast=key[2], display_on=key[3])
            )
            self._face_key = key
        surface.blit(self._face, (0, 0))
        held = self.held()
        for name, rect in self.rects.items():
            surface.blit(self._sprites[(name, name in held)], rect.topleft)

    def _background_image(self, s):
        deck = self.deck

        def paint(draw, k):
            draw.rounded_rectangle(
                (deck.left * k, deck.top * k, (deck.right - 1) * k, (deck.bottom - 1) * k),
                radius=10 * s * k,
                fill=render.BODY,
                outline=render.BODY_EDGE,
                width=max(1, s // 2) * k,
            )
            font = ImageFont.truetype(_FONT, 3 * s * k)
            draw.text(
                (self.size[0] / 2 * k, (deck.bottom + 5 * s) * k),
                HELP,
                font=font,
                fill=_HELP_TEXT,
                anchor="mm",
            )

        return _smooth(self.size, paint, render.BACKDROP)

    def _button_image(self, name, pressed, s):
        rect, lip = self.rects[name], self.lip
        w, h = rect.size
        drop = lip if pressed else 0  # a pressed cap sinks onto its lip and darkens

        def shade(colour):
            return tuple(round(c * 0.85) for c in colour) if pressed else colour

        def paint(draw, k):
            if name == "ROLL":
                face, under, ink = _ROLL
                d = w
                draw.ellipse((0, lip * k, d * k - 1, (d + lip) * k - 1), fill=_ROLL_RIM)
                draw.ellipse((0, 0, d * k - 1, d * k - 1), fill=_ROLL_RIM)
                inset = 3 * s
                box = (inset * k, inset * k, (d - inset) * k - 1, (d - inset) * k - 1)
                draw.ellipse(box, fill=under)
                draw.ellipse(
                    (box[0], box[1] - (lip - drop) * k, box[2], box[3] - (lip - drop) * k),
                    fill=shade(face),
                )
                centre_y = (d / 2 - lip + drop) * k
                size = 6 * s
            else:
                face, under, ink = _KEYCAP
                radius = 3 * s * k
                draw.rounded_rectangle((0, lip * k, w * k - 1, h * k - 1), radius, fill=under)
                draw.rounded_rectangle(
                    (0, drop * k, w * k - 1, (h - lip + drop) * k - 1), radius, fill=shade(face)
                )
                centre_y = ((h - lip) / 2 + drop) * k
                size = 4 * s
            font = ImageFont.truetype(_FONT, size * k)
            draw.text((w / 2 * k, centre_y), name, font=font, fill=ink, anchor="mm")

        return _smooth((w, h), paint, render.BODY)


def run_window(sim, scale=4):
    """Show the device in a window and run `sim` in real time until the window closes."""
    pygame.display.init()
    try:
        view = DeviceView(len(sim.leds()) or 12, scale)
        screen = pygame.display.set_mode(view.size)
        pygame.display.set_caption("Leafkeeper")
        clock = pygame.time.Clock()
        last = pygame.time.get_ticks()
        while True:
            # Every event is handled (a key-up before the close still counts), then stop.
            keep_open = [view.handle_event(event, sim) for event in pygame.event.get()]
            if not all(keep_open):
                break
            now = pygame.time.get_ticks()
            sim.advance(min(now - last, MAX_STEP_MS))
            last = now
            view.draw(screen, sim)
            pygame.display.flip()
            clock.tick(FPS)
        view.release_all(sim)
    finally:
        pygame.display.quit()
