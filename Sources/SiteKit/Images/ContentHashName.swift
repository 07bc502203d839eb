import Crypto
import Foundation

/// File names derived from content, so identical images are stored once and cache forever.
public enum ContentHashName {
    /// The first 20 hex digits of the SHA-256 of `data`, plus the format's extension: "3f9a…c1.png".
    public static func fileName(for data: Data, format: ImageFormat) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(20)
        for byte in SHA256.hash(data: data).prefix(10) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self) + "." + format.fileExtension
    }
}
