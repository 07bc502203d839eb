import Foundation

/// The image formats the site publishes.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp

    /// The extension for published files, without a dot: "jpg", "png", "gif", "webp".
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .gif: "gif"
        case .webp: "webp"
        }
    }

    /// The media type to serve the file with, e.g. "image/jpeg".
    public var mimeType: String { "image/\(rawValue)" }

    /// The name people know the format by, for messages.
    var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .gif: "GIF"
        case .webp: "WebP"
        }
    }
}

/// What an image's header says about it.
public struct ImageInfo: Sendable, Hashable {
    /// The format its signature identifies.
    public var format: ImageFormat
    /// Width in pixels, at least 1.
    public var width: Int
    /// Height in pixels, at least 1.
    public var height: Int

    /// Creates an image description.
    public init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }
}

/// How big an image may be before the site refuses it.
public struct ImageLimits: Sendable {
    /// The largest file accepted, in bytes (10 MiB by default).
    public var maxBytes: Int
    /// The most pixels (width × height) accepted; 40 megapixels by default.
    public var maxPixels: Int

    /// Creates limits; the defaults suit photos and avatars from public APIs.
    public init(maxBytes: Int = 10 * 1024 * 1024, maxPixels: Int = 40_000_000) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
    }
}

/// Validates downloaded bytes as an image without decoding it: the signature, the header, the
/// limits, and that the bytes run to the image's end (`ImageCompleteness`).
///
/// The server's `Content-Type` is never trusted: the format comes from the file's signature and the
/// size from its header. Any input, however hostile, ends in an `ImageInfo` or an `ImageError`.
public enum ImageInspector {
    /// The format and pixel size of `data`, or why it cannot be published.
    public static func inspect(_ data: Data, limits: ImageLimits = .init()) throws(ImageError) -> ImageInfo {
        guard !data.isEmpty else { throw .empty }
        let reader = ByteReader(data: data)
        let format = try ContentSniffer.format(of: reader)
        guard data.count <= limits.maxBytes else {
            throw .tooLarge(bytes: data.count, limit: limits.maxBytes)
        }
        let (width, height) = try dimensions(of: reader, format: format)
        guard width > 0, height > 0 else { throw .impossibleSize(width: width, height: height) }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= limits.maxPixels else {
            let counted = overflow ? Int.max : pixels
            throw .tooManyPixels(width: width, height: height, pixels: counted, limit: limits.maxPixels)
        }
        try ImageCompleteness.check(data, format: format)
        return ImageInfo(format: format, width: width, height: height)
    }

    private static func dimensions(of reader: ByteReader, format: ImageFormat) throws(ImageError) -> (Int, Int) {
        switch format {
        case .jpeg: try JPEGHeader.dimensions(of: reader)
        case .png: try PNGHeader.dimensions(of: reader)
        case .gif: try GIFHeader.dimensions(of: reader)
        case .webp: try WebPHeader.dimensions(of: reader)
        }
    }
}
