# 61 Feuilles d'Automne: the companion for the roll & write. Each round says the round
# (n/20) and who rolls (their seat glows); ROLL rolls the three dice with the dice
# roller's animation; then each player's leaf die is ONE press (UP / OK / DOWN beside
# the three dice), goalposts are announced as they unlock ("Léa 23: +2 points") without
# stopping the next player; OK opens the zone race and ROLL ends the round. The end of
# round 20, or of the round a leaf total reaches 61, ends the game: the final tally and
# the ranking follow. "Dice only" keeps just rounds, roller and dice.
# The app is the game (GameApp's hooks); what it shows is its view: the round
# (round.py) while the game runs, the tally (tally.py) once it has ended. The setup
# (setup.py), the zone race (zones.py), the goalposts (goalposts.py) and the game's menu
# pages (menu.py) are loaded when opened. The rules and the journal: rules/feuilles61.py.

from apps.game import GameApp

ROUND = "apps.feuilles61.round"
TALLY = "apps.feuilles61.tally"


class Feuilles61App(GameApp):
    NAME = "feuilles61"
    title = "61 Feuilles"
    MIN_PLAYERS = 1
    RULES = "rules.feuilles61"

    # -- the game: GameApp's hooks ----------------------------------------------------------
    def new_setup(self, names, options):
        first = options["first"]
        if not 0 <= first < len(names):  # "random": drawn once, kept in the journal
            first = self.shell.rng.randbelow(len(names))
        return self.rules.new_setup(names, first, options["mode"], options["exact"], options["goalposts"], options)

    def setup_screen(self, names, go, back):
        from apps.feuilles61 import setup

        return setup.Setup(self.shell, names, go, back)

    def rematch_options(self):
        from apps.feuilles61 import setup

        return setup.load_prefs(self.shell, len(self.players()))

    def describe(self, a):
        names = self.players()
        kind = a[0]
        if kind == "roll":
            return "the roll " + " ".join([str(v) for v in a[1]])
        if kind == "leaf":
            return names[a[1]] + "'s leaf " + str(a[2])
        if kind == "zone":
            return self.rules.ZONES[a[1]][1] + " completed"
        if kind in ("sheet", "total"):
            return names[a[1]] + "'s sheet"
        if kind == "reading":
            kind = a[1]
        # (made here: an undo is rare, the words need not stay in the heap)
        words = {
            "next": "next round",
            "end": "the end of the game",
            "first": "who rolls",
            "exact": "goalpost reading",
            "goalposts": "goalpost values",
            "x_scores": "what an X box scores",
            "x_anywhere": "where an X goes",
            "mug4": "mug 4's worth",
            "zone_bonus": "the zone bonus",
        }
        return words.get(kind, kind)

    def menu_items(self):
        from apps.feuilles61 import menu

        return menu.entries(self)

    def sheets(self):
        return self.state["mode"] == self.rules.SHEETS

    def open_zones(self):
        from apps.feuilles61.zones import ZoneBoard

        self.shell.push(ZoneBoard(self))

    # -- the screen: the round, or the tally once the game has ended ---------------------
    def view(self):
        if self.state["ended"]:
            return self.view_of(TALLY, "TallyView")
        return self.view_of(ROUND, "RoundView")
