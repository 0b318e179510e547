# A small rotating crash log on flash: the newest reports, at most MAX_BYTES, so a
# crash loop can never fill the flash. A crash that happens again and again is one
# report with a count ("== Dice (37 times)"), rewritten in place; how often the log may
# be written is the shell's business (ui/shell.py), so that a loop cannot wear it out.
from micropython import const

MAX_BYTES = const(2048)
NAME = "crash.log"


def describe(exc):
    # the traceback as text, on MicroPython and CPython alike
    import sys

    try:
        import io

        buf = io.StringIO()
        # the RP2 stubs lack StringIO.getvalue and type print_exception's file too narrowly
        sys.print_exception(exc, buf)  # pyright: ignore[reportArgumentType]
        return buf.getvalue()  # pyright: ignore[reportAttributeAccessIssue]
    except AttributeError:  # CPython
        import traceback

        return "".join(traceback.format_exception(exc))


def entry(where, report, times=1):
    # one report: "== where" (and how many times) over the traceback text
    return "== " + where + (" (" + str(times) + " times)" if times > 1 else "") + "\n" + report


def write(flash, text, replace=False):
    # add an entry at the end of the log; replace: it takes the place of the last one
    # (the same crash, counted again). The oldest reports go first when it is full.
    data = text.encode()
    try:
        old = flash.read(NAME) or b""
        if replace:
            i = old.rfind(b"\n== ")
            old = old[: i + 1] if i >= 0 else b""
        keep = MAX_BYTES - len(data)
        flash.write(NAME + ".tmp", (old[-keep:] if keep > 0 else b"") + data[-MAX_BYTES:])
        flash.rename(NAME + ".tmp", NAME)
    except OSError:
        try:
            flash.remove(NAME + ".tmp")  # a full flash must not turn one crash into two
        except OSError:
            pass


def log(flash, where, exc):
    write(flash, entry(where, describe(exc)))
