import Foundation
import Testing
@testable import SiteKit

/// The people search's folding, run in Node (the same JavaScript engine family as the browsers'
/// `String.normalize` and `toLowerCase`).
@Suite("The people search")
struct SearchScriptTests {
    /// `texts` folded by the search script's `fold`, run in Node.
    private func folded(_ texts: [String]) throws -> [String] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = folder.url.appendingPathComponent("fold.js")
        let input = String(decoding: try JSONEncoder().encode(texts), as: UTF8.self)
        try Data((SearchScript.folding + "\nconsole.log(JSON.stringify(\(input).map(fold)));\n").utf8).write(to: script)
        let node = try #require(["/usr/bin/node", "/usr/bin/nodejs", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                "Node runs the search script's folding (Debian: apt-get install nodejs; .ci/run installs it)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = [script.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try JSONDecoder().decode([String].self, from: data)
    }

    @Test("a query typed either way finds a name written either way: case, accents, full-width letters and ligatures, Latin letters of their own, Turkish i, Persian and Arabic yeh and kaf, harakat, joiners, Greek final sigma")
    func foldingMatchesAsAddressesDo() throws {
        let pairs: [(String, String)] = [
            ("Mustafa Aydın", "mustafa aydin"), ("İsmail Işık", "ismail isik"), ("AYŞE YILMAZ", "ayse yilmaz"), ("Ayşe Yılmaz", "ayse yilmaz"),
            ("Bjørn Sæther", "bjorn saether"), ("Gudrun Weiß", "gudrun weiss"), ("Ａｌｉｃｅ", "alice"), ("ﬁona", "fiona"), ("Zoë", "zoe"),
            ("Łukasz", "lukasz"), ("علي", "علی"), ("كريم", "کريم".replacingOccurrences(of: "ي", with: "ی")), ("مُحَمَّد", "محمد"),
            ("حسن\u{200C}زاده", "حسن زاده"), ("حسن\u{200D}زاده", "حسنزاده"), ("ΟΔΥΣΣΕΑΣ", "οδυσσεασ"), ("Οδυσσεας", "οδυσσεασ"),
            ("Иван  Петров", "иван петров"), ("李小龍", "李小龍"),
        ]
        let results = try folded(pairs.map(\.0) + pairs.map(\.1))
        for (index, pair) in pairs.enumerated() {
            #expect(results[index] == results[pairs.count + index], "\(pair.0) and \(pair.1): \(results[index]) against \(results[pairs.count + index])")
        }
        #expect(results[0] == "mustafa aydin")
        #expect(try folded(["Devanagari किताब"]) == ["devanagari किताब"], "the marks of other scripts stay")
    }

    @Test("the page's script carries the folding the tests run")
    func scriptUsesFolding() {
        #expect(SearchScript.javascript.contains(SearchScript.folding))
        #expect(SearchScript.javascript.contains("person.k = fold(") && SearchScript.javascript.contains("var query = fold(input.value).trim();"))
    }
}
