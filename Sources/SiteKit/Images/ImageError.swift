import Foundation

/// Why downloaded bytes cannot be used as an image.
///
/// `reason` reads after the image's URL in a warning: "https://… is an HTML page, not an image".
public struct ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broad class of problem, for code that reacts differently to each.
    public enum Kind: String, Sendable, Hashable {
        /// Zero bytes.
        case empty
        /// Not a JPEG, PNG, GIF or WebP file at all (an HTML error page, JSON, another format).
        case notAnImage
        /// The file ends before its header does (an interrupted download).
        case truncated
        /// The header is inconsistent or declares an impossible size.
        case corrupt
        /// More bytes than `ImageLimits.maxBytes`.
        case tooLarge
        /// More pixels than `ImageLimits.maxPixels`.
        case tooManyPixels
    }

    /// The broad class of problem.
    public let kind: Kind
    /// A human reason, phrased to follow the image's URL ("has a truncated JPEG header").
    public let reason: String

    /// Creates an error; `reason` should read well after a URL.
    public init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public var description: String { reason }
}

extension ImageError: LocalizedError {
    public var errorDescription: String? { "The image \(reason)." }
}

extension ImageError {
    static let empty = ImageError(.empty, "is empty")

    static func truncated(_ format: ImageFormat, _ detail: String? = nil) -> ImageError {
        ImageError(.truncated, "has a truncated \(format.name) header" + (detail.map { " (\($0))" } ?? ""))
    }

    static func corrupt(_ format: ImageFormat, _ detail: String) -> ImageError {
        ImageError(.corrupt, "has a corrupt \(format.name) header (\(detail))")
    }

    static func impossibleSize(width: Int, height: Int) -> ImageError {
        ImageError(.corrupt, "declares an impossible size of \(width)×\(height) px")
    }

    static func tooLarge(bytes: Int, limit: Int) -> ImageError {
        var size = SizeText.bytes(bytes)
        var limitText = SizeText.bytes(limit)
        if size == limitText {
            size = "\(bytes) bytes"
            limitText = "\(limit)-byte"
        }
        return ImageError(.tooLarge, "is \(size), over the \(limitText) limit")
    }

    static func tooManyPixels(width: Int, height: Int, pixels: Int, limit: Int) -> ImageError {
        ImageError(
            .tooManyPixels,
            "is \(width)×\(height) px (\(SizeText.pixels(pixels))), "
                + "over the \(SizeText.pixels(limit, unitOnly: true)) limit"
        )
    }
}

/// Sizes in error messages: "12.3 MB", "81 megapixels".
enum SizeText {
    private static let mebibyte = 1024 * 1024

    static func bytes(_ bytes: Int) -> String {
        guard bytes >= mebibyte else { return ByteCount.format(bytes) }
        return "\(oneDecimal(Double(bytes) / Double(mebibyte))) MB"
    }

    /// "81 megapixels", or "2880 pixels" below one megapixel; `unitOnly` gives "40 megapixel".
    static func pixels(_ pixels: Int, unitOnly: Bool = false) -> String {
        let plural = unitOnly ? "" : "s"
        guard pixels >= 1_000_000 else { return "\(pixels) pixel\(pixels == 1 ? "" : plural)" }
        return "\(oneDecimal(Double(pixels) / 1_000_000)) megapixel\(plural)"
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        let whole = Int(tenths / 10)
        let fraction = Int(tenths) % 10
        return fraction == 0 ? "\(whole)" : "\(whole).\(fraction)"
    }
}
