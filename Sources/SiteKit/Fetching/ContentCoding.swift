import Foundation

/// Content codings (RFC 9110 §8.4): which ones the transport decodes, and what the headers of a
/// decoded body say.
enum ContentCoding {
    /// The codings the transport (libcurl, under URLSession) decodes by itself: those it offers
    /// in every request's `Accept-Encoding` (Debian's libcurl is built with brotli and zstd).
    /// One of them in a body that does not decode is a damaged body, not an unknown coding.
    static let decoded: Set<String> = ["gzip", "x-gzip", "deflate", "br", "zstd", "identity"]

    /// The first coding in a `Content-Encoding` value that the transport cannot decode, or nil.
    static func unknown(in value: String) -> String? {
        value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .first { !$0.isEmpty && !decoded.contains($0) }
    }

    /// Headers that describe the body as it was handed over: once decoded it has no coding, and
    /// its length is its decoded length.
    static func describeDecoded(_ headers: inout HTTPHeaders, bodyLength: Int) {
        guard headers.contains("Content-Encoding") else { return }
        headers.remove("Content-Encoding")
        headers.set("Content-Length", String(bodyLength))
    }
}
