#!/usr/bin/env python3
"""Extracts the uncompressed kernel ELF from a bzImage (vmlinuz), as the kernel's
scripts/extract-vmlinux does: find a compression magic, decompress from there, keep
the first result that is an ELF. Booting the ELF with -kernel skips the kernel's own
decompressor, which is slow under TCG. Usage: extract_vmlinux.py VMLINUZ OUT"""
import lzma, sys, zlib

MAGICS = [  # (magic, decompressor)
    (b"\xfd7zXZ\x00", lambda: lzma.LZMADecompressor(format=lzma.FORMAT_XZ)),
    (b"\x1f\x8b\x08", lambda: zlib.decompressobj(16 + zlib.MAX_WBITS)),
    (b"\x5d\x00\x00", lambda: lzma.LZMADecompressor(format=lzma.FORMAT_ALONE)),
]


def main():
    data = open(sys.argv[1], "rb").read()
    for magic, make in MAGICS:
        at = data.find(magic)
        while at >= 0:
            try:
                elf = make().decompress(data[at:])
            except (lzma.LZMAError, zlib.error, EOFError):
                elf = b""
            if elf.startswith(b"\x7fELF"):
                open(sys.argv[2], "wb").write(elf)
                print(f"extract_vmlinux: {len(elf) >> 20} MiB ELF from offset {at}")
                return 0
            at = data.find(magic, at + 1)
    print(f"extract_vmlinux: no compressed ELF found in {sys.argv[1]} "
          "(zstd payloads need the zstd tool; Debian 12 uses xz)", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
