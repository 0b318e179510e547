# Stand-in for MicroPython's neopixel module: keeps what was last written to the strip.

# every strip made, newest last: the Simulator puts its board's list here (machine.Wiring)
# and reads strips[-1].written
strips = []


class NeoPixel:
    ORDER = (1, 0, 2, 3)

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self._pixels = [(0, 0, 0)] * n
        self.written = [(0, 0, 0)] * n
        self.writes = 0
        strips.append(self)

    def __len__(self):
        return self.n

    def __setitem__(self, i, rgb):
        self._pixels[i] = tuple(rgb)

    def __getitem__(self, i):
        return self._pixels[i]

    def fill(self, rgb):
        for i in range(self.n):
            self._pixels[i] = tuple(rgb)

    def write(self):
        self.written = list(self._pixels)
        self.writes += 1
