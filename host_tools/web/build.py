"""Build Leafkeeper's web page: a static site that runs the unchanged firmware in the browser.

The site (`build/web/` by default) holds:
- index.html, leafkeeper.css, leafkeeper.js (the page) and sw.js (offline copy);
- the runtime: MicroPython's own WebAssembly port, from npm (`npm ci` with the pinned
  package-lock.json beside this file, run once into a cache folder);
- one bundle file with the firmware compiled to .mpy from the same firmware/ sources
  the device gets, the simulator's board (host_tools.sim, its fakes, the OLED emulator,
  the fake flash: host_tools.mpybuild's harness, as the MicroPython lane runs it) and
  host_tools/web/device.py, the few lines the page calls once per tick.
Nothing in the page draws a screen of its own: it shows the pixels the OLED emulator
decoded from the bytes the firmware's driver sent.
"""

import gzip
import hashlib
import json
import os
import shutil
import stat
import struct
import subprocess
import sys
import tempfile

from host_tools.mpybuild import FIRMWARE, compile_harness, compile_tree

HERE = os.path.dirname(os.path.abspath(__file__))
RUNTIME_PACKAGE = "@micropython/micropython-webassembly-pyscript"
RUNTIME_FILES = ("micropython.mjs", "micropython.wasm")
PAGE_FILES = ("leafkeeper.css", "leafkeeper.js", "vendor/qrcode.mjs")
WEB_PY = ("__init__.py", "device.py", "bgplay.py")  # what of this package runs in the page
BUNDLE_MAGIC = b"LKFS1\n"
MARK = ".leafkeeper-web"  # in the site's folder: what the build that made it wrote
WEIGHT_GOAL = 1_500_000  # bytes transferred for the first visit


class BuildError(Exception):
    pass


# -- the runtime, from npm ----------------------------------------------------------------
def _cache_root():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "leafkeeper")


def runtime_dir(cache=None):
    """The runtime package's folder, installed by `npm ci` from the pinned lock file into
    a cache folder named after the lock file's hash: fetched once, then reused."""
    with open(os.path.join(HERE, "package-lock.json"), "rb") as f:
        lock = f.read()
    key = hashlib.sha256(lock).hexdigest()[:16]
    work = os.path.join(cache or _cache_root(), "web-npm-" + key)
    pkg = os.path.join(work, "node_modules", *RUNTIME_PACKAGE.split("/"))
    done = os.path.join(work, ".installed")
    if os.path.exists(done):
        return pkg
    npm = shutil.which("npm")
    if not npm:
        raise BuildError(
            "npm is missing: install Node.js (it brings npm), which fetches the page's "
            "MicroPython runtime once"
        )
    os.makedirs(work, exist_ok=True)
    import fcntl  # Linux and macOS, as the rest of the tools

    with open(os.path.join(work, ".lock"), "w") as lock_file:
        fcntl.flock(lock_file, fcntl.LOCK_EX)  # parallel test workers install it once
        if not os.path.exists(done):
            for name in ("package.json", "package-lock.json"):
                shutil.copyfile(os.path.join(HERE, name), os.path.join(work, name))
            r = subprocess.run(
                [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
                cwd=work,
                capture_output=True,
                text=True,
            )
            if r.returncode != 0:
                detail = (r.stderr or r.stdout).strip().splitlines()
                raise BuildError(
                    "npm ci failed in " + work + (": " + detail[-1] if detail else "")
                )
            with open(done, "w") as f:
                f.write(RUNTIME_PACKAGE + "\n")
    return pkg


def runtime_version(pkg):
    with open(os.path.join(pkg, "package.json")) as f:
        return json.load(f)["version"]


# -- the firmware and the simulator, compiled ----------------------------------------------
def compile_device(out_root):
    """firmware/ and the simulator compiled to .mpy under out_root, laid out as the page's
    file system wants them: out_root/firmware/... beside out_root/host_tools/..., where
    host_tools.sim finds the firmware by itself. Bytecode only (march=None): the WebAssembly
    port runs no machine code, so ui/glyphs.py goes as its plain-Python twin."""
    compile_tree(FIRMWARE, os.path.join(out_root, "firmware"), march=None)
    compile_harness(out_root, march=None)
    src = tempfile.mkdtemp(prefix="lk-web-src-")
    try:
        for name in WEB_PY:
            shutil.copyfile(os.path.join(HERE, name), os.path.join(src, name))
        compile_tree(src, os.path.join(out_root, "host_tools", "web"), march=None)
    finally:
        shutil.rmtree(src, ignore_errors=True)


def pack(root):
    """Every file under root in one bundle: magic, then per file: u16 path length, the
    path (UTF-8, relative, '/'), u32 data length, the data (little-endian). The page
    unpacks it into MicroPython's file system with one request instead of ~80."""
    out = bytearray(BUNDLE_MAGIC)
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, root).replace(os.sep, "/").encode()
            with open(path, "rb") as f:
                data = f.read()
            out += struct.pack("<H", len(rel)) + rel + struct.pack("<I", len(data)) + data
    return bytes(out)


def unpack(blob):
    """The inverse of pack, for tests: {relative path: bytes}."""
    if not blob.startswith(BUNDLE_MAGIC):
        raise ValueError("not a Leafkeeper bundle")
    files = {}
    i = len(BUNDLE_MAGIC)
    while i < len(blob):
        (n,) = struct.unpack_from("<H", blob, i)
        name = blob[i + 2 : i + 2 + n].decode()
        i += 2 + n
        (size,) = struct.unpack_from("<I", blob, i)
        files[name] = blob[i + 4 : i + 4 + size]
        i += 4 + size
    return files


# -- the site --------------------------------------------------------------------------------
def _hash(data):
    return hashlib.sha256(data).hexdigest()[:10]


def earlier_build(out):
    """-> the files of an earlier build in out, which this one replaces: [] for a new or
    empty folder; BuildError for anything else (a site, a home folder, `--out .`): the
    build never deletes or overwrites what it did not write, nor follows a symlink."""
    if not os.path.lexists(out):
        return []
    if not os.path.isdir(out) or os.path.islink(out):
        raise BuildError("%s is not a folder: nothing was built" % out)
    found = []
    for folder, dirs, files in os.walk(out):
        for name in dirs + files:
            path = os.path.join(folder, name)
            mode = os.lstat(path).st_mode
            if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                raise BuildError(
                    "%s is not a plain file or folder (a symlink?): nothing was built or deleted"
                    % path
                )
            if stat.S_ISREG(mode):
                found.append(os.path.relpath(path, out).replace(os.sep, "/"))
    if not found and not os.listdir(out):
        return []
    try:
        with open(os.path.join(out, MARK), encoding="utf-8") as f:
            wrote = json.load(f)["files"]
        assert isinstance(wrote, list)
    except (OSError, ValueError, KeyError, TypeError, AssertionError):
        wrote = None
    strangers = [r for r in found if r != MARK and (wrote is None or r not in wrote)]
    if wrote is None or strangers:
        raise BuildError(
            "%s holds what leafkeeper web did not build (%s): nothing was built or deleted."
            " Build into a new or empty folder" % (out, ", ".join(strangers[:3]) or "empty folders")
        )
    return found


def _clear(out, old):
    # the earlier build's files out (only those), then its folders, emptied by that
    for rel in old:
        os.remove(os.path.join(out, *rel.split("/")))
    for folder, _dirs, _files in os.walk(out, topdown=False):  # deepest first
        if folder != out:
            os.rmdir(folder)


def build(out, cache=None):
    """Write the site into out: a new or empty folder, or an earlier build of this
    command's (marked with MARK, the list of what it wrote), which it replaces;
    -> report dict (files and their sizes)."""
    old = earlier_build(out)
    pkg = runtime_dir(cache)
    version = runtime_version(pkg)
    work = tempfile.mkdtemp(prefix="lk-web-")
    try:
        compile_device(work)
        bundle = pack(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    _clear(out, old)
    os.makedirs(out, exist_ok=True)
    written = {}

    def put(rel, data):
        path = os.path.join(out, *rel.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        written[rel] = data

    # content-addressed names where a stale copy in some cache would break the page
    bundle_name = "leafkeeper-" + _hash(bundle) + ".bin"
    put(bundle_name, bundle)
    runtime = "micropython-" + version
    for name in RUNTIME_FILES:
        with open(os.path.join(pkg, name), "rb") as f:
            put(runtime + "/" + name, f.read())
    for name in PAGE_FILES:
        with open(os.path.join(HERE, *name.split("/")), "rb") as f:
            put(name, f.read())
    files = {
        "bundle": bundle_name,
        "runtime": runtime + "/micropython.mjs",
        "wasm": runtime + "/micropython.wasm",
        "version": version,
    }
    with open(os.path.join(HERE, "index.html"), encoding="utf-8") as f:
        html = f.read().replace("__LK_FILES__", json.dumps(files))
    put("index.html", html.encode())
    # the offline copy: every file the page loads, under a name that changes with them
    site_hash = _hash(b"".join(_hash(d).encode() for d in written.values()))
    precache = ["./"] + sorted(written)
    with open(os.path.join(HERE, "sw.js"), encoding="utf-8") as f:
        sw = f.read().replace("__LK_CACHE__", "leafkeeper-" + site_hash)
    put("sw.js", sw.replace("__LK_PRECACHE__", json.dumps(precache)).encode())
    with open(os.path.join(out, MARK), "w", encoding="utf-8") as f:
        json.dump({"leafkeeper web": 1, "files": sorted(written)}, f)
    return {
        "out": out,
        "runtime_version": version,
        "files": {rel: len(data) for rel, data in written.items()},
        "gzip": {rel: len(gzip.compress(data, 9, mtime=0)) for rel, data in written.items()},
        "bundle_files": len(unpack(bundle)),
    }


def weight_lines(report):
    raw = sum(report["files"].values())
    packed = sum(report["gzip"].values())
    wasm = sum(n for rel, n in report["files"].items() if rel.endswith(".wasm"))
    ok = "within" if packed <= WEIGHT_GOAL else "OVER"
    return [
        "built %s: %d files, MicroPython %s (WebAssembly), %d firmware and simulator modules"
        % (report["out"], len(report["files"]), report["runtime_version"], report["bundle_files"]),
        "page weight: %s as files, %s transferred with gzip (%s the 1.5 MB goal); "
        "the runtime's .wasm is %s of it"
        % (_kb(raw), _kb(packed), ok, _kb(wasm)),
    ]


def _kb(n):
    return "%.0f KB" % (n / 1000)


def main(args):
    out = args.out or os.path.join("build", "web")
    try:
        report = build(out)
    except BuildError as e:
        print("leafkeeper web: " + str(e), file=sys.stderr)
        return 2
    for line in weight_lines(report):
        print(line)
    if args.out:
        print("open %s/index.html from any static web server (it needs http://, not file://)" % out)
        return 0
    from host_tools.web import serve

    return serve.serve(out, args.port, open_browser=not args.no_browser)
