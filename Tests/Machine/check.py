#!/usr/bin/env python3
"""Checks one driver's machine-test captures against the scenarios' .expect files.

Reads OUT/run.json (written by boot.py), the PNG screendumps OUT/<scenario>.<capture>.png
and SCENARIOS/<scenario>.expect. Prints every check with what it expected and saw, the
app's metrics lines, and exits 1 on any mismatch. Standard library only. The .expect
format is documented in docs/testing.md."""
import argparse, array, json, os, re, struct, sys, zlib


def read_png(path):
    """8-bit non-interlaced RGB/RGBA PNG (what QEMU's screendump writes) -> (w, h, rows of RGB bytes)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, w = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError(f"{path}: unsupported PNG (depth {depth}, type {ctype})")
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        rows.append(bytes(line) if bpp == 3 else bytes(v for j, v in enumerate(line) if j % 4 != 3))
    return w, h, rows


def read_wav(path):
    """16-bit PCM RIFF/WAVE (QEMU's wav audio backend) -> (rate, channels, offset of the
    samples). The data chunk is read to the end of the file: QEMU fills in its size only
    when it exits cleanly."""
    data = open(path, "rb").read(4096)
    if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise ValueError(f"{path}: not a WAV file")
    pos, fmt = 12, None
    while pos + 8 <= len(data):
        kind, length = data[pos:pos + 4], struct.unpack("<I", data[pos + 4:pos + 8])[0]
        if kind == b"fmt ":
            tag, channels, rate, _, _, bits = struct.unpack("<HHIIHH", data[pos + 8:pos + 24])
            if tag != 1 or bits != 16:
                raise ValueError(f"{path}: format {tag}, {bits} bits (want 16-bit PCM)")
            fmt = (rate, channels)
        elif kind == b"data":
            if fmt is None:
                raise ValueError(f"{path}: data before fmt")
            return fmt[0], fmt[1], pos + 8
        pos += 8 + length
    raise ValueError(f"{path}: no data chunk")


class Sound:
    """What the guest's sound card played between two points of the run (byte offsets
    into audio.wav noted by boot.py), judged in 20 ms windows: a window is sound when
    its RMS (first channel) is above 1% of full scale."""
    WINDOW, FLOOR = 0.02, 328

    def __init__(self, path, start, end):
        rate, channels, offset = read_wav(path)
        frame = 2 * channels
        start, end = max(start, offset), max(end, offset)
        start -= (start - offset) % frame
        with open(path, "rb") as f:
            f.seek(start)
            raw = f.read(max(0, end - start) // frame * frame)
        samples = array.array("h", raw)
        if sys.byteorder == "big":
            samples.byteswap()
        mono = samples[::channels]
        n = max(1, int(rate * self.WINDOW))
        self.loud = [sum(v * v for v in mono[i:i + n]) / n > self.FLOOR ** 2 for i in range(0, len(mono) - n + 1, n)]
        self.seconds = len(mono) / rate
        self.voiced = sum(self.loud) * self.WINDOW
        # Pauses: runs of 3+ quiet windows (60 ms) between sounds: the gaps between
        # words and phrases that speech has and a tone or a hum does not.
        self.pauses, quiet, heard = 0, 0, False
        for loud in self.loud:
            if loud:
                if heard and quiet >= 3:
                    self.pauses += 1
                heard, quiet = True, 0
            else:
                quiet += 1

        # --- Clip sound (tone): zero crossings inside the loud windows only, so gaps the
        # emulated card left (an underrun under TCG) do not lower the frequency found.
        self.crossings = 0
        for k, loud in enumerate(self.loud):
            if loud:
                window = mono[k * n:(k + 1) * n + 1]
                self.crossings += sum(1 for a, b in zip(window, window[1:]) if (a < 0) != (b < 0))
        self.frequency = self.crossings / 2 / self.voiced if self.voiced else 0.0

    def describe(self):
        return f"{self.seconds:.2f} s played, {self.voiced:.2f} s of sound, {self.pauses} pauses"


class Image:
    def __init__(self, path):
        self.path = path
        self.w, self.h, self.rows = read_png(path)

    def px(self, x, y):
        if not (0 <= x < self.w and 0 <= y < self.h):
            raise ValueError(f"probe ({x},{y}) outside the {self.w}x{self.h} capture")
        r = self.rows[y]
        return r[3 * x], r[3 * x + 1], r[3 * x + 2]


def colour(text):
    m = re.fullmatch(r"#?([0-9a-fA-F]{6})", text)
    if not m:
        raise ValueError(f"bad colour {text!r} (want #rrggbb)")
    v = int(m.group(1), 16)
    return v >> 16, (v >> 8) & 255, v & 255


def hexc(c):
    return "#%02x%02x%02x" % tuple(c)


def close(a, b, tol):
    return all(abs(p - q) <= tol for p, q in zip(a, b))


def ink_profile(img, x0, y0, x1, y1, bg):
    """Per row of the rect: how many pixels differ clearly from the background (text ink)."""
    return [sum(1 for x in range(x0, x1, 2) if not close(img.px(x, y), bg, 48)) for y in range(y0, y1)]


def best_shift(img_a, img_b, x0, y0, x1, y1, bg, span):
    """The vertical offset dy for which B's rows y+dy best match A's rows y inside the rect."""
    pa = ink_profile(img_a, x0, y0, x1, y1, bg)
    lo, hi = max(-y0, -span), min(img_b.h - y1, span)
    pb_full = ink_profile(img_b, x0, max(0, y0 + lo), x1, min(img_b.h, y1 + hi), bg)
    base = max(0, y0 + lo)
    best = None
    for dy in range(lo, hi + 1):
        cost = 0
        for i, v in enumerate(pa):
            j = y0 + i + dy - base
            cost += abs(v - pb_full[j]) if 0 <= j < len(pb_full) else v
        if best is None or cost < best[1]:
            best = (dy, cost)
    return best, sum(pa)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenarios", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    try:
        run = json.load(open(os.path.join(a.out, "run.json")))
    except OSError as e:
        print(f"check: no run.json in {a.out}: {e}")
        return 1
    driver, failed = run["driver"], list(run["failures"])
    images = {}

    def image(scenario, capture):
        key = f"{scenario}.{capture}"
        if key not in images:
            path = os.path.join(a.out, key + ".png")
            if not os.path.exists(path):
                raise ValueError(f"capture {capture!r} was never taken (no {path})")
            images[key] = Image(path)
        return images[key]

    def sound(scenario, a, b):
        """The audio played in `scenario` between marks a and b ("start", a capture, "end")."""
        marks = run["scenarios"][scenario].get("audio", {})
        for m in (a, b):
            if m not in marks:
                raise ValueError(f"no audio mark {m!r} (captures: {', '.join(k for k in marks if k not in ('start', 'end'))})")
        path = os.path.join(a_out, run.get("audio", "audio.wav"))
        if not os.path.exists(path):
            raise ValueError(f"no {path}: QEMU wrote no audio")
        return Sound(path, marks[a], marks[b])

    a_out = a.out
    for name in run["order"]:
        info = run["scenarios"][name]
        log = info["log"]
        print(f"check [{driver}] {name}:")
        for line in log:
            if line.startswith("lectern: metrics"):
                print(f"    metrics: {line[len('lectern: metrics'):].strip()}")
        for n, raw in enumerate(open(os.path.join(a.scenarios, name + ".expect")), 1):
            line = "" if raw.lstrip().startswith("#") else raw.strip()  # comments: whole lines
            if not line or line.split()[0] in ("run", "ready", "setup", "timeout", "guest-check", "inject", "pending", "drivers"):
                continue
            w = line.split()
            # `[DRIVER,...] CHECK ...`: a check for those drivers only.
            if w[0].startswith("[") and w[0].endswith("]"):
                if driver not in w[0][1:-1].split(","):
                    continue
                w = w[1:]
                line = " ".join(w)
            # `CHECK ... pending REASON`: a check the product does not pass yet. It is
            # still run and what it saw is printed, but it does not fail the run.
            pending = None
            if "pending" in w[1:]:
                at = w.index("pending", 1)
                w, pending = w[:at], " ".join(w[at + 1:])
                line = " ".join(w)
            where = f"{name}.expect:{n}"
            try:
                ok, saw = check_one(w, name, image, log, lambda a, b: sound(name, a, b))
            except (ValueError, IndexError) as e:
                ok, saw = False, str(e)
            if pending is not None:
                print(f"    {'ok  ' if ok else 'PEND'} {line}   ({saw}; pending: {pending})" +
                      ("\n         it passes now: drop its pending note" if ok else ""))
                continue
            print(f"    {'ok  ' if ok else 'FAIL'} {line}" + ("" if ok else f"\n         saw: {saw}") +
                  (f"   ({saw})" if ok and saw else ""))
            if not ok:
                failed.append(f"{driver} {where}: {line} -- saw {saw}")
    if failed:
        print(f"check [{driver}]: {len(failed)} failure(s); PNGs kept in {a.out}")
        for f in failed:
            print(f"  - {f}")
        return 1
    print(f"check [{driver}]: all passed")
    return 0


def check_one(w, name, image, log, sound=None):
    """One expectation line -> (passed, what was seen)."""
    verb = w[0]
    if verb == "silent":
        # silent CAP: nothing was heard from the scenario's start until the capture.
        heard = sound("start", w[1])
        return heard.voiced < 0.1, heard.describe()
    if verb == "speech":
        # speech CAP MIN MAX [PAUSES=5]: after the capture, until the scenario ended, the
        # card played between MIN and MAX seconds of sound broken by pauses, as speech is.
        heard = sound(w[1], "end")
        low, high, pauses = float(w[2]), float(w[3]), int(w[4]) if len(w) > 4 else 5
        return low <= heard.voiced <= high and heard.pauses >= pauses, heard.describe()
    if verb == "tone":
        # tone A B HZ TOL MIN: between marks A and B (captures, "start", "end") the card
        # played at least MIN seconds of sound, a tone of HZ ± TOL (zero crossings).
        heard = sound(w[1], w[2])
        hz, t, least = float(w[3]), float(w[4]), float(w[5])
        return heard.voiced >= least and abs(heard.frequency - hz) <= t, f"{heard.describe()}, {heard.frequency:.1f} Hz"
    tol = lambda i, d: int(w[i]) if len(w) > i else d
    if verb in ("pixel", "notpixel"):
        img, x, y, want = image(name, w[1]), int(w[2]), int(w[3]), colour(w[4])
        got = img.px(x, y)
        same = close(got, want, tol(5, 2))
        return (same if verb == "pixel" else not same), hexc(got)
    if verb in ("some", "none"):
        img = image(name, w[1])
        x0, y0, x1, y1 = map(int, w[2:6])
        want, t, need = colour(w[6]), tol(7, 2), tol(8, 1)
        hits = sum(1 for y in range(y0, y1) for x in range(x0, x1) if close(img.px(x, y), want, t))
        return (hits >= need if verb == "some" else hits == 0), f"{hits} matching px"
    if verb == "blend":
        img, x, y = image(name, w[1]), int(w[2]), int(w[3])
        under, over, alpha = colour(w[4]), colour(w[5]), float(w[6])
        want = tuple(round(o * alpha + u * (1 - alpha)) for u, o in zip(under, over))
        got = img.px(x, y)
        return close(got, want, tol(7, 3)), f"{hexc(got)}, expected {hexc(want)}"
    if verb == "shift":
        a, b = image(name, w[1]), image(name, w[2])
        x0, y0, x1, y1, dy = map(int, w[3:8])
        t, bg = tol(8, 3), colour(w[9]) if len(w) > 9 else a.px(x0, y0)
        (found, cost), ink = best_shift(a, b, x0, y0, x1, y1, bg, max(2 * abs(dy), 120))
        if ink == 0:
            return False, f"no ink in the rect of {w[1]} (nothing to follow)"
        return abs(found - dy) <= t, f"moved {found} px (mismatch {cost}/{ink})"
    if verb == "hshift":
        # hshift A B X0 Y0 X1 Y1 DXMIN DXMAX: the rect of A appears in B moved left by some
        # DX in [DXMIN, DXMAX], pixel for pixel (every 2nd column and row compared).
        a, b = image(name, w[1]), image(name, w[2])
        x0, y0, x1, y1, lo, hi = map(int, w[3:9])
        t = tol(9, 0)
        best = None
        for dx in range(lo, hi + 1):
            n = sum(1 for y in range(y0, y1, 2) for x in range(x0, x1, 2) if not close(a.px(x, y), b.px(x - dx, y), t))
            if best is None or n < best[1]:
                best = (dx, n)
            if n == 0:
                break
        ink = sum(1 for y in range(y0, y1, 2) for x in range(x0, x1, 2) if not close(a.px(x, y), a.px(x0, y0), 16))
        if ink == 0:
            return False, f"no ink in the rect of {w[1]} (nothing to follow)"
        return best[1] == 0, f"moved left {best[0]} px ({best[1]} differing px there, {ink} px of ink)"
    if verb == "differ":
        a, b = image(name, w[1]), image(name, w[2])
        x0, y0, x1, y1, need = map(int, w[3:8])
        n = sum(1 for y in range(y0, y1) for x in range(x0, x1, 2) if not close(a.px(x, y), b.px(x, y), 16))
        return n >= need, f"{n} differing px (every 2nd column)"
    if verb == "same":
        a, b = image(name, w[1]), image(name, w[2])
        x0, y0, x1, y1 = map(int, w[3:7])
        t = tol(7, 0)
        n = sum(1 for y in range(y0, y1) for x in range(x0, x1, 2) if not close(a.px(x, y), b.px(x, y), t))
        return n == 0, f"{n} differing px (every 2nd column)"
    if verb == "rss-flat":
        # `rss t=S kib=N` samples (guest/rss-sampler.sh): after the first WARMUP seconds,
        # resident memory may not grow by more than MAX KiB. Growth is judged on the floor:
        # the least of the last three samples against the least of the first three. A leak
        # raises the floor; a bitmap alive for one gesture (a pinch, the menu, the link
        # card) at one sample does not.
        warmup, limit = int(w[1]), int(w[2])
        samples = [(int(m.group(1)), int(m.group(2))) for m in (re.search(r"rss t=(\d+) kib=(\d+)", l) for l in log) if m]
        after = [k for t, k in samples if t >= warmup]
        if len(after) < 2:
            return False, f"{len(samples)} rss samples, too few after {warmup} s"
        n = min(3, len(after) // 2)
        start, end = min(after[:n]), min(after[-n:])
        growth = end - start
        return growth <= limit, (f"{len(samples)} samples, floor {start} -> {end} KiB after warm-up (growth {growth} KiB; "
                                 f"first {after[0]}, last {after[-1]}), peak {max(k for _, k in samples)} KiB")
    if verb == "metric":
        # metric NAME OP LIMIT: the app's `lectern: metrics NAME=VALUE` line (peak_rss_kib and
        # startup_to_first_frame_ms are logged once, at exit and at the first frame).
        name, op, limit = w[1], w[2], float(w[3])
        compare = {"<": float.__lt__, "<=": float.__le__, ">": float.__gt__, ">=": float.__ge__}
        if op not in compare:
            raise ValueError(f"metric: unknown comparison {op!r} (want <, <=, > or >=)")
        pattern = re.compile(rf"lectern: metrics {re.escape(name)}=([0-9.]+)")
        found = [float(m.group(1)) for m in (pattern.search(l) for l in log) if m]
        if not found:
            return False, f"no 'metrics {name}=' line in {len(log)} lines"
        value = found[-1]
        return compare[op](value, limit), f"{name}={value:g}"
    if verb == "log":
        pattern = re.compile(" ".join(w[1:]))
        hit = next((l for l in log if pattern.search(l)), None)
        return hit is not None, hit or f"no line of {len(log)} matched"
    if verb == "calibration":
        # calibration A B C D E F TOL: the LIBINPUT_CALIBRATION_MATRIX line `lectern
        # calibrate` printed, each number within TOL of the expected one.
        want, t = [float(v) for v in w[1:7]], float(w[7])
        hit = next((l for l in log if "LIBINPUT_CALIBRATION_MATRIX=" in l), None)
        if hit is None:
            return False, f"no LIBINPUT_CALIBRATION_MATRIX line in {len(log)} lines"
        got = [float(v) for v in hit.split('"')[1].split()]
        return len(got) == 6 and all(abs(g - e) <= t for g, e in zip(got, want)), hit
    raise ValueError(f"unknown expectation {verb!r}")


if __name__ == "__main__":
    sys.exit(main())
