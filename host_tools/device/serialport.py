"""The board's USB serial port: which one is the Pico's, and what is on one that does not
answer as MicroPython (deploy, pull, clock).

pyserial comes with mpremote (a dependency of `pip install -e .`); without it these
commands say what to install, in one line.
"""

import time

from host_tools.device.deploy import DeviceError
from host_tools.device.export import shown

PICO_VID = 0x2E8A  # Raspberry Pi: MicroPython's USB serial on a Pico, and the Debug Probe's
MICROPYTHON_PID = 0x0005  # MicroPython's own product id under it (the Debug Probe: 0x000C)
BAUD = 115200  # (USB CDC: any rate works)
LISTEN_S = 1.0  # how long describe() listens to what a port says


def serial_module():
    """pyserial, or DeviceError saying how to install it."""
    try:
        import serial
        import serial.tools.list_ports
    except ImportError:
        raise DeviceError(
            "pyserial is missing: pip install -e . installs it with mpremote"
            " (or pip install pyserial)"
        ) from None
    return serial


def name(port):
    # mpremote's short names (a0: /dev/ttyACM0, u0: /dev/ttyUSB0, c3: COM3) as mpremote
    # takes them, so one --port serves both
    if port and len(port) >= 2 and port[0] in "auc" and port[1:].isdigit():
        return {"a": "/dev/ttyACM", "u": "/dev/ttyUSB", "c": "COM"}[port[0]] + port[1:]
    return port


def find():
    """The first Pico's serial port, or None: MicroPython's product id before the other
    Raspberry Pi devices (a Debug Probe shares the vendor id)."""
    ports = serial_module().tools.list_ports.comports()
    picos = [p for p in ports if p.vid == PICO_VID]
    picos.sort(key=lambda p: (p.pid != MICROPYTHON_PID, p.device))
    return picos[0].device if picos else None


def open_serial(port):
    return serial_module().Serial(port, BAUD, timeout=0.1, write_timeout=1)


def _usb(port):
    # the USB device behind port, in a few words ("Debug Probe (CMSIS-DAP), 2e8a:000c"), or ""
    for p in serial_module().tools.list_ports.comports():
        if p.device == port and p.vid is not None:
            what = p.product or p.description or "USB serial"
            return "%s, %04x:%04x" % (what, p.vid, p.pid or 0)
    return ""


def describe(port, opener=open_serial, listen=LISTEN_S):
    """What is on port, in a few words: its USB device, and what it says when it is sent
    a Ctrl-C (MicroPython answers with its prompt) for `listen` seconds."""
    usb = _usb(port)
    head = port + (" (" + usb + ")" if usb else "")
    got = b""
    try:
        with opener(port) as s:
            s.reset_input_buffer()
            s.write(b"\r\x03")
            end = time.monotonic() + listen
            while time.monotonic() < end and len(got) < 4096:
                got += s.read(256)
    except OSError as e:  # also serial.SerialException
        return head + ": " + shown(str(e))
    if not got:
        return head + " sends nothing back"
    # (the repr of bytes: printable, its escape codes shown, never run)
    return head + " sends %r%s, not MicroPython's prompt" % (got[:32], "…" if len(got) > 32 else "")
