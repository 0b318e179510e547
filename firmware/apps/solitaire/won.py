# Solitaire: the face of a won deal. "Won!", the moves it took (a deal counts as a move,
# as in the host solver's lines) and the fewest this deal was ever won in, the streak;
# the ring celebrates with every seat colour in turn. It stays until a new deal is
# chosen from the menu (held OK), as every game's end screen (docs/ui.md).
from core.shows import Party
from ui import text, widgets
from ui.screen import View

_COLOURS = (0, 1, 2, 3, 4, 5)  # all six seat colours: there is one player, and a party


class WonView(View):
    def __init__(self, app):
        super().__init__(app)
        self.party = None

    def changed(self):
        self.dirty = True

    def leds(self, leds, now_ms):
        if self.party is None:
            self.party = Party(now_ms)
        self.party.draw(leds, _COLOURS, len(_COLOURS), now_ms)

    def draw(self, fb):
        app = self.app
        d = app.stats().d
        moves = app.journal.moves()
        best = moves
        for deal, n in d["fewest"]:
            if deal == app.deal_number():
                best = min(best, n)
        widgets.title_bar(fb, "Solitaire", "#" + str(app.deal_number()))
        text.draw(fb, "Won!", widgets.W // 2, 12, font=text.MEDIUM, align=text.CENTER)
        won = str(d["won"]) + "/" + str(d["played"])
        _line(fb, 28, ("in " + str(moves) + " moves, best " + str(best), str(moves) + " moves, best " + str(best)))
        _line(fb, 38, ("streak " + str(d["streak"]) + ", won " + won, "won " + won))
        widgets.footer(fb, "hold OK: new deal")


def _line(fb, y, says):
    # the first of `says` that fits the screen, centred (big counts take the shorter)
    i = 0
    while i < len(says) - 1 and text.width(says[i]) > widgets.W - 2:
        i += 1
    text.draw(fb, says[i], widgets.W // 2, y, align=text.CENTER)
