# ruff: noqa: F821 - include, freeze and module are the manifest's own words
# MicroPython manifest of the Leafkeeper UF2 (`leafkeeper uf2`): the RPI_PICO's stock frozen
# modules (_boot.py mounts the filesystem, asyncio, neopixel...), then the whole firmware/
# tree as the filesystem root holds it under `deploy`, main.py included (the port runs a
# frozen main.py before looking at the filesystem), and lk_uf2, which main.py asks first.
# The build adds lk_build.py (the build's id) from its cache folder.
include("$(PORT_DIR)/boards/manifest.py")
freeze("../../firmware")
module("lk_uf2.py")
