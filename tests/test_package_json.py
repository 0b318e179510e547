# package.json at the repository root makes Leafkeeper installable with mip:
#   mpremote mip install --target / github:OWNER/REPO
# (without --target, mip installs into /lib, where /main.py would never start). It must
# list exactly the files `leafkeeper deploy` ships: deploy's own build decides that here
# (host_tools.device.deploy.build, the function deploy runs), modulo the extension: deploy sends
# compiled .mpy modules, mip installs the sources from the repository, which the board
# compiles on import. Regenerate after adding or removing a firmware file:
#   python tests/test_package_json.py --write
import json
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "package.json")
FIRMWARE = os.path.join(ROOT, "firmware")


def shipped(out_dir, firmware=FIRMWARE):
    """Device paths of every file `leafkeeper deploy` installs, as sources (.py)."""
    sys.path.insert(0, ROOT)
    from host_tools.device import deploy

    files = deploy.build(firmware, str(out_dir), "armv6m")
    return sorted(rel[:-4] + ".py" if rel.endswith(".mpy") else rel for rel, _size, _sha in files)


def version():
    import tomllib

    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]["version"]


def package(paths):
    return {"urls": [[p, "firmware/" + p] for p in paths], "version": version()}


def _load():
    with open(PACKAGE, encoding="utf-8") as f:
        return json.load(f)


def test_package_json_lists_exactly_what_deploy_ships(tmp_path):
    want = shipped(tmp_path)
    assert "main.py" in want and "core/leds.py" in want
    got = [dest for dest, _url in _load()["urls"]]
    assert got == want, "package.json is out of date: python tests/test_package_json.py --write"


def test_every_url_is_the_file_in_firmware_and_the_version_is_the_project_version():
    doc = _load()
    assert set(doc) == {"urls", "version"}
    assert doc["version"] == version()
    for dest, url in doc["urls"]:
        assert url == "firmware/" + dest  # relative: mip resolves it next to package.json
        assert os.path.isfile(os.path.join(ROOT, url))


class FakeBoard:
    # the transport calls mpremote's mip makes, on an in-memory filesystem
    def __init__(self):
        self.dirs = {"/"}
        self.files = {}

    @staticmethod
    def _norm(path):
        while "//" in path:  # "/" + "/" + path with --target /, as on a LittleFS board
            path = path.replace("//", "/")
        return path

    def fs_exists(self, path):
        path = self._norm(path)
        return path in self.dirs or path in self.files

    def fs_mkdir(self, path):
        self.dirs.add(self._norm(path))

    def fs_writefile(self, path, data, progress_callback=None):
        path = self._norm(path)
        assert (path.rsplit("/", 1)[0] or "/") in self.dirs, "no folder for " + path
        self.files[path] = data


def test_the_fake_board_refuses_a_file_in_a_folder_not_made():
    # the check the install test leans on: mip must make /core before it writes there
    board = FakeBoard()
    board.fs_writefile("/main.py", b"")
    with pytest.raises(AssertionError, match="no folder for /core/leds.py"):
        board.fs_writefile("/core/leds.py", b"")
    board.fs_mkdir("/core")
    board.fs_writefile("/core/leds.py", b"")
    assert set(board.files) == {"/main.py", "/core/leds.py"}


def test_mpremote_mip_installs_the_firmware_at_the_root(capsys):
    # mpremote's own mip code, with the package.json of this checkout instead of GitHub's
    from mpremote import mip

    board = FakeBoard()
    mip._install_package(board, PACKAGE, None, "/", None, True)
    capsys.readouterr()
    assert "/main.py" in board.files and "/core/leds.py" in board.files
    assert board.files.keys() == {"/" + dest for dest, _url in _load()["urls"]}
    with open(os.path.join(FIRMWARE, "core", "leds.py"), "rb") as f:
        assert board.files["/core/leds.py"] == f.read()


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python tests/test_package_json.py --write")
    import tempfile

    with tempfile.TemporaryDirectory() as out:
        doc = package(shipped(out))
    rows = ",\n".join("    " + json.dumps(pair) for pair in doc["urls"])
    with open(PACKAGE, "w", encoding="utf-8") as f:
        f.write('{\n  "urls": [\n' + rows + '\n  ],\n  "version": "' + doc["version"] + '"\n}\n')
    print("package.json:", len(doc["urls"]), "files")
