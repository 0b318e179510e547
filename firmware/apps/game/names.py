# A seat's name, from the line-up: a short menu when there is something to pick (the
# table's recent names, or the plain "P2" to go back to), else the letter entry at once.
# Loaded when a seat's name is changed.
#
# The entry guesses from a list of common first names (apps/game/firstnames.py, in RAM
# only while a name is typed): the letters likeliest to come next are what follows the
# letters typed in the names that begin with them, then what follows the last letter
# anywhere in the list (for a name it lacks). The letter on offer starts at the
# likeliest; the next likeliest are a press away on either side (DOWN the 2nd, 4th...,
# UP the 3rd, 5th...), then the rest of the alphabet in order (from A going DOWN, from Z
# going UP); the screen shows three each way. The name line is the name ROLL takes: the
# letters typed, the one on offer boxed, and the rest of the first name they begin, from
# the table's recent names first, then the list ("Ma[x]imilian"). OK adds the letter on
# offer; on the end mark it ends the name as typed.
from core import case
from core.buttons import BACK, DOWN, OK, ROLL, UP, is_step
from ui import dialogs, text, widgets
from ui.screen import Screen

from apps.game import MAX_NAME, default_name, is_default

# every character a name can have, in the order the rest of the alphabet is offered
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
MARKS = "éèêëàâäçîïôöùûüñ -'0123456789"
LETTERS = ALPHABET + MARKS
END = ""  # on offer instead of a letter: the name ends here
SEEN = 3  # the choices shown either side of the one on offer


def ask(shell, lineup, seat):
    recent = _recent(shell, lineup, seat)
    if recent or not is_default(lineup.names[seat]):
        shell.push(NameChooser(shell, lineup, seat, recent))
    else:
        shell.push(NameEntry(shell, lineup, seat))


def _recent(shell, lineup, seat):
    # the table's recent names that no other seat has
    taken = _upper(lineup, seat)
    return [n for n in shell.settings["names"] if case.upper(n) not in taken]


def _upper(lineup, seat):
    # the other seats' names, in capitals (two names that differ only in case are one)
    return [case.upper(lineup.names[i]) for i in range(len(lineup.names)) if i != seat]


class NameChooser(dialogs.MenuScreen):
    # "Type a name", the recent names, then the plain seat name
    def __init__(self, shell, lineup, seat, recent):
        self.lineup = lineup
        self.seat = seat
        self.recent = recent
        items = ["Type a name"] + recent + [default_name(seat)]
        super().__init__(shell, "Seat " + str(seat + 1), items, self._pick)

    def _pick(self, i):
        self.shell.pop()
        if i == 0:
            self.shell.push(NameEntry(self.shell, self.lineup, self.seat))
        elif i <= len(self.recent):
            self.lineup.set_name(self.seat, self.recent[i - 1])
        else:
            self.lineup.set_name(self.seat, default_name(self.seat))


class Guess:
    # What may come next in a name, and the name it may become. known: the table's
    # recent names (no other seat's), asked first; data: the list of common names as
    # UTF-8 bytes, and initials their first letters (firstnames.py); taken: the other
    # seats' names in capitals.
    def __init__(self, known, data, initials, taken):
        self.known = known
        self.data = data
        self.initials = initials
        self.taken = taken

    def ring(self, typed):
        # -> every choice for the next character (END: the name ends), laid out round
        # a ring: the likeliest at 0, the next likeliest alternately after and before it,
        # then the rest of LETTERS (see the top of this file)
        if len(typed) >= MAX_NAME:
            return [END]
        if not typed:
            ranked = list(self.initials)
        else:
            ranked = self._follow(" " + typed)
            keys = [case.lower(typed[-1])]
            if case.upper(typed[-1]) != keys[0]:
                keys.append(case.upper(typed[-1]))
            for ch in self._follow(*keys):
                if ch not in ranked:
                    ranked.append(ch)
        if END not in ranked:
            ranked.append(END)
        # the rest: its first letters on after the likely ones going DOWN, its last
        # going UP, the accents, marks and digits furthest
        rest = [c for c in ALPHABET if c not in ranked]
        half = (len(rest) + 1) // 2
        far = [c for c in MARKS if c not in ranked]
        return ranked[:1] + ranked[1::2] + rest[:half] + far + rest[half:] + ranked[2::2][::-1]

    def _follow(self, *keys):
        # -> the characters after every one of keys in the list, the most frequent first
        # (ties: the first met): small letters, as only a name's first letter is capital
        data = self.data
        size = len(data)
        seen = []  # character codes, in the order first met, 0 for a name's end
        counts = {}
        for s in keys:
            key = s.encode()
            i = data.find(key)
            while i >= 0:
                i += len(key)
                if i == size:  # " ": the space that ends the list
                    break
                c = data[i]
                if c == 32:
                    c = 0
                elif c >= 0xC0:  # the list's accents: two bytes of UTF-8
                    c = ((c & 0x1F) << 6) | (data[i + 1] & 0x3F)
                if c in counts:
                    counts[c] += 1
                else:
                    counts[c] = 1
                    seen.append(c)
                i = data.find(key, i)
        order = sorted(range(len(seen)), key=lambda k: (-counts[seen[k]], k))
        return [chr(seen[k]) if seen[k] else END for k in order]

    def complete(self, start):
        # -> the first recent or listed name that begins with `start` and no other seat
        # has, or start itself
        n = len(start)
        up = case.upper(start)
        for name in self.known:
            if case.upper(name[:n]) == up:
                return name
        data = self.data
        key = (" " + start).encode()
        i = data.find(key)
        while i >= 0:
            end = data.find(b" ", i + 1)
            name = data[i + 1 : end].decode()
            if case.upper(name) not in self.taken:
                return name
            i = data.find(key, end)
        return start


def _guess(shell, lineup, seat):
    # the list of common names as bytes (a copy that leaves the heap with the entry)
    from apps.game import firstnames

    return Guess(
        _recent(shell, lineup, seat),
        firstnames.NAMES.encode(),
        firstnames.INITIALS,
        _upper(lineup, seat),
    )


class NameEntry(Screen):
    # the letter entry (see the top of this file). It starts empty: a seat's name is
    # changed for a new player more often than for a typo; a rename starts from the
    # name renamed (start), the end mark on offer. BACK rubs out the last letter and
    # offers it again, or leaves the name as it was; ROLL takes the name shown once a
    # letter is there or the player has moved the offer, never the guess the entry
    # opened on (issue 40: ROLL renamed Ben to the guesser's "Marie")
    def __init__(self, shell, lineup, seat, start=""):
        super().__init__(shell)
        self.lineup = lineup
        self.seat = seat
        self.guess = _guess(shell, lineup, seat)
        self.typed = start
        self.chosen = bool(start)  # ROLL takes the name shown (see above)
        self._guess(END if start else None)

    def _guess(self, ch=None):
        # the choices for the next character, from the likeliest (or from ch when it is one)
        self.ring = self.guess.ring(self.typed)
        self.pos = self.ring.index(ch) if ch is not None and ch in self.ring else 0
        self._offer()

    def _offer(self):
        # the character on offer as it would be added, and the name ROLL takes now
        ch = self.ring[self.pos]
        if not self.typed:
            ch = case.upper(ch)
        self.ch = ch
        if ch == END:
            self.name = self.typed or default_name(self.seat)
        else:
            self.name = self.guess.complete(self.typed + ch)

    def update(self, events, now_ms):
        for ev in events:
            if is_step(ev, UP) or is_step(ev, DOWN):
                self.pos = (self.pos + (1 if is_step(ev, DOWN) else -1)) % len(self.ring)
                self._offer()
            elif ev == ROLL and not self.chosen:
                continue  # the entry's first guess: nobody chose it
            elif ev == ROLL or (ev == OK and self.ch == END):
                self._done()
                return
            elif ev == OK:
                self.typed += self.ch
                self._guess()
            elif ev == BACK:
                if not self.typed:
                    self.shell.pop()
                    return
                ch = case.lower(self.typed[-1])
                self.typed = self.typed[:-1]
                self._guess(ch)
            else:
                continue
            self.chosen = True
            self.dirty = True

    def _done(self):
        # a name another seat has is refused here, with what was typed kept
        name = self.name.strip() or default_name(self.seat)  # "Ann " is Ann
        msg = self.lineup.refusal(self.seat, name)
        if msg:
            self.shell.notify(msg, "Players")
            return
        self.shell.pop()
        self.lineup.set_name(self.seat, name)

    def heading(self):
        return "Seat " + str(self.seat + 1)

    def _label(self, ch):
        if ch == END:
            return "\u2022"
        if ch == " ":
            return "_"
        return ch if self.typed else case.upper(ch)

    def leds(self, leds, now_ms):
        leds.seats(len(self.lineup.names), self.seat)

    def draw(self, fb):
        # ROLL takes the name line as it is shown, its guessed rest too (OK on the end
        # mark: as typed), so its hint says so rather than "done"
        widgets.title_bar(fb, self.heading(), "ROLL: as shown" if self.chosen else "")
        medium = text.MEDIUM
        ch = self.ch
        x = text.draw(fb, self.typed, 4, 14, font=medium)
        # the character on offer, boxed (the end mark: an empty box), then the rest of
        # the name ROLL takes, dotted underneath: a guess, not typed
        box = self._label(ch) if ch != END else ""
        w = max(text.width(box, medium), 6)
        fb.fill_rect(x, 12, w + 2, 17, 1)
        text.draw(fb, box, x + 1, 14, font=medium, color=0)
        x += w + 3
        end = text.draw(fb, self.name[len(self.typed) + len(ch) :], x, 14, font=medium)
        for dot in range(x, end - 1, 2):
            fb.pixel(dot, 29, 1)
        # what UP and DOWN offer, nearest first
        ring = self.ring
        n = len(ring)
        if n > 1:
            ups = [self._label(ring[(self.pos - k) % n]) for k in range(1, SEEN + 1)]
            downs = [self._label(ring[(self.pos + k) % n]) for k in range(1, SEEN + 1)]
            text.draw(fb, "UP " + " ".join(ups), 2, 36)
            text.draw(fb, "DOWN " + " ".join(downs), widgets.W - 2, 36, align=text.RIGHT)
        fb.hline(0, widgets.FOOTER_Y, widgets.W, 1)
        text.draw(
            fb, "OK: done" if ch == END else "OK: add " + self._label(ch), 1, widgets.FOOTER_Y + 2
        )
        back = "BACK: erase" if self.typed else "BACK: leave"
        text.draw(fb, back, widgets.W - 1, widgets.FOOTER_Y + 2, align=text.RIGHT)
