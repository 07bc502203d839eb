import Foundation

extension URL {
    /// The URL as messages show it: a password in it (`https://user:secret@host/`) is replaced by
    /// `***`, so that logs and CI output never carry it. Everything else is as written.
    var shown: String {
        guard password != nil, var parts = URLComponents(url: self, resolvingAgainstBaseURL: true) else { return absoluteString }
        parts.percentEncodedPassword = "***"
        return parts.string ?? absoluteString
    }
}
