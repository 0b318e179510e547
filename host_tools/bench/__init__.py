# `leafkeeper bench`: numbers, not verdicts (bench.py; bench_mp.py is its part that runs
# under the micropython binary). tour.py is the scripted tour of the apps it measures,
# and the typical hand the tests check it counts; it runs under MicroPython too. The
# figures of record, on the emulated RP2040, are `leafkeeper bench --pico` (pico/bench.py).
