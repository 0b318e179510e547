"""Regenerate the bitmap fonts in firmware/ui/fonts/ with font-to-py.

    .venv/bin/python host_tools/fonts/make_fonts.py          # rewrite small.py, medium.py, big.py
    .venv/bin/python host_tools/fonts/make_fonts.py --check  # exit 1 if a committed font differs

The source fonts are not in the repository; they come from Debian packages:

    apt-get install xfonts-base xfonts-terminus fonts-dejavu-extra

| module    | source file (Debian package)                                         | licence       |
|-----------|----------------------------------------------------------------------|---------------|
| small.py  | /usr/share/fonts/X11/misc/6x10.pcf.gz (xfonts-base): X11 misc-fixed   | public domain |
| medium.py | /usr/share/fonts/X11/misc/ter-u14b_unicode.pcf.gz (xfonts-terminus)  | SIL OFL 1.1   |
| big.py    | /usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf        | Bitstream     |
|           | (fonts-dejavu-extra)                                                 | Vera + PD     |

font-to-py (0.44, the `font_to_py` console script of the `font-to-py` package, which needs
freetype-py) rasterises each font, run as

    font_to_py SOURCE HEIGHT OUT.py -k CHARSET_FILE

with the default horizontal mapping (MONO_HLSB, no bit reversal) and a variable pitch.
PCF files are gunzipped first (font-to-py wants a .pcf suffix) and their HEIGHT argument
is 0 (a bitmap font has one size; font-to-py ignores the number). Its glyphs are then
laid out afresh (layout() below) as plain tables that ui/text.py indexes directly: a
character's glyph is one table lookup, where font-to-py's own index is a binary search
in Python, a few hundred microseconds a character on the RP2040.
"""

import gzip
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT_DIR = os.path.join(ROOT, "firmware", "ui", "fonts")


def _chars(lo, hi):
    return "".join(chr(c) for c in range(lo, hi + 1))


# Text fonts: printable ASCII; every Latin-1 letter (U+00C0-U+00FF: French, German,
# Spanish, Nordic, Portuguese, Italian names) and the Latin-1 signs a game might show;
# and a few UI symbols. Every glyph costs about 20 bytes of RAM per font and the whole firmware
# must fit a 128 KB heap, so Latin Extended-A (Polish, Czech...) and the Latin-1 signs
# nobody needs here (¤ ¦ ¨ © ® ¯ ´ ¶ ¸ ...) stay out: the picker offers Latin-1 letters.
# The symbols above U+00FF, in the order ui/text.py puts them in the C1 control range
# (U+0080 + i), so that every character of a string is one byte (see text.py's _bytes):
# ellipsis (text.fit), euro, arrows, triangles, bullet, minus, and the four card suits
# (Solitaire) in the order of rules/solitaire.py's SUITS: spades, hearts, diamonds, clubs
SYMBOLS = "\u2026\u20ac\u2190\u2192\u2191\u2193\u25b2\u25bc\u25c4\u25ba\u2022\u2212\u2660\u2665\u2666\u2663"
TEXT_CHARS = _chars(0x20, 0x7E) + "¡£§«°±·»½¿" + _chars(0xC0, 0xFF) + SYMBOLS
# Big numbers for totals: digits, sign, fraction, time, decimal point and space.
# '?' (the fallback for anything else) is always added by font-to-py.
BIG_CHARS = "0123456789 +-/:."

# The card suits of the small font are drawn here, not taken from 6x10 (medium keeps
# Terminus's own): 5 x 7 on the capitals' rows. The OLED has one colour, so the black
# suits are solid and the red ones hollow, the way a player tells them apart across the
# table; each outline differs too (a point on a stem, two lobes, four points, three
# leaves on a stem).
SUIT_GLYPHS = {
    "\u2660": ("..#..", ".###.", "#####", "#####", "#.#.#", "..#..", ".###."),
    "\u2665": (".....", ".#.#.", "#.#.#", "#...#", ".#.#.", "..#..", "....."),
    "\u2666": ("..#..", ".#.#.", "#...#", "#...#", ".#.#.", "..#..", "....."),
    "\u2663": (".###.", ".###.", "#.#.#", "#####", "#.#.#", "..#..", ".###."),
}

FONTS = (
    {
        "module": "small",
        "package": "xfonts-base",
        "source": "/usr/share/fonts/X11/misc/6x10.pcf.gz",
        "height": 0,
        "chars": TEXT_CHARS,
        "drawn": SUIT_GLYPHS,
        "drawn_top": 1,  # the row of the capitals' top in the 10-px cell
        "about": (
            "X11 misc-fixed 6x10 (-Misc-Fixed-Medium-R-Normal--10-100-75-75-C-60-ISO10646-1)",
            "Public domain. 10-px rows, 6-px cells: 21 characters across 128 px.",
        ),
    },
    {
        "module": "medium",
        "package": "xfonts-terminus",
        "source": "/usr/share/fonts/X11/misc/ter-u14b_unicode.pcf.gz",
        "height": 0,
        "chars": TEXT_CHARS,
        "about": (
            "Terminus Font 4.48, bold, 14 px (ter-u14b), Copyright (C) 2019",
            'Dimitar Toshkov Zhekov, with Reserved Font Name "Terminus Font".',
            "SIL Open Font License 1.1. 14-px rows, 8-px cells: 16 characters across 128 px.",
        ),
    },
    {
        "module": "big",
        "package": "fonts-dejavu-extra",
        "source": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
        "height": 28,
        "chars": BIG_CHARS,
        "about": (
            "DejaVu Sans Condensed Bold, rendered monochrome at 28 px. Fonts are (c) Bitstream",
            "(Bitstream Vera licence); DejaVu changes are in the public domain.",
            "28-px rows, digits 25 px tall and 21 px wide (tabular): 6 digits across 128 px.",
        ),
    },
)


def _font_to_py():
    exe = os.path.join(os.path.dirname(sys.executable), "font_to_py")
    if not os.path.exists(exe):
        exe = shutil.which("font_to_py")
    if not exe:
        raise SystemExit("font_to_py not found: pip install 'font-to-py>=0.44' freetype-py")
    return exe


def _header(spec):
    lines = [
        f"# Leafkeeper font '{spec['module']}': made by host_tools/fonts/make_fonts.py, do not edit."
    ]
    lines += ["# " + s for s in spec["about"]]
    lines.append(
        f"# Source: {spec['source']} (Debian package {spec['package']}). Licences: LICENSES.txt here."
    )
    lines.append("# ruff: noqa")
    return "\n".join(lines) + "\n"


def generate(spec, out_dir, work):
    src = spec["source"]
    if not os.path.exists(src):
        raise SystemExit(f"{src} missing: apt-get install {spec['package']}")
    name = os.path.basename(src)
    if name.endswith(".gz"):
        name = name[:-3]
        with gzip.GzipFile(src, "rb") as f_in, open(os.path.join(work, name), "wb") as f_out:
            shutil.copyfileobj(f_in, f_out)
    else:
        shutil.copy(src, os.path.join(work, name))
    cs_name = spec["module"] + "_charset.txt"
    with open(os.path.join(work, cs_name), "w", encoding="utf-8") as f:
        f.write(spec["chars"])
    out = spec["module"] + ".py"
    args = [name, str(spec["height"]), out, "-k", cs_name]
    r = subprocess.run(
        [_font_to_py()] + args, cwd=work, capture_output=True, text=True, check=False
    )
    if r.returncode != 0 or not os.path.exists(os.path.join(work, out)):
        raise SystemExit(f"font_to_py failed for {name}:\n{r.stdout}{r.stderr}")
    return os.path.join(out_dir, out), layout(spec, _load(os.path.join(work, out)), args)


def _load(path):
    # font-to-py's module, run here on CPython (it is plain Python over bytes)
    import importlib.util

    spec = importlib.util.spec_from_file_location("font_to_py_output", path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _bytes_literal(data, indent="    "):
    rows = []
    for i in range(0, len(data), 16):
        rows.append(indent + "b'" + "".join("\\x%02x" % b for b in data[i : i + 16]) + "'")
    return "(\n" + "\n".join(rows) + "\n)"


def _drawn(design, top, height):
    # a glyph drawn in the table above -> (MONO_HLSB rows as font-to-py gives them, width):
    # the design's columns and one blank column after them, its rows from `top` down
    w = len(design[0]) + 1
    rows = bytearray(height * ((w + 7) // 8))
    for y, line in enumerate(design):
        for x, ch in enumerate(line):
            if ch == "#":
                rows[(top + y) * ((w + 7) // 8) + x // 8] |= 0x80 >> (x % 8)
    return bytes(rows), w


def layout(spec, f2p, args):
    """font-to-py's glyphs laid out for ui/text.py and ui/glyphs.py: glyph 0 is '?' (what
    a missing character draws), then the charset in code point order, each as columns of
    MONO_VLSB bytes; LATIN maps every byte of text.py's one-byte encoding to a glyph."""
    assert f2p.hmap() and not f2p.reverse(), "font-to-py's rows: MONO_HLSB, MSB leftmost"
    assert set(spec["chars"]) - set(SYMBOLS) <= {chr(c) for c in range(256)}
    height = f2p.height()
    per_col = (height + 7) // 8
    chars = ["?"] + sorted(set(spec["chars"]) - {"?"})
    widths = bytearray()
    offsets = bytearray()
    bitmaps = bytearray()
    drawn = spec.get("drawn", {})
    for ch in chars:
        if ch in drawn:
            rows, w = _drawn(drawn[ch], spec["drawn_top"], height)
        else:
            mv, h, w = f2p.get_ch(ch)
            assert h == height
            rows = bytes(mv)
        per_row = (w + 7) // 8
        h = height
        widths.append(w)
        offsets += len(bitmaps).to_bytes(2, "little")
        for x in range(w):
            for b in range(per_col):
                v = 0
                for r in range(8):
                    y = 8 * b + r
                    if y < h and rows[y * per_row + x // 8] & (0x80 >> (x % 8)):
                        v |= 1 << r
                bitmaps.append(v)
    assert len(chars) < 256 and len(bitmaps) < 65536
    latin = bytearray(256)  # 0: the '?' glyph
    for g, ch in enumerate(chars):
        c = ord(ch)
        if c >= 256:
            c = 0x80 + SYMBOLS.index(ch)
        latin[c] = g
    data = bytes([height, len(chars)]) + latin + widths + offsets + bitmaps
    lines = [_header(spec).rstrip("\n")]
    lines.append(f"# Rasterised by font-to-py ({len(chars)} glyphs): font_to_py {' '.join(args)}")
    lines += [
        "# Laid out for ui/text.py and ui/glyphs.py as one block, DATA: the height, the number",
        "# of glyphs n, LATIN (256 bytes: the glyph of each byte of text.py's encoding, a code",
        "# point below 256 or 0x80 + i for SYMBOLS[i]), the n WIDTHS, the n OFFSETS (2 bytes,",
        "# little-endian, from the start of the bitmaps), then the BITMAPS: a glyph's columns",
        f"# left to right, {per_col} bytes each (MONO_VLSB: bit 0 on top). Glyph 0 is '?', which",
        "# every character the font lacks draws.",
        "from micropython import const",
        "",
        f"HEIGHT = const({height})",
        "SYMBOLS = " + repr(SYMBOLS).replace("'", '"'),
        "DATA = " + _bytes_literal(data),
        "",
    ]
    return "\n".join(lines)


def main(argv):
    check = "--check" in argv
    stale = []
    work = tempfile.mkdtemp(prefix="leafkeeper-fonts-")
    try:
        for spec in FONTS:
            path, text = generate(spec, OUT_DIR, work)
            old = None
            if os.path.exists(path):
                with open(path, encoding="utf-8") as f:
                    old = f.read()
            if check:
                if old != text:
                    stale.append(path)
                continue
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            print("wrote", os.path.relpath(path, ROOT), len(text.encode()), "bytes of source")
    finally:
        shutil.rmtree(work)
    if stale:
        print("out of date:", " ".join(os.path.relpath(p, ROOT) for p in stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
