#!/usr/bin/env python3
"""Writes the two hand-made `libinput record` files of Tests/TouchRecordingTests/Recordings.

They are not recorded from hardware: nobody could run `libinput record` on a real panel
here. They use the machine test's uinput touchscreen as the device (lectern-touch-inject:
1280x800 units, 4 units/mm, slots 0-9) and write what its kernel driver would emit, frame
by frame at 60 Hz, in the layout `libinput record` (format version 1) uses.
Run: python3 scripts/make-panel-recordings.py Tests/TouchRecordingTests/Recordings
"""
import sys

HEADER = """# libinput record
# Hand-made from the machine test's uinput panel by scripts/make-panel-recordings.py:
# {about}
version: 1
ndevices: 1
libinput:
  version: "1.22.1"
  git: "unknown"
system:
  os: "debian:13"
  kernel: "6.12.0"
  dmi: "dmi:bvnQEMU:"
devices:
- node: /dev/input/event3
  evdev:
    # Name: lectern machine-test touchscreen
    # ID: bus 0x6 vendor 0x1 product 0x1 version 0x1
    # Input device property: 1 (INPUT_PROP_DIRECT)
    name: "lectern machine-test touchscreen"
    id: [6, 1, 1, 1]
    codes:
      0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] # EV_SYN
      1: [330] # EV_KEY
      3: [0, 1, 47, 53, 54, 57] # EV_ABS
    absinfo:
      0: [0, 1279, 0, 0, 4]
      1: [0, 799, 0, 0, 4]
      47: [0, 9, 0, 0, 0]
      53: [0, 1279, 0, 0, 4]
      54: [0, 799, 0, 0, 4]
      57: [0, 65535, 0, 0, 0]
    properties: [1]
  udev:
    properties:
    - ID_INPUT=1
    - ID_INPUT_TOUCHSCREEN=1
  events:
"""

NAMES = {(0, 0): "------------ SYN_REPORT (0) ----------", (3, 47): "ABS_MT_SLOT", (3, 57): "ABS_MT_TRACKING_ID", (3, 53): "ABS_MT_POSITION_X",
         (3, 54): "ABS_MT_POSITION_Y", (3, 0): "ABS_X", (3, 1): "ABS_Y", (1, 330): "BTN_TOUCH"}


def write(path, about, frames):
    """frames: list of (ms, [(slot, 'down'|'move'|'up', x, y)])."""
    out = [HEADER.format(about=about)]
    tracking = 100
    active = set()
    for ms, touches in frames:
        sec, usec = divmod(int(ms * 1000), 1_000_000)
        lines = []
        was = bool(active)
        primary = None

        def emit(t, c, v):
            comment = NAMES.get((t, c), "")
            lines.append(f"    - [{sec:3d}, {usec:6d}, {t:3d}, {c:3d}, {v:5d}] # {comment}")

        for slot, what, x, y in touches:
            emit(3, 47, slot)
            if what == "down":
                tracking += 1
                emit(3, 57, tracking)
                active.add(slot)
            if what == "up":
                emit(3, 57, -1)
                active.discard(slot)
                continue
            emit(3, 53, x)
            emit(3, 54, y)
            primary = primary or (x, y)
        if primary:
            emit(3, 0, primary[0])
            emit(3, 1, primary[1])
        if was != bool(active):
            emit(1, 330, 1 if active else 0)
        emit(0, 0, 0)
        out.append("  - evdev:\n" + "\n".join(lines) + "\n")
    with open(path, "w") as f:
        f.write("".join(out))


def frame_ms(k):
    return round(k * 1000 / 60, 3)


def main(directory):
    # 4 units/mm: 6 units = 1.5 mm.
    a, b, c = (600, 400), (660, 380), (720, 410)
    write(f"{directory}/lectern-panel.three-finger-tap-jitter.yml",
          "three fingers landing over 50 ms, each first report 1.5 mm off, finger B dropping out for one frame, "
          "last reports 1.5 mm off before lifting; lasts about 200 ms. Expected: one three-finger tap.",
          [
              (frame_ms(0), [(0, "down", a[0] + 6, a[1])]),
              (frame_ms(1), [(0, "move", *a)]),
              (frame_ms(2), [(1, "down", b[0], b[1] - 6)]),
              (frame_ms(3), [(1, "move", *b), (2, "down", c[0] - 6, c[1])]),
              (frame_ms(4), [(2, "move", *c)]),
              (frame_ms(5), [(1, "up", 0, 0)]),
              (frame_ms(6), [(1, "down", b[0] + 1, b[1])]),
              (frame_ms(7), [(0, "move", a[0] + 1, a[1] + 1)]),
              (frame_ms(8), [(0, "move", a[0], a[1] + 6), (1, "move", b[0] + 6, b[1]), (2, "move", c[0], c[1] - 6)]),
              (frame_ms(9), [(0, "up", 0, 0), (1, "up", 0, 0)]),
              (frame_ms(12), [(2, "up", 0, 0)]),
          ])
    write(f"{directory}/lectern-panel.three-finger-drag-5mm.yml",
          "three fingers land together and one drags 5 mm over 100 ms before all lift. Expected: no three-finger tap.",
          [
              (frame_ms(0), [(0, "down", *a), (1, "down", *b), (2, "down", *c)]),
              *[(frame_ms(k), [(1, "move", b[0], b[1] + 4 * k)]) for k in range(1, 6)],
              (frame_ms(6), [(1, "move", b[0], b[1] + 20)]),
              (frame_ms(7), [(0, "up", 0, 0), (1, "up", 0, 0), (2, "up", 0, 0)]),
          ])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
