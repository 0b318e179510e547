# The apps on the home screen, in its order: the one list to edit when an app is added.
# Home reads it (its menu, what it opens, the game Resume reopens), History (a game's
# name, its code in the list, what its rounds are called, its own end view) and the
# host tools (the bench's tour, the export). A row is a tuple of constants (on the UF2,
# where it is frozen, it takes no heap); its fields by name:
from micropython import const

LABEL = const(0)  # its name on the home menu
MODULE = const(1)  # its package, imported when it opens
CLASS = const(2)  # its Screen there
SAVE = const(3)  # its save's name ("" none): Resume reopens it; a game's in the history
CODE = const(4)  # a game's: its code in the history's list, then what its rounds are
#                   called there and its own end view there, as (module, class), or
#                   None: the score table (a row that is not a game's ends at SAVE)

APPS = (
    ("Dice roller", "apps.dice", "DiceApp", "dice"),
    ("Autumn Leaves", "apps.autumn_leaves", "AutumnLeavesApp", "autumn_leaves", "AL", "hands", None),
    ("Autumn Ash", "apps.autumn_ash", "AutumnAshApp", "autumn_ash", "Ash", "turns", None),
    ("61 Feuilles", "apps.feuilles61", "Feuilles61App", "feuilles61", "61F", "rounds", ("apps.feuilles61.tally", "TallyView")),
    ("Randomizer", "apps.randomizer", "RandomizerApp", ""),
    ("Leaves Came Down", "apps.leaves_came_down", "LeavesCameDownApp", "leaves_came_down", "LCD", "rounds", ("apps.leaves_came_down.ending", "EndView")),
    ("Solitaire", "apps.solitaire", "SolitaireApp", "solitaire", "Sol", "deals", None),
    ("History", "apps.history", "HistoryApp", ""),
    ("Settings", "apps.settings", "SettingsApp", ""),
)
DICE = const(0)  # the roller: ROLL opens it from home

