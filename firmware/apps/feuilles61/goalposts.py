# 61 Feuilles d'Automne: the goalpost values, threshold then reward, one goalpost at a
# time, before a game (its setup) or during one (the game menu).
from rules import feuilles61
from ui import dialogs


class GoalpostEditor(dialogs.MenuScreen):
    # on_done(posts) runs after every accepted change; the list stays open for the next
    def __init__(self, shell, posts, on_done):
        self.posts = [[g[0], g[1]] for g in posts]
        self.on_done = on_done
        super().__init__(shell, "Goalposts", self._items(), self._pick)

    def _items(self):
        items = []
        for g in self.posts:
            items.append("At " + str(g[0]) + ": " + ("X (wild mark)" if g[1] == "X" else "+" + str(g[1]) + " points"))
        items.append("Sheet values")
        return items

    def _pick(self, i):
        shell = self.shell
        if i == len(self.posts):
            self._set([[g[0], g[1]] for g in feuilles61.DEFAULT_GOALPOSTS])
            return
        old = self.posts[i]

        def reward(k):
            shell.pop()
            posts = [list(g) for g in self.posts]
            posts[i] = [old[0] if self._t is None else self._t, "X" if k == 0 else k - 1]
            self._set(posts)

        def threshold(t):
            self._t = t
            labels = ["X (wild mark)"] + [str(v) + " points" for v in range(11)]
            k = 0 if old[1] == "X" else old[1] + 1
            shell.push(dialogs.MenuScreen(shell, "At " + str(t) + ": reward", labels, reward, k))

        self._t = None
        shell.push(dialogs.Stepper(shell, "Goalpost at", old[0], 1, 99, threshold, caption="leaf total"))

    def _set(self, posts):
        msg = feuilles61.check_goalposts(posts)
        if msg:
            self.shell.notify(msg, "Can't do that")
            return
        self.posts = posts
        self.menu.items = self._items()
        self.dirty = True
        self.on_done(self.posts)
