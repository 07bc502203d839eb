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
        let address = address.trimmedWhiteSpace
        guard isEmailAddress(address) else { return nil }
        return "mailto:" + percentEncoded(address)
    }

    /// Every person's address is checked for each list, page and search entry that shows it:
    /// ASCII addresses, nearly all of them, are checked byte by byte, off the Unicode tables.
    static func isEmailAddress(_ address: String) -> Bool {
        let bytes = address.utf8
        guard bytes.count <= 254 else { return false }
        if bytes.allSatisfy({ $0 < 0x80 }) { return isASCIIEmailAddress(bytes) }
        return isEmailAddressByScalars(address)
    }

    /// `isEmailAddress` for any text, by Characters and scalars (`isASCIIEmailAddress` gives the
    /// same for ASCII).
    static func isEmailAddressByScalars(_ address: String) -> Bool {
        guard address.utf8.count <= 254 else { return false }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
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
        return allowed(local) { isLocalPartByte(UInt8($0.value)) || $0 == "." }
            && allowed(domain) { isDomainByte(UInt8($0.value)) || $0 == "." }
    }

    /// The rules of `isEmailAddress` for an address of ASCII bytes only.
    static func isASCIIEmailAddress(_ bytes: String.UTF8View) -> Bool {
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")) else { return false }
        let local = bytes[..<at]
        let domain = bytes[bytes.index(after: at)...]
        guard (1...64).contains(local.count), !domain.isEmpty, !domain.contains(UInt8(ascii: "@")),
              domain.first != UInt8(ascii: "-") else { return false }
        return isDotted(local, isLocalPartByte) && isDotted(domain, isDomainByte)
    }

    /// Whether `part` is runs of allowed bytes joined by single dots, with no dot at either end.
    private static func isDotted(_ part: Substring.UTF8View, _ allowed: (UInt8) -> Bool) -> Bool {
        var afterDot = true
        for byte in part {
            if byte == UInt8(ascii: ".") {
                if afterDot { return false }
                afterDot = true
            } else {
                guard allowed(byte) else { return false }
                afterDot = false
            }
        }
        return !afterDot
    }

    /// RFC 5322's atext: the ASCII a local part may hold outside quotes, besides dots.
    private static func isLocalPartByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || Self.localPartSymbols.contains(byte)
    }

    private static let localPartSymbols = Set("!#$%&'*+-/=?^_`{|}~".utf8)

    /// Letters, digits and hyphens: the ASCII of a domain, besides dots.
    private static func isDomainByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "-")
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }

    /// `address` with every UTF-8 byte but letters, digits and `-._~@!$'*+=` written as `%XX`,
    /// as `addingPercentEncoding` would, without its round trip through NSString on Linux.
    static func percentEncoded(_ address: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(address.utf8.count)
        for byte in address.utf8 {
            if isAlphanumeric(byte) || mailtoUnencoded.contains(byte) {
                bytes.append(byte)
            } else {
                bytes.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let mailtoUnencoded = Set("-._~@!$'*+=".utf8)

    /// A website as the data gives it (`example.com`, `http://example.com/x`) as an http(s) URL:
    /// one without a scheme gets `https://`; one with another scheme (`mailto:`, `ftp:`) is none.
    /// Nor is one with user info (`https://bank.example@evil.example/`, `user:pass@host`): its
    /// text shows one host and the link leads to another, the phishing trick browsers warn of, or
    /// it publishes a password. Such a website is shown as text.
    public static func website(_ text: String?) -> URL? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        let url: URL?
        if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("."), !text[..<colon].contains("/") {
            url = http(text)  // a scheme of its own (or a host without a dot, which is no website)
        } else {
            url = http(text.contains("://") ? text : "https://" + text)
        }
        // A percent-encoded host (`bank.example%40evil.example`) is none browsers open.
        guard let url, let parts = URLComponents(url: url, resolvingAgainstBaseURL: false),
              parts.percentEncodedUser == nil, parts.percentEncodedPassword == nil, parts.percentEncodedHost?.contains("%") != true
        else { return nil }
        return url
    }
}
