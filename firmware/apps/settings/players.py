# Settings > Player names: each remembered name (settings["names"]) to rename or forget,
# and all of them forgotten at once. Loaded when opened.
#
# A rename is kept as an alias, [old, new, upto] in settings["alias"] (rules/records.py
# current(), renamed()), not written into the history: the games keep the names they
# were played under, and those filed so far (numbered below upto, the next game's
# number) count for the new one everywhere (list, sheets, records, `leafkeeper pull`).
# A later game played under the old name is a new player's: a rename never reaches it.
# One small atomic settings save, whatever the history's length; rewriting every page
# would take dozens of writes, and a power cut among them would split a player's games
# between two names. Renaming to a name already remembered merges the two players
# (asked first). Forgetting a name takes it off the names and the line-up: its games
# stay in the history, it has no record shown until it is used again.
from core import case, settings
from rules import records

from apps.game import default_name, is_default


def open_names(shell):
    from ui import dialogs  # opened on a press: the heap does without it till then

    names = shell.settings["names"]
    items = list(names) + ["Forget all names"]

    def pick(i):
        if i == len(names):
            q = "Forget the " + str(len(names)) + " remembered names?"
            shell.push(dialogs.Confirm(shell, "Names", q, forget_all, "Forget all names"))
        else:
            _one(shell, names[i])

    def forget_all():
        shell.pop()
        shell.settings["names"] = []
        shell.settings["lineup"] = []
        shell.settings["lineups"] = []
        shell.save_settings()

    shell.push(dialogs.MenuScreen(shell, "Player names", items, pick, 0, False, (len(names),)))


def _one(shell, name):
    from ui import dialogs  # opened on a press: the heap does without it till then

    def pick(i):
        shell.pop()
        if i == 0:
            shell.push(_entry(shell, name))
        else:
            q = "Forget " + name + "? The games stay in the history."
            shell.push(dialogs.Confirm(shell, "Forget", q, gone, "Forget " + name))

    def gone():
        forget(shell.settings, name)
        _done(shell, None, name + " forgotten.")

    shell.push(dialogs.MenuScreen(shell, name, ["Rename", "Forget"], pick, 0, False, (1,)))


def _entry(shell, old):
    # the line-up's letter entry (apps/game/names.py), typing the new name for `old`
    from apps.game.names import NameEntry

    class Rename(NameEntry):
        # the entry's line-up stands for one seat here: the name being renamed
        def __init__(self):
            self.names = [old]
            super().__init__(shell, self, 0, old)  # from the name renamed

        def refusal(self, seat, name):
            return None  # rename() says why not, once the entry is closed

        def set_name(self, seat, name):
            _rename(shell, old, name)

        def leds(self, leds, now_ms):
            leds.off()

        def heading(self):
            return "Rename"  # short: the title bar holds "ROLL: as shown" beside it

    return Rename()


def _rename(shell, old, new):
    from ui import dialogs  # opened on a press: the heap does without it till then

    if not new or new == old:
        return
    same = [n for n in shell.settings["names"] if n != old and case.upper(n) == case.upper(new)]
    if not same:
        # asked: a rename reaches every game in History, and the name entry's ROLL is a
        # press of habit (issue 40)
        def go():
            _renamed(shell, old, new)

        q = "Rename " + old + " to " + new + "? Every game of theirs follows."
        shell.push(dialogs.Confirm(shell, "Rename", q, go, "Rename", "Keep " + old))
        return

    def merge():
        _renamed(shell, old, same[0])

    q = same[0] + " is kept already. Merge " + old + " into it?"
    shell.push(dialogs.Confirm(shell, "Merge", q, merge, "Merge", "Keep apart"))


def _renamed(shell, old, new):
    # the rename made and saved, then carried into every game's save that seats old (a
    # game on, one a rematch repeats: apps/game carry()). The settings, saved first with
    # what is still to carry, are the commit: after a power cut the game's save takes
    # it when it opens
    from core import histpage

    s = shell.settings
    saves, low, why_not = _seats(shell, old, new)
    if why_not is None:
        st = shell.storage
        oldest = histpage.floor(st, histpage.ids(st.flash, histpage.SUMMARIES))
        why_not = rename(s, old, new, min(oldest, low))
    if why_not is None:
        s["carry"] = s["carry"] + [[g, old, new] for g in saves]
        shell.save_settings()
        if saves:
            _seats(shell, old, new)
    _done(shell, why_not, old + " is now " + new + ".", False)


def _seats(shell, old, new):
    # -> (the games' saves with a game not filed yet that seats old, the lowest number
    # of a filed game kept in a save, why old may not be new or None), each save first
    # brought up to date with the renames it is still to take. A game not filed yet that
    # seats both would seat one player twice: merged once it is over. A filed game kept for a
    # rematch goes by the renames (apps/game GameApp.players()): they stay while it is kept
    from apps import APPS
    from apps.game import MAX_NO, GameApp, carry, tables

    saves = []
    low = MAX_NO
    for a in APPS:
        if len(a) < 5:  # not a game's: no seats
            continue
        doc = shell.load(a[3], None, GameApp.VERSION)
        try:
            carry(shell, a[3], doc, GameApp.VERSION)
            for d in tables(doc) if doc else ():
                p = d["setup"]["players"]
                if d.get("no") is not None:
                    low = min(low, d["no"])
                elif old in p:
                    if new in p:  # a game not filed yet is one on, or one undo brings back
                        return [], low, old + " and " + new + " play the " + a[0] + " game on. Merge them once it is over."
                    if a[3] not in saves:
                        saves.append(a[3])
        except Exception:  # noqa: BLE001, S110 - a damaged save: its app says so when it opens
            pass
    return saves, low, None


def _done(shell, why_not, said, save=True):
    # back to Settings, saved (unless the caller has), and the player told what
    # happened (or why not)
    shell.pop()  # the name list: its rows are out of date
    if why_not is None and save:
        shell.save_settings()
    shell.notify(why_not or said, "Player names")


def rename(s, old, new, oldest=0):
    # old's games so far count as new's, and old is new from now on (s changed in place:
    # the caller saves). oldest: the history's oldest game kept; the renames of the games
    # gone before it make room. -> plain words why not, or None
    if is_default(new):
        return new + " is a seat's own name. Pick another name."
    alias = records.renamed(records.pruned(s["alias"], oldest), old, new, s["game_no"])
    if len(alias) > settings.ALIASES:
        return "Too many renames (" + str(settings.ALIASES) + ") for the games in History. Older games make room as they leave it."
    s["alias"] = alias
    names = []
    for n in s["names"]:
        n = new if n == old else n
        if n not in names:
            names.append(n)
    s["names"] = names
    for up in [s["lineup"]] + [e[1] for e in s["lineups"]]:  # the last, and each game's
        up[:] = [new if n == old else n for n in up]
        _no_twice(up)
    return None


def forget(s, name):
    # name off the remembered names and the line-up (s changed in place: the caller saves)
    s["names"] = [n for n in s["names"] if n != name]
    for up in [s["lineup"]] + [e[1] for e in s["lineups"]]:  # the last, and each game's
        up[:] = [default_name(i) if up[i] == name else up[i] for i in range(len(up))]


def _no_twice(lineup):
    # two seats of a line-up merged into one name: the second seat gets its own name
    for i in range(len(lineup)):
        if lineup[i] in lineup[:i]:
            lineup[i] = default_name(i)
