import Foundation
import Testing
@testable import SiteKit

@Suite("Output paths: nothing from the data can steer a write outside the output folder")
struct OutputPathTests {
    /// The rule as it reads, component by component: what the one-pass check must agree with.
    private static func plainByComponents(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !path.hasPrefix("/") && parts.allSatisfy {
            !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\\") && !$0.contains("\0") && $0.utf8.count <= 255
        }
    }

    static let corpus: [String] = [
        "index.html", "users/ana.html", "users/page/2/index.html", "thumbs/ab12.png", "...", "a/.../b", ".well-known/x",
        "a/.hidden", "é/ñ.html", "日本/語.html", "x y/z.html", "a..b/c",
        "", "/", "/etc/passwd", "a/", "/a", "a//b", ".", "..", "./a", "a/.", "../a", "a/../b", "a/..",
        "a\\b", "a/b\\..\\c", "a\0b", String(repeating: "n", count: 255), String(repeating: "n", count: 256),
        "a/" + String(repeating: "é", count: 128), "a/" + String(repeating: "é", count: 127),
    ]

    @Test("the one-pass check accepts and refuses exactly what the rule says", arguments: corpus)
    func agreesWithTheRule(_ path: String) {
        #expect(OutputPath.isPlain(path) == Self.plainByComponents(path))
    }

    @Test("a refused path is an error that names it; an accepted one gives its components")
    func errorsAndComponents() throws {
        #expect(try OutputPath.components(of: "users/page/2/index.html") == ["users", "page", "2", "index.html"])
        let error = #expect(throws: OutputError.self) { try OutputPath.check("../outside.html") }
        #expect(error?.description.contains("\"../outside.html\"") == true)
    }
}

@Suite("Output files: what a build published, as the file system lists it")
struct OutputFilesTests {
    @Test("regular files at every depth, hidden ones too except at the top, which are the user's")
    func listsRegularFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = folder.url.appendingPathComponent("public")
        for path in ["index.html", "users/a.html", "users/page/2/index.html", ".nojekyll", ".git/config", "users/.hidden"] {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: file)
        }
        let files = try #require(OutputFiles.regular(in: root))
        #expect(files.map(\.path).sorted() == ["index.html", "users/.hidden", "users/a.html", "users/page/2/index.html"])
        #expect(files.allSatisfy { $0.info.st_size == off_t($0.path.utf8.count) })
    }

    @Test("a missing folder, or one holding a link, is not an output a build produced")
    func refusesWhatNoBuildMakes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = folder.url.appendingPathComponent("public")
        #expect(OutputFiles.regular(in: root) == nil)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("users"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("users/link.html").path, withDestinationPath: "/etc/hostname")
        #expect(OutputFiles.regular(in: root) == nil)
    }
}
