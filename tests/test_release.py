# The release workflow (.github/workflows/release.yml): a tag v* builds the UF2 with the
# command the README names, installs what that build asks for, and attaches the file the
# README tells a maker to download; a tag that is not pyproject's version stops it.
import os
import shlex
import subprocess
import sys
import tomllib

import yaml

from host_tools import uf2

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _load():
    with open(os.path.join(ROOT, ".github", "workflows", "release.yml")) as f:
        flow = yaml.safe_load(f)
    # YAML 1.1 reads the key `on` as True
    return flow[True], flow["jobs"]["uf2"]["steps"]


def _version():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]["version"]


def test_a_tag_builds_the_uf2_the_readme_names_and_attaches_it():
    on, steps = _load()
    assert on == {"push": {"tags": ["v*"]}}
    runs = [step.get("run", "") for step in steps]
    (build,) = [r for r in runs if r.startswith("leafkeeper uf2 ")]
    args = shlex.split(build)
    out = args[args.index("--out") + 1]
    # the packages `leafkeeper uf2` names when the toolchain is missing
    wanted = set(uf2.APT.split(" install ")[1].split())
    (apt,) = [r for r in runs if "apt-get install" in r]
    installed = set(apt.split("apt-get install")[1].split()) - {"-y", "-q"}
    assert wanted <= installed, wanted - installed
    attach = steps[-1]
    assert attach["uses"].startswith("softprops/action-gh-release@")
    assert attach["with"]["files"] == out.replace("$GITHUB_REF_NAME", "${{ github.ref_name }}")
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    build_your_own = readme[readme.index("## Build your own") :]
    # what a maker downloads, and the command that makes it
    assert "`" + out.replace("$GITHUB_REF_NAME", "v<version>") + "`" in build_your_own
    # (as a command that runs as written: tests/test_cli.py reads every one)
    assert "`leafkeeper uf2` (`--out FILE`" in build_your_own
    # flashing it comes first; deploy is for those who change the firmware
    assert build_your_own.index("BOOTSEL") < build_your_own.index("leafkeeper deploy")


def test_a_tag_other_than_the_version_stops_the_release():
    _on, steps = _load()
    (check,) = [s["run"] for s in steps if s.get("name", "").startswith("The tag is")]

    def run(tag):
        # the step's `python` is this one (setup-python's on GitHub)
        path = os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]
        env = dict(os.environ, GITHUB_REF_NAME=tag, PATH=path)
        return subprocess.run(
            ["bash", "-e", "-c", check], cwd=ROOT, env=env, capture_output=True, text=True
        )

    assert run("v" + _version()).returncode == 0
    wrong = run("v" + _version() + ".1")
    assert wrong.returncode == 1
    assert "pyproject.toml says " + _version() in wrong.stderr
