# The device settings: defaults, and the one place that knows their file.
NAME = "settings"
VERSION = 1
DEFAULTS = {
    "contrast": 190,  # OLED 0..255 (one of the steps of apps/settings.py)
    "led_cap": 48,  # brightest LED channel on the wire, 0..255
    "sound": True,
    "dim_s": 60,
    "off_s": 300,
    "sleep_s": 600,
    "flip": False,  # screen turned 180 degrees
    "leds": 12,  # LEDs on the ring (12) or strip (6)
    "names": [],  # recently used player names, newest first
    "lineup": [],  # the last line-up, seat by seat
    "resume": "",  # save name of the game in progress, offered first on the home screen
}


def load(storage):
    return storage.load(NAME, DEFAULTS, VERSION)


def save(storage, settings):
    return storage.save(NAME, settings, VERSION)
