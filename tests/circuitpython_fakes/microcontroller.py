# Fake CircuitPython `microcontroller`: Adafruit's neopixel imports it only for typing.
# Without it, Blinka's real one would run its host platform detection.


class Pin:
    pass
