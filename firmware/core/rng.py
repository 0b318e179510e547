# The project's random numbers: xorshift128 (Marsaglia), the same sequence on the Pico,
# the MicroPython unix port and CPython for a given seed. Integers in a range come from
# rejection sampling on the fewest bits that cover the range, so every outcome is
# equally likely (never `randint % n`).
from micropython import const

_M32 = const(0xFFFFFFFF)


class Rng:
    def __init__(self, seed=0):
        self.seed(seed)

    def seed(self, seed):
        # splitmix-style spreading so that small seeds (0, 1, 2) give unrelated streams
        s = (seed ^ 0x9E3779B9) & _M32
        state = []
        for _ in range(4):
            s = (s + 0x6D2B79F5) & _M32
            z = s
            z = ((z ^ (z >> 15)) * (z | 1)) & _M32
            z ^= (z + ((z ^ (z >> 7)) * (z | 61) & _M32)) & _M32
            state.append((z ^ (z >> 14)) & _M32)
        if not any(state):
            state[0] = 1
        self._x, self._y, self._z, self._w = state

    def next32(self):
        t = self._x ^ ((self._x << 11) & _M32)
        self._x, self._y, self._z = self._y, self._z, self._w
        w = self._w
        w = w ^ (w >> 19) ^ t ^ (t >> 8)
        self._w = w
        return w

    def randbits(self, k):
        # 1 <= k <= 32: the top k bits are the best mixed
        return self.next32() >> (32 - k)

    def randbelow(self, n):
        if n <= 0:
            raise ValueError("randbelow needs n >= 1")
        if n == 1:
            return 0
        if n > 1 << 32:
            raise ValueError("randbelow is for n <= 2**32")
        k = 0
        m = n - 1
        while m:
            k += 1
            m >>= 1
        while True:
            r = self.randbits(k)
            if r < n:
                return r

    def randint(self, lo, hi):
        return lo + self.randbelow(hi - lo + 1)

    def shuffle(self, items):
        # Fisher-Yates, in place
        i = len(items) - 1
        while i > 0:
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1

    def pick(self, items):
        return items[self.randbelow(len(items))]
