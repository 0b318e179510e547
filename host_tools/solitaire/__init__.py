"""Autumn Leaves solitaire on the host: an open-card solver and win-rate statistics.

The rules are the firmware's (firmware/rules/solitaire.py); every winning line the
solver reports is replayed through that module before it is printed.
"""

import os
import sys

from host_tools.mpybuild import FIRMWARE, HOST_TOOLS

# the firmware's rules import as on the device (`rules.solitaire`, `core.rng`), with the
# CPython stand-in for the `micropython` module, as host_tools.sim arranges for the
# simulator
for _p in (FIRMWARE, os.path.join(HOST_TOOLS, "sim", "fakes", "cpython")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
