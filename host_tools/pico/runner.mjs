// The board around an emulated RP2040 (rp2040js): runs the real MicroPython firmware
// image for the Pico with Leafkeeper's littlefs filesystem in its flash, and models what
// the firmware talks to: an SSD1306 at 0x3C on I2C0 (every write transaction is passed
// on, with its start and stop time, for host_tools/sim/oled_emu.py to decode), the five
// buttons on GP10-14 (held high; low = pressed), VBUS and VSYS, writable flash, USB serial,
// and with --rtc 1 a DS3231 clock module at 0x68 on the same bus, with its own battery: it
// counts on through power cycles (as host_tools/sim/ds3231.py does in the simulator).
//
// It is driven by host_tools/pico/emulator.py over stdin/stdout, one JSON object a line:
//   {"op": "run", "ns": N}            run N emulated nanoseconds -> {"ev": "ran", ...}
//   {"op": "run_until_asleep", "ns": N}  run until the core waits for an interrupt
//   {"op": "pin", "gpio": G, "high": B} drive an input
//   {"op": "serial", "text": S}       type on the USB serial port
//   {"op": "bus", "instant": B}       I2C at 400 kHz (9 bit times a byte) or infinitely fast
//   {"op": "power_cycle"}             power off and on: RAM lost, flash kept
//   {"op": "read", "addr": A, "len": L}  -> {"ev": "mem", "hex": ...}
//   {"op": "profile", "on": B}        count cycles per function (from the symbol table)
//   {"op": "profile_dump", "top": N}  -> {"ev": "profile", "rows": [[name, cycles, calls], ...]}
// and it says: {"ev": "i2c", "addr", "t0", "t1", "hex"}, {"ev": "serial", "text"},
// {"ev": "watchdog"}, {"ev": "ran", "t": ns since power-on, "busy": ns the core ran}.
import fs from 'node:fs';
import readline from 'node:readline';
import { ConsoleLogger, LogLevel, RP2040, USBCDC } from 'rp2040js';

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];

const FLASH_BASE = 0x10000000;
const LFS_OFFSET = 0xa0000; // where ports/rp2's _boot.py mounts littlefs on a 2 MB Pico
const OLED_ADDR = 0x3c;
const RTC_ADDR = 0x68;
const BUTTON_GPIOS = [10, 11, 12, 13, 14];
const VBUS_GPIO = 24;
const VSYS_ADC = 3; // GP29: VSYS through the Pico's 3:1 divider
const CYCLE_NS = 8; // 125 MHz
// W25Q16JV (the Pico's flash), typical times from its datasheet: the core stalls while
// the chip erases or programs, as it does on the board
const ERASE_NS_PER_4K = 45e6;
const PROGRAM_NS_PER_256 = 0.4e6;

const out = (obj) => process.stdout.write(JSON.stringify(obj) + '\n');
const hex = (bytes) => Buffer.from(bytes).toString('hex');

// -- what is kept across power cycles: the flash and the inputs ------------------------------
const flash = new Uint8Array(16 * 1024 * 1024).fill(0xff);
{
  const uf2 = fs.readFileSync(args.uf2);
  for (let off = 0; off + 512 <= uf2.length; off += 512) {
    if (uf2.readUInt32LE(off) !== 0x0a324655) continue; // not a UF2 block
    const addr = uf2.readUInt32LE(off + 12);
    const size = uf2.readUInt32LE(off + 16);
    if (addr >= FLASH_BASE && addr < FLASH_BASE + flash.length) {
      flash.set(uf2.subarray(off + 32, off + 32 + size), addr - FLASH_BASE);
    }
  }
  if (args.image) flash.set(fs.readFileSync(args.image), LFS_OFFSET);
}
const rom = fs.readFileSync(args.rom);
const symbols = []; // [address, size, name], sorted: for the profile
if (args.syms) {
  for (const line of fs.readFileSync(args.syms, 'utf8').split('\n')) {
    const p = line.trim().split(/\s+/);
    if (p.length >= 3 && /^[0-9a-f]+$/i.test(p[0])) symbols.push([parseInt(p[0], 16) & ~1, parseInt(p[1], 16) || 0, p[p.length - 1]]);
  }
  symbols.sort((a, b) => a[0] - b[0]);
}
const symbol = (name) => {
  const s = symbols.find((e) => e[2] === name);
  return s ? s[0] : -1;
};
const inputs = {};
for (const g of BUTTON_GPIOS) inputs[g] = true; // rp2040js has no pull-ups: held high
inputs[VBUS_GPIO] = true; // on USB power
let instantBus = false;

// -- the DS3231: registers 0x00-0x12, the time in BCD from `secs` (seconds since
// 2000-01-01) counted on the emulated time of every power-on so far; a new one has its
// oscillator-stop flag (status bit 7) set until the firmware writes a time and clears it
const rtc = args.rtc === '1' ? { secs: 0, at: 0, osf: true, status: 0x08, control: 0x1c, pointer: 0 } : null;
let pastNs = 0; // emulated time of the power-ons before this one
const rtcNow = () => rtc.secs + Math.floor((pastNs + clock.nanos - rtc.at) / 1e9);
const bcd = (n) => (Math.floor(n / 10) << 4) | n % 10;
const unbcd = (b) => (b >> 4) * 10 + (b & 0x0f);
const EPOCH_MS = Date.UTC(2000, 0, 1);

function rtcRegisters() {
  const s = rtcNow();
  const d = new Date(EPOCH_MS + s * 1000);
  const r = new Array(0x13).fill(0);
  r[0] = bcd(d.getUTCSeconds());
  r[1] = bcd(d.getUTCMinutes());
  r[2] = bcd(d.getUTCHours());
  r[3] = ((d.getUTCDay() + 6) % 7) + 1; // 1 = Monday, as the driver writes it
  r[4] = bcd(d.getUTCDate());
  r[5] = bcd(d.getUTCMonth() + 1);
  r[6] = bcd(d.getUTCFullYear() % 100);
  r[0x0e] = rtc.control;
  r[0x0f] = rtc.status | (rtc.osf ? 0x80 : 0);
  r[0x11] = 25; // 25 C
  return r;
}

function rtcWrite(bytes) {
  // one write transaction: the register address, then the registers from there on
  rtc.pointer = bytes[0] % 0x13;
  if (bytes.length < 2) return; // the address for a read
  const r = rtcRegisters();
  for (const b of bytes.slice(1)) {
    if (rtc.pointer === 0x0f) {
      rtc.status = b & 0x0f;
      if (!(b & 0x80)) rtc.osf = false; // OSF clears on a 0 only
    } else r[rtc.pointer] = b;
    rtc.pointer = (rtc.pointer + 1) % 0x13;
  }
  rtc.control = r[0x0e];
  if (bytes[0] < 7) {
    // the time, in 24-hour mode as the driver writes it
    const ms = Date.UTC(2000 + unbcd(r[6]), unbcd(r[5] & 0x1f) - 1, unbcd(r[4]), unbcd(r[2] & 0x3f), unbcd(r[1]), unbcd(r[0] & 0x7f));
    rtc.secs = (ms - EPOCH_MS) / 1000;
    rtc.at = pastNs + clock.nanos;
  }
}

// -- the chip ------------------------------------------------------------------------------
let clock, mcu, cdc, eraseAt, programAt, busyNs, pendingRead, serialIn, profile, profileHits;

function romFunction(code) {
  // the boot ROM's own routines, for a UF2 without a symbol table: its table of
  // (16-bit code, 16-bit address) pairs, pointed to from 0x14
  const rom16 = (a) => rom[a] | (rom[a + 1] << 8);
  for (let p = rom16(0x14); rom16(p); p += 4) if (rom16(p) === code) return rom16(p + 2) & ~1;
  return -1;
}

function powerOn() {
  mcu = new RP2040(); // on its own simulation clock: time advances only as we run it
  clock = mcu.clock;
  mcu.logger = new ConsoleLogger(LogLevel.Error);
  mcu.loadBootrom(new Uint32Array(rom.buffer.slice(rom.byteOffset, rom.byteOffset + rom.length)));
  mcu.flash.set(flash);
  mcu.core.PC = FLASH_BASE;
  for (const g in inputs) mcu.gpio[g].setInputValue(inputs[g]);
  mcu.adc.channelValues[VSYS_ADC] = Math.round(((5000 / 3) * 4095) / 3300); // 5 V from USB
  // The SDK's flash routines run from RAM; done here on the flash array instead (rp2040js
  // models no flash writes): erase sets bytes to 0xFF, program ANDs as NOR flash does.
  eraseAt = symbol('flash_range_erase');
  programAt = symbol('flash_range_program');
  if (eraseAt < 0 || programAt < 0) {
    eraseAt = romFunction(0x52 | (0x45 << 8)); // 'RE'
    programAt = romFunction(0x52 | (0x50 << 8)); // 'RP'
  }
  busyNs = 0;
  pendingRead = null;
  serialIn = [];
  wireI2C();
  wireUSB();
  mcu.peripherals[0x40058].onWatchdogTrigger = () => {
    out({ ev: 'watchdog' });
    keepFlash();
    pastNs += clock.nanos;
    powerOn();
  };
}

function keepFlash() {
  flash.set(mcu.flash);
}

function wireI2C() {
  const i2c = mcu.i2c[0];
  let cur = null;
  const later = (fn, bits) => {
    if (instantBus) return fn();
    // one bit time from the SCL high and low counts the firmware programmed
    const bitNs = ((i2c.sclHighPeriod + i2c.sclLowPeriod) * 1e9) / mcu.clkSys;
    clock.createAlarm(fn).schedule(bits * bitNs);
  };
  i2c.onStart = () => later(() => i2c.completeStart(), 1);
  const toRtc = (addr) => rtc !== null && addr === RTC_ADDR;
  i2c.onConnect = (addr, read) => {
    if (cur && toRtc(cur.addr) && cur.bytes.length) rtcWrite(cur.bytes); // a repeated start
    cur = { addr, t0: clock.nanos, bytes: [], regs: read && toRtc(addr) ? rtcRegisters() : null };
    later(() => i2c.completeConnect((addr === OLED_ADDR && !read) || toRtc(addr)), 9);
  };
  i2c.onWriteByte = (value) => {
    cur.bytes.push(value);
    later(() => i2c.completeWrite(true), 9);
  };
  i2c.onReadByte = () => {
    let value = 0xff;
    if (cur && cur.regs) {
      value = cur.regs[rtc.pointer];
      rtc.pointer = (rtc.pointer + 1) % 0x13;
    }
    later(() => i2c.completeRead(value), 9);
  };
  i2c.onStop = () => {
    later(() => {
      if (cur && toRtc(cur.addr) && cur.bytes.length) rtcWrite(cur.bytes);
      else if (cur && cur.bytes.length) out({ ev: 'i2c', addr: cur.addr, t0: cur.t0, t1: clock.nanos, hex: hex(cur.bytes) });
      cur = null;
      i2c.completeStop();
    }, 1);
  };
}

function wireUSB() {
  cdc = new USBCDC(mcu.usbCtrl);
  cdc.onSerialData = (buf) => out({ ev: 'serial', text: Buffer.from(buf).toString('latin1') });
  // A host answers the OUT endpoint only when it has something to send; answering every
  // read at once with nothing would keep the core in USB interrupts for good.
  const answer = mcu.usbCtrl.onEndpointRead;
  mcu.usbCtrl.onEndpointRead = (ep, size) => {
    if (cdc.txFIFO.itemCount === 0 && serialIn.length === 0) {
      pendingRead = [ep, size];
      return;
    }
    while (serialIn.length && !cdc.txFIFO.full) cdc.sendSerialByte(serialIn.shift());
    answer(ep, size);
  };
}

function typeSerial(text) {
  for (const ch of Buffer.from(text, 'latin1')) serialIn.push(ch);
  if (pendingRead) {
    const [ep, size] = pendingRead;
    pendingRead = null;
    mcu.usbCtrl.onEndpointRead(ep, size);
  }
}

// -- running ---------------------------------------------------------------------------------
function run(ns) {
  const core = mcu.core;
  const regs = core.registers;
  const end = clock.nanos + ns;
  while (clock.nanos < end) {
    if (core.waiting) {
      // asleep (WFI/WFE): on to the next timer, bus or USB event, at most to the end
      clock.tick(clock.nextAlarm ? Math.min(clock.nanosToNextAlarm, end - clock.nanos) : end - clock.nanos);
      continue;
    }
    const pc = core.PC;
    if (pc === eraseAt) {
      mcu.flash.fill(0xff, regs[0], regs[0] + regs[1]);
      core.PC = regs[14] & ~1;
      clock.tick((regs[1] / 4096) * ERASE_NS_PER_4K);
      continue;
    }
    if (pc === programAt) {
      for (let i = 0; i < regs[2]; i++) mcu.flash[regs[0] + i] &= mcu.readUint8(regs[1] + i);
      core.PC = regs[14] & ~1;
      clock.tick(Math.ceil(regs[2] / 256) * PROGRAM_NS_PER_256);
      continue;
    }
    const cycles = core.executeInstruction();
    busyNs += cycles * CYCLE_NS;
    if (profile) {
      profile.set(pc, (profile.get(pc) || 0) + cycles);
      profileHits.set(pc, (profileHits.get(pc) || 0) + 1);
    }
    clock.tick(cycles * CYCLE_NS);
  }
}

function profileRows(top) {
  // -> [[function, cycles, calls]]: calls are the times its first instruction ran
  const byName = new Map();
  const calls = new Map();
  for (const [pc, cycles] of profile) {
    let lo = 0;
    let hi = symbols.length - 1;
    let name = '?';
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (symbols[mid][0] <= pc) {
        name = symbols[mid][2];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    byName.set(name, (byName.get(name) || 0) + cycles);
    if (lo > 0 && symbols[lo - 1][0] === pc) calls.set(name, (calls.get(name) || 0) + profileHits.get(pc));
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, cycles]) => [name, cycles, calls.get(name) || 0]);
}

powerOn();
const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const cmd = JSON.parse(line);
  switch (cmd.op) {
    case 'run':
      run(cmd.ns);
      out({ ev: 'ran', t: clock.nanos, busy: busyNs });
      break;
    case 'run_until_asleep': {
      // on until the core sleeps (between two ticks), at most ns
      const end = clock.nanos + cmd.ns;
      while (!mcu.core.waiting && clock.nanos < end) run(8);
      out({ ev: 'ran', t: clock.nanos, busy: busyNs });
      break;
    }
    case 'pin':
      inputs[cmd.gpio] = cmd.high;
      mcu.gpio[cmd.gpio].setInputValue(cmd.high);
      out({ ev: 'ok' });
      break;
    case 'serial':
      typeSerial(cmd.text);
      out({ ev: 'ok' });
      break;
    case 'bus':
      instantBus = cmd.instant;
      out({ ev: 'ok' });
      break;
    case 'power_cycle':
      keepFlash();
      pastNs += clock.nanos;
      powerOn();
      out({ ev: 'ok' });
      break;
    case 'read': {
      const a = cmd.addr;
      const bytes = a >= FLASH_BASE && a < FLASH_BASE + flash.length
        ? mcu.flash.subarray(a - FLASH_BASE, a - FLASH_BASE + cmd.len)
        : Uint8Array.from({ length: cmd.len }, (_, i) => mcu.readUint8(a + i));
      out({ ev: 'mem', hex: hex(bytes) });
      break;
    }
    case 'profile':
      profile = cmd.on ? new Map() : null;
      profileHits = new Map();
      out({ ev: 'ok' });
      break;
    case 'profile_dump':
      out({ ev: 'profile', rows: profile ? profileRows(cmd.top || 30) : [] });
      break;
    default:
      out({ ev: 'error', text: 'unknown op ' + cmd.op });
  }
});
rl.on('close', () => process.exit(0));
