# Capital and small letters, the same on the Pico and in the simulator. MicroPython's
# str.upper()/lower() change only ASCII letters; CPython's change every letter ("é" ->
# "É", "ß" -> "SS", the Kelvin sign -> "k"), so a name or a word would read one way in
# the simulator and another on the device. The firmware calls these instead (a test
# keeps str.upper/lower/capitalize out of it): ASCII and the Latin-1 letters the fonts
# have (à..þ and À..Þ, but not × ÷), everything else left as it is.


def _shift(s, lo, hi, by):
    out = ""
    for ch in s:
        c = ord(ch)
        if lo <= c <= lo + 25 or (hi <= c <= hi + 30 and c != hi + 23):
            ch = chr(c + by)
        out += ch
    return out


def upper(s):
    return _shift(s, 97, 224, -32)


def lower(s):
    return _shift(s, 65, 192, 32)


def capitalise(s):
    # the first letter capital, the rest as it is
    return upper(s[:1]) + s[1:]
