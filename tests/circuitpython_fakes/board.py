# Fake CircuitPython `board` for tests/test_leds_circuitpython.py: the Pico's GP pins as
# plain named objects (Adafruit's neopixel only compares and passes them on).


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


GP16 = Pin("GP16")  # the LED ring's data pin on the reference wiring (firmware/board.py)
