# Autumn Leaves, the six-hand score sheet (3-6 players, lowest total wins).
# Main screen: the hand being played and everyone's running total, lowest first.
#   ROLL  enter the hand that just ended (how it ended, then piles and highest cards)
#   OK    tie draw: tied cards and identical leaf piles -> a random order
#   held OK: the menu (hands to view and correct, undo, new match, new players)
# After hand six: the final standings, equal totals sharing a place; they stay until a
# new match is chosen from the menu (held OK). The scoring and the sheet are rules/autumn_leaves.py,
# the entry screens apps/autumn_leaves/entry.py (loaded when a hand is entered).
from ui import text, widgets

from apps.game import END_HINT
from apps.game.sheet import SheetGame, SheetView


class AutumnLeavesApp(SheetGame):
    NAME = "autumn_leaves"
    title = "Autumn Leaves"
    LINES = "Hands"
    MIN_PLAYERS = 3  # as the rules say (a test holds them to it)
    RULES = "rules.autumn_leaves"

    def new_setup(self, names, options):
        return self.rules.new_setup(names)

    # -- the sheet -----------------------------------------------------------------
    def line_name(self, k, e):
        return "hand " + str(k + 1)

    def line_label(self, k):
        w = self.rules.winner_of(self.state["entries"][k])
        how = "deck ran out" if w is None else self.players()[w] + " out"
        return "Hand " + str(self.state["folded"] + k + 1) + ": " + how

    def correct(self, k):
        from apps.autumn_leaves.entry import ending

        self.shell.push(ending(self, k))

    def new_hand(self):
        if self.state["over"]:
            self.shell.notify(
                "All six hands are in. Open one from the list to correct it.", self.title
            )
            return
        from apps.autumn_leaves.entry import ending

        self.shell.push(ending(self, -1))

    def tie(self):
        from apps.autumn_leaves.entry import TieDraw

        self.shell.push(TieDraw(self.shell, self.players()))

    def menu_items(self):
        items = [("Hands: view, fix", self.hands), ("Tie: draw order", self.tie)]
        if not self.state["over"]:
            items.insert(0, ("Enter hand " + str(self.state["hand"] + 1), self.new_hand))
        return items

    def hands(self):
        self.open_sheet("Hands", list(range(len(self.state["entries"]))))

    def view(self):
        return self.view_of(__name__, "StandingsView")

    def winners(self):
        places = self.state["places"]
        return [i for i in range(len(places)) if places[i] == 1]


class StandingsView(SheetView):
    # the main screen: the hand being played and everyone's running total
    def on_roll(self):
        self.app.new_hand()

    def on_ok(self):
        if self.app.state["over"]:
            return False
        self.app.tie()
        return True

    def draw(self, fb):
        # the standings with MEDIUM totals, to be read from across the table
        # (ui/scoretable.py: the names MEDIUM too for three players, a column of SMALL
        # names for four, two columns for five and six), over the hint line
        app = self.app
        st = app.state
        names = app.players()
        lit = -1  # the winner's row lit on the final screen (a shared first place: the title says it)
        if st["over"]:
            w = app.winners()
            if len(w) == 1:
                lit = w[0]
                room = widgets.W - 8 - text.width("Final") - text.width(" wins!")
                head = text.short(names[lit], room) + " wins!"
            else:
                head = str(len(w)) + " share 1st"
            widgets.title_bar(fb, head, "Final")
            hint = END_HINT
        else:
            # OK's tie draw in words a player knows (issue 40: "OK: tie" read as a tied
            # score): it draws the play order of equal cards; beside it the footer has
            # no room, so it is on the title bar and "lowest wins" said shorter below
            widgets.title_bar(fb, "Hand " + str(st["hand"] + 1) + "/" + str(app.rules.HANDS), "OK: order")
            hint = "Low wins ROLL: hand " + str(st["hand"] + 1)
        # down to the hint's line (widgets.footer); the rows may take the rule's place
        h = widgets.FOOTER_Y + 2 - widgets.TITLE_H
        end = app.scoretable().standings(fb, names, st["totals"], widgets.TITLE_H, h, True, lit)
        widgets.footer(fb, hint, rule=end <= widgets.FOOTER_Y)
