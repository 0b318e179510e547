"""`leafkeeper pull`: copy the saved games and logs off a Pico and export the finished games.

1. Checks OUT first: it must be new, empty, or an earlier pull (marked by the file
   .leafkeeper-pull, which lists what that pull wrote) holding nothing pull did not
   write where it writes (OUT/data, games.csv, games.json, crash.log). Anything else is
   refused before the board is asked: pull never deletes or overwrites what it did not
   write (`pull --out ~` must not touch ~/data), and never follows a symlink out of OUT
   (pull writes only plain files and folders: a symlink, a FIFO or a device where it
   writes is refused too).
2. Connects through mpremote like `deploy` does (the watchdog kept fed; host_tools/device/deploy.py).
3. Copies the whole of /data (one `<app>.json` per app, `.bad` files kept aside by the
   device, crash.log) into OUT/data/, and a /crash.log at the root if there is one,
   replacing what the earlier pull wrote. The device's files are only read, never changed.
   Before that, while the firmware still runs, the clock is set over USB serial
   (host_tools/device/clock.py): its answer, the run and uptime, dates the games that
   ended in this run before any setting; it is kept in OUT/.leafkeeper-pull.
4. Resets the board so the firmware runs again, and sets its clock once it runs.
5. Exports the finished games to OUT/games.csv and OUT/games.json, and the whole
   history of finished games to OUT/history.csv and OUT/history.json (formats:
   host_tools/device/export.py), and says which files were copied but not exported, and why.
6. With --stats, prints the player records table (export.stats), counted as the device's
   History app counts them. `--stats --from DIR` prints it from an earlier pull, without
   a board.
7. With --bgstats FILE.html (also with --from DIR), writes one "Add to BG Stats" link
   per finished game (host_tools/device/bgstats.py).
"""

import datetime
import json
import os
import shutil
import stat
import sys
import tempfile
import time

from host_tools.device import clock, export
from host_tools.device.deploy import Device, DeviceError, MpremoteTransport

MARK = ".leafkeeper-pull"  # in OUT: what the pull that made it wrote
OWN = ("games.csv", "games.json", "history.csv", "history.json", "crash.log")  # what pull writes in OUT besides data/


class PullError(DeviceError):
    """OUT is not a place pull may write to; the message says why and what to do."""


def default_out():
    return "leafkeeper-" + time.strftime("%Y%m%d-%H%M%S")


def _files_under(top, rel=""):
    # every file under top, as "rel/paths"
    found = []
    for name in sorted(os.listdir(os.path.join(top, rel) if rel else top)):
        r = rel + "/" + name if rel else name
        if os.path.isdir(os.path.join(top, r)) and not os.path.islink(os.path.join(top, r)):
            found += _files_under(top, r)
        else:
            found.append(r)
    return found


def earlier_pull(out_dir):
    """-> the files an earlier pull wrote in out_dir (what this one replaces): [] for a
    new or empty folder; PullError when out_dir holds what pull did not write."""
    if not os.path.exists(out_dir):
        return []
    if not os.path.isdir(out_dir):
        raise PullError(f"{out_dir} is a file, not a folder: nothing was copied")
    if not os.listdir(out_dir):
        return []
    mark = os.path.join(out_dir, MARK)
    try:
        _plain(out_dir, MARK)  # (a symlink here would have pull write its mark elsewhere)
        with open(mark, encoding="utf-8") as f:
            wrote = json.load(f)["files"]
        assert isinstance(wrote, list) and all(isinstance(w, str) for w in wrote)
    except (OSError, ValueError, KeyError, TypeError, AssertionError):
        raise PullError(
            f"{out_dir} is not empty and not an earlier pull: nothing was copied or"
            " deleted. Pull into a new folder (or leave out --out: leafkeeper-DATE)"
        ) from None
    mine = [n for n in OWN if os.path.lexists(os.path.join(out_dir, n))]
    if os.path.lexists(os.path.join(out_dir, "data")):
        _plain(out_dir, "data", stat.S_ISDIR)
        mine += ["data/" + r for r in _files_under(os.path.join(out_dir, "data"))]
    strangers = [r for r in mine if r not in wrote]
    if strangers:
        raise PullError(
            f"{out_dir} holds files the earlier pull did not write ({', '.join(strangers[:3])}):"
            " nothing was copied or deleted. Move them, or pull into a new folder"
        )
    for rel in mine:
        _plain(out_dir, rel)
    return mine


def _plain(out_dir, rel, kind=stat.S_ISREG):
    # rel in out_dir is what pull writes there (a plain file, or the data folder), not
    # a symlink out of it (a `data` symlink made pull delete a file it points into)
    if not kind(os.lstat(os.path.join(out_dir, rel)).st_mode):
        what = "folder" if kind is stat.S_ISDIR else "file"
        raise PullError(
            f"{os.path.join(out_dir, rel)} is not a plain {what} (a symlink?): pull writes only"
            " plain files and folders, nothing was copied or deleted. Pull into a new folder"
        )


def _replace(out_dir, old, fetched):
    # the earlier pull's files out (only those), the new copy of /data in
    for rel in old:
        os.remove(os.path.join(out_dir, rel))
    got = os.path.join(out_dir, "data")
    for folder, _dirs, _files in os.walk(got, topdown=False):  # deepest first
        os.rmdir(folder)  # empty now: only the earlier pull's files were in it
    if fetched:
        shutil.copytree(fetched, got)
    else:
        os.makedirs(got)


def pull(transport=None, port=None, out_dir=None, out=print, usb=None):
    # usb: the clock over USB serial (clock.UsbClock), by default with the real transport
    out_dir = out_dir or default_out()
    old = earlier_pull(out_dir)
    if usb is None and transport is None:
        usb = clock.UsbClock(port)
    device = Device(transport or MpremoteTransport(port))
    out("connecting…")
    run = None
    if usb is not None:
        try:
            run = usb.set(wait=2.0)
        except DeviceError as e:
            out(str(e) + ": the games that ended before a setting stay undated")
    info = device.hold()
    data = info["data"]
    got = os.path.join(out_dir, "data")
    os.makedirs(out_dir, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="leafkeeper-pull-") as tmp:
        try:
            fetched = None
            if info["root"].get("data") == "d":
                # mpremote copies into an existing folder: fetch next to OUT, then move
                device.copy_tree_from("/data", tmp)
                fetched = os.path.join(tmp, "data")
            log = None
            if info["root"].get("crash.log") == "f":
                log = os.path.join(tmp, "crash.log")
                device.copy_from("/crash.log", log)
        finally:
            try:
                device.reset()  # the firmware runs again
            except DeviceError:
                pass  # the copy's own error (or none) is the one to report
        clock.after_reset(usb, out)
        _replace(out_dir, old, fetched)
        if log:
            shutil.copyfile(log, os.path.join(out_dir, "crash.log"))
    wrote = [n for n in OWN if n != "crash.log" or log] + ["data/" + r for r in _files_under(got)]
    mark = {"leafkeeper pull": 1, "files": wrote}
    if run is not None:  # (run, uptime, the local time it was read at)
        mark["clock"] = [run[0], run[1], run[2].strftime("%Y-%m-%d %H:%M:%S")]
    with open(os.path.join(out_dir, MARK), "w", encoding="utf-8") as f:
        json.dump(mark, f)
    out(f"copied {len(data)} file(s) from the board's /data into {got}")
    games, notes = export.export_dir(got, out_dir, run_of(out_dir))
    for note in notes:
        out("  " + note)
    csv_path = os.path.join(out_dir, "games.csv")
    out(f"exported {len(games)} finished game(s) to {csv_path} and games.json")
    with open(os.path.join(out_dir, "history.json"), encoding="utf-8") as f:
        kept = len(json.load(f))
    out(f"exported the history, {kept} game(s), to history.csv and history.json")
    for name in ("crash.log",):
        for where in (os.path.join(got, name), os.path.join(out_dir, name)):
            if os.path.exists(where) and os.path.getsize(where):
                out("the board logged a crash: see " + where)
                break
    return games, notes


def run_of(out_dir):
    """The run of the firmware a pull read into out_dir, (run, uptime, local datetime),
    or None (export._on_one_clock)."""
    try:
        with open(os.path.join(out_dir, MARK), encoding="utf-8") as f:
            run, up, at = json.load(f)["clock"]
        at = datetime.datetime.strptime(at, "%Y-%m-%d %H:%M:%S")
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if clock.reading(run, up) is None:  # (the mark is a file: input like the board)
        return None
    return run, up, at


def main(args):
    earlier = getattr(args, "from_dir", None)
    folder = earlier or args.out or default_out()
    data = os.path.join(folder, "data")
    try:
        if not earlier:
            pull(port=args.port, out_dir=folder)
        elif not os.path.isdir(data):
            raise PullError(f"{earlier} is not an earlier pull (it has no data folder)")
    except DeviceError as e:
        print("leafkeeper pull: " + str(e), file=sys.stderr)
        return 1
    page = getattr(args, "bgstats", None)
    if page:
        from host_tools.device import bgstats

        n = bgstats.write(data, page, run_of(folder))
        print(f"wrote {page}: {n} game(s), one 'Add to BG Stats' link each, newest first")
    if getattr(args, "stats", False) or (earlier and not page):
        print()
        for line in export.stats(data):
            print(line)
    return 0
