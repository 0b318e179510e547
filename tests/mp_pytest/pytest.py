# The little of pytest that the rules tests use, for running them under the real
# MicroPython unix port (tests/mp_run_tests.py): one source of tests for both lanes.
# raises() as a context manager, mark.parametrize, param().


class _Raises:
    def __init__(self, exc, match=None):
        self.exc = exc
        self.match = match

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if kind is None:
            raise AssertionError("did not raise " + self.exc.__name__)
        if not issubclass(kind, self.exc):
            return False  # another exception: let it through
        if self.match is not None and self.match not in str(value):
            raise AssertionError("%r does not say %r" % (str(value), self.match))
        return True


def raises(exc, match=None):
    return _Raises(exc, match)


class param:
    def __init__(self, *values, id=None):
        self.values = values
        self.id = id


# function -> its parametrize cases (MicroPython's functions take no attributes)
CASES = {}


class _Mark:
    @staticmethod
    def parametrize(names, values):
        # the runner calls the function once per case
        names = [n.strip() for n in names.split(",")]

        def deco(fn):
            cases = []
            for v in values:
                if isinstance(v, param):
                    v = v.values if len(names) > 1 else v.values[0]
                cases.append(dict(zip(names, v)) if len(names) > 1 else {names[0]: v})
            CASES[fn] = cases
            return fn

        return deco


mark = _Mark()
