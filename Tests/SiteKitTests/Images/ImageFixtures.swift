import Testing

@testable import SiteKit

/// A valid image fixture under `Fixtures/Images/good/` and what its header declares.
struct GoodImage: Sendable, CustomTestStringConvertible {
    let file: String
    let format: ImageFormat
    let width: Int
    let height: Int

    var path: String { "Images/good/\(file)" }
    var testDescription: String { file }

    static let all = [
        GoodImage(file: "png-48x48.png", format: .png, width: 48, height: 48),
        GoodImage(file: "jpeg-baseline-72x40.jpg", format: .jpeg, width: 72, height: 40),
        GoodImage(file: "jpeg-progressive-exif-61x37.jpg", format: .jpeg, width: 61, height: 37),
        GoodImage(file: "jpeg-fill-bytes-31x9.jpg", format: .jpeg, width: 31, height: 9),
        GoodImage(file: "jpeg-standalone-markers-20x10.jpg", format: .jpeg, width: 20, height: 10),
        // Stored 72×40; browsers show orientations 5-8 turned a quarter, so the page must say 40×72.
        GoodImage(file: "jpeg-exif-orientation-6-shown-40x72.jpg", format: .jpeg, width: 40, height: 72),
        GoodImage(file: "jpeg-exif-orientation-8-little-endian-shown-40x72.jpg", format: .jpeg, width: 40, height: 72),
        GoodImage(file: "jpeg-exif-orientation-3-72x40.jpg", format: .jpeg, width: 72, height: 40),
        GoodImage(file: "jpeg-exif-directory-outside-72x40.jpg", format: .jpeg, width: 72, height: 40),
        GoodImage(file: "gif-3x5.gif", format: .gif, width: 3, height: 5),
        GoodImage(file: "webp-lossy-33x21.webp", format: .webp, width: 33, height: 21),
        GoodImage(file: "webp-lossless-17x29.webp", format: .webp, width: 17, height: 29),
        GoodImage(file: "webp-extended-45x27.webp", format: .webp, width: 45, height: 27),
    ]
}

/// A broken or non-image fixture under `Fixtures/Images/bad/` and the error it must produce.
struct BadImage: Sendable, CustomTestStringConvertible {
    let file: String
    let kind: ImageError.Kind
    let reason: String

    var path: String { "Images/bad/\(file)" }
    var testDescription: String { file }

    static let all = [
        BadImage(file: "empty.bin", kind: .empty, reason: "is empty"),
        BadImage(file: "one-byte.bin", kind: .truncated, reason: "has a truncated JPEG header (the file is only 1 byte)"),
        BadImage(file: "jpeg-signature-only.jpg", kind: .truncated, reason: "has a truncated JPEG header"),
        BadImage(file: "jpeg-truncated-in-size.jpg", kind: .truncated, reason: "has a truncated JPEG header"),
        BadImage(file: "png-signature-only.png", kind: .truncated, reason: "has a truncated PNG header"),
        BadImage(file: "png-truncated-in-size.png", kind: .truncated, reason: "has a truncated PNG header"),
        BadImage(file: "gif-signature-only.gif", kind: .truncated, reason: "has a truncated GIF header"),
        BadImage(file: "gif-truncated-in-size.gif", kind: .truncated, reason: "has a truncated GIF header"),
        BadImage(file: "webp-signature-only.webp", kind: .truncated, reason: "has a truncated WebP header"),
        BadImage(file: "webp-lossy-truncated-in-size.webp", kind: .truncated, reason: "has a truncated WebP header"),
        BadImage(file: "webp-lossless-truncated-in-size.webp", kind: .truncated, reason: "has a truncated WebP header"),
        BadImage(file: "webp-extended-truncated-in-size.webp", kind: .truncated, reason: "has a truncated WebP header"),
        BadImage(
            file: "jpeg-segment-length-0.jpg", kind: .corrupt,
            reason: "has a corrupt JPEG header (segment FFE0 has an impossible length of 0)"
        ),
        BadImage(
            file: "jpeg-segment-length-1.jpg", kind: .corrupt,
            reason: "has a corrupt JPEG header (segment FFE0 has an impossible length of 1)"
        ),
        BadImage(
            file: "jpeg-segment-overrun.jpg", kind: .truncated,
            reason: "has a truncated JPEG header (a segment runs past the end of the file)"
        ),
        BadImage(file: "jpeg-endless-fill.jpg", kind: .truncated, reason: "has a truncated JPEG header"),
        BadImage(
            file: "jpeg-too-many-segments.jpg", kind: .corrupt,
            reason: "has a corrupt JPEG header (no frame header within the first 1000 segments)"
        ),
        BadImage(
            file: "jpeg-scan-before-frame.jpg", kind: .corrupt,
            reason: "has a corrupt JPEG header (image data starts before the frame header)"
        ),
        BadImage(
            file: "jpeg-image-end-before-frame.jpg", kind: .corrupt,
            reason: "has a corrupt JPEG header (the image ends before its frame header)"
        ),
        BadImage(file: "jpeg-zero-height.jpg", kind: .corrupt, reason: "declares an impossible size of 64×0 px"),
        BadImage(
            file: "png-first-chunk-not-ihdr.png", kind: .corrupt,
            reason: "has a corrupt PNG header (first chunk is not IHDR)"
        ),
        BadImage(file: "png-zero-size.png", kind: .corrupt, reason: "declares an impossible size of 0×0 px"),
        BadImage(
            file: "png-100000x100000.png", kind: .tooManyPixels,
            reason: "is 100000×100000 px (10000 megapixels), over the 40 megapixel limit"
        ),
        BadImage(file: "png-bad-checksum.png", kind: .corrupt, reason: "has a corrupt PNG header (IHDR checksum mismatch)"),
        BadImage(
            file: "webp-lossy-bad-start-code.webp", kind: .corrupt,
            reason: "has a corrupt WebP header (missing VP8 start code)"
        ),
        BadImage(
            file: "webp-unknown-chunk.webp", kind: .corrupt,
            reason: "has a corrupt WebP header (unknown first chunk \"ABCD\")"
        ),
        BadImage(
            file: "jpeg-cut-in-scan.jpg", kind: .truncated,
            reason: "is cut short (the JPEG data stops after 409 bytes, before the image ends)"
        ),
        BadImage(
            file: "jpeg-progressive-cut-after-a-scan.jpg", kind: .truncated,
            reason: "is cut short (the JPEG data stops after 739 bytes, before the image ends)"
        ),
        BadImage(
            file: "png-without-iend.png", kind: .truncated,
            reason: "is cut short (the PNG data stops after 250 bytes, before the image ends)"
        ),
        BadImage(
            file: "gif-without-trailer.gif", kind: .truncated,
            reason: "is cut short (the GIF data stops after 43 bytes, before the image ends)"
        ),
        BadImage(
            file: "webp-lossy-cut-short.webp", kind: .truncated,
            reason: "is cut short (the WebP data stops after 90 bytes, before the image ends)"
        ),
        BadImage(file: "html-page.html", kind: .notAnImage, reason: "is an HTML page, not an image"),
        BadImage(file: "html-page-with-bom.html", kind: .notAnImage, reason: "is an HTML page, not an image"),
        BadImage(file: "json-body.json", kind: .notAnImage, reason: "is JSON, not an image"),
        BadImage(file: "plain-text.txt", kind: .notAnImage, reason: "is text, not an image"),
        BadImage(
            file: "svg-image.svg", kind: .notAnImage,
            reason: "is an SVG document, not a JPEG, PNG, GIF or WebP file"
        ),
        BadImage(
            file: "avif-image.avif", kind: .notAnImage,
            reason: "is an AVIF/HEIF file, not a JPEG, PNG, GIF or WebP file"
        ),
        BadImage(
            file: "random.bin", kind: .notAnImage,
            reason: "is not a JPEG, PNG, GIF or WebP file (starts with 13 8A 00 F1)"
        ),
    ]
}
