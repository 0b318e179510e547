"""The Pico's filesystem as `leafkeeper deploy` leaves it, as a littlefs image: the firmware
compiled to .mpy for the RP2040 (main.py stays source), the deploy manifest, and /data
for the saves, laid out the way MicroPython's rp2 port mounts it (ports/rp2/modules/_boot.py:
littlefs v2 from flash offset 0xA0000, 352 blocks of 4 KB, 256-byte programs)."""

import os
import tempfile

from host_tools.mpybuild import FIRMWARE as FIRMWARE_DIR

BLOCK_SIZE = 4096
BLOCK_COUNT = 352
PROG_SIZE = 256
OFFSET = 0xA0000  # from the start of flash


def _fs(buffer=None):
    from littlefs import LittleFS

    fs = LittleFS(block_size=BLOCK_SIZE, block_count=BLOCK_COUNT, prog_size=PROG_SIZE, mount=buffer is None)
    if buffer is not None:
        fs.context.buffer = bytearray(buffer)
        fs.mount()
    return fs


def build(src_root=None, march="armv6m", data=None, firmware=True):
    """-> bytes of a littlefs image holding the firmware as deploy ships it; data: optional
    {name: bytes} put in /data (saved games, settings) to start from; firmware=False: only
    /data (for a UF2 with the firmware frozen in)."""
    fs = _fs()
    if firmware:
        from host_tools.device import deploy

        src_root = src_root or FIRMWARE_DIR
        out = tempfile.mkdtemp(prefix="lk-pico-")
        files = deploy.build(src_root, out, march)
        for rel, _size, _sha in files:
            _mkdirs(fs, rel)
            with open(os.path.join(out, rel), "rb") as src, fs.open(rel, "wb") as dst:
                dst.write(src.read())
        with fs.open(deploy.MANIFEST.lstrip("/"), "w") as f:
            f.write(deploy.manifest_text(files, march, deploy.top_items(files)))
    fs.mkdir("data")
    for name, blob in (data or {}).items():
        with fs.open("data/" + name, "wb") as f:
            f.write(blob)
    return bytes(fs.context.buffer)


def _mkdirs(fs, rel):
    parts = rel.split("/")[:-1]
    for i in range(1, len(parts) + 1):
        path = "/".join(parts[:i])
        try:
            fs.stat(path)
        except Exception:  # noqa: BLE001 - littlefs-python raises its own error for "not found"
            fs.mkdir(path)


def copy_tree(src_image, dst_image, path):
    """-> dst_image with the file or folder `path` of src_image copied over it (as
    `mpremote cp -r` would)."""
    src, dst = _fs(src_image), _fs(dst_image)

    def copy(p):
        if src.stat(p).type == 2:  # a folder
            try:
                dst.stat(p)
            except Exception:  # noqa: BLE001 - not found
                dst.mkdir(p)
            for name in src.listdir(p):
                copy(p + "/" + name)
        else:
            with src.open(p, "rb") as f, dst.open(p, "wb") as g:
                g.write(f.read())

    copy(path)
    return bytes(dst.context.buffer)


def write_file(image, path, blob):
    """-> the image with `path` holding blob."""
    fs = _fs(image)
    with fs.open(path, "wb") as f:
        f.write(blob)
    return bytes(fs.context.buffer)


def read_file(image, path):
    """-> the bytes of `path` in a littlefs image, or None when there is no such file."""
    fs = _fs(image)
    try:
        with fs.open(path, "rb") as f:
            return f.read()
    except Exception:  # noqa: BLE001 - not found
        return None


def listdir(image, path="/"):
    return sorted(_fs(image).listdir(path))
