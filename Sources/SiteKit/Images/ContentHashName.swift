import Crypto
import Foundation

/// File names derived from content, so identical images are stored once and cache forever.
public enum ContentHashName {
    /// The first 20 hex digits of the SHA-256 of `data`, plus the format's extension: "3f9a…c1.png".
    public static func fileName(for data: Data, format: ImageFormat) -> String {
        fileName(digest: SHA256.hash(data: data), format: format)
    }

    /// The same name from the SHA-256 of the bytes, for callers that need the digest too.
    public static func fileName(digest: SHA256Digest, format: ImageFormat) -> String {
        Hex.string(digest.prefix(10)) + "." + format.fileExtension
    }
}
