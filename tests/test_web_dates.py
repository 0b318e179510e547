# The web page with its browser's clock far ahead (issue 39 item 1): it sets the device's
# clock as `leafkeeper clock` does, and a game played then is filed, listed with its date
# and offered to BG Stats, never set aside as damaged (a 2035 clock did that).
import datetime

import pytest
from test_web_page import BOOT_MS, FOUR_PLAYERS, Page, browser, site  # noqa: F401 (fixtures)

from host_tools.sim import Simulator, keys
from tests.scenarios.util import cursor_row


@pytest.mark.parametrize(
    ("now", "title", "date"),
    [
        # UTC; the page's zone is Paris (UTC+2 in summer, +1 in winter)
        (datetime.datetime(2035, 6, 1, 10, 0, 0, tzinfo=datetime.UTC), "History 1.6.35 12:00", "2035-06-01 12:00:"),
        (datetime.datetime(2099, 12, 31, 22, 58, 0, tzinfo=datetime.UTC), "Hist. 31.12.99 23:58", "2099-12-31 23:58:"),
    ],
)
def test_a_game_played_with_a_clock_years_ahead_is_filed_with_its_date(browser, site, now, title, date):  # noqa: F811
    game = FOUR_PLAYERS + " " + "ROLL OK ROLL " * 6 + "BACK:long"  # six quick hands, home
    sim = Simulator(seed=3)  # the same presses tell how far down the home screen History is
    sim.advance(BOOT_MS)
    keys.run(sim, game)
    down = 0
    while cursor_row(sim) != "History":
        sim.press("DOWN")
        down += 1
    with Page(browser, site, 3, timezone="Europe/Paris", now=now) as page:
        page.advance(BOOT_MS)
        page.keys(game)
        page.keys("DOWN " * down + "OK")
        assert page.text().split("\n")[0] == title, page.text()
        assert "damaged" not in page.text()
        plays = page.page.locator("#games li")
        assert plays.count() == 1 and date in (plays.nth(0).text_content() or "")
        assert page.errors == []
