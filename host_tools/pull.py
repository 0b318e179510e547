"""`leafkeeper pull`: copy the saved games and logs off a Pico and export the finished games.

1. Connects through mpremote like `deploy` does (the watchdog kept fed; host_tools/deploy.py).
2. Copies the whole of /data (one `<app>.json` per app, `.bad` files kept aside by the
   device, crash.log) into OUT/data/, and a /crash.log at the root if there is one. The
   device's files are only read, never changed.
3. Resets the board so the firmware runs again.
4. Exports the finished games to OUT/games.csv and OUT/games.json (format:
   host_tools/export.py) and says which files were copied but not exported, and why.
"""

import os
import shutil
import sys
import tempfile
import time

from host_tools import export
from host_tools.deploy import Device, DeviceError, MpremoteTransport


def default_out():
    return "leafkeeper-" + time.strftime("%Y%m%d-%H%M%S")


def pull(transport=None, port=None, out_dir=None, out=print):
    out_dir = out_dir or default_out()
    device = Device(transport or MpremoteTransport(port))
    out("connecting…")
    info = device.hold()
    data = info["data"]
    got = os.path.join(out_dir, "data")
    os.makedirs(out_dir, exist_ok=True)
    try:
        if info["root"].get("data") == "d":
            # mpremote copies into an existing folder: fetch next to OUT/data, then move
            with tempfile.TemporaryDirectory(prefix="leafkeeper-pull-") as tmp:
                device.copy_tree_from("/data", tmp)
                if os.path.isdir(got):
                    shutil.rmtree(got)
                shutil.copytree(os.path.join(tmp, "data"), got)
        else:
            os.makedirs(got, exist_ok=True)
        if info["root"].get("crash.log") == "f":
            device.copy_from("/crash.log", os.path.join(out_dir, "crash.log"))
    finally:
        try:
            device.reset()  # the firmware runs again
        except DeviceError:
            pass  # the copy's own error (or none) is the one to report
    out(f"copied {len(data)} file(s) from the board's /data into {got}")
    games, notes = export.export_dir(got, out_dir)
    for note in notes:
        out("  " + note)
    csv_path = os.path.join(out_dir, "games.csv")
    out(f"exported {len(games)} finished game(s) to {csv_path} and games.json")
    for name in ("crash.log",):
        for where in (os.path.join(got, name), os.path.join(out_dir, name)):
            if os.path.exists(where) and os.path.getsize(where):
                out("the board logged a crash: see " + where)
                break
    return games, notes


def main(args):
    try:
        pull(port=args.port, out_dir=args.out)
    except DeviceError as e:
        print("leafkeeper pull: " + str(e), file=sys.stderr)
        return 1
    return 0
