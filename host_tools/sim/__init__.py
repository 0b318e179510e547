# The simulator: the unchanged firmware on a virtual board (`leafkeeper sim`).
#   simulator.py  Simulator: boots firmware/main.py, presses buttons, runs the virtual clock
#   fakes/        machine and neopixel for the firmware (and, on CPython only, framebuf and
#                 micropython in fakes/cpython/), put on sys.path ahead of firmware/
#   oled_emu.py   the SSD1306/SH1106 decoded from the bytes the driver sends
#   flash.py      the flash, written block by block, with power cuts
#   keys.py       key scripts: "ROLL OK:long DOWN*3 wait:500"
#   ds3231.py     a battery-backed clock module on the I2C bus (Simulator(rtc=True))
#   render.py     the device as a picture (PNG, and the window's face)
#   window.py     the device in a window (pygame)
#   term.py       the OLED in a terminal
# simulator.py, fakes/, oled_emu.py, flash.py, keys.py and ds3231.py run under MicroPython too: the
# MicroPython lane, `leafkeeper bench` and the web page (host_tools/mpybuild.py HARNESS).
from host_tools.sim.simulator import (
    AFTER_PRESS_MS,
    BUTTON_PINS,
    BUTTONS,
    HOLD_MS,
    OLED_ADDR,
    PRESS_MS,
    TICK_MS,
    Simulator,
)

__all__ = ["AFTER_PRESS_MS", "BUTTONS", "BUTTON_PINS", "HOLD_MS", "OLED_ADDR", "PRESS_MS", "TICK_MS", "Simulator"]
