# A small rotating crash log on flash: the newest reports, at most MAX_BYTES, so a
# crash loop can never fill the flash.
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


def log(flash, where, exc):
    entry = ("== " + where + "\n" + describe(exc)).encode()
    try:
        old = flash.read(NAME) or b""
        keep = MAX_BYTES - len(entry)
        text = (old[-keep:] if keep > 0 else b"") + entry[-MAX_BYTES:]
        flash.write(NAME + ".tmp", text)
        flash.rename(NAME + ".tmp", NAME)
    except OSError:
        pass  # a full flash must not turn one crash into two
