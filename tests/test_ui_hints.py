# Every app's hint lines ("ROLL: hand 2", "OK: zones") held to the convention of
# docs/ui.md (issue 28): its table of the meanings a hint may give each button, per kind
# of screen, is read from the page; a tour through the Simulator visits every app's
# screens, each step saying which kind of screen it ends on, and every hint shown there
# must be one the table allows.
import re
import sys
from pathlib import Path

from host_tools.sim.keys import run as keys
from tests.scenarios import autumn_ash, f61, history, leaves_came_down, solitaire, util

DOC = Path(__file__).resolve().parent.parent / "docs" / "ui.md"
KEY = re.compile(r"(hold OK|hold BACK|UP/DOWN|UP|DOWN|OK|BACK|ROLL): ")
SLOTS = {"<n>": r"\d+", "<name>": r".+", "<letter>": r"."}


def allowed():
    # -> {(kind, key): [compiled meaning]} from the table between the hints markers
    body = DOC.read_text().split("<!-- hints -->")[1].split("<!-- /hints -->")[0]
    out = {}
    for line in body.strip().split("\n")[2:]:
        kind, key, meanings = [c.strip() for c in line.strip("|").split("|")]
        pats = []
        for m in meanings.split(";"):
            pat = re.escape(m.strip())
            for slot, rx in SLOTS.items():
                pat = pat.replace(re.escape(slot), rx)
            pats.append(re.compile(pat + "$"))
        out[(kind, key)] = pats
    return out


def hints(screen):
    # every "KEY: meaning" on the screen's text: the meaning runs to the next key or
    # the row's end, and stops at a full stop or comma ("Total 23, ROLL: done")
    out = []
    for row in screen.split("\n"):
        found = list(KEY.finditer(row))
        for i, m in enumerate(found):
            end = found[i + 1].start() if i + 1 < len(found) else len(row)
            meaning = re.split(r"[.,]", row[m.end() : end])[0].strip()
            out.append((m.group(1), meaning))
    return out


def at(app):
    return lambda sim: util.open_app(sim, app)


def ash_won(sim):
    # from a bag's counts, left untouched: back on the totals, then three bags
    sim.press("BACK")
    autumn_ash.bag(sim, "DOWN DOWN", "UP OK OK DOWN OK")  # Anna: black, 16
    autumn_ash.bag(sim, "", "ROLL")  # Ben: orange, 9
    autumn_ash.bag(sim, "UP", "UP OK DOWN OK OK")  # Anna: yellow, 5: 21


def lcd_ended(_sim):
    # a device of its own (the scenarios' seats P1, P2): P1 takes eight acorns, P2 six
    return leaves_came_down.two_take([0, 1] * 6 + [0, 0])


def f61_round(_sim):
    # a device of its own (sheets P1..P4), a round rolled
    sim = f61.new_game(4, seed=2)
    f61.roll(sim)
    return sim


def f61_counting(sim):
    f61.play_to_the_end(sim)
    sim.press("OK")


def solitaire_won(sim):
    util.open_app(sim, "Solitaire")
    solitaire.choose_deal(sim, "330")
    solitaire.play(sim, solitaire.WIN_330)


def solitaire_deal(_sim):
    # a device of its own: deal 1, its 9♥ moved onto the 10♥ (a deal being played)
    sim = solitaire.new_table()
    keys(sim, "DOWN*3 OK UP OK")
    return sim


def f61_waiting(_sim):
    # a device of its own (sheets P1..P4): round 1, nothing rolled
    return f61.new_game(4, seed=2)


def history_list(_sim):
    # a device of its own: two games of Autumn Leaves and one of Autumn Ash filed
    sim = history.three_games()[0]
    util.open_app(sim, "History")
    return sim


def clock_entry(sim):
    # Settings' date and time, from the player's record: home first (held BACK)
    sim.hold("BACK")
    util.open_app(sim, "Settings")
    util.choose(sim, "Date & time")


def lcd_round(_sim):
    # a device of its own (seats P1..P4): round 1, whose ROLL starts the next (issue 40)
    return leaves_came_down.new_game(4)


def lcd_head_starts(sim):
    # from the round: the menu's head starts
    sim.hold("OK")
    util.choose(sim, "Head starts")


def history_sheet(sim):
    # the finished game's totals in History (OK: its hands)
    util.open_app(sim, "History")
    sim.press("OK")


def names(sim):
    # new players from the final standings (back in the game): the line-up, seat 1,
    # "Type a name"
    util.open_app(sim, "Autumn Leaves")
    util.new_match(sim, "New players")
    keys(sim, "DOWN DOWN OK OK")


# (the kind of screen a step ends on, the step: presses, or a function of the sim); a
# step whose screen shows no hint only moves the tour on (kind None): a confirmation (its
# answers are its rows: docs/ui.md), a transient notice, a menu whose rows are what OK
# does, and 61 Feuilles' leaf dice, whose keys (▲ OK ▼) stand beside the die each takes.
# Every other screen says its keys (issue 40)
TOUR = [
    ("list", "wait:200"),  # home
    ("main", "ROLL wait:600 OK"),  # the dice, one held
    ("main", "OK"),
    (None, "OK:long"),  # its menu
    ("end", solitaire_won),
    ("list", at("Autumn Leaves")),  # the line-up
    ("entry", "DOWN OK"),  # how many players
    ("list", "BACK UP"),
    ("main", "OK"),  # Start: the score table
    (None, "ROLL"),  # how the hand ended
    ("entry", "OK"),  # the grid
    (None, "UP BACK BACK BACK"),  # discard? (answer rows, no hint line: docs/ui.md)
    ("main", "DOWN OK BACK"),  # discard, then back
    ("list", "OK"),  # who tied
    ("main", "OK DOWN OK ROLL wait:2000"),  # the draw
    ("main", "OK"),
    ("main", "ROLL OK ROLL " * 5),
    ("end", "ROLL OK ROLL"),  # the sixth hand: the final standings
    ("end", history_sheet),
    ("entry", names),
    ("list", at("Autumn Ash")),
    ("main", "OK OK"),  # the sides, Start
    ("list", "ROLL"),  # the turn: the colours
    ("entry", "OK"),  # a bag's counts
    ("end", ash_won),
    ("main", lcd_round),
    ("list", lcd_head_starts),
    ("entry", "OK"),  # P1's head start
    ("end", lcd_ended),
    ("main", solitaire_deal),
    ("main", f61_waiting),
    (None, f61_round),
    ("main", "OK OK OK OK"),  # the round's summary
    ("list", "OK"),  # the zones
    ("list", "OK"),  # who got the first
    (None, "BACK BACK"),
    ("list", f61_counting),  # the sheets to count
    ("entry", "ROLL"),  # a sheet's tally
    ("end", "ROLL ROLL ROLL ROLL ROLL ROLL ROLL"),
    ("list", at("Randomizer")),
    ("main", "OK wait:5000"),  # first player
    ("main", "BACK DOWN OK wait:5000"),  # play order
    ("main", "BACK DOWN DOWN OK wait:5000"),  # coin toss
    ("list", history_list),
    (None, "ROLL"),  # the players (a menu: OK opens a row's record)
    ("list", "OK"),  # a player's record
    ("entry", clock_entry),  # the date and time, in Settings
    ("entry", "OK OK"),  # its year
]


def test_the_hints_table_is_read_from_the_page():
    table = allowed()
    assert table[("main", "ROLL")][0].match("hand 3")
    assert table[("end", "hold OK")][0].match("new match")
    assert not any(p.match("new match") for p in table[("end", "ROLL")])


def test_hints_reads_each_key_and_its_meaning():
    assert hints("ROLL: hand 1  OK: order") == [("ROLL", "hand 1"), ("OK", "order")]
    assert hints("Seat 1 ROLL: as shown") == [("ROLL", "as shown")]
    assert hints("Total 23, ROLL: done") == [("ROLL", "done")]
    assert hints("x\nhold OK: new match") == [("hold OK", "new match")]


def walk():
    # -> (the kind of screen, the simulator) after each step of the tour
    sim = util.table(util.FOUR)
    for kind, step in TOUR:
        if callable(step):
            sim = step(sim) or sim  # a step may go on on a device of its own
        else:
            keys(sim, step)
        yield kind, sim


def test_every_apps_hints_keep_to_docs_ui_md():
    table = allowed()
    seen = set()
    wrong = []
    for kind, sim in walk():
        shown = hints(sim.text())
        if kind is None:
            continue
        assert shown, "a hint on this " + kind + " screen:\n" + sim.text()
        for key, meaning in shown:
            if not any(p.match(meaning) for p in table.get((kind, key), ())):
                wrong.append(kind + ": " + key + ": " + meaning + "\n" + sim.text())
            seen.add(kind)
    assert not wrong, "\n\n".join(wrong)
    assert seen == {"main", "list", "entry", "end"}


def test_every_character_the_tour_draws_is_in_its_font():
    # issue 40: BIG has digits, space and + - / : . only (ui/text.py), and a character a
    # font lacks is drawn as "?": the head start's "3 s" showed "3 ?". Every string on
    # the tour's screens (the text layer: its row height says the font) is one its font
    # has, character by character
    lacking = set()
    for _kind, sim in walk():
        sim.text()  # its firmware's modules switched in (each Simulator has its own)
        text = sys.modules["ui.text"]
        fonts = {text.height(f): f for f in (text.SMALL, text.MEDIUM, text.BIG)}
        for _x, _y, s, h in text.layer:
            if h in fonts and any(not text.has(c, fonts[h]) for c in s):
                lacking.add(repr(s) + " in the " + str(h) + "-px font")
    assert not lacking, sorted(lacking)
