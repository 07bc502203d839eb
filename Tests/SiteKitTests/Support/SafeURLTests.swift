import Foundation
import Testing
@testable import SiteKit

@Suite("Safe URL")
struct SafeURLTests {
    @Test("absolute http and https URLs with a host are accepted, scheme case-insensitively")
    func acceptsHTTP() {
        #expect(SafeURL.http("https://randomuser.me/api/portraits/men/1.jpg")?.absoluteString
            == "https://randomuser.me/api/portraits/men/1.jpg")
        #expect(SafeURL.http("http://127.0.0.1:8080/a?b=c#d")?.host == "127.0.0.1")
        #expect(SafeURL.http("HTTPS://Example.com/x")?.path == "/x")
        #expect(SafeURL.http("HtTp://example.com") != nil)
    }

    @Test("other schemes are rejected: javascript, data, file, ftp, mailto, vbscript")
    func rejectsOtherSchemes() {
        for string in [
            "javascript:alert(1)", "JavaScript://example.com/%0Aalert(1)", "data:text/html,<script>alert(1)</script>",
            "file:///etc/passwd", "ftp://example.com/file", "mailto:a@example.com", "vbscript:msgbox(1)",
        ] {
            #expect(SafeURL.http(string) == nil, "\(string) must be rejected")
        }
    }

    @Test("relative references, missing hosts, nil and empty strings are rejected")
    func rejectsRelativeAndHostless() {
        for string in ["/images/a.jpg", "a.jpg", "//example.com/a.jpg", "http://", "https:///path", "http:example.com", ""] {
            #expect(SafeURL.http(string) == nil, "\(string) must be rejected")
        }
        #expect(SafeURL.http(nil) == nil)
    }

    @Test("whitespace and control characters anywhere are rejected")
    func rejectsWhitespaceAndControls() {
        for string in [
            " https://example.com", "https://example.com ", "https://exa mple.com", "https://example.com/a b",
            "https://example.com/\u{0}", "java\tscript:alert(1)", "https://example.com/\n", "https://example.com/\u{7F}",
            "https://example.com/\u{00A0}", "https:\\\\example.com",
        ] {
            #expect(SafeURL.http(string) == nil, "\(string.debugDescription) must be rejected")
        }
    }

    @Test("a password in a URL, and a query parameter's value named as a secret (a QA pass found ?key=TOKEN123 in a build's first line), are never shown in messages; the rest of the URL is", arguments: [
        ("https://ann:s3cret@api.example/v1/?q=1", "https://ann:***@api.example/v1/?q=1"),
        ("https://api.example/v1/?q=1", "https://api.example/v1/?q=1"),
        ("http://ann@127.0.0.1:8080/api/", "http://ann@127.0.0.1:8080/api/"),
        // Query parameters named as secrets are, their values only; others as they are.
        ("https://api.example/v1/?key=TOKEN123&results=50", "https://api.example/v1/?key=***&results=50"),
        ("https://api.example/?seed=abc&api_key=x%20y&apiKey=z&access_token=t&X-Amz-Signature=s&page=2",
         "https://api.example/?seed=abc&api_key=***&apiKey=***&access_token=***&X-Amz-Signature=***&page=2"),
        ("https://ann:pw@api.example/?client_secret=c&inc=name,email", "https://ann:***@api.example/?client_secret=***&inc=name,email"),
        ("https://api.example/?monkey=1&keyword=k&token", "https://api.example/?monkey=1&keyword=k&token"),
    ])
    func passwordsAreHidden(url: String, shown: String) throws {
        #expect(try #require(URL(string: url)).shown == shown)
    }

    @Test("a URL of 100,000 characters from the data is cut in messages, saying how much is left out; exactly 300 is shown whole; --json's is never cut")
    func longURLsAreCut() throws {
        let long = try #require(URL(string: "https://api.example/" + String(repeating: "x", count: 100_000)))
        #expect(long.shown == "https://api.example/" + String(repeating: "x", count: 220) + "… (99780 more characters)")
        #expect(long.shownWhole == long.absoluteString)
        let exact = try #require(URL(string: "https://api.example/" + String(repeating: "y", count: 280)))
        #expect(exact.shown == exact.absoluteString)
    }

    @Test("a build from an API URL with a password never prints the password")
    func buildHidesThePassword() async throws {
        try await DemoAPIServer.with { server in
            var harness = try BuildHarness(source: .live, users: 3)
            defer { harness.remove() }
            harness.use(server)
            let port = server.baseURL.port!
            harness.settings.randomUserURL = try #require(URL(string: "http://ann:s3cret@127.0.0.1:\(port)/api/"))
            harness.settings.jsonPlaceholderURL = try #require(URL(string: "http://ann:s3cret@127.0.0.1:\(port)/nowhere"))
            let error = await #expect(throws: (any Error).self) { try await harness.build() }
            let failure = error.map { "\($0)" } ?? ""
            #expect(harness.text.contains("from http://ann:***@127.0.0.1:\(port)/api/"), "\(harness.text)")
            #expect(failure.contains("http://ann:***@127.0.0.1:\(port)/nowhere/"), "the failure names the URL: \(failure)")
            #expect(!harness.text.contains("s3cret") && !failure.contains("s3cret"))
        }
    }

    @Test("a mailto link keeps an address from the data one address: ?, &, % and # are percent-encoded")
    func mailtoIsEncoded() {
        #expect(SafeURL.mailto("ann@example.com") == "mailto:ann@example.com")
        #expect(SafeURL.mailto("a?cc=x&subject=hi@b.c") == "mailto:a%3Fcc=x%26subject=hi@b.c")
        #expect(SafeURL.mailto("o'brien+news%2#@ex.org") == "mailto:o'brien+news%252%23@ex.org")
        #expect(SafeURL.mailto("  Zoë@Exämple.org\n") == "mailto:Zo%C3%AB@Ex%C3%A4mple.org", "blanks around it forgiven, non-ASCII letters kept")
    }

    @Test("text that is no e-mail address is no mailto link (it is shown as text): empty, javascript:, two addresses, spaces, markup, a bidi override, too long")
    func mailtoNeedsAnAddress() {
        for text in ["", "   ", "N/A", "javascript:alert(15)", "ann@", "@example.com", "a@b.c?cc=victim@x.com", "x y@ex.org",
                     "\"><script>@x", "ann@exa mple.org", "ann@ex_ample.org", ".ann@x.org", "ann..b@x.org", "ann@x..org",
                     "ev\u{202E}il@example.com", "ann@example.com\u{202C}", "a\u{0}b@x.org",
                     String(repeating: "a", count: 65) + "@x.org", "a@" + String(repeating: "b", count: 253)] {
            #expect(SafeURL.mailto(text) == nil, "\(text.debugDescription)")
        }
    }

    @Test("a website without a scheme gets https://; one with another scheme is no link")
    func websites() {
        #expect(SafeURL.website("hildegard.org")?.absoluteString == "https://hildegard.org")
        #expect(SafeURL.website("http://example.com/a")?.absoluteString == "http://example.com/a")
        #expect(SafeURL.website("example.com:8080/x")?.absoluteString == "https://example.com:8080/x")
        #expect(SafeURL.website("mailto:x@y") == nil)
        #expect(SafeURL.website("javascript:alert(1)") == nil)
        #expect(SafeURL.website("ftp://example.com") == nil)
        #expect(SafeURL.website("  ") == nil)
    }

    @Test("a website with user info is no link: its text names one host and it leads to another, or it publishes a password")
    func websitesWithUserInfo() {
        for text in ["https://bank.example@evil.example/", "bank.example@evil.example", "http://user:secret@example.com/",
                     "https://@example.com", "example.com:pass@evil.example", "https://bank.example%40evil.example"] {
            #expect(SafeURL.website(text) == nil, "\(text)")
        }
        #expect(SafeURL.website("https://example.com/@user")?.absoluteString == "https://example.com/@user")
    }

    @Test("an ASCII address, checked byte by byte, is judged exactly as the Unicode way judges it")
    func asciiAddressesAgree() {
        let pieces = ["a", "Z", "9", ".", "..", "@", "-", "_", "+", "!", "#", "~", "%", "&", "'", "=", "?", "^", "`", "{", "|", "}",
                      "/", "*", "$", " ", "\t", "\"", "(", ",", ":", ";", "<", "[", "\\", "\u{7F}", "\u{0}", "ex.org"]
        var texts: [String] = []
        for a in pieces { for b in pieces { for c in pieces { texts.append(a + b + "@" + c); texts.append(a + "@" + b + c) } } }
        texts += [String(repeating: "a", count: 64) + "@b.c", String(repeating: "a", count: 65) + "@b.c",
                  "a@" + String(repeating: "b", count: 252), "a@" + String(repeating: "b", count: 251), "a@b@c", "@", "a@", "@b"]
        for text in texts {
            #expect(SafeURL.isASCIIEmailAddress(text.utf8) == SafeURL.isEmailAddressByScalars(text), "\(text.debugDescription)")
        }
    }

    @Test("a mailto address is percent-encoded byte for byte as addingPercentEncoding encodes it")
    func percentEncodingAgreesWithFoundation() {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~@!$'*+=")
        var texts = (0..<128).map { "a\(Character(Unicode.Scalar($0)!))b" }
        texts += ["Zoë@Exämple.org", "用户@例子.广告", "🙂@x.y", "o'brien+news%2#@ex.org", ""]
        for text in texts {
            #expect(SafeURL.percentEncoded(text) == text.addingPercentEncoding(withAllowedCharacters: allowed), "\(text.debugDescription)")
        }
    }
}
