# The pin map is written down three times: firmware/board.py (what runs), the table in
# hardware/WIRING.md (what a maker solders) and hardware/diagram.json (the Wokwi circuit).
# These tests read all three and fail when they disagree.
import json
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HW = os.path.join(ROOT, "hardware")

# board.py constant -> the Wokwi part pin it drives (None: on the Pico board itself)
WOKWI_TARGET = {
    "PIN_SDA": "oled:SDA",
    "PIN_SCL": "oled:SCL",
    "PIN_UP": "btn_up:",
    "PIN_DOWN": "btn_down:",
    "PIN_BACK": "btn_back:",
    "PIN_OK": "btn_ok:",
    "PIN_ROLL": "btn_roll:",
    "PIN_LEDS": "ring:DIN",
    "PIN_BUZZER": "buzzer:",
    "PIN_VBUS": None,
    "PIN_VSYS": None,
}
# GPIO -> physical pin on the Pico's header (the two inside the board have none)
PICO_PHYSICAL = {
    0: 1,
    1: 2,
    2: 4,
    3: 5,
    4: 6,
    5: 7,
    6: 9,
    7: 10,
    8: 11,
    9: 12,
    10: 14,
    11: 15,
    12: 16,
    13: 17,
    14: 19,
    15: 20,
    16: 21,
    17: 22,
    18: 24,
    19: 25,
    20: 26,
    21: 27,
    22: 29,
    26: 31,
    27: 32,
    28: 34,
}


def read(*parts):
    with open(os.path.join(ROOT, *parts), encoding="utf-8") as f:
        return f.read()


def board_pins():
    # PIN_SDA = const(4)  ->  {"PIN_SDA": 4}
    found = re.findall(
        r"^(PIN_[A-Z0-9_]+)\s*=\s*const\((\d+)\)", read("firmware", "board.py"), re.MULTILINE
    )
    return {name: int(gpio) for name, gpio in found}


def wiring_table():
    # rows of the pin table: | signal | GPn | pin | `PIN_X` | connect to |
    rows = {}
    for line in read("hardware", "WIRING.md").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 5 and re.fullmatch(r"`PIN_[A-Z0-9_]+`", cells[3]):
            gpio = re.fullmatch(r"GP(\d+)", cells[1])
            assert gpio, "WIRING.md: not a GPIO: " + cells[1]
            rows[cells[3].strip("`")] = (int(gpio.group(1)), cells[2], cells[4])
    return rows


def diagram_links():
    d = json.loads(read("hardware", "diagram.json"))
    links = []
    for conn in d["connections"]:
        a, b = conn[0], conn[1]
        if b.startswith("pico:"):
            a, b = b, a
        if a.startswith("pico:"):
            links.append((a[len("pico:") :], b))
    return d, links


def test_board_py_has_the_pins_this_test_knows():
    assert set(board_pins()) == set(WOKWI_TARGET), "a pin was added to or removed from board.py"


def test_the_wiring_table_matches_board_py():
    pins, table = board_pins(), wiring_table()
    assert set(table) == set(pins)
    for name, gpio in pins.items():
        assert table[name][0] == gpio, f"{name}: board.py GP{gpio}, WIRING.md GP{table[name][0]}"


def test_the_physical_pin_numbers_in_the_table_are_right():
    for name, (gpio, physical, _to) in wiring_table().items():
        if gpio in PICO_PHYSICAL:
            assert physical == str(PICO_PHYSICAL[gpio]), (
                f"{name}: GP{gpio} is pin {PICO_PHYSICAL[gpio]}"
            )
        else:
            assert physical == "internal", f"{name}: GP{gpio} is not on the header"


@pytest.mark.parametrize("name", [n for n, t in WOKWI_TARGET.items() if t])
def test_the_wokwi_circuit_wires_each_pin_where_board_py_says(name):
    gpio = board_pins()[name]
    _d, links = diagram_links()
    targets = [b for a, b in links if a == f"GP{gpio}"]
    assert any(t.startswith(WOKWI_TARGET[name]) for t in targets), (
        f"{name} is GP{gpio} in board.py, but diagram.json connects GP{gpio} to {targets}"
    )
    # and that part is not wired to another GPIO as well
    others = [
        a
        for a, b in links
        if b.startswith(WOKWI_TARGET[name]) and a.startswith("GP") and a != f"GP{gpio}"
    ]
    assert not others


def test_the_wokwi_buttons_close_to_ground_and_the_parts_have_power():
    d, _links = diagram_links()
    conns = [(c[0], c[1]) for c in d["connections"]]
    ends = {}
    for a, b in conns:
        ends.setdefault(a, set()).add(b)
        ends.setdefault(b, set()).add(a)
    for btn in ("btn_up", "btn_down", "btn_back", "btn_ok", "btn_roll"):
        assert any(p.startswith("pico:GND") for p in ends.get(btn + ":2.r", ())), (
            btn + " not to GND"
        )
    assert ends["oled:VCC"] == {"pico:3V3"} and any(
        p.startswith("pico:GND") for p in ends["oled:GND"]
    )
    assert ends["ring:VCC"] == {"pico:VSYS"} and any(
        p.startswith("pico:GND") for p in ends["ring:GND"]
    )
    parts = {p["id"]: p for p in d["parts"]}
    assert parts["pico"]["type"] == "wokwi-pi-pico"
    assert (
        parts["oled"]["type"] == "board-ssd1306" and parts["oled"]["attrs"]["i2cAddress"] == "0x3c"
    )
    assert parts["ring"]["attrs"]["pixels"] == "12"


def test_the_oled_address_matches():
    assert re.search(r"^OLED_ADDR = const\(0x3C\)", read("firmware", "board.py"), re.MULTILINE)
    assert "0x3C" in read("hardware", "WIRING.md")


def test_the_simulator_uses_the_same_button_pins():
    from host_tools import sim

    p = board_pins()
    assert sim.BUTTON_PINS == (
        p["PIN_UP"],
        p["PIN_DOWN"],
        p["PIN_BACK"],
        p["PIN_OK"],
        p["PIN_ROLL"],
    )


def test_the_wokwi_config_points_at_a_pico_uf2_and_a_serial_port():
    text = read("hardware", "wokwi.toml")
    assert re.search(r'^firmware\s*=\s*".+\.uf2"', text, re.MULTILINE)
    assert re.search(r"^rfc2217ServerPort\s*=\s*4000", text, re.MULTILINE)


def test_the_build_guide_files_exist_and_link_each_other():
    for name in ("BOM.md", "WIRING.md", "ASSEMBLY.md", "wiring.svg", "enclosure.scad"):
        assert os.path.getsize(os.path.join(HW, name)) > 500, name
    assert "wiring.svg" in read("hardware", "WIRING.md")
    guide = read("hardware", "ASSEMBLY.md")
    assert "BOM.md" in guide and "WIRING.md" in guide and "leafkeeper deploy" in guide
