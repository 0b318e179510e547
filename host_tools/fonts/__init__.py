# The font tool: make_fonts.py writes firmware/ui/fonts/ from Debian's font files.
