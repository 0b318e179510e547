# What talks to a real Pico over USB (mpremote): `leafkeeper deploy` (deploy.py: the build,
# the staged install, the mpremote session) and `leafkeeper pull` (pull.py: copy the saves
# off the board; export.py: finished games to CSV and JSON).
