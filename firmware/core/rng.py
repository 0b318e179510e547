# The project's random numbers: xorshift128 (Marsaglia), the same sequence on the Pico,
# the MicroPython unix port and CPython for a given seed. Integers in a range come from
# rejection sampling on the fewest bits that cover the range, so every outcome is
# equally likely (never `randint % n`).
from micropython import const

_M32 = const(0xFFFFFFFF)


def run_of(board):
    # -> this start of the firmware, from the board's entropy (the seed's too): worked
    # out, not kept in a global, so it is this start's even where a module outlives a
    # restart (the simulator's MicroPython lane imports the firmware once for every
    # boot). Here, not in core/when.py (whose stamps carry it): the dice need it at a
    # quick roll, with this module, and no clock code
    return (board.seed & 0x3FFFFFFF) or 1


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
        # kept as 16-bit halves (high, low): on the Pico an int of 31 bits or more is a
        # heap object, so the 32-bit words themselves would allocate at every step
        h = []
        for v in state:
            h.append(v >> 16)
            h.append(v & 0xFFFF)
        self._s = h

    def _step(self):
        # xorshift128 on the halves: t = x ^ (x << 11); x, y, z = y, z, w;
        # w = w ^ (w >> 19) ^ t ^ (t >> 8), the new w in self._s[6:8]
        s = self._s
        xh = s[0]
        xl = s[1]
        th = xh ^ (((xh << 11) | (xl >> 5)) & 0xFFFF)
        tl = xl ^ ((xl << 11) & 0xFFFF)
        wh = s[6]
        wl = s[7]
        nh = wh ^ th ^ (th >> 8)
        nl = wl ^ (wh >> 3) ^ tl ^ (((th << 8) | (tl >> 8)) & 0xFFFF)
        s[0] = s[2]
        s[1] = s[3]
        s[2] = s[4]
        s[3] = s[5]
        s[4] = wh
        s[5] = wl
        s[6] = nh
        s[7] = nl

    def next32(self):
        self._step()
        return (self._s[6] << 16) | self._s[7]

    def randbits(self, k):
        # 1 <= k <= 32: the top k bits are the best mixed
        self._step()
        s = self._s
        if k <= 16:
            return s[6] >> (16 - k)
        return (s[6] << (k - 16)) | (s[7] >> (32 - k))

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
        # Fisher-Yates, in place: items[i] swaps with items[randbelow(i + 1)], i from the
        # last down to 1. For up to 65,536 items the steps are written out here, on
        # locals (a Solitaire deal is shuffled each time the app opens): the same numbers
        i = len(items) - 1
        if i < 1:
            return
        if i >= 1 << 16:
            while i > 0:
                j = self.randbelow(i + 1)
                items[i], items[j] = items[j], items[i]
                i -= 1
            return
        s = self._s
        xh = s[0]
        xl = s[1]
        yh = s[2]
        yl = s[3]
        zh = s[4]
        zl = s[5]
        wh = s[6]
        wl = s[7]
        k = 0  # the bits randbelow(i + 1) draws: those of i
        m = i
        while m:
            k += 1
            m >>= 1
        while i > 0:
            while True:  # _step(), then randbits(k), until the draw is at most i
                th = xh ^ (((xh << 11) | (xl >> 5)) & 0xFFFF)
                tl = xl ^ ((xl << 11) & 0xFFFF)
                xh = yh
                xl = yl
                yh = zh
                yl = zl
                zh = wh
                zl = wl
                wl = wl ^ (wh >> 3) ^ tl ^ (((th << 8) | (tl >> 8)) & 0xFFFF)
                wh = wh ^ th ^ (th >> 8)
                j = wh >> (16 - k)
                if j <= i:
                    break
            items[i], items[j] = items[j], items[i]
            i -= 1
            if i < 1 << (k - 1):
                k -= 1
        s[0] = xh
        s[1] = xl
        s[2] = yh
        s[3] = yl
        s[4] = zh
        s[5] = zl
        s[6] = wh
        s[7] = wl

    def pick(self, items):
        return items[self.randbelow(len(items))]
