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

    /// A `mailto:` link to `address`, or nil when the text is no e-mail address (`javascript:x`,
    /// `N/A`, two addresses, an empty field), which is then shown as text rather than as a link
    /// nobody can use. An address is one `@` between a local part of dot-atom characters and a
    /// domain of letters, digits, dots and hyphens, any non-ASCII letters allowed (RFC 6531), with no
    /// spaces, controls or formatting characters (a right-to-left override is never sent on), and
    /// at most 254 bytes, blanks around it forgiven. The local part is percent-encoded (RFC 6068), so
    /// `a?cc=x&subject=hi@b.c` stays one odd address, never a CC or a subject.
    public static func mailto(_ address: String) -> String? {
        let address = address.trimmingCharacters(in: .whitespacesAndNewlines)
        guard isEmailAddress(address) else { return nil }
        return "mailto:" + address.addingPercentEncoding(withAllowedCharacters: mailtoAllowed)!
    }

    private static func isEmailAddress(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard address.utf8.count <= 254, parts.count == 2 else { return false }
        let (local, domain) = (parts[0], parts[1])
        guard (1...64).contains(local.utf8.count), !domain.isEmpty,
              !local.hasPrefix("."), !local.hasSuffix("."), !local.contains(".."),
              !domain.hasPrefix("."), !domain.hasSuffix("."), !domain.contains(".."), !domain.hasPrefix("-")
        else { return false }
        func allowed(_ part: Substring, ascii: (Unicode.Scalar) -> Bool) -> Bool {
            part.unicodeScalars.allSatisfy { scalar in
                if scalar.isASCII { return ascii(scalar) }
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .unassigned, .privateUse, .surrogate: return false
                default: return !scalar.properties.isWhitespace
                }
            }
        }
        return allowed(local) { atext.contains($0) || $0 == "." }
            && allowed(domain) { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "-" }
    }

    /// RFC 5322's atext: the ASCII a local part may hold outside quotes, besides dots.
    private static let atext = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~".unicodeScalars)

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
