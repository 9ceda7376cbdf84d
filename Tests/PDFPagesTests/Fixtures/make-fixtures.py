#!/usr/bin/env python3
"""Writes the PDF fixtures of the PDF page tests (run from this folder; the outputs are
committed). A writer, not a reader: Lectern never parses PDF, poppler does.

three-pages.pdf: three A5-ish pages (420 x 595 pt), each filled with its own colour
(page 1 red, page 2 green, page 3 blue) and a white band with text; page 1 has an
internal link "Go to page 3" (a /Dest) and a web link "https://example.org/lectern"
(a /URI action), both over their text so pdftohtml reports them.
"""

def pdf(objects):
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for o in offsets:
        out += b"%010d 00000 n \n" % o
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)

def stream(data):
    return b"<< /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"

W, H = 420, 595
colours = [b"1 0 0", b"0 0.6 0", b"0 0 1"]
# 1 catalog, 2 pages, 3 font, 4..6 pages, 7..9 contents, 10 internal link, 11 web link
objects = [
    b"<< /Type /Catalog /Pages 2 0 R >>",
    b"<< /Type /Pages /Kids [4 0 R 5 0 R 6 0 R] /Count 3 >>",
    b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
]
for n in range(3):
    annots = b" /Annots [10 0 R 11 0 R]" if n == 0 else b""
    objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R%s >>"
                   % (W, H, 7 + n, annots))
for n in range(3):
    text = b"BT /F1 20 Tf 40 500 Td (Page %d of three) Tj ET" % (n + 1)
    if n == 0:
        text += b" BT /F1 18 Tf 40 440 Td (Go to page 3) Tj ET BT /F1 14 Tf 40 380 Td (https://example.org/lectern) Tj ET"
    content = colours[n] + b" rg 0 0 %d %d re f 1 1 1 rg 20 360 380 180 re f 0 0 0 rg " % (W, H) + text
    objects.append(stream(content))
objects.append(b"<< /Type /Annot /Subtype /Link /Rect [36 432 180 462] /Border [0 0 0] /Dest [6 0 R /Fit] >>")
objects.append(b"<< /Type /Annot /Subtype /Link /Rect [36 374 260 398] /Border [0 0 0] /A << /S /URI /URI (https://example.org/lectern) >> >>")

with open("three-pages.pdf", "wb") as f:
    f.write(pdf(objects))
