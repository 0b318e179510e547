# CPython stand-in for MicroPython's micropython module (the real one is used under the
# MicroPython unix port).


def const(value):
    return value


def native(fn):
    return fn


viper = native


def mem_info(*args):
    pass


def alloc_emergency_exception_buf(size):
    pass


def opt_level(*args):
    return 0
