"""Pictures of the device face for every simulator front-end (PNG, window, terminal).

Pure helpers: Pillow only, no pygame, so the PNG path and the tests work headless.
The OLED comes in as the simulator's `pixels()` (rows of '#' lit / '.' dark) and the
LEDs as `leds()` (list of (r, g, b)).
"""

import math
import os
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

# Palette of a charcoal device on a dark table with a white-blue SSD1306 panel.
BACKDROP = (20, 22, 26)
BODY = (42, 46, 54)
BODY_EDGE = (66, 72, 84)
GLASS = (5, 6, 8)
OLED_LIT = (196, 230, 255)
OLED_UNLIT = (11, 14, 19)  # faint, so the dot grid shows like a real panel under light
OLED_GAP = (0, 0, 0)
RING_GROOVE = (34, 37, 44)
LED_OFF_FILL = (26, 28, 33)
LED_OFF_EDGE = (84, 88, 96)

# A panel at contrast 0 is dim, not dark; off is only reached with display_on=False.
_MIN_BRIGHTNESS = 0.3
_SUPERSAMPLE = 4  # PIL shapes are not antialiased, so masks are drawn big and shrunk


class Layout(NamedTuple):
    size: tuple  # (w, h) of the whole picture
    body: tuple  # (x0, y0, x1, y1) of the device body, inclusive like ImageDraw boxes
    glass: tuple  # black bezel around the active area
    oled: tuple  # (x, y) of the active area's top-left corner
    oled_size: tuple  # (w, h) of the active area in picture pixels
    leds: tuple  # ((x, y), ...) LED centres, LED 0 at 12 o'clock, then clockwise
    leds_axes: tuple  # (ax, ay) semi-axes of the ellipse the LED centres lie on
    led_r: int


def layout(scale, n_leds, width=128, height=64):
    """Geometry of the face: the OLED in a bezel, the LEDs on an ellipse around it.

    The LEDs sit on an ellipse at even angles (not even arc length) so LED i keeps the
    direction of seat i on the round table; the ellipse is just large enough that no
    LED overlaps the bezel.
    """
    if scale < 1:
        raise ValueError("scale must be >= 1")
    ow, oh = width * scale, height * scale
    bezel = 4 * scale
    led_r = max(3, round(3.5 * scale))
    clearance = 2 * scale + led_r  # from the bezel to an LED centre
    half_w = ow / 2 + bezel + clearance
    half_h = oh / 2 + bezel + clearance
    # Stretch the ellipse until every LED centre is outside the bezel-plus-clearance box.
    stretch = 1.0
    for i in range(n_leds):
        t = 2 * math.pi * i / n_leds
        s, c = abs(math.sin(t)), abs(math.cos(t))
        stretch = max(
            stretch, min(1 / s if s > 1e-9 else math.inf, 1 / c if c > 1e-9 else math.inf)
        )
    ax, ay = half_w * stretch, half_h * stretch
    pad = 6 * scale
    w = round(2 * (ax + led_r + pad))
    h = round(2 * (ay + led_r + pad))
    cx, cy = w / 2, h / 2
    leds = tuple(
        (
            round(cx + ax * math.sin(2 * math.pi * i / n_leds)),
            round(cy - ay * math.cos(2 * math.pi * i / n_leds)),
        )
        for i in range(n_leds)
    )
    ox, oy = round(cx - ow / 2), round(cy - oh / 2)
    margin = 2 * scale
    return Layout(
        size=(w, h),
        body=(margin, margin, w - 1 - margin, h - 1 - margin),
        glass=(ox - bezel, oy - bezel, ox + ow - 1 + bezel, oy + oh - 1 + bezel),
        oled=(ox, oy),
        oled_size=(ow, oh),
        leds=leds,
        leds_axes=(ax, ay),
        led_r=led_r,
    )


def oled_colour(contrast=255):
    """Colour of a lit pixel at an SSD1306 contrast setting (0..255)."""
    f = _MIN_BRIGHTNESS + (1 - _MIN_BRIGHTNESS) * max(0, min(255, contrast)) / 255
    return tuple(round(c * f) for c in OLED_LIT)


def led_display_colour(rgb):
    """Screen colour for an LED value. The brightest channel is gamma-lifted and the
    others scaled with it: a WS2812 at low PWM looks far brighter to the eye than the
    same number in sRGB (the firmware caps brightness low), and the hue must not shift."""
    rgb = [max(0, min(255, c)) for c in rgb]
    peak = max(rgb)
    if peak == 0:
        return (0, 0, 0)
    gain = 255 * (peak / 255) ** (1 / 2.2) / peak
    return tuple(min(255, round(c * gain)) for c in rgb)


_LIT_BYTES = bytes.maketrans(b"#.", b"\xff\x00")


def oled_image(pixels, scale=4, contrast=255, display_on=True):
    """The active area alone: each lit pixel a square a little smaller than its cell."""
    height, width = len(pixels), len(pixels[0])
    small = Image.new("RGB", (width, height), OLED_UNLIT)
    if display_on:
        lit = "".join(pixels).encode("ascii").translate(_LIT_BYTES)
        small.paste(oled_colour(contrast), mask=Image.frombytes("L", (width, height), lit))
    big = small.resize((width * scale, height * scale), Image.Resampling.NEAREST)
    big.paste(OLED_GAP, mask=_grid_mask(width, height, scale))
    return big


def _pixel_gap(scale):
    return 0 if scale < 2 else max(1, round(scale / 4))


@lru_cache(maxsize=8)
def _grid_mask(width, height, scale):
    """White on the gap lines at the right and bottom of every pixel cell."""
    gap = _pixel_gap(scale)
    cell_row = b"\x00" * (scale - gap) + b"\xff" * gap
    line = cell_row * width
    gap_line = b"\xff" * (width * scale)
    band = line * (scale - gap) + gap_line * gap  # one row of cells
    return Image.frombytes("L", (width * scale, height * scale), band * height)


@lru_cache(maxsize=16)
def _disc_mask(radius, ring_width=0):
    """Antialiased disc (or ring when ring_width > 0) of `radius`, centred in its box."""
    k = _SUPERSAMPLE
    d = 2 * radius + 1
    big = Image.new("L", (d * k, d * k), 0)
    draw = ImageDraw.Draw(big)
    draw.ellipse((0, 0, d * k - 1, d * k - 1), fill=255)
    if ring_width:
        inset = ring_width * k
        draw.ellipse((inset, inset, d * k - 1 - inset, d * k - 1 - inset), fill=0)
    return big.resize((d, d), Image.Resampling.BOX)


@lru_cache(maxsize=8)
def _glow_mask(radius):
    """Soft halo around a lit LED: fades from its centre out to 2.8 radii."""
    reach = round(2.8 * radius)
    d = 2 * reach + 1
    data = bytearray(d * d)
    for y in range(d):
        for x in range(d):
            r = math.hypot(x - reach, y - reach)
            if r < reach:
                data[y * d + x] = round(200 * (1 - r / reach) ** 2)
    return Image.frombytes("L", (d, d), bytes(data))


@lru_cache(maxsize=8)
def _face_base(scale, n_leds, width, height):
    """Everything that does not change: backdrop, body, bezel, unlit LED sockets."""
    g = layout(scale, n_leds, width, height)
    k = _SUPERSAMPLE
    big = Image.new("RGB", (g.size[0] * k, g.size[1] * k), BACKDROP)
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle(
        [c * k for c in g.body],
        radius=14 * scale * k,
        fill=BODY,
        outline=BODY_EDGE,
        width=max(1, scale // 2) * k,
    )
    # A faint groove along the ring, so the LEDs read as one ring and not loose dots.
    cx, cy = g.size[0] / 2, g.size[1] / 2
    ax, ay = g.leds_axes
    draw.ellipse(
        ((cx - ax) * k, (cy - ay) * k, (cx + ax) * k, (cy + ay) * k),
        outline=RING_GROOVE,
        width=max(1, scale // 2) * k,
    )
    draw.rounded_rectangle([c * k for c in g.glass], radius=3 * scale * k, fill=GLASS)
    return big.resize(g.size, Image.Resampling.LANCZOS)


def _paste_centred(img, colour, mask, centre):
    w, h = mask.size
    img.paste(colour, (centre[0] - w // 2, centre[1] - h // 2), mask)


def to_image(pixels, leds, scale=4, contrast=255, display_on=True):
    """The device face as a Pillow RGB image: OLED at `scale` inside the LED ring."""
    height, width = len(pixels), len(pixels[0])
    g = layout(scale, len(leds), width, height)
    img = _face_base(scale, len(leds), width, height).copy()
    img.paste(oled_image(pixels, scale, contrast, display_on), g.oled)
    for centre, rgb in zip(g.leds, leds):
        colour = led_display_colour(rgb)
        if max(colour) == 0:
            _paste_centred(img, LED_OFF_FILL, _disc_mask(g.led_r), centre)
            _paste_centred(img, LED_OFF_EDGE, _disc_mask(g.led_r, max(1, scale // 2)), centre)
            continue
        glow = _glow_mask(g.led_r)
        strength = max(colour) / 255  # a dim LED glows less
        _paste_centred(img, colour, glow.point([round(a * strength) for a in range(256)]), centre)
        _paste_centred(img, colour, _disc_mask(g.led_r), centre)
    return img


def save_png(pixels, leds, path, scale=4):
    to_image(pixels, leds, scale).save(path, format="PNG")


_HALF_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def to_terminal(pixels):
    """The OLED as text: one character per column and pair of rows, inside a box."""
    width = len(pixels[0])
    rows = list(pixels)
    if len(rows) % 2:
        rows.append("." * width)
    lines = ["┌" + "─" * width + "┐"]
    for top, bottom in zip(rows[0::2], rows[1::2]):
        cells = (_HALF_BLOCKS[(t == "#", b == "#")] for t, b in zip(top, bottom))
        lines.append("│" + "".join(cells) + "│")
    lines.append("└" + "─" * width + "┘")
    return "\n".join(lines)


# the dot of a braille cell (U+2800 + bits) for each pixel of its 2x4 block, by (x, y)
_BRAILLE_BITS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))


def to_braille(pixels):
    """The OLED as text for a small terminal: one braille character per 2x4 pixels
    (128x64 fits in 64x16 characters), inside a box."""
    width = len(pixels[0])
    cols = (width + 1) // 2
    lines = ["┌" + "─" * cols + "┐"]
    for y0 in range(0, len(pixels), 4):
        cells = []
        for x0 in range(0, width, 2):
            bits = 0
            for dx in range(2):
                for dy in range(4):
                    x, y = x0 + dx, y0 + dy
                    if y < len(pixels) and x < width and pixels[y][x] == "#":
                        bits |= _BRAILLE_BITS[dx][dy]
            cells.append(chr(0x2800 + bits))
        lines.append("│" + "".join(cells) + "│")
    lines.append("└" + "─" * cols + "┘")
    return "\n".join(lines)


def no_color():
    """True when the user asked for plain text (https://no-color.org: set and not empty)."""
    return bool(os.environ.get("NO_COLOR"))


def ansi_fg(rgb):
    """24-bit ANSI escape that sets the text colour."""
    r, g, b = rgb
    return f"\x1b[38;2;{r};{g};{b}m"


def leds_to_terminal(leds):
    """One line with a '●' per lit LED in its colour and a grey '○' per dark one."""
    plain = no_color()
    marks = []
    for rgb in leds:
        colour = led_display_colour(rgb)
        lit = max(colour) > 0
        if plain:
            marks.append("●" if lit else "○")
        elif lit:
            marks.append(ansi_fg(colour) + "●\x1b[0m")
        else:
            marks.append(ansi_fg(LED_OFF_EDGE) + "○\x1b[0m")
    return " ".join(marks)
