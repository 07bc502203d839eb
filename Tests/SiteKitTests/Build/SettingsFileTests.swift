import Foundation
import Testing
@testable import SiteKit

@Suite("Settings file")
struct SettingsFileTests {
    private func load(_ name: String) throws -> (SiteSettings, [String]) {
        try SettingsFile.load(Fixture.url("Build/\(name)"), shownAs: name, required: true)
    }

    @Test("every key of site.yml overrides its default")
    func everyKeyIsRead() throws {
        let (settings, warnings) = try load("full.yml")
        #expect(warnings.isEmpty)
        #expect(settings.title == "Team & Friends")
        #expect(settings.language == "fa")
        #expect(settings.baseURL == "https://people.example.org/sub/")
        #expect(settings.source == .demo)
        #expect(settings.seed == "fixture")
        #expect(settings.users == 300)
        #expect(settings.perPage == 10)
        #expect(settings.jobs == 8)
        #expect(settings.timeout == 5)
        #expect(settings.nationalities == ["ir", "ua"])
        #expect(settings.randomUserURL.absoluteString == "http://127.0.0.1:9/api/")
        #expect(settings.markdownUnsafe)
        #expect(settings.cacheTTL == 600)
        #expect(settings.links == .files)
    }

    @Test("the repository's own site.yml loads without warnings")
    func repositorySettingsLoad() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let (settings, warnings) = try SettingsFile.load(root.appendingPathComponent("site.yml"), shownAs: "site.yml", required: true)
        #expect(warnings.isEmpty)
        #expect(settings.source == .auto)
        #expect(settings.randomUserURL.host == "randomuser.me")
    }

    @Test("a value of the wrong type names the file, the line and the key")
    func wrongTypeNamesFileAndLine() throws {
        let error = #expect(throws: SettingsError.self) { try load("bad-type.yml") }
        #expect(error?.line == 2)
        #expect(error?.description.contains("bad-type.yml:2") == true)
        #expect(error?.description.contains("'users' must be a whole number") == true)
    }

    @Test("an unknown key is a warning that names it, not a silent no-op")
    func unknownKeyWarns() throws {
        let (settings, warnings) = try load("typo.yml")
        #expect(settings.perPage == SiteSettings().perPage)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("unknown setting 'per_pgae' is ignored. Did you mean 'per_page'? Known settings: ") == true, "\(warnings)")
    }

    @Test("an unknown key inside cache, images or markdown is a warning naming it and its line; the known ones still apply")
    func unknownNestedKeyWarns() throws {
        let (settings, warnings) = try load("typo-nested.yml")
        #expect(settings.cacheTTL == SiteSettings().cacheTTL && settings.imageSizes == ImageSize.defaults)
        #expect(settings.imagesPerHost == 4 && settings.markdownUnsafe)
        #expect(warnings.count == 3, "\(warnings)")
        #expect(warnings.contains { $0.contains(":3: unknown setting 'cache.tll' is ignored. Did you mean 'cache.ttl'?") && $0.contains("Known settings under cache: ttl") })
        #expect(warnings.contains { $0.contains(":5: unknown setting 'images.size' is ignored. Did you mean 'images.sizes'?") })
        #expect(warnings.contains { $0.contains("unknown setting 'markdown.safe'") })
    }

    @Test("links accepts only folders or files, and says what each is for")
    func linksAreChecked() {
        let error = #expect(throws: SettingsError.self) { try load("bad-links.yml") }
        #expect(error?.description == "bad-links.yml:1: 'links' must be folders (links such as users/, for a web server) or files (users/index.html, for a site opened from disk).")
    }

    @Test("source accepts only auto, live or demo")
    func sourceIsChecked() {
        let error = #expect(throws: SettingsError.self) { try load("bad-source.yml") }
        #expect(error?.description.contains("auto, live or demo") == true)
    }

    @Test("broken YAML is an error with a line number")
    func brokenYAMLHasALine() {
        let error = #expect(throws: SettingsError.self) { try load("bad-yaml.yml") }
        #expect(error?.line != nil)
        #expect(error?.description.hasPrefix("bad-yaml.yml:") == true)
        #expect(error.map { !$0.description.contains("front matter") && !$0.description.contains("---") } == true)
    }

    @Test("a key with no value (~, null or nothing) keeps its default, with a warning, instead of naming a folder \"~\"")
    func nullKeepsTheDefault() throws {
        let (settings, warnings) = try load("null-values.yml")
        let defaults = SiteSettings()
        #expect(settings.output == defaults.output && settings.title == defaults.title)
        #expect(settings.seed == defaults.seed && settings.cacheTTL == defaults.cacheTTL)
        #expect(settings.users == 7)
        #expect(warnings == [
            "null-values.yml:2: 'output' has no value (null), so it is left as it was. Give it a value, or remove the line.",
            "null-values.yml:3: 'title' has no value (null), so it is left as it was. Give it a value, or remove the line.",
            "null-values.yml:4: 'seed' has no value (null), so it is left as it was. Give it a value, or remove the line.",
            "null-values.yml:6: 'cache.ttl' has no value (null), so it is left as it was. Give it a value, or remove the line.",
        ], "\(warnings)")
    }

    @Test("a value nested 20,000 lists deep (which crashed the process inside the YAML library) is refused before parsing, on its line")
    func deepNestingIsRefused() {
        let error = #expect(throws: SettingsError.self) { try load("deep-nesting.yml") }
        #expect(error?.description == "deep-nesting.yml:1: the file nests lists or mappings more than 1,000 levels deep here; no setting takes more than two.")
    }

    @Test("language must be a language tag; pt_BR or a language's name is an error that shows the form, and names the underscore only when there is one",
          arguments: ["pt_BR", "English", "e", "fa-", "i-klingon", "\"\""])
    func languageIsATag(value: String) {
        let error = #expect(throws: SettingsError.self) { try SettingsFile.parse("language: \(value)\n", shownAs: "site.yml") }
        let underscore = value.contains("_") ? " (with a hyphen, not an underscore)" : ""
        #expect(error?.description == "site.yml:1: 'language' must be a language tag such as en, fa or pt-BR\(underscore).")
    }

    @Test("language tags in their usual forms are taken as written", arguments: ["en", "fa", "pt-BR", "zh-Hant-TW", "sr-Latn"])
    func languageTagsAreKept(value: String) throws {
        #expect(try SettingsFile.parse("language: \(value)\n", shownAs: "site.yml").0.language == value)
    }

    @Test("a file of only '---' or comments sets nothing, like an empty one; a second document is named as such")
    func emptyDocumentsAndASecondOne() throws {
        for text in ["---\n", "# nothing yet\n", "---\n...\n", ""] {
            let (settings, warnings) = try SettingsFile.parse(text, shownAs: "site.yml")
            #expect(settings == SiteSettings() && warnings.isEmpty, "\(text)")
        }
        let error = #expect(throws: SettingsError.self) { try SettingsFile.parse("users: 5\n---\nusers: 6\n", shownAs: "site.yml") }
        #expect(error?.description == "site.yml:2: a second YAML document starts here (a line '---' after settings); a settings file is one document. Remove the line, or what follows it.")
    }

    @Test("a settings file over 1 MiB is refused unread, its size said in bytes (1024 KiB read as the limit itself)")
    func oversizedSettingsAreRefused() {
        let text = "# " + String(repeating: "x", count: (1 << 20) - 2) + "\n"
        let error = #expect(throws: SettingsError.self) { try SettingsFile.parse(text, shownAs: "site.yml") }
        #expect(error?.description == "site.yml: the file is 1048577 bytes, more than the 1 MiB (1048576 bytes) a settings file may be. Check that it is the right file.")
        // Read from disk, a file of 2 MiB is said to be 2 MiB, not the 1 MiB and a byte read of it;
        // and one whose first MiB ends inside a character is too long, not invalid UTF-8.
        let folder = try? TemporaryFolder()
        defer { folder?.remove() }
        guard let folder else { return }
        let file = folder.url.appendingPathComponent("site.yml")
        let large = Data(("# " + String(repeating: "é", count: 1 << 20) + "\n").utf8)
        try? large.write(to: file)
        let fromDisk = #expect(throws: SettingsError.self) { try SettingsFile.load(file, shownAs: "site.yml", required: true) }
        #expect(fromDisk?.description == "site.yml: the file is \(large.count) bytes, more than the 1 MiB (1048576 bytes) a settings file may be. Check that it is the right file.",
                "\(String(describing: fromDisk))")
    }

    @Test("a key given twice is an error naming both lines (YAML allows a key once; the last silently won)")
    func duplicateKeyIsAnError() {
        let error = #expect(throws: SettingsError.self) { try SettingsFile.parse("users: 5\ntitle: A\nusers: 50\n", shownAs: "site.yml") }
        #expect(error?.description == "site.yml:3: 'users' is given twice, on lines 1 and 3, and YAML allows a key once (the last would silently win). Remove one of them.")
        let nested = #expect(throws: SettingsError.self) { try SettingsFile.parse("cache:\n  ttl: 1h\n  folder: c\n  ttl: 5m\n", shownAs: "site.yml") }
        #expect(nested?.description == "site.yml:4: 'cache.ttl' is given twice, on lines 2 and 4, and YAML allows a key once (the last would silently win). Remove one of them.")
    }

    @Test("jobs and images.jobs, one setting under two names, given both is an error naming both lines (the later silently won)")
    func jobsUnderBothNamesIsAnError() throws {
        let error = #expect(throws: SettingsError.self) { try SettingsFile.parse("jobs: 8\nimages:\n  jobs: 32\n", shownAs: "site.yml") }
        #expect(error?.description == "site.yml:3: 'images.jobs' on line 3 and 'jobs' on line 1 are one setting, how many downloads run at once, "
            + "and the later would silently win. Remove one of them.")
        let reversed = #expect(throws: SettingsError.self) { try SettingsFile.parse("images: {jobs: 32}\njobs: 8\n", shownAs: "site.yml") }
        #expect(reversed?.description.hasPrefix("site.yml:2: 'jobs' on line 2 and 'images.jobs' on line 1 are one setting") == true,
                "\(String(describing: reversed))")
        #expect(try SettingsFile.parse("images: {jobs: 32}\n", shownAs: "site.yml").0.jobs == 32)
        let outOfRange = #expect(throws: SettingsError.self) { try SettingsFile.parse("title: T\nimages:\n  jobs: 0\n", shownAs: "site.yml") }
        #expect(outOfRange?.description == "site.yml:3: images.jobs must be between 1 and 512, not 0.")
        for (text, message) in [("title: T\nusers: -5\n", "site.yml:2: users must be between 0 and 1000000, not -5."),
                                ("per_page: 0\n", "site.yml:1: per_page must be between 1 and 10000, not 0."),
                                ("images:\n  sizes: [large]\n  per_host: 600\n", "site.yml:3: images.per_host must be between 1 and 512, not 600."),
                                // No size published no picture at all, in silence.
                                ("images:\n  sizes: []\n", "site.yml:2: 'images.sizes' must be a list of at least one of thumbnail, medium and large, such as [large] (the default).")] {
            let error = #expect(throws: SettingsError.self) { try SettingsFile.parse(text, shownAs: "site.yml") }
            #expect(error?.description == message)
        }
        #expect(try SettingsFile.parse("jobs: 8\n", shownAs: "site.yml").0.jobs == 8)
    }

    @Test("a list in brackets left open is blamed on the line where it opens, not the line after, where the parser gave up")
    func unclosedFlowListNamesItsLine() throws {
        let error = #expect(throws: SettingsError.self) { try SettingsFile.parse("title: x\nusers: [1\nper_page: 3\n", shownAs: "site.yml") }
        #expect(error?.description.hasPrefix("site.yml:2: the file is not valid YAML: did not find expected ',' or ']' (the list or mapping opened here in brackets is not closed)") == true,
                "\(String(describing: error))")
    }

    @Test("a tab used to indent is named as the cause, on its line")
    func tabIndentation() {
        let error = #expect(throws: SettingsError.self) { try load("tab-indent.yml") }
        #expect(error?.line == 3)
        #expect(error?.description.contains("that line holds a tab, and YAML is indented with spaces only") == true, "\(String(describing: error))")
    }

    @Test("an error inside images:, markdown: or cache: names the line of the value, not of its parent; a value out of range found once all are read names its own line, where it named none",
          arguments: [("title: x\nmarkdown:\n  unsafe: maybe\n", 3, "'markdown.unsafe' must be true or false (yes/no and on/off are read as those), not maybe"),
                      ("images:\n  sizes: [huge]\n", 2, "'images.sizes' must be a list of thumbnail, medium and large"),
                      ("cache:\n\n  ttl: soon\n", 3, "'cache.ttl' must be a duration"),
                      ("title: x\ntimeout: 3601\n", 2, "timeout must be more than 0 and at most 3600 seconds, not 3601"),
                      ("title: x\n\nseed: \"\"\n", 3, "seed must not be empty"),
                      ("users: 5\noutput: \" \"\n", 2, "output must name a folder"),
                      ("users: 5\noutput: ~/siteout\n", 2, "output is ~/siteout, and ~ is not expanded here (site.yml is not read by a shell): write the whole path, such as "),
                      ("cache_dir: \"~bob/cache\"\n", 1, "cache_dir is ~bob/cache, and ~ is not expanded here")])
    func errorsNameTheirOwnLine(text: String, line: Int, message: String) {
        let error = #expect(throws: SettingsError.self) { try SettingsFile.parse(text, shownAs: "site.yml").0.validated(file: "site.yml") }
        #expect(error?.line == line, "\(String(describing: error))")
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test("a path starting with ~ is refused with the whole path to write instead: it made a folder called ~ in the project, and the note that named it invited rm -r ~")
    func tildeIsNotExpanded() {
        #expect(SiteSettings.unexpandedHome("~/siteout", name: "output", asFlags: false, home: "/home/ann")
                == "output is ~/siteout, and ~ is not expanded here (site.yml is not read by a shell): write the whole path, such as /home/ann/siteout, or one relative to the project; ./~/siteout names a folder called ~ in the project")
        #expect(SiteSettings.unexpandedHome("~", name: "--output", asFlags: true, home: "/home/ann")?.hasPrefix("--output is ~, and ~ is not expanded here (it was quoted, so the shell left it): write the whole path, such as /home/ann,") == true)
        #expect(SiteSettings.unexpandedHome("~bob/cache", name: "cache_dir", asFlags: false, home: "/home/ann")?.contains("such as /home/bob/cache,") == true)
        for fine in ["public", "./~x", "/srv/~web", "a/~b"] {
            #expect(SiteSettings.unexpandedHome(fine, name: "output", asFlags: false) == nil, "\(fine)")
        }
    }

    @Test("a tab before a key at the top is blamed on its own line, where the line before it was named",
          arguments: [("title: a\ndescription: b\n\tlanguage: en\n", 3), ("title: a\n\tdescription: b\n", 2)])
    func tabBeforeAKey(text: String, line: Int) {
        let error = #expect(throws: SettingsError.self) { try SettingsFile.parse(text, shownAs: "site.yml") }
        #expect(error?.line == line, "\(String(describing: error))")
        #expect(error?.description.contains("tab") == true, "\(String(describing: error))")
    }

    @Test("a settings file in Latin-1 is named with the line of its first byte UTF-8 does not allow, and how to fix it; a device is refused, as its folder would be the project (/dev)")
    func notUTF8AndDevices() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("site.yml")
        // title: a, then description: café with é in Latin-1 (0xE9).
        try Data([0x74, 0x69, 0x74, 0x6C, 0x65, 0x3A, 0x20, 0x61, 0x0A, 0x64, 0x65, 0x73, 0x63, 0x72, 0x69, 0x70, 0x74, 0x69, 0x6F, 0x6E, 0x3A, 0x20, 0x63, 0x61, 0x66, 0xE9, 0x0A])
            .write(to: file)
        let error = #expect(throws: SettingsError.self) { try SettingsFile.load(file, shownAs: "site.yml", required: true) }
        #expect(error?.line == 2)
        #expect(error?.description.contains("site.yml:2: the settings file is not valid UTF-8 text") == true && error?.description.contains("Save it as UTF-8") == true,
                "\(String(describing: error))")
        // Old Mac line ends (a lone CR) count as lines too, as the YAML's errors count them.
        try Data([0x74, 0x3A, 0x20, 0x61, 0x0D, 0x0D, 0x64, 0x3A, 0x20, 0xE9, 0x0A]).write(to: file)
        let oldMac = #expect(throws: SettingsError.self) { try SettingsFile.load(file, shownAs: "site.yml", required: true) }
        #expect(oldMac?.line == 3, "\(String(describing: oldMac))")
        let device = #expect(throws: SettingsError.self) {
            try SettingsFile.load(URL(fileURLWithPath: "/dev/null"), shownAs: "/dev/null", required: true)
        }
        #expect(device?.description.hasPrefix("/dev/null: this is not a regular file but a device or a pipe") == true, "\(String(describing: device))")
    }

    @Test("a site.yml that is a symbolic link to nothing is an error naming where it points, not an absent file whose defaults a build would use")
    func danglingLinkIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("site.yml")
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/nonexistent/site.yml")
        let error = #expect(throws: SettingsError.self) { try SettingsFile.load(file, shownAs: "site.yml", required: false) }
        #expect(error?.description == "site.yml: this is a symbolic link to /nonexistent/site.yml, which does not exist. "
            + "Point the link at the settings file, or remove it to build with the defaults.")
    }

    @Test("--config naming a folder says it is a folder")
    func folderAsSettingsFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let error = #expect(throws: SettingsError.self) { try SettingsFile.load(folder.url, shownAs: "conf", required: true) }
        #expect(error?.description == "conf: this is a folder, not a settings file. Name the site.yml file itself with --config.")
        let unnamed = #expect(throws: SettingsError.self) { try SettingsFile.load(folder.url, shownAs: "site.yml", required: false) }
        #expect(unnamed?.description == "site.yml: this is a folder, and the settings file must be a file. Rename the folder, or name another settings file with --config.")
    }

    @Test("API URLs must be http(s) URLs the HTTP client accepts, and the error says why")
    func apiURLsMustBeHTTP() {
        #expect(throws: SettingsError.self) { try load("javascript-url.yml") }
        #expect {
            try load("ipv6-url.yml").0.validated(file: "ipv6-url.yml")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("ipv6-url.yml:1: jsonplaceholder_url must be") && text.contains("names an IPv6 address")
                && text.contains("such as localhost")
        }
    }

    @Test("a missing default settings file is fine; a missing --config file is an error")
    func missingFile() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/site.yml")
        #expect(try SettingsFile.load(missing, shownAs: "site.yml", required: false).0 == SiteSettings())
        #expect(throws: SettingsError.self) { try SettingsFile.load(missing, shownAs: "x.yml", required: true) }
    }

    @Test("out-of-range numbers are rejected with the allowed range")
    func rangesAreChecked() throws {
        var settings = SiteSettings()
        settings.perPage = 0
        #expect(throws: SettingsError.self) { try settings.validated(file: "site.yml") }
        settings = SiteSettings()
        settings.imagesPerHost = 0
        let error = #expect(throws: SettingsError.self) { try settings.validated(file: "site.yml") }
        #expect(error?.description == "site.yml: images.per_host must be between 1 and 512, not 0.")
        settings.imagesPerHost = 4
        _ = try settings.validated(file: "site.yml")
        settings.seed = " "
        let seed = #expect(throws: SettingsError.self) { try settings.validated(file: "site.yml") }
        #expect(seed?.description.contains("seed must not be empty") == true)
    }

    @Test("durations", arguments: [("90", 90.0), ("500ms", 0.5), ("30s", 30), ("10m", 600), ("2h", 7200), ("1d", 86_400)])
    func durations(text: String, seconds: Double) {
        #expect(DurationText.seconds(text) == seconds)
    }

    @Test("bad durations are nil", arguments: ["", "ten", "-5s", "5x", "nan"])
    func badDurations(text: String) {
        #expect(DurationText.seconds(text) == nil)
    }

    @Test("a setting that is a flag reads yes, on, no and off as its error says it does", arguments: [("yes", true), ("On", true), ("no", false), ("OFF", false), ("true", true)])
    func flagWords(word: String, expected: Bool) throws {
        let (settings, _) = try SettingsFile.parse("markdown:\n  unsafe: \(word)\n", shownAs: "site.yml")
        #expect(settings.markdownUnsafe == expected)
    }

    @Test("nationalities are a set: order, letter case and repeats do not change the request, so [fr, ir] and [IR, fr, fr] are the same people", arguments: [
        "nationalities: [fr, ir]", "nationalities: [ir, fr]", "nationalities: [IR, fr, fr]", "nationalities: ' ir , FR '",
    ])
    func nationalitiesAreASet(line: String) throws {
        let (settings, _) = try SettingsFile.parse(line + "\n", shownAs: "site.yml")
        #expect(settings.nationalities == ["fr", "ir"])
    }

    @Test("YAML left unfinished is said in plain words on the line to fix, not in libyaml's ('found unexpected end of stream', 'did not find expected node content')",
          arguments: [("title: T\ndescription: \"unclosed\nusers: 5\n", "site.yml:2: the file is not valid YAML: the quoted value that opens on this line is never closed (its closing quote is missing)"),
                      ("title: T\nusers: [\n", "site.yml:2: the file is not valid YAML: the text ends where a value was still expected (a list or mapping in brackets is left open)")])
    func unfinishedYAMLIsSaidPlainly(text: String, expected: String) {
        let error = #expect(throws: SettingsError.self) { try SettingsFile.parse(text, shownAs: "site.yml") }
        #expect(error?.description.hasPrefix(expected) == true, "\(String(describing: error))")
    }

    @Test("a whole number too large for the machine is said to be out of range, not to be no whole number")
    func hugeNumbersAreOutOfRange() {
        let error = #expect(throws: SettingsError.self) { try SettingsFile.parse("users: 99999999999999999999999\n", shownAs: "site.yml") }
        let text = error?.description ?? ""
        #expect(text.contains("site.yml:1") && text.contains("users must be between 0 and 1000000") && text.contains("not 99999999999999999999999"), "\(text)")
        #expect(!text.contains("whole number"), "\(text)")
    }

    @Test("a nationality randomuser does not know is an error on its line listing those it knows, not an HTTP 400 from the API about a URL the user never wrote")
    func unknownNationalities() {
        let error = #expect(throws: SettingsError.self) { try SettingsFile.parse("title: T\nnationalities: [fr, zz]\n", shownAs: "site.yml") }
        let text = error?.description ?? ""
        #expect(text.contains("site.yml:2") && text.contains("'nationalities' must be nationalities randomuser.me knows, not zz: use one or more of au, br, ca"), "\(text)")
        let listed = #expect(throws: SettingsError.self) { try SettingsFile.parse("nationalities:\n  - us\n  - qq\n  - zz\n", shownAs: "site.yml") }
        #expect(listed?.description.contains("site.yml:3: 'nationalities' must be nationalities randomuser.me knows, not qq, zz:") == true, "\(String(describing: listed))")
        // The demo API makes people of every nationality a setting may name, and of no other.
        #expect(Nationality.codes.map { $0.lowercased() }.sorted() == RandomUserAPI.nationalities)
    }

    @Test("nationalities that are a mapping or hold a list are told to be a list of codes, not a single value", arguments: ["nationalities: {a: b}\n", "nationalities: [us, [fr]]\n"])
    func nationalitiesOfTheWrongShape(text: String) {
        let error = #expect(throws: SettingsError.self) { try SettingsFile.parse(text, shownAs: "site.yml") }
        #expect(error?.description.contains("'nationalities' must be a list of two-letter nationality codes") == true, "\(String(describing: error))")
    }

    @Test("a setting indented under one that holds a value is said to be indented too far, and by how much it should be",
          arguments: [("title: My site\n  users: 40\nper_page: 10\n", 2, "indented further than the one before it (title: My site)", "start it in the first column"),
                      ("images:\n  jobs: 8\n\n  # pictures\n   max_failures: 3\n", 5, "(jobs: 8)", "by 2 spaces")])
    func overIndentedSetting(text: String, line: Int, says: String, indent: String) {
        let error = #expect(throws: SettingsError.self) { try SettingsFile.parse(text, shownAs: "site.yml") }
        let message = error?.description ?? ""
        #expect(message.contains("site.yml:\(line):") && message.contains(says) && message.contains(indent), "\(message)")
    }

    @Test("a mapping value in the wrong place because of its indentation gets no advice to quote a value that holds no colon")
    func indentationGetsNoQuotingHint() {
        let error = #expect(throws: SettingsError.self) { try SettingsFile.parse("markdown:\n  unsafe: false\n   extra: x\n", shownAs: "site.yml") }
        #expect(error?.description.contains("mapping values are not allowed") == true, "\(String(describing: error))")
        #expect(error?.description.contains("quotes") == false, "\(String(describing: error))")
    }
}
