# Fake CircuitPython `neopixel_write`: instead of clocking the bytes out of a pin it keeps
# them, so a test can read exactly what would go on the wire, in order.

# (pin, bytes) for every transmission, oldest first
wire = []


def neopixel_write(digitalinout, buf):
    wire.append((digitalinout.pin, bytes(buf)))
