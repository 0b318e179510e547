# Fake CircuitPython `digitalio`: just enough for Adafruit's NeoPixel to claim its pin.


class Direction:
    INPUT = "input"
    OUTPUT = "output"


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.direction = Direction.INPUT
        self.value = False

    def switch_to_output(self, value=False, drive_mode=None):
        self.direction = Direction.OUTPUT
        self.value = value

    def deinit(self):
        self.pin = None
