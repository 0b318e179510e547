# Seats round the LED ring: seats 1..N spread evenly, each seat the same number of
# LEDs. Expectations worked out by hand: seat k belongs at k * LEDs / players (rounded
# to the nearest LED, halves up) and gets LEDs // players of them.
import pytest
from core.leds import seat_leds


def groups(players, count):
    return [list(seat_leds(s, players, count)) for s in range(players)]


TWELVE = {
    2: [[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]],
    3: [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]],
    4: [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11]],
    # ideal places 0, 2.4, 4.8, 7.2, 9.6 -> 0, 2, 5, 7, 10; two LEDs each, 4 and 9 dark
    5: [[0, 1], [2, 3], [5, 6], [7, 8], [10, 11]],
    6: [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10, 11]],
}

SIX = {
    2: [[0, 1, 2], [3, 4, 5]],
    3: [[0, 1], [2, 3], [4, 5]],
    # ideal places 0, 1.5, 3, 4.5 -> 0, 2, 3, 5; one LED each
    4: [[0], [2], [3], [5]],
    # ideal places 0, 1.2, 2.4, 3.6, 4.8 -> 0, 1, 2, 4, 5
    5: [[0], [1], [2], [4], [5]],
    6: [[0], [1], [2], [3], [4], [5]],
}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seats_on_a_ring_of_twelve(players):
    assert groups(players, 12) == TWELVE[players]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seats_on_a_strip_of_six(players):
    assert groups(players, 6) == SIX[players]


@pytest.mark.parametrize("count", [6, 12])
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_no_seat_shares_an_led_and_every_seat_looks_the_same(count, players):
    g = groups(players, count)
    leds = [i for grp in g for i in grp]
    assert len(leds) == len(set(leds))  # no LED in two seats
    assert all(0 <= i < count for i in leds)
    assert len({len(grp) for grp in g}) == 1  # the same size for everyone
    assert g[0][0] == 0  # seat 1 starts at the first LED


def test_one_player_has_the_whole_ring():
    assert list(seat_leds(0, 1, 12)) == list(range(12))
