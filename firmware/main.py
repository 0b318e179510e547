# Boot: build the board, the shell with the home screen, and run the loop forever.
# The simulator calls start() with its virtual board and ticks the loop itself.
try:
    import lk_uf2  # pyright: ignore[reportMissingImports] - frozen into a Leafkeeper UF2 only (host_tools/uf2)
except ImportError:
    pass
else:
    # before any firmware import: old firmware files on the filesystem would win
    lk_uf2.start()
    del lk_uf2  # out of the heap: its work is done
from core.loop import Loop
from ui.shell import Shell


def start(board):
    from apps.home import Home
    from core import modules

    # before anything is stamped: the date a clock module kept (core/when.py, then out
    # of the heap again: the home screen keeps what is in it at boot)
    modules.once("core.when").at_boot(board)
    return Loop(board, Shell(board, Home))


if __name__ == "__main__":
    import board

    # a name, so that after Ctrl-C on USB serial the REPL can look at the running device
    # (the Pico lane reads its heap that way) and loop.run() goes on where it stopped
    loop = start(board.Board())
    loop.run()
