# CPython tests see the firmware the way the simulator does: the CPython-only stand-ins
# (framebuf, micropython), then the hardware fakes, then firmware/ as the import root.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in ("firmware", "host_tools/fakes", "host_tools/fakes/cpython"):
    path = os.path.join(ROOT, p)
    if path not in sys.path:
        sys.path.insert(0, path)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
