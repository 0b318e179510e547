"""Autumn Leaves solitaire on the host: an open-card solver and win-rate statistics.

The rules are the firmware's (firmware/rules/solitaire.py); every winning line the
solver reports is replayed through that module before it is printed.
"""

import os
import sys

# the firmware's rules import as on the device (`rules.solitaire`, `core.rng`), with the
# CPython stand-in for the `micropython` module, as host_tools.sim arranges for the
# simulator
_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (os.path.join(_ROOT, "firmware"), os.path.join(_ROOT, "host_tools", "fakes", "cpython")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
