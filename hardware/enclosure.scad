// Leafkeeper enclosure: a base (Pico, battery) and a lid (OLED in the LED ring, 4 buttons, ROLL).
// Open in OpenSCAD, pick `part`, F6, export STL. All sizes in mm; change the parameters
// below for other parts (see hardware/BOM.md).
part = "both";          // "base", "lid" or "both" (side by side, for a look)

// box
width = 120;            // x
depth = 90;             // y (room for the LED ring round the display)
base_h = 24;            // height of the base
lid_h = 8;              // height of the lid
wall = 2.4;
corner_r = 6;
screw_d = 3.2;          // M3 lid screws in the corners
screw_boss_d = 8;

// Pico (51 x 21 mm, M2.5 holes 47 x 11.4 mm apart), USB socket through the back wall
pico_len = 51;
pico_w = 21;
pico_hole_dx = 47;
pico_hole_dy = 11.4;
pico_standoff_h = 4;
usb_w = 12;
usb_h = 8;

// display window (0.96" SSD1306: 26 x 14 visible; 1.3" SH1106: 30 x 16)
oled_window = [26, 14];
oled_pos = [-22, 14];    // centre of the window, from the lid centre
// small buttons (12 mm tactile caps) under the ring, clear of its light holes
button_d = 12.6;
buttons = [[-40, -17], [-22, -17], [-4, -17], [-22, -34]]; // adjust to taste
// ROLL arcade button on the right
roll_d = 30.2;            // 30 mm arcade button
roll_pos = [34, 0];
// the LED ring round the display, as the simulator draws it: each seat's light points
// at its side of the table (the OLED module, 27 mm wide, sits inside the ring's hole)
ring_d = 50;              // 12-LED ring: ~50 mm outer, ~37 mm inner
leds = 12;                // 6 for a strip: holes on an arc instead
led_hole_d = 4;

// battery compartment (3xAAA holder ~ 48 x 36 x 14)
battery = [50, 38, 15];

$fn = 48;

module rounded_box(size, r) {
    hull() for (x = [r, size[0] - r], y = [r, size[1] - r])
        translate([x, y, 0]) cylinder(r = r, h = size[2]);
}

module shell(h, open_top = true) {
    difference() {
        rounded_box([width, depth, h], corner_r);
        translate([wall, wall, open_top ? wall : -1])
            rounded_box([width - 2 * wall, depth - 2 * wall, h], corner_r - wall);
    }
}

module corner_bosses(h, hole) {
    for (x = [corner_r, width - corner_r], y = [corner_r, depth - corner_r])
        translate([x, y, 0]) difference() {
            cylinder(d = screw_boss_d, h = h);
            translate([0, 0, -1]) cylinder(d = hole, h = h + 2);
        }
}

module base() {
    difference() {
        union() {
            shell(base_h);
            corner_bosses(base_h, screw_d - 0.6);   // self-tapping M3
            // Pico standoffs, Pico against the back wall
            translate([width / 2 - pico_len / 2 + 2, depth - wall - pico_w - 1, 0])
                for (x = [0, pico_hole_dx], y = [(pico_w - pico_hole_dy) / 2, (pico_w + pico_hole_dy) / 2])
                    translate([x + (pico_len - pico_hole_dx) / 2 - 2, y, 0]) difference() {
                        cylinder(d = 5, h = wall + pico_standoff_h);
                        cylinder(d = 2.2, h = 20);
                    }
            // battery holder rails
            translate([wall + 6, wall + 4, 0]) difference() {
                cube([battery[0] + 4, battery[1] + 4, wall + 4]);
                translate([2, 2, wall]) cube([battery[0], battery[1], 10]);
            }
        }
        // USB socket, through the back wall at the Pico's end
        translate([width / 2 - pico_len / 2 - 1, depth - wall - 1, wall + pico_standoff_h - 1])
            cube([usb_w, wall + 2, usb_h]);
        // switch slot on the left wall
        translate([-1, depth / 2 - 6, base_h / 2 - 3]) cube([wall + 2, 12, 6]);
        // sound holes under the buzzer
        for (i = [0:4]) translate([width - 22 + i * 3.5, 14, -1]) cylinder(d = 1.8, h = wall + 2);
    }
}

module lid() {
    c = [width / 2, depth / 2];
    difference() {
        union() {
            shell(lid_h);
            corner_bosses(lid_h, screw_d);
        }
        translate([c[0] + oled_pos[0] - oled_window[0] / 2, c[1] + oled_pos[1] - oled_window[1] / 2, -1])
            cube([oled_window[0], oled_window[1], wall + 2]);
        for (b = buttons) translate([c[0] + b[0], c[1] + b[1], -1]) cylinder(d = button_d, h = wall + 2);
        translate([c[0] + roll_pos[0], c[1] + roll_pos[1], -1]) cylinder(d = roll_d, h = wall + 2);
        // one light hole over each LED of the ring (print the lid in a translucent
        // filament and set led_hole_d = 0 for a glow instead)
        if (led_hole_d > 0)
            for (k = [0:leds - 1]) {
                a = 90 - 360 * k / leds;
                rr = (ring_d - 6.5) / 2;
                translate([c[0] + oled_pos[0] + rr * cos(a), c[1] + oled_pos[1] + rr * sin(a), -1])
                    cylinder(d = led_hole_d, h = wall + 2);
            }
        // screw heads
        for (x = [corner_r, width - corner_r], y = [corner_r, depth - corner_r])
            translate([x, y, -1]) cylinder(d = 6, h = 2.5);
    }
}

if (part == "base") base();
if (part == "lid") lid();
if (part == "both") {
    base();
    translate([0, depth + 10, 0]) lid();
}
