# Leafkeeper in a web page: `leafkeeper web` builds a static site that runs the unchanged
# firmware in MicroPython's WebAssembly port (build.py, serve.py; the page: index.html,
# leafkeeper.js). device.py is the only module of this package that runs in the page.
