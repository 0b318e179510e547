# Autumn Leaves, the six-hand score sheet (3-6 players, lowest total wins).
# Main screen: the hand being played and everyone's running total, lowest first.
#   ROLL  enter the hand that just ended (how it ended, then piles and highest cards)
#   OK    tie draw: tied cards and identical leaf piles -> a random order
#   held OK: the menu (hands to view and correct, undo, new match, new players)
# After hand six: the final standings, equal totals sharing a place; ROLL starts a new
# match with the same players. The scoring is rules/autumn_leaves.py, the sheet
# rules/autumn_leaves_sheet.py, the entry screens apps/autumn_leaves_entry.py.
from core.buttons import BACK, OK, ROLL
from rules import autumn_leaves as al
from rules import autumn_leaves_sheet
from ui import scoretable, text, widgets

from apps import autumn_leaves_entry as entry
from apps.sheetgame import SheetGame


class AutumnLeavesApp(SheetGame):
    NAME = "autumn_leaves"
    VERSION = 1
    title = "Autumn Leaves"
    MIN_PLAYERS = al.MIN_PLAYERS
    MAX_PLAYERS = al.MAX_PLAYERS
    SHEET = autumn_leaves_sheet

    def new_setup(self, names):
        return {"players": names}

    # -- the sheet -----------------------------------------------------------------
    def line_name(self, k, e):
        return "hand " + str(k + 1)

    def line_label(self, k):
        w = autumn_leaves_sheet.winner_of(self.state["entries"][k])
        how = "deck ran out" if w is None else self.players()[w] + " out"
        return "Hand " + str(k + 1) + ": " + how

    def correct(self, k):
        self.shell.push(entry.ending(self, k))

    def new_hand(self):
        if self.state["over"]:
            self.shell.notify(
                "All six hands are in. Open one from the list to correct it.", self.title
            )
            return
        self.shell.push(entry.ending(self, -1))

    def tie(self):
        self.shell.push(entry.TieDraw(self.shell, self.players()))

    def menu_items(self):
        items = [("Hands: view, fix", self.hands), ("Tie: draw order", self.tie)]
        if not self.state["over"]:
            items.insert(0, ("Enter hand " + str(self.state["hand"] + 1), self.new_hand))
        return items

    def hands(self):
        self.open_sheet("Hands", list(range(self.state["hand"])))

    # -- the main screen ---------------------------------------------------------------
    def play(self, events, now_ms):
        for ev in events:
            if ev == ROLL:
                if self.state["over"]:
                    self.rematch()  # one press: same players, new sheet
                else:
                    self.new_hand()
                return
            if ev == OK and not self.state["over"]:
                self.tie()
                return
            if ev == BACK:
                self.shell.pop()
                return

    def winners(self):
        places = self.state["places"]
        return [i for i in range(len(places)) if places[i] == 1]

    def draw(self, fb):
        if self.journal is None:
            return
        st = self.state
        names = self.players()
        n = len(names)
        if st["over"]:
            w = self.winners()
            head = names[w[0]] + " wins!" if len(w) == 1 else str(len(w)) + " share 1st"
            widgets.title_bar(fb, head, "ROLL: again" if n > 4 else "Final")
        else:
            widgets.title_bar(
                fb, "Hand " + str(st["hand"] + 1) + "/" + str(al.HANDS), "lowest wins"
            )
        # the winner's row lit on the final screen (a shared first place: the title says it)
        w = self.winners() if st["over"] else []
        scoretable.draw(fb, names, st["totals"], 10, True, w[0] if len(w) == 1 else -1, n)
        if n <= 4:
            if st["over"]:
                hint = "ROLL: new match"
            else:
                hint = "ROLL: score hand " + str(st["hand"] + 1)
            fb.hline(0, 52, 128, 1)
            text.draw(fb, hint, 64, 54, align=text.CENTER)
