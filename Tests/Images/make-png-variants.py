#!/usr/bin/env python3
"""Writes the PNGs in Tests/Images that ImageMagick would not make as wanted: a gAMA
chunk other than sRGB's, 16-bit grey with alpha, tRNS on palette, grey and RGB
pictures, 2- and 4-bit samples. Standard library only (zlib, struct); run once:
    python3 Tests/Images/make-png-variants.py Tests/Images"""
import os, struct, sys, zlib

def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

def png(path, w, h, depth, ctype, rows, extra=(), interlace=0):
    """rows: one bytes object per row, samples packed as the PNG stores them; when
    interlaced, one list of per-pixel bytes per row (8 bits a sample or more)."""
    if interlace:
        raw = b"".join(b"\0" + b"".join(rows[y][x0::dx]) for x0, y0, dx, dy in ADAM7
                       for y in range(y0, h, dy) if x0 < w)
    else:
        raw = b"".join(b"\0" + r for r in rows)
    ihdr = struct.pack(">IIBBBBB", w, h, depth, ctype, 0, 0, interlace)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + b"".join(chunk(k, b) for k, b in extra)
    data += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(path, "wb").write(data)

def pack(samples, depth):
    """Packs sub-byte samples (1, 2, 4 bits) most significant first."""
    out, acc, bits = bytearray(), 0, 0
    for s in samples:
        acc, bits = (acc << depth) | s, bits + depth
        if bits == 8:
            out.append(acc); acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)

out = sys.argv[1]
gamma = lambda g: (b"gAMA", struct.pack(">I", g))
# RGB 8-bit ramp (red across, green down) marked as gamma 1/1.8 (old Mac files).
png(os.path.join(out, "gamma18-rgb.png"), 64, 64, 8, 2,
    [bytes(v for x in range(64) for v in (x * 4, y * 4, 128)) for y in range(64)], [gamma(55556)])
# 16-bit grey + alpha, gamma 1/2.2: a grey ramp across, alpha down.
png(os.path.join(out, "gray-alpha16.png"), 64, 64, 16, 4,
    [b"".join(struct.pack(">HH", x * 1040, 65535 - y * 1040) for x in range(64)) for y in range(64)], [gamma(45455)])
# 4-bit palette of 16 colours, entries 0-7 partly transparent (tRNS has 8 entries).
palette = bytes(v for i in range(16) for v in (i * 17, 255 - i * 17, (i * 40) % 256))
png(os.path.join(out, "palette4-trns.png"), 48, 32, 4, 3,
    [pack([(x // 3) % 16 for x in range(48)], 4) for y in range(32)],
    [(b"PLTE", palette), (b"tRNS", bytes(i * 32 for i in range(8)))])
# 2-bit grey with the colour key 1 (tRNS): one level of four is transparent.
png(os.path.join(out, "gray2-trns.png"), 40, 20, 2, 0,
    [pack([(x // 10) for x in range(40)], 2) for y in range(20)], [(b"tRNS", struct.pack(">H", 1))])
# RGB 16-bit, no gAMA (taken as linear), with a tRNS colour key: plain and interlaced.
pixels = [[struct.pack(">HHH", x * 2000, y * 4000, 30000) for x in range(33)] for y in range(17)]
key = [(b"tRNS", struct.pack(">HHH", 0, 0, 30000))]
png(os.path.join(out, "rgb16-trns.png"), 33, 17, 16, 2, [b"".join(row) for row in pixels], key)
png(os.path.join(out, "rgb16-trns-interlaced.png"), 33, 17, 16, 2, pixels, key, interlace=1)
