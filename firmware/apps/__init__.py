# The apps on the home screen, in its order: the one list to edit when an app is added.
# Home reads it (its menu, what it opens, the game Resume reopens), History (a game's
# name, its code in the list, what its rounds are called, its own end view) and the
# host tools (the bench's tour, the export). A row is a tuple of constants (on the UF2,
# where it is frozen, it takes no heap). Its fields, by place: each reader names those
# it reads as private consts (_LABEL = const(0), ...), compiled away: names here would
# be globals, and on the UF2 the heap at home has no room for them (issue 26's goal)
#   0 LABEL   its name on the home menu
#   1 MODULE  its package, imported when it opens
#   2 CLASS   its Screen there
#   3 SAVE    its save's name ("" none): Resume reopens it; a game's in the history
#   4 GAME    a game's: (its code in the history's list, what its rounds are called
#             there, its own end view there as (module, class) or None: the score
#             table); a row that is not a game's ends at SAVE

APPS = (
    ("Dice roller", "apps.dice", "DiceApp", "dice"),
    ("Autumn Leaves", "apps.autumn_leaves", "AutumnLeavesApp", "autumn_leaves", ("AL", "hands", None)),
    ("Autumn Ash", "apps.autumn_ash", "AutumnAshApp", "autumn_ash", ("Ash", "turns", None)),
    ("61 Feuilles", "apps.feuilles61", "Feuilles61App", "feuilles61", ("61F", "rounds", ("apps.feuilles61.tally", "TallyView"))),
    ("Randomizer", "apps.randomizer", "RandomizerApp", ""),
    ("Leaves Came Down", "apps.leaves_came_down", "LeavesCameDownApp", "leaves_came_down", ("Down", "rounds", ("apps.leaves_came_down.ending", "EndView"))),
    ("Solitaire", "apps.solitaire", "SolitaireApp", "solitaire", ("Sol", "deals", None)),
    ("History", "apps.history", "HistoryApp", ""),
    ("Settings", "apps.settings", "SettingsApp", ""),
)
