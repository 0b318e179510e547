// Leafkeeper in the browser: the unchanged firmware and the desktop simulator's board
// (host_tools.sim: fake machine/neopixel, the OLED emulator, the fake flash) run in
// MicroPython's own WebAssembly port. This file only drives them: it ticks the loop in
// step with real time, turns clicks, touches and keys into button levels, paints the
// pixels the OLED emulator decoded and the LED colours the strip was sent, and keeps the
// fake flash's files in the browser's storage. It draws no screen of its own.
//
// URL options: ?seed=N (the dice; default: new each visit), ?clock=manual (time moves
// only through leafkeeper.advance(ms), for tests), ?leds=6, ?display=sh1106.

import qrcode from "./vendor/qrcode.mjs"; // qrcode-generator 2.0.4, MIT (vendor/LICENSE-qrcode-generator.txt)

const TICK_MS = 20; // the firmware's loop period (core/loop.py)
const MIN_HOLD_MS = 80; // a tap shorter than this is held this long, like sim.press()
const MAX_CATCH_UP_MS = 60_000; // after a sleeping laptop, do not replay hours
const SCREEN_MS = 40; // the screen is read at most 25 times a second in real time
const FLASH_DIR = "/flash";
const STORE = "leafkeeper/flash/"; // localStorage key prefix, one key per flash file
const ASIDE = "leafkeeper/aside/"; // stored entries the flash does not take, kept here
// Storage is input: any page of the same origin can write it. Only the names the firmware
// gives its files go into the flash folder (core/storage.py: name.json, written as
// name.tmp, a damaged one kept as name.bad or name-N.bad, core/damaged.py; the history's
// hist_K.json and hjour_J.json; core/crashlog.py: crash.log, written as crash.log.tmp):
// never empty, no "/" or "..", so nothing lands outside /flash.
const FLASH_NAME = /^[a-z0-9_]{1,40}(\.json|\.tmp|\.bad|-[1-9][0-9]{0,5}\.bad|\.log|\.log\.tmp)$/;

// the face, in OLED pixels, as host_tools/sim/render.py lays it out: the 128x64 panel in its
// bezel, the LEDs on an ellipse around it at even angles (LED i towards seat i)
const OLED_W = 128, OLED_H = 64, BEZEL = 4, LED_R = 3.5, PAD = 3;
const GLASS = "rgb(5,6,8)", OLED_UNLIT = "rgb(11,14,19)", OLED_GAP = "rgb(0,0,0)";
const OLED_LIT = [196, 230, 255], MIN_BRIGHTNESS = 0.3;
const GROOVE = "rgb(34,37,44)", LED_OFF_FILL = "rgb(26,28,33)", LED_OFF_EDGE = "rgb(84,88,96)";

const KEYS = {
  ArrowUp: "UP", ArrowDown: "DOWN", Enter: "OK", Backspace: "BACK", Escape: "BACK", " ": "ROLL",
};

const params = new URLSearchParams(location.search);
const manualClock = params.get("clock") === "manual";
const fixedSeed = params.has("seed") ? Number(params.get("seed")) | 0 : null;
const nLeds = params.get("leds") === "6" ? 6 : 12;
const display = params.get("display") === "sh1106" ? "sh1106" : "ssd1306";

const canvas = document.getElementById("face");
const ctx = canvas.getContext("2d");
const statusLine = document.getElementById("status");
const historySection = document.getElementById("history");
const gamesList = document.getElementById("games");
const undatedNote = document.getElementById("undated");
const powerButton = document.getElementById("power");

let mp = null; // the MicroPython instance
let WebDevice = null; // host_tools.web.device.WebDevice
let dev = null; // {step, down, up, screen, brightness, leds, text, powerCut}
let on = false;
let vclock = 0; // virtual ms since the page started the device
let screen = ""; // 8192 chars of '#'/'.', as the OLED emulator decoded them
let brightness = -1;
let leds = "";
let dirty = true;
let homeAt = null;
let storageOk = true;
let storageFull = false; // the storage refused the flash's last write
let failed = null;

function setStatus(text, error = false) {
  statusLine.textContent = text;
  statusLine.classList.toggle("error", error);
}

// ---- the device ------------------------------------------------------------------------
function newSeed() {
  if (fixedSeed !== null) return fixedSeed;
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] & 0x7fffffff; // an int that crosses into MicroPython as it is
}

// the browser's local time as `leafkeeper clock` sends it over USB (core/hostlink.py)
function clockLine() {
  const d = new Date();
  const parts = [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()];
  return "LK-CLOCK " + parts.join(" ") + "\n";
}

function makeDevice() {
  const d = WebDevice(newSeed(), FLASH_DIR, keep, nLeds, display);
  d.serial_write(clockLine()); // as a computer on USB does: the games are dated
  // bound once: each property lookup on a Python object makes a new JS proxy
  dev = {
    step: d.step, down: d.button_down, up: d.button_up, screen: d.screen,
    brightness: d.brightness, leds: d.leds, text: d.text, powerCut: d.power_cut,
    history: d.history,
  };
  on = true;
  dirty = true;
  refresh(1);
  showHistory(); // the games the flash kept from before
}

// Reading the screen costs the decoder's pixels() (about 13 ms in WebAssembly on a
// laptop), so while it changes every tick (a roll) it is read at most every SCREEN_MS.
let screenDue = false;
let screenReadAt = -Infinity;
function refresh(flags, force = true) {
  screenDue ||= (flags & 1) !== 0;
  if (screenDue && (force || performance.now() - screenReadAt >= SCREEN_MS)) {
    screen = dev.screen();
    brightness = dev.brightness();
    screenDue = false;
    screenReadAt = performance.now();
    dirty = true;
  }
  const now = dev.leds();
  if (now !== leds) {
    leds = now;
    dirty = true;
  }
  if (flags & 2) showHistory();
}

// ---- History: each finished game's "Add to BG Stats" link and its QR code -----------------
const QR_CELL = 4; // pixels per module, shown at its own size: a phone reads it off a laptop screen
const QR_QUIET = 4; // modules of white margin, as the QR standard asks
let shownHistory = "";

// the link and what it carries come from the firmware's history through bgplay.py (the
// same code as `leafkeeper pull --bgstats`); names are the players' own: text, never markup
function showHistory() {
  const json = dev.history(params.get("location") || ""); // where the plays were: ?location=
  if (json === shownHistory) return;
  shownHistory = json;
  const games = JSON.parse(json);
  gamesList.replaceChildren(...games.map(gameItem));
  historySection.hidden = games.length === 0;
  // BG Stats files a play without a date on the day it is imported: say which those are
  const undated = games.filter((g) => !g.play.playDate).map((g) => "#" + g.no + " " + g.play.game.name);
  undatedNote.textContent = undated.length
    ? "Undated: " + undated.join(", ") + ". These ended before the clock was set: BG Stats files a play " +
      "without a date on the day it is imported (set the day in its import dialog)."
    : "";
  undatedNote.hidden = undated.length === 0;
}

function gameItem({ no, play, link }) {
  const li = document.createElement("li");
  li.className = "game";
  const head = document.createElement("p");
  const title = document.createElement("b");
  title.textContent = "#" + no + " " + play.game.name;
  const when = document.createElement("span");
  when.className = "when";
  when.textContent = " " + (play.playDate || "undated");
  head.append(title, when);
  const who = document.createElement("p");
  who.textContent = play.players
    .map((p) => p.name + ("score" in p ? " " + p.score : "") + (p.winner ? " (won)" : ""))
    .join(", ");
  const a = document.createElement("a");
  a.className = "bgstats";
  a.href = link;
  a.target = "_blank";
  a.rel = "noopener";
  a.textContent = "Add to BG Stats";
  li.append(qrCanvas(link), head, who, a);
  return li;
}

function qrCanvas(text) {
  const qr = qrcode(0, "L"); // the smallest version that holds the link
  qr.addData(text, "Byte");
  qr.make();
  const n = qr.getModuleCount();
  const c = document.createElement("canvas");
  c.className = "qr";
  c.width = c.height = (n + 2 * QR_QUIET) * QR_CELL;
  c.setAttribute("role", "img");
  c.setAttribute("aria-label", "QR code of the Add to BG Stats link");
  const g = c.getContext("2d");
  g.fillStyle = "#fff";
  g.fillRect(0, 0, c.width, c.height);
  g.fillStyle = "#000";
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (qr.isDark(y, x)) g.fillRect((x + QR_QUIET) * QR_CELL, (y + QR_QUIET) * QR_CELL, QR_CELL, QR_CELL);
    }
  }
  return c;
}

// one tick per call into MicroPython: its GC runs when control is back here
function run(ms, force = true) {
  let flags = 0;
  for (let t = 0; t + TICK_MS <= ms; t += TICK_MS) {
    releaseDue();
    flags |= dev.step(TICK_MS);
    vclock += TICK_MS;
  }
  refresh(flags, force);
}

let owed = 0;
let last = 0;
function pump() {
  if (failed) return;
  const now = performance.now();
  owed += Math.min(now - last, MAX_CATCH_UP_MS);
  last = now;
  const ms = owed - (owed % TICK_MS);
  owed -= ms;
  try {
    run(ms, false);
    draw();
  } catch (e) {
    fail("The simulator stopped", e);
  }
}

function fail(what, e) {
  failed = e;
  console.error(e);
  setStatus(what + ": " + (e && e.message ? e.message.trim().split("\n").pop() : e), true);
}

// ---- buttons: pointer (mouse, pen, touch), keyboard -------------------------------------
const held = new Map(); // button -> Set of what holds it (pointer ids, key codes)
const downAt = new Map(); // button -> vclock when it went down
const releaseAt = new Map(); // button -> vclock when a short tap is let go
const buttonEls = new Map();

// in real time, the loop first catches up to now, so a press or a release happens at the
// virtual time it happened in the room, even when a busy page ran its timer late
function catchUp() {
  if (!manualClock && dev) pump();
}

function hold(name, source) {
  if (!dev) return;
  catchUp();
  const sources = held.get(name) || new Set();
  held.set(name, sources);
  if (!sources.size) {
    if (releaseAt.has(name)) releaseAt.delete(name); // pressed again before the tap ended
    else {
      dev.down(name);
      downAt.set(name, vclock);
    }
  }
  sources.add(source);
  buttonEls.get(name)?.classList.add("down");
}

function release(name, source) {
  const sources = held.get(name);
  if (!sources || !sources.delete(source) || sources.size) return;
  catchUp();
  const due = downAt.get(name) + MIN_HOLD_MS;
  if (vclock >= due) letGo(name);
  else releaseAt.set(name, due);
}

function letGo(name) {
  releaseAt.delete(name);
  downAt.delete(name);
  if (dev) dev.up(name);
  buttonEls.get(name)?.classList.remove("down");
}

function releaseDue() {
  for (const [name, due] of releaseAt) if (vclock >= due) letGo(name);
}

function releaseAll() {
  for (const [name, sources] of held) {
    if (sources.size) {
      sources.clear();
      letGo(name);
    }
  }
  for (const name of [...releaseAt.keys()]) letGo(name);
}

for (const el of document.querySelectorAll("[data-button]")) {
  const name = el.dataset.button;
  buttonEls.set(name, el);
  el.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    e.preventDefault(); // no focus ring, text selection or scrolling from a press
    try {
      el.setPointerCapture(e.pointerId); // the release counts wherever the finger goes
    } catch {}
    hold(name, "pointer" + e.pointerId);
  });
  for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) {
    el.addEventListener(type, (e) => release(name, "pointer" + e.pointerId));
  }
  // a long press on a phone must stay a long press, not open a menu or select text
  el.addEventListener("contextmenu", (e) => e.preventDefault());
}

addEventListener("keydown", (e) => {
  const name = KEYS[e.key];
  if (!name || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault(); // Space must not scroll, Backspace must not go back
  if (!e.repeat) hold(name, "key" + e.code);
});
addEventListener("keyup", (e) => {
  const name = KEYS[e.key];
  if (name) release(name, "key" + e.code);
});
// key-ups go elsewhere once the page loses focus: never leave a button stuck
addEventListener("blur", releaseAll);
document.addEventListener("visibilitychange", () => document.hidden && releaseAll());

// ---- power cut and storage -------------------------------------------------------------
function powerCut(why) {
  releaseAll();
  dev.powerCut();
  on = false;
  refresh(1);
  draw();
  powerButton.textContent = "Power on";
  setStatus(why);
}

powerButton.addEventListener("click", () => {
  if (!dev) return;
  if (on) {
    powerCut("Power cut: the device is off. Its flash keeps every completed write.");
  } else {
    let aside;
    try {
      aside = restoreFlash(); // boot from what the browser kept, as from the device's flash
      makeDevice();
      draw();
    } catch (e) {
      fail("The device could not start", e);
      return;
    }
    powerButton.textContent = "Power cut";
    setStatus((storageOk ? "Booted from the flash this browser keeps." : "Booted (browser storage unavailable).") + asideNote(aside));
  }
});

// One flash, one device: when a page in another tab writes to it, this one goes off
// rather than overwrite that tab's games with its own; Power on boots from what it wrote.
addEventListener("storage", (e) => {
  if (dev && on && (e.key === null || e.key.startsWith(STORE))) {
    powerCut("Off: the device is running in another tab. Power on here to take it back.");
  }
});

function unb64(text) {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function flashNames() {
  return mp.FS.readdir(FLASH_DIR).filter((n) => n !== "." && n !== "..");
}

// the fake flash's folder <- browser storage (before a device is made) -> the names of
// the entries set aside: a name the firmware never writes, or a value that is not base64
function restoreFlash() {
  const FS = mp.FS;
  try {
    FS.mkdir(FLASH_DIR);
  } catch {}
  let keys;
  try {
    keys = Object.keys(localStorage).filter((k) => k.startsWith(STORE));
  } catch {
    storageOk = false; // no storage here (a privacy mode): the flash lives in this tab only
    return [];
  }
  for (const name of flashNames()) FS.unlink(FLASH_DIR + "/" + name);
  const aside = [];
  for (const key of keys) {
    const name = key.slice(STORE.length);
    const text = localStorage.getItem(key);
    let bytes = null;
    if (FLASH_NAME.test(name)) {
      try {
        bytes = unb64(text);
      } catch {} // not base64
    }
    if (bytes === null) {
      setAside(key, name, text);
      aside.push(name);
      continue;
    }
    FS.writeFile(FLASH_DIR + "/" + name, bytes);
  }
  return aside;
}

// a stored entry out of the flash's keys, kept under ASIDE (a second one of a name beside
// the first, never over it), so that nothing is lost and no load trips on it again
function setAside(key, name, text) {
  let to = ASIDE + name;
  for (let n = 2; localStorage.getItem(to) !== null && localStorage.getItem(to) !== text; n++) {
    to = ASIDE + name + "~" + n;
  }
  try {
    localStorage.setItem(to, text);
    localStorage.removeItem(key);
  } catch {} // storage full: it stays where it was, still out of the flash
}

// the status line's word on what restoreFlash() set aside, "" when nothing
function asideNote(aside) {
  if (!aside.length) return "";
  const names = aside.slice(0, 3).map((n) => JSON.stringify(n.length > 40 ? n.slice(0, 40) + "…" : n));
  return (
    " Set aside, not a file this device writes or not readable: " + names.join(", ") +
    (aside.length > 3 ? " and " + (aside.length - 3) + " more" : "") +
    " (kept in this browser's storage under " + ASIDE + ")."
  );
}

// browser storage <- the device's flash, each file as the flash holds it (device.py
// PageFlash): text in base64, or null when the file is gone. -> false when the storage
// refused it (full): the firmware hears ENOSPC, as from the device's full flash, keeps
// what it could not write in memory and says so on the screen. Every later write tries
// the storage again: the firmware's next save writes what it kept.
function keep(name, text) {
  if (!storageOk) return true; // no storage here: the flash lives in this tab, as the status line says
  try {
    if (text == null) localStorage.removeItem(STORE + name);
    else localStorage.setItem(STORE + name, text);
  } catch {
    if (!storageFull) {
      storageFull = true;
      setStatus("Browser storage is full: so is the device's flash, and its screen says what is not saved. With room again, its next save writes it.", true);
    }
    return false;
  }
  if (storageFull && text != null) {
    storageFull = false;
    setStatus("Browser storage has room again: the device saves.");
  }
  return true;
}

// ---- drawing ------------------------------------------------------------------------------
function faceLayout(n) {
  const ledClear = 2 + LED_R;
  const halfW = OLED_W / 2 + BEZEL + ledClear;
  const halfH = OLED_H / 2 + BEZEL + ledClear;
  let stretch = 1;
  for (let i = 0; i < n; i++) {
    const t = (2 * Math.PI * i) / n;
    const s = Math.abs(Math.sin(t)), c = Math.abs(Math.cos(t));
    stretch = Math.max(stretch, Math.min(s > 1e-9 ? 1 / s : Infinity, c > 1e-9 ? 1 / c : Infinity));
  }
  const ax = halfW * stretch, ay = halfH * stretch;
  const w = 2 * (ax + LED_R + PAD), h = 2 * (ay + LED_R + PAD);
  const cx = w / 2, cy = h / 2;
  const ledsAt = [];
  for (let i = 0; i < n; i++) {
    const t = (2 * Math.PI * i) / n;
    ledsAt.push([cx + ax * Math.sin(t), cy - ay * Math.cos(t)]);
  }
  return { w, h, cx, cy, ax, ay, ledsAt, ox: cx - OLED_W / 2, oy: cy - OLED_H / 2 };
}

const face = faceLayout(nLeds);
canvas.style.aspectRatio = face.w + " / " + face.h;

// the panel's pixel grid in canvas pixels: whole numbers, so every pixel is crisp at any
// zoom and any device pixel ratio
function grid() {
  const u = canvas.width / face.w;
  const x0 = Math.round(face.ox * u), y0 = Math.round(face.oy * u);
  const xs = [], ys = [];
  for (let i = 0; i <= OLED_W; i++) xs.push(x0 + Math.round(i * u));
  for (let j = 0; j <= OLED_H; j++) ys.push(y0 + Math.round(j * u));
  const gap = u < 2 ? 0 : Math.max(1, Math.round(u / 4));
  return { u, xs, ys, gap };
}

function ledColour(hex) {
  // as render.led_display_colour: the brightest channel gamma-lifted, the others with it
  // (a WS2812 at low PWM looks far brighter than the same number in sRGB; no hue shift)
  const rgb = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const peak = Math.max(...rgb);
  if (!peak) return null;
  const gain = (255 * (peak / 255) ** (1 / 2.2)) / peak;
  return rgb.map((c) => Math.min(255, Math.round(c * gain)));
}

function draw() {
  if (!dirty) return;
  dirty = false;
  paint();
  watchHome();
}

function paint() {
  const { u, xs, ys, gap } = grid();
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  // the groove of the ring and the glass
  ctx.strokeStyle = GROOVE;
  ctx.lineWidth = Math.max(1, u / 2);
  ctx.beginPath();
  ctx.ellipse(face.cx * u, face.cy * u, face.ax * u, face.ay * u, 0, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.fillStyle = GLASS;
  ctx.beginPath();
  ctx.roundRect((face.ox - BEZEL) * u, (face.oy - BEZEL) * u, (OLED_W + 2 * BEZEL) * u, (OLED_H + 2 * BEZEL) * u, 3 * u);
  ctx.fill();
  // the panel: every pixel a cell with a thin dark gap, lit as the decoder says
  ctx.fillStyle = OLED_GAP;
  ctx.fillRect(xs[0], ys[0], xs[OLED_W] - xs[0], ys[OLED_H] - ys[0]);
  const f = brightness < 0 ? 0 : MIN_BRIGHTNESS + ((1 - MIN_BRIGHTNESS) * brightness) / 255;
  const lit = "rgb(" + OLED_LIT.map((c) => Math.round(c * f)).join(",") + ")";
  for (let y = 0; y < OLED_H; y++) {
    const top = ys[y], hgt = ys[y + 1] - top - gap;
    for (let x = 0; x < OLED_W; x++) {
      ctx.fillStyle = brightness >= 0 && screen[y * OLED_W + x] === "#" ? lit : OLED_UNLIT;
      ctx.fillRect(xs[x], top, xs[x + 1] - xs[x] - gap, hgt);
    }
  }
  // the LEDs, in the colours last written to the strip
  const r = LED_R * u;
  face.ledsAt.forEach(([lx, ly], i) => {
    const colour = ledColour(leds.slice(6 * i, 6 * i + 6) || "000000");
    const x = lx * u, y = ly * u;
    if (!colour) {
      ctx.fillStyle = LED_OFF_FILL;
      ctx.beginPath();
      ctx.arc(x, y, r, 0, 2 * Math.PI);
      ctx.fill();
      ctx.strokeStyle = LED_OFF_EDGE;
      ctx.lineWidth = Math.max(1, u / 2);
      ctx.beginPath();
      ctx.arc(x, y, r - ctx.lineWidth / 2, 0, 2 * Math.PI);
      ctx.stroke();
      return;
    }
    const strength = Math.max(...colour) / 255; // a dim LED glows less
    const reach = 2.8 * r;
    const halo = ctx.createRadialGradient(x, y, 0, x, y, reach);
    for (const s of [0, 0.25, 0.5, 0.75, 1]) {
      halo.addColorStop(s, "rgba(" + colour.join(",") + "," + ((200 / 255) * strength * (1 - s) ** 2).toFixed(3) + ")");
    }
    ctx.fillStyle = halo;
    ctx.beginPath();
    ctx.arc(x, y, reach, 0, 2 * Math.PI);
    ctx.fill();
    ctx.fillStyle = "rgb(" + colour.join(",") + ")";
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.fill();
  });
}

function fit() {
  // the canvas's own pixels follow its size on screen times the device pixel ratio
  const ratio = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(canvas.clientWidth * ratio));
  const h = Math.max(1, Math.round((w * face.h) / face.w));
  if (w !== canvas.width || h !== canvas.height) {
    canvas.width = w;
    canvas.height = h;
    dirty = true;
    draw();
  }
}
new ResizeObserver(fit).observe(canvas);
// a zoom changes the ratio without resizing the canvas's CSS box
function watchRatio() {
  matchMedia("(resolution: " + (window.devicePixelRatio || 1) + "dppx)").addEventListener(
    "change", () => { fit(); watchRatio(); }, { once: true },
  );
}
watchRatio();

// the panel read back from the canvas, one sample at the centre of each cell: what the
// page shows, for tests to compare with the simulator's pixels()
function glass() {
  const { xs, ys, gap } = grid();
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  const rows = [];
  for (let y = 0; y < OLED_H; y++) {
    const py = Math.floor((ys[y] + ys[y + 1] - gap) / 2);
    let row = "";
    for (let x = 0; x < OLED_W; x++) {
      const px = Math.floor((xs[x] + xs[x + 1] - gap) / 2);
      row += data[(py * canvas.width + px) * 4 + 1] > 40 ? "#" : ".";
    }
    rows.push(row);
  }
  return rows;
}

// the LEDs read back from the canvas, at each LED's centre: [r, g, b] as painted
function ledsDrawn() {
  const u = canvas.width / face.w;
  return face.ledsAt.map(([x, y]) => Array.from(ctx.getImageData(Math.floor(x * u), Math.floor(y * u), 1, 1).data.slice(0, 3)));
}

// ---- start ----------------------------------------------------------------------------------
function unpack(buffer, root) {
  // the build's bundle (host_tools/web/build.py pack()) into MicroPython's file system
  const FS = mp.FS;
  const bytes = new Uint8Array(buffer);
  const view = new DataView(buffer);
  const magic = new TextDecoder().decode(bytes.subarray(0, 6));
  if (magic !== "LKFS1\n") throw new Error("the firmware bundle is damaged");
  const made = new Set();
  const mkdirs = (path) => {
    const parts = path.split("/");
    for (let i = 2; i < parts.length; i++) {
      const dir = parts.slice(0, i).join("/");
      if (!made.has(dir)) {
        try {
          FS.mkdir(dir);
        } catch {}
        made.add(dir);
      }
    }
  };
  let files = 0;
  for (let i = 6; i < bytes.length; ) {
    const n = view.getUint16(i, true);
    const name = new TextDecoder().decode(bytes.subarray(i + 2, i + 2 + n));
    i += 2 + n;
    const size = view.getUint32(i, true);
    const path = root + "/" + name;
    mkdirs(path);
    FS.writeFile(path, bytes.subarray(i + 4, i + 4 + size));
    i += 4 + size;
    files++;
  }
  return files;
}

async function start() {
  const files = JSON.parse(document.getElementById("lk-files").textContent);
  setStatus("Loading MicroPython " + files.version + "…");
  const [runtime, bundle] = await Promise.all([
    import(new URL(files.runtime, location.href).href),
    fetch(files.bundle).then((r) => {
      if (!r.ok) throw new Error("could not load " + files.bundle + " (" + r.status + ")");
      return r.arrayBuffer();
    }),
  ]);
  const lines = [];
  mp = await runtime.loadMicroPython({
    url: new URL(files.wasm, location.href).href,
    heapsize: 2 * 1024 * 1024,
    stdout: (line) => console.log(line),
    stderr: (line) => {
      lines.push(line);
      console.error(line);
    },
  });
  unpack(bundle, "/lk");
  const aside = restoreFlash();
  mp.runPython("import sys\nsys.path.insert(0, '/lk')\nfrom host_tools.web.device import WebDevice");
  WebDevice = mp.globals.get("WebDevice");
  makeDevice();
  fit();
  draw();
  powerButton.disabled = false;
  last = performance.now();
  if (!manualClock) setInterval(pump, TICK_MS);
  setStatus((storageOk ? "Running. Games are kept in this browser." : "Running (this browser keeps no storage here: games last while the tab is open).") + asideNote(aside));
}

// the first frame with the home screen on it: the page's "time to home screen"
function watchHome() {
  if (homeAt === null && on && screen.includes("#")) {
    homeAt = performance.now();
    const text = "Home screen " + (homeAt / 1000).toFixed(2) + " s after the page was opened.";
    console.log(text);
    if (["127.0.0.1", "localhost"].includes(location.hostname)) {
      // `leafkeeper web` prints it; a static host never sees this request
      fetch("/__leafkeeper/home?ms=" + homeAt.toFixed(0), { method: "POST" }).catch(() => {});
    }
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register("sw.js").catch((e) => console.warn("no offline copy:", e));
    }
  }
}
let manualOwed = 0;
// the page's test and console API; time moves through advance() when ?clock=manual
window.leafkeeper = {
  ready: start().then(
    () => true,
    (e) => {
      fail("The page could not start the device", e);
      throw e;
    },
  ),
  advance(ms) {
    // like Simulator.advance: what is left of a tick waits for the next call
    manualOwed += ms;
    const whole = manualOwed - (manualOwed % TICK_MS);
    manualOwed -= whole;
    run(whole);
    draw();
  },
  glass,
  ledsDrawn,
  screen: () => {
    const rows = [];
    for (let y = 0; y < OLED_H; y++) rows.push(screen.slice(y * OLED_W, (y + 1) * OLED_W));
    return rows;
  },
  leds: () => Array.from({ length: leds.length / 6 }, (_, i) => [0, 2, 4].map((k) => parseInt(leds.slice(6 * i + k, 6 * i + k + 2), 16))),
  text: () => dev.text(),
  get homeMs() {
    return homeAt;
  },
  get on() {
    return on;
  },
  get vclock() {
    return vclock;
  },
};
