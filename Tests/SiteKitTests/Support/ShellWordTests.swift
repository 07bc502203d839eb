import Foundation
import Testing
@testable import SiteKit

@Suite("Values in suggested commands")
struct ShellWordTests {
    @Test("a value that a shell would split or expand is quoted so that pasting it gives it back", arguments: [
        ("bench", "bench"), ("3f9a0c21", "3f9a0c21"), ("my-site/2024", "my-site/2024"),
        ("", "''"), ("a b", "'a b'"), ("../../x y", "'../../x y'"), ("it's", #"'it'\''s'"#), ("$HOME", "'$HOME'"),
        ("سینا", "'سینا'"), ("*", "'*'"),
    ])
    func quoting(value: String, typed: String) async throws {
        #expect(ShellWord.quote(value) == typed)
        // What a POSIX shell makes of the quoted word is the value again.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "printf %s " + ShellWord.quote(value)]
        let output = Pipe()
        shell.standardOutput = output
        await (try shell.start()).ended()
        #expect(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == value)
    }

    @Test("the build summary's seed hint can be pasted as it is")
    func summarySeedHint() {
        var summary = BuildSummary(source: DataSource(isDemo: true, detail: "embedded API"), seed: "two words", people: 1, posts: 0,
                                   pagesWritten: 1, filesUnchanged: 0, images: ImageCounts(), imageFailures: 0, imageSeconds: 0,
                                   render: RenderTiming(pages: 1, duration: .zero, reused: 0), seconds: 0)
        #expect(summary.text.hasSuffix("(rebuild the same people with --seed 'two words')"))
        summary.seed = "site"
        #expect(summary.text.hasSuffix("(rebuild the same people with --seed site)"))
    }
}
