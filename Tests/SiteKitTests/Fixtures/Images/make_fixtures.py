#!/usr/bin/env python3
"""Regenerates the image fixtures in this folder (run it from here).

Good images come from ImageMagick (`convert`) and libwebp (`cwebp`); header-only and broken
files are written byte by byte. The tests only read the files; they never run this script.
"""
import os
import random
import struct
import subprocess
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
GOOD = os.path.join(HERE, "good")
BAD = os.path.join(HERE, "bad")


def write(folder, name, data):
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def read(folder, name):
    with open(os.path.join(folder, name), "rb") as f:
        return f.read()


def run(*args):
    subprocess.run(args, check=True, cwd=GOOD)


def png_chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png(width, height, first=None, crc_ok=True):
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = png_chunk(b"IHDR", ihdr)
    if not crc_ok:
        chunk = chunk[:-4] + b"\0\0\0\0"
    head = b"\x89PNG\r\n\x1a\n" + (png_chunk(*first) if first else b"") + chunk
    return head + png_chunk(b"IEND", b"")


def jpeg_segment(marker, body):
    return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body


def sof0(width, height):
    return jpeg_segment(0xC0, struct.pack(">BHHB", 8, height, width, 1) + b"\x01\x11\x00")


def riff(chunks):
    return b"RIFF" + struct.pack("<I", 4 + len(chunks)) + b"WEBP" + chunks


def good():
    os.makedirs(GOOD, exist_ok=True)
    strip = ["-strip", "-define", "png:exclude-chunks=date,time"]
    run("convert", "-size", "48x48", "gradient:#3a6ea5-#f4a261", *strip, "png-48x48.png")
    run("convert", "-size", "72x40", "plasma:fractal", "-seed", "1", *strip,
        "-quality", "60", "jpeg-baseline-72x40.jpg")
    run("convert", "-size", "61x37", "gradient:#222-#9cf", *strip, "-interlace", "JPEG",
        "-quality", "60", "progressive.tmp.jpg")
    run("convert", "-size", "31x9", "xc:#e76f51", *strip, "-quality", "80", "fill.tmp.jpg")
    run("convert", "-size", "3x5", "xc:#2a9d8f", *strip, "gif-3x5.gif")
    run("convert", "-size", "33x21", "gradient:#264653-#e9c46a", *strip, "lossy.tmp.png")
    run("convert", "-size", "17x29", "xc:#f4a261", *strip, "lossless.tmp.png")
    run("convert", "-size", "45x27", "gradient:#ff000080-#0000ffff", *strip, "alpha.tmp.png")
    run("cwebp", "-quiet", "-q", "40", "lossy.tmp.png", "-o", "webp-lossy-33x21.webp")
    run("cwebp", "-quiet", "-lossless", "lossless.tmp.png", "-o", "webp-lossless-17x29.webp")
    run("cwebp", "-quiet", "-q", "40", "alpha.tmp.png", "-o", "webp-extended-45x27.webp")

    # EXIF (a minimal little-endian TIFF block), an ICC-style APP2 and a comment before SOF2.
    progressive = read(GOOD, "progressive.tmp.jpg")
    exif = jpeg_segment(0xE1, b"Exif\0\0" + b"II*\0" + struct.pack("<IHI", 8, 0, 0))
    app2 = jpeg_segment(0xE2, b"ICC_PROFILE\0\x01\x01" + bytes(64))
    comment = jpeg_segment(0xFE, b"fixture: progressive with APP segments")
    write(GOOD, "jpeg-progressive-exif-61x37.jpg", progressive[:2] + exif + app2 + comment + progressive[2:])

    # Fill bytes (extra FF) before every marker after SOI are legal.
    fill = read(GOOD, "fill.tmp.jpg")
    write(GOOD, "jpeg-fill-bytes-31x9.jpg", fill[:2] + b"\xff\xff\xff" + fill[2:])

    # Header only: standalone markers (TEM, RST0) and fill before the frame header.
    header = (b"\xff\xd8" + b"\xff\x01" + b"\xff\xff\xd0" + jpeg_segment(0xFE, b"x")
              + sof0(20, 10) + b"\xff\xd9")
    write(GOOD, "jpeg-standalone-markers-20x10.jpg", header)

    orientations()

    for name in os.listdir(GOOD):
        if ".tmp." in name:
            os.remove(os.path.join(GOOD, name))


def exif_block(order, entries, directory=8):
    """An APP1 Exif segment: a TIFF header in `order` ("<" or ">") and one image directory of
    (tag, type, count, value) entries, SHORT values in the first two bytes of their field."""
    pack = lambda fmt, *values: struct.pack(order + fmt, *values)
    tiff = (b"II" if order == "<" else b"MM") + pack("HI", 42, directory)
    body = pack("H", len(entries))
    for tag, kind, count, value in entries:
        field = pack("H", value) + b"\0\0" if kind == 3 else pack("I", value)
        body += pack("HHI", tag, kind, count) + field
    return jpeg_segment(0xE1, b"Exif\0\0" + tiff + body + pack("I", 0))


def orientations():
    """The baseline 72x40 JPEG with Exif orientations: 6 and 8 turn it a quarter (shown 40x72),
    3 turns it upside down, and a directory pointing past its segment says nothing."""
    base = read(GOOD, "jpeg-baseline-72x40.jpg")
    make = (0x010F, 2, 4, 0)  # an unrelated tag first (Make, ASCII), as cameras write
    cases = {
        "jpeg-exif-orientation-6-shown-40x72.jpg": exif_block(">", [make, (0x0112, 3, 1, 6)]),
        "jpeg-exif-orientation-8-little-endian-shown-40x72.jpg": exif_block("<", [(0x0112, 3, 1, 8)]),
        "jpeg-exif-orientation-3-72x40.jpg": exif_block("<", [(0x0112, 3, 1, 3)]),
        "jpeg-exif-directory-outside-72x40.jpg": exif_block(">", [(0x0112, 3, 1, 6)], directory=60000),
    }
    for name, segment in cases.items():
        write(GOOD, name, base[:2] + segment + base[2:])


def bad():
    os.makedirs(BAD, exist_ok=True)
    jpeg = read(GOOD, "jpeg-baseline-72x40.jpg")
    sof = jpeg.index(b"\xff\xc0")
    lossy = read(GOOD, "webp-lossy-33x21.webp")
    lossless = read(GOOD, "webp-lossless-17x29.webp")
    extended = read(GOOD, "webp-extended-45x27.webp")
    gif = read(GOOD, "gif-3x5.gif")
    good_png = read(GOOD, "png-48x48.png")

    write(BAD, "empty.bin", b"")
    write(BAD, "one-byte.bin", b"\xff")
    write(BAD, "jpeg-signature-only.jpg", jpeg[:3])
    write(BAD, "jpeg-truncated-in-size.jpg", jpeg[:sof + 6])
    write(BAD, "png-signature-only.png", good_png[:8])
    write(BAD, "png-truncated-in-size.png", good_png[:19])
    write(BAD, "gif-signature-only.gif", gif[:6])
    write(BAD, "gif-truncated-in-size.gif", gif[:8])
    write(BAD, "webp-signature-only.webp", lossy[:12])
    write(BAD, "webp-lossy-truncated-in-size.webp", lossy[:27])
    write(BAD, "webp-lossless-truncated-in-size.webp", lossless[:23])
    write(BAD, "webp-extended-truncated-in-size.webp", extended[:26])
    # Complete headers, but the picture stops before its end (a server that cut it short).
    progressive = read(GOOD, "jpeg-progressive-exif-61x37.jpg")
    write(BAD, "jpeg-cut-in-scan.jpg", jpeg[:jpeg.index(b"\xff\xda") + 100])
    write(BAD, "jpeg-progressive-cut-after-a-scan.jpg", progressive[:progressive.rindex(b"\xff\xda")])
    write(BAD, "png-without-iend.png", good_png[:-12])
    write(BAD, "gif-without-trailer.gif", gif[:-1])
    write(BAD, "webp-lossy-cut-short.webp", lossy[:-10])

    soi = b"\xff\xd8"
    write(BAD, "jpeg-segment-length-0.jpg", soi + b"\xff\xe0\x00\x00" + sof0(8, 8))
    write(BAD, "jpeg-segment-length-1.jpg", soi + b"\xff\xe0\x00\x01" + sof0(8, 8))
    write(BAD, "jpeg-segment-overrun.jpg", soi + b"\xff\xe1\xff\xf0Exif\0\0" + bytes(40))
    write(BAD, "jpeg-endless-fill.jpg", soi + b"\xff" * 4096)
    write(BAD, "jpeg-too-many-segments.jpg", soi + jpeg_segment(0xFE, b"") * 1500 + sof0(8, 8))
    write(BAD, "jpeg-scan-before-frame.jpg", soi + jpeg_segment(0xDA, b"\x01\x01\x00\x00\x3f\x00") + b"\xff\xd9")
    write(BAD, "jpeg-image-end-before-frame.jpg", soi + jpeg_segment(0xFE, b"hi") + b"\xff\xd9")
    write(BAD, "jpeg-zero-height.jpg", soi + sof0(64, 0) + b"\xff\xd9")

    write(BAD, "png-first-chunk-not-ihdr.png", png(4, 4, first=(b"tEXt", b"Title\0x")))
    write(BAD, "png-zero-size.png", png(0, 0))
    write(BAD, "png-100000x100000.png", png(100000, 100000))
    write(BAD, "png-bad-checksum.png", png(4, 4, crc_ok=False))

    frame = lossy[20:]
    broken = frame[:3] + b"\x9d\x01\x2b" + frame[6:]
    write(BAD, "webp-lossy-bad-start-code.webp", riff(b"VP8 " + struct.pack("<I", len(broken)) + broken))
    write(BAD, "webp-unknown-chunk.webp", riff(b"ABCD" + struct.pack("<I", 4) + b"\0\0\0\0"))

    write(BAD, "html-page.html",
          b"<!DOCTYPE html>\n<html lang=\"en\"><head><title>404 Not Found</title></head>"
          b"<body><h1>Not Found</h1></body></html>\n")
    write(BAD, "html-page-with-bom.html", b"\xef\xbb\xbf\n  <html><body>Access denied</body></html>")
    write(BAD, "json-body.json", b'{"error": "not found", "status": 404}\n')
    write(BAD, "plain-text.txt", "Service temporarily unavailable \u2014 try later\n".encode())
    write(BAD, "svg-image.svg",
          b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>\n')
    write(BAD, "avif-image.avif", struct.pack(">I", 28) + b"ftypavif" + bytes(4) + b"avifmif1miaf" + bytes(16))
    rng = random.Random(20240601)
    noise = bytes([0x13, 0x8A, 0x00, 0xF1]) + bytes(rng.randrange(256) for _ in range(508))
    write(BAD, "random.bin", noise)


if __name__ == "__main__":
    good()
    bad()
