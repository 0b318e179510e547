# A game as its setup plus the list of confirmed actions. The state is always a replay of
# the actions (each game's rules module says how), so undo is dropping the last action,
# a correction is one more action, and saving the journal saves the game and its whole
# undo history in one atomic file. Plain lists and dicts: it is the JSON that is saved.


class Journal:
    def __init__(self, setup, actions=None, over=False):
        self.setup = setup
        self.actions = actions if actions is not None else []
        self.over = over

    def add(self, action):
        self.actions.append(action)

    def undo(self):
        # -> the action taken back, or None when there is nothing to undo
        if not self.actions:
            return None
        self.over = False
        return self.actions.pop()

    def doc(self):
        return {"setup": self.setup, "actions": self.actions, "over": self.over}

    @classmethod
    def from_doc(cls, doc):
        if not doc or not isinstance(doc.get("setup"), dict):
            return None
        actions = doc.get("actions")
        if not isinstance(actions, list):
            return None
        return cls(doc["setup"], actions, bool(doc.get("over")))
