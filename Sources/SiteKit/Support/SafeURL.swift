import Foundation

/// Gatekeeper for URLs taken from untrusted data before they become `href` or `src` values.
public enum SafeURL {
    /// Returns `string` as a URL only if it is an absolute `http` or `https` URL with a host.
    ///
    /// Anything else gives `nil`: other schemes (`javascript:`, `data:`, `file:`, …), relative
    /// references, `http://` without a host, and strings holding whitespace or control characters
    /// (browsers strip those, which is how `java\tscript:` tricks slip past naive checks).
    public static func http(_ string: String?) -> URL? {
        guard let string, !string.isEmpty else { return nil }
        let forbidden = string.unicodeScalars.contains { scalar in
            if scalar.isASCII {
                // C0 controls, space and DEL; the common case stays off the Unicode tables.
                return scalar.value <= 0x20 || scalar.value == 0x7F || scalar == "\\"
            }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator: return true
            default: return scalar.properties.isWhitespace
            }
        }
        guard !forbidden else { return nil }
        // URLComponents is strict about syntax; URL(string:) alone accepts more odd forms.
        guard let components = URLComponents(string: string),
              let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              let url = components.url
        else { return nil }
        return url
    }

    /// A `mailto:` link to `address`, percent-encoded (RFC 6068) so that an address from the data
    /// cannot add headers or recipients: `a@b.c?cc=x@y` stays one odd address, never a CC.
    public static func mailto(_ address: String) -> String {
        "mailto:" + address.addingPercentEncoding(withAllowedCharacters: mailtoAllowed)!
    }

    private static let mailtoAllowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~@!$'*+=")

    /// A website as the data gives it (`example.com`, `http://example.com/x`) as an http(s) URL:
    /// one without a scheme gets `https://`; one with another scheme (`mailto:`, `ftp:`) is none.
    public static func website(_ text: String?) -> URL? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("."), !text[..<colon].contains("/") {
            return http(text)  // a scheme of its own (or a host without a dot, which is no website)
        }
        return http(text.contains("://") ? text : "https://" + text)
    }
}
