"""Regenerate the bitmap fonts in firmware/ui/fonts/ with font-to-py.

    .venv/bin/python host_tools/make_fonts.py          # rewrite small.py, medium.py, big.py
    .venv/bin/python host_tools/make_fonts.py --check  # exit 1 if a committed font differs

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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "firmware", "ui", "fonts")


def _chars(lo, hi):
    return "".join(chr(c) for c in range(lo, hi + 1))


# Text fonts: printable ASCII; every Latin-1 letter (U+00C0-U+00FF: French, German,
# Spanish, Nordic, Portuguese, Italian names) and the Latin-1 signs a game might show;
# and a few UI symbols: the ellipsis that text.fit() uses, euro, arrows, triangles,
# bullet, minus. Every glyph costs about 20 bytes of RAM per font and the whole firmware
# must fit a 128 KB heap, so Latin Extended-A (Polish, Czech...) and the Latin-1 signs
# nobody needs here (¤ ¦ ¨ © ® ¯ ´ ¶ ¸ ...) stay out: the picker offers Latin-1 letters.
TEXT_CHARS = (
    _chars(0x20, 0x7E)
    + "¡£§«°±·»½¿"
    + _chars(0xC0, 0xFF)
    + "\u2026\u20ac\u2190\u2192\u2191\u2193\u25b2\u25bc\u25c4\u25ba\u2022\u2212"
)
# Big numbers for totals: digits, sign, fraction, time, decimal point and space.
# '?' (the fallback for anything else) is always added by font-to-py.
BIG_CHARS = "0123456789 +-/:."

FONTS = (
    {
        "module": "small",
        "package": "xfonts-base",
        "source": "/usr/share/fonts/X11/misc/6x10.pcf.gz",
        "height": 0,
        "chars": TEXT_CHARS,
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
        f"# Leafkeeper font '{spec['module']}': made by host_tools/make_fonts.py, do not edit."
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


def layout(spec, f2p, args):
    """font-to-py's glyphs laid out for ui/text.py: glyph 0 is '?' (what a missing
    character draws), then the charset in code point order; LATIN maps every code point
    below 256 straight to its glyph, EXTRA lists the few above."""
    assert f2p.hmap() and not f2p.reverse(), "text.py blits MONO_HLSB rows, MSB leftmost"
    height = f2p.height()
    chars = ["?"] + sorted(set(spec["chars"]) - {"?"})
    widths = bytearray()
    offsets = []
    bitmaps = bytearray()
    for ch in chars:
        mv, h, w = f2p.get_ch(ch)
        assert h == height
        widths.append(w)
        offsets.append(len(bitmaps))
        bitmaps += bytes(mv)
    latin = bytearray(256)  # 0: the '?' glyph
    extra = ""
    for g, ch in enumerate(chars):
        if ord(ch) < 256:
            latin[ord(ch)] = g
        else:
            extra += ch
    first_extra = len(chars) - len(extra)
    assert all(ord(c) >= 256 for c in chars[first_extra:]) and len(chars) < 256
    lines = [_header(spec).rstrip("\n")]
    lines.append(f"# Rasterised by font-to-py ({len(chars)} glyphs): font_to_py {' '.join(args)}")
    lines += [
        "# Laid out for ui/text.py: glyph g is WIDTHS[g] pixels wide and its rows (MONO_HLSB,",
        "# (width + 7) // 8 bytes a row, MSB leftmost) start at BITMAPS[OFFSETS[g]]. A code",
        "# point c below 256 is glyph LATIN[c]; above, glyph FIRST_EXTRA + EXTRA.find(chr(c)).",
        "# Glyph 0 is '?', which every character the font lacks draws.",
        "from micropython import const",
        "",
        f"HEIGHT = const({height})",
        f"FIRST_EXTRA = const({first_extra})",
        "EXTRA = " + repr(extra).replace("'", '"'),
        "WIDTHS = " + _bytes_literal(widths),
        "OFFSETS = (\n" + "\n".join(
            "    " + " ".join(str(o) + "," for o in offsets[i : i + 12]) for i in range(0, len(offsets), 12)
        ) + "\n)",
        "LATIN = " + _bytes_literal(latin),
        "BITMAPS = " + _bytes_literal(bitmaps),
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
