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
   The names are the board's listing, input like the rest: each is checked before
   anything is written (to_copy), one that would land outside OUT is left out with a note.
   Before that, while the firmware still runs, the clock is set over USB serial
   (host_tools/device/clock.py): its answer, the run and uptime, dates the games that
   ended in this run before any setting; it is kept in OUT/.leafkeeper-pull.
4. Resets the board so the firmware runs again (whatever went wrong), and sets its clock
   once it runs.
5. Exports the finished games to OUT/games.csv and OUT/games.json, and the whole
   history of finished games to OUT/history.csv and OUT/history.json (formats:
   host_tools/device/export.py), and says which files were copied but not exported, and why.
6. With --stats, prints the player records table (export.stats), counted as the device's
   History app counts them. `--stats --from DIR` prints it from an earlier pull, without
   a board.
7. With --bgstats FILE.html (also with --from DIR), writes one "Add to BG Stats" link
   and its QR code per finished game (host_tools/device/bgstats.py); --location TEXT
   is where each play says it was (none without it).
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


# a Pico's 1.4 MB of flash holds a few hundred files at most; a longer listing is no
# Leafkeeper's (and would make mpremote's command lines too long)
MOST_FILES = 1000
BATCH = 100  # files per mpremote command


def _plain_name(part):
    # one part of a path the board listed, as pull writes it: a name in its folder,
    # never a way out of it (.., an absolute path, a drive, a separator of Windows)
    return part not in ("", ".", "..") and not any(c in part for c in "\\:\0")


def to_copy(listing):
    """The board's listing of /data ({"path/in/data": (kind, size)}, deploy.HOLD) ->
    (files, folders, notes): the paths pull copies, each made of plain names, and a
    note for each one it does not. A name is the board's word, so it is checked before
    anything is written: nothing pull writes lands outside its folder."""
    if len(listing) > MOST_FILES:
        raise PullError(
            f"the board lists {len(listing)} files in /data, more than a Leafkeeper's flash"
            " holds: nothing was copied"
        )
    plain = {p: k for p, (k, _size) in listing.items() if all(map(_plain_name, p.split("/")))}
    notes = [
        export.shown(p) + ": not copied (a name that would land outside the pull folder)"
        for p in sorted(set(listing) - set(plain))
    ]
    folders = {p for p, k in plain.items() if k == "d"}
    for p in plain:
        parts = p.split("/")
        folders.update("/".join(parts[:i]) for i in range(1, len(parts)))
    files = sorted(p for p, k in plain.items() if k == "f" and p not in folders)
    notes += [
        export.shown(p) + ": not copied (listed as a file and as a folder)"
        for p in sorted(p for p, k in plain.items() if k == "f" and p in folders)
    ]
    return files, sorted(folders), notes


def _fetch(device, files, folders, local):
    # the files of /data into local, folder by folder, each under the name checked
    os.makedirs(local)
    for folder in folders:
        os.makedirs(os.path.join(local, *folder.split("/")), exist_ok=True)
    by_folder = {}
    for rel in files:
        by_folder.setdefault(rel.rpartition("/")[0], []).append("/data/" + rel)
    for folder, remote in sorted(by_folder.items()):
        for i in range(0, len(remote), BATCH):
            device.copy_files_from(remote[i : i + BATCH], os.path.join(local, *folder.split("/")))


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
    got = os.path.join(out_dir, "data")
    with tempfile.TemporaryDirectory(prefix="leafkeeper-pull-") as tmp:
        try:
            info = device.hold()
            files, folders, refused = to_copy(info["data"])
            for note in refused:
                out("  " + note)
            os.makedirs(out_dir, exist_ok=True)
            fetched = None
            if info["root"].get("data") == "d":
                # fetched next to OUT, then moved in
                fetched = os.path.join(tmp, "data")
                _fetch(device, files, folders, fetched)
            log = None
            if info["root"].get("crash.log") == "f":
                log = os.path.join(tmp, "crash.log")
                device.copy_files_from(["/crash.log"], tmp)
        finally:
            device.restart()
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
    out(f"copied {len(files)} file(s) from the board's /data into {got}")
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


def page_path(page):
    """--bgstats FILE.html, checked before the board is asked: a new file in a folder
    that exists, or a plain file to write over; PullError saying why not."""
    where = os.path.dirname(os.path.abspath(page))
    if os.path.isdir(page):
        raise PullError(f"--bgstats {page} is a folder: name the page, e.g. {os.path.join(page, 'games.html')}")
    if not os.path.isdir(where):
        raise PullError(f"--bgstats {page}: there is no folder {where}")
    if os.path.lexists(page) and not stat.S_ISREG(os.lstat(page).st_mode):
        raise PullError(f"--bgstats {page} is not a plain file (a symlink?): pull writes only plain files")
    return page


def main(args):
    earlier = getattr(args, "from_dir", None)
    folder = earlier or args.out or default_out()
    data = os.path.join(folder, "data")
    page = getattr(args, "bgstats", None)
    try:
        if page:
            page_path(page)
        if not earlier:
            pull(port=args.port, out_dir=folder)
        elif not os.path.isdir(data):
            raise PullError(f"{earlier} is not an earlier pull (it has no data folder)")
        if page:
            from host_tools.device import bgstats

            try:
                n = bgstats.write(data, page, run_of(folder), getattr(args, "location", None) or "")
            except OSError as e:
                raise PullError(f"--bgstats {page}: {e.strerror or e}") from None
            print(f"wrote {page}: {n} game(s), one 'Add to BG Stats' link each, newest first")
    except DeviceError as e:
        print("leafkeeper pull: " + str(e), file=sys.stderr)
        return 1
    if getattr(args, "stats", False) or (earlier and not page):
        print()
        for line in export.stats(data):
            print(line)
    return 0
