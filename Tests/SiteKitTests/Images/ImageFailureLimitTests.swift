import Testing
@testable import SiteKit

@Suite("images.max_failures: how many pictures may fail before a build fails")
struct ImageFailureLimitTests {
    @Test("a number or a share is read as written; anything else is refused")
    func parsing() {
        #expect(ImageFailureLimit("5") == .count(5))
        #expect(ImageFailureLimit(" 0 ") == .count(0))
        #expect(ImageFailureLimit("10%") == .percent(10))
        #expect(ImageFailureLimit("12.5 %") == .percent(12.5))
        #expect(ImageFailureLimit("100%") == .percent(100))
        for refused in ["", "%", "-1", "-5%", "101%", "1e2%", "nan%", "inf%", "ten", "5 pictures", "0x10", "+3", "10%%", "½"] {
            #expect(ImageFailureLimit(refused) == nil, "\(refused)")
        }
        #expect(ImageFailureLimit("10%")?.description == "10%")
        #expect(ImageFailureLimit("12.5%")?.description == "12.5%")
        #expect(ImageFailureLimit("7")?.description == "7")
    }

    @Test("the limit is the most failures allowed: at it the build goes on, one more and it fails")
    func allowing() {
        #expect(ImageFailureLimit.count(2).allows(failures: 2, of: 10))
        #expect(!ImageFailureLimit.count(2).allows(failures: 3, of: 10))
        #expect(ImageFailureLimit.count(0).allows(failures: 0, of: 0))
        #expect(ImageFailureLimit.percent(10).allows(failures: 10, of: 100))
        #expect(!ImageFailureLimit.percent(10).allows(failures: 11, of: 100))
        // 1 of 3 is 33.33… %: over 33 %, within 33.4 %, with no rounding on the way.
        #expect(!ImageFailureLimit.percent(33).allows(failures: 1, of: 3))
        #expect(ImageFailureLimit.percent(33.4).allows(failures: 1, of: 3))
        #expect(ImageFailureLimit.percent(0).allows(failures: 0, of: 50))
        #expect(!ImageFailureLimit.percent(0).allows(failures: 1, of: 50))
        #expect(ImageFailureLimit.percent(100).allows(failures: 50, of: 50))
    }

    @Test("in site.yml, images.max_failures takes either form; a wrong value names the key, its line and what to write")
    func settings() throws {
        #expect(try SettingsFile.parse("images:\n  max_failures: 5\n", shownAs: "site.yml").0.imageFailureLimit == .count(5))
        #expect(try SettingsFile.parse("images: {max_failures: 10%}\n", shownAs: "site.yml").0.imageFailureLimit == .percent(10))
        #expect(try SettingsFile.parse("title: T\n", shownAs: "site.yml").0.imageFailureLimit == nil)
        for value in ["lots", "-2", "150%", "[1, 2]"] {
            let error = #expect(throws: SettingsError.self) { try SettingsFile.parse("title: T\nimages:\n  max_failures: \(value)\n", shownAs: "site.yml") }
            #expect(error?.description.hasPrefix("site.yml:3: 'images.max_failures' must be ") == true, "\(value): \(String(describing: error))")
        }
        let error = #expect(throws: SettingsError.self) { try SettingsFile.parse("images:\n  max_failures: ten\n", shownAs: "site.yml") }
        #expect(error?.description.contains("a number of pictures such as 5, or a share of them such as 10%, not ten.") == true, "\(String(describing: error))")
        // A share past 100 % is a share out of range, not something other than a share.
        let above = #expect(throws: SettingsError.self) { try SettingsFile.parse("images:\n  max_failures: 150%\n", shownAs: "site.yml") }
        #expect(above?.description == "site.yml:2: 'images.max_failures' must be a share of at most 100% (or a number of pictures, such as 5), not 150%.")
    }
}
