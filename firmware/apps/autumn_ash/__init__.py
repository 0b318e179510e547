# Autumn Ash, the race to 21 (2 players: Rainbow and Xeno).
# Main screen: both totals, whose turn (in words on the hint line, lit on the name and
# on that player's seat).
#   ROLL  enter the turn, as every game's main action enters its hand or round
#         (docs/ui.md): the colour bagged, then pawns/drones/queens, or "No bag"; the
#         turn passes
#   held OK: the menu (each player's bags to view and correct, undo, new match)
# The first player whose total reaches 21 wins at once: a win screen and the ring
# celebrates. Bag scoring and the sheet are rules/autumn_ash.py; the sides are chosen
# on apps/autumn_ash/sides.py, a bag is entered on apps/autumn_ash/bag.py.
from ui import text, widgets

from apps.game import END_HINT
from apps.game.sheet import SheetGame, SheetView


class AutumnAshApp(SheetGame):
    NAME = "autumn_ash"
    title = "Autumn Ash"
    MAX_PLAYERS = 2
    RULES = "rules.autumn_ash"
    LINES = "Turns"

    # -- setting up: the sides, with the line-up's names (one Start) ------------------
    def ask_players(self):
        from apps.autumn_ash.sides import Sides

        self.asked = True
        self.shell.push(Sides(self))

    def new_setup(self, names, options):
        rainbow, first = options
        return self.rules.new_setup(names, rainbow, first)

    def rematch_options(self):
        # same sides; the other player starts this time
        s = self.journal.setup
        return (s["rainbow"], 1 - s["first"])

    def side_name(self, setup, seat):
        return "Rainbow" if self.rules.side_of(setup, seat) == 0 else "Xeno"

    # -- the sheet -------------------------------------------------------------------
    def _what(self, e):
        if not self.rules.is_bag(e):
            return "no bag"
        return e[1] + " +" + str(self.rules.points(e))

    def line_name(self, k, e):
        return self.players()[e[0]] + "'s turn " + str(k + 1) + " (" + self._what(e) + ")"

    def line_label(self, k):
        return "Turn " + str(self.state["folded"] + k + 1) + ": " + self._what(self.state["entries"][k])

    def correct(self, k):
        from apps.autumn_ash.bag import colour_menu

        self.shell.push(colour_menu(self, self.state["entries"][k][0], k))

    def bag(self):
        from apps.autumn_ash.bag import colour_menu

        self.shell.push(colour_menu(self, self.state["turn"]))

    def bags_of(self, seat):
        ks = [k for k in range(len(self.state["entries"])) if self.state["entries"][k][0] == seat]
        self.open_sheet(self.players()[seat] + "'s turns", ks)

    def menu_items(self):
        names = self.players()
        items = [
            (names[0] + "'s bags", lambda: self.bags_of(0)),
            (names[1] + "'s bags", lambda: self.bags_of(1)),
        ]
        if not self.state["over"]:
            items.insert(0, ("Turn of " + names[self.state["turn"]], self.bag))
        return items

    def view(self):
        return self.view_of(__name__, "TotalsView")

    def winners(self):
        return [self.state["winner"]]



class TotalsView(SheetView):
    # the main screen: both totals, whose turn
    def on_roll(self):
        self.app.bag()

    def draw(self, fb):
        # a column per player, seat order, to be read from across the table: the name on
        # a bar and the total in BIG digits (ui/scoretable.py); the player to move (or the
        # winner) lit and framed. Each side's name heads its player's column, the target
        # between them.
        app = self.app
        st = app.state
        names = app.players()
        if st["over"]:
            lit = st["winner"]
            widgets.title_bar(fb, text.short(names[lit], 80) + " wins!")
            hint = END_HINT
        else:
            lit = st["turn"]
            setup = app.journal.setup
            widgets.title_bar(fb, app.side_name(setup, 0), app.side_name(setup, 1))
            text.draw(fb, "to " + str(app.rules.TARGET), widgets.W // 2, 0, color=0, align=text.CENTER)
            # whose turn in words too, not only by the lit name
            hint = "ROLL: " + text.short(names[lit], widgets.W - text.width("ROLL: 's turn")) + "'s turn"
        app.scoretable().columns(fb, names, st["totals"], lit, widgets.TITLE_H, widgets.FOOTER_Y)
        widgets.footer(fb, hint)

    def playing_leds(self, leds):
        leds.seats(2, self.app.state["turn"])
