# The README's commands, through the installed `leafkeeper` script:
#   leafkeeper sim --keys "ROLL OK DOWN" --png out.png
#   leafkeeper bench
import os
import re
import struct
import subprocess
import sys

import pytest

BIN = os.path.join(os.path.dirname(sys.executable), "leafkeeper")


def run(*args):
    return subprocess.run([BIN, *args], capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize("keys", ["ROLL", "ROLL OK DOWN"])
def test_scripted_roll_saves_a_picture_of_the_landed_dice(tmp_path, keys):
    out = tmp_path / "out.png"
    r = run("sim", "--keys", keys, "--png", str(out), "--seed", "7")
    assert r.returncode == 0, r.stderr
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert width > 4 * 128 and height > 4 * 64  # the OLED at 4x, the ring around it
    # the roll has landed: three d6 values and their total on the text layer
    lines = r.stdout.splitlines()
    total = [ln for ln in lines if ln.startswith("Total ")]
    assert total, r.stdout
    values = [int(v) for ln in lines for v in ln.split() if v.isdigit() and ln != total[0]]
    dice = values[-3:]
    assert all(1 <= v <= 6 for v in dice) and int(total[0].split()[1]) == sum(dice), r.stdout


def test_a_bad_key_is_a_clear_error(tmp_path):
    r = run("sim", "--keys", "ROLL JUMP", "--png", str(tmp_path / "x.png"))
    assert r.returncode == 2
    assert "JUMP" in r.stderr
    assert not (tmp_path / "x.png").exists()


def test_bench_prints_its_numbers_and_a_hand_takes_20_presses_or_fewer():
    r = run("bench")
    assert r.returncode == 0, r.stdout + r.stderr
    hand = re.search(r"typical 4-player Autumn Leaves hand: (\d+)", r.stdout)
    assert hand and int(hand.group(1)) <= 20, r.stdout
    assert "1 Anna -5 | 2 Dan 1 | 3 Ben 3 | 4 Cara 6" in r.stdout  # the rules' scores
    assert re.search(r"Worst UP/DOWN press in a menu: \d+ bytes", r.stdout), r.stdout
    assert re.search(r"firmware peak: \d+", r.stdout), r.stdout


def test_pico_shows_the_real_firmware_as_the_simulator_does(tmp_path):
    # `leafkeeper pico` boots the deployed firmware on the emulated RP2040; its picture's
    # OLED, pixel for pixel, is the simulator's after the same keys
    from host_tools import render
    from host_tools.pico.emulator import PicoError, node_runtime
    from host_tools.sim import Simulator
    from PIL import Image

    try:
        node_runtime()
    except PicoError as e:
        pytest.skip("the Pico lane cannot run here: %s" % e)
    keys = "DOWN DOWN OK wait:600"
    out = tmp_path / "pico.png"
    r = run("pico", "--keys", keys, "--png", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    img = Image.open(out).convert("L")
    lay = render.layout(4, 12)
    x0, y0 = lay.oled
    seen = [
        "".join("#" if img.getpixel((x0 + 4 * x + 2, y0 + 4 * y + 2)) > 100 else "." for x in range(128))
        for y in range(64)
    ]
    sim = Simulator(seed=0)
    sim.advance(200)
    for word in keys.split():
        if word.startswith("wait:"):
            sim.advance(int(word[5:]))
        else:
            sim.press(word)
    sim.advance(1000)
    assert seen == sim.pixels()
    assert "Autumn Ash" in sim.text()  # the picture is of the app, not of the home menu
