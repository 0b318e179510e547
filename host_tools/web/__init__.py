# Leafkeeper in a web page: `leafkeeper web` builds a static site that runs the unchanged
# firmware in MicroPython's WebAssembly port (build.py, serve.py; the page: index.html,
# leafkeeper.js). device.py and bgplay.py (the "Add to BG Stats" link, which pull uses
# too) are the modules of this package that run in the page; vendor/ holds the QR encoder.
