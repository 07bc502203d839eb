/// The `Content-Type` a preview server sends for a file, by its extension.
enum MediaType {
    static func forFile(named name: String) -> String {
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return byExtension[ext] ?? "application/octet-stream"
    }

    /// Whether responses of this type get the live-reload script.
    static func isHTML(_ type: String) -> Bool { type.hasPrefix("text/html") }

    private static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "xml": "application/xml",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "pdf": "application/pdf",
        "wasm": "application/wasm",
        "zip": "application/zip",
        "csv": "text/csv; charset=utf-8",
        "vtt": "text/vtt; charset=utf-8",
        "xhtml": "application/xhtml+xml",
        "atom": "application/atom+xml",
        "rss": "application/rss+xml",
        "webmanifest": "application/manifest+json",
        "map": "application/json",
        // Files put in the output by hand: media a page plays, which a browser does not play,
        // nor seek, as application/octet-stream (sent with nosniff).
        "mp4": "video/mp4",
        "m4v": "video/mp4",
        "webm": "video/webm",
        "ogv": "video/ogg",
        "mp3": "audio/mpeg",
        "m4a": "audio/mp4",
        "ogg": "audio/ogg",
        "oga": "audio/ogg",
        "opus": "audio/ogg",
        "wav": "audio/wav",
        "flac": "audio/flac",
    ]
}
