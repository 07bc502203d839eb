import Crypto
import Foundation
import Testing
@testable import SiteKit

@Suite("Output store: files hard-linked from the cache")
struct OutputStoreTests {
    private static func inode(_ path: String) throws -> UInt64 {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
    }

    private static func storedNames(_ store: OutputStore) throws -> [String] {
        store.listing().flatMap(\.names).filter { $0.count == 64 }.sorted()
    }

    /// A temporary folder holding a store (`cache/`) and where outputs go (`public/`).
    private static func fixture() throws -> (TemporaryFolder, OutputStore, URL) {
        let folder = try TemporaryFolder()
        let store = try #require(OutputStore(cacheDirectory: folder.url.appendingPathComponent("cache")))
        return (folder, store, folder.url.appendingPathComponent("public"))
    }

    private static func stored(_ store: OutputStore, _ name: String) -> URL {
        URL(fileURLWithPath: store.path(of: name))
    }

    private static func build(_ files: [String: String], into destination: URL, store: OutputStore) throws -> StagedOutput {
        let output = try StagedOutput(destination: destination, store: store)
        for (path, text) in files.sorted(by: { $0.key < $1.key }) { try output.write(Data(text.utf8), to: path) }
        try output.commit()
        return output
    }

    @Test("rebuilding a removed output links every file from the store: no new file, the same inodes")
    func removedOutputIsRelinked() throws {
        let (folder, store, destination) = try Self.fixture()
        defer { folder.remove() }
        let files = ["index.html": "home", "users/a.html": "a", "users/b.html": "a", "thumbs/x.png": "png"]
        _ = try Self.build(files, into: destination, store: store)
        let names = try Self.storedNames(store)
        #expect(names.count == 3)  // a.html and b.html hold the same bytes: one stored file
        let before = try files.keys.sorted().map { try Self.inode(destination.appendingPathComponent($0).path) }

        try FileManager.default.removeItem(at: destination)
        let again = try Self.build(files, into: destination, store: store)
        #expect(again.counts == .init(written: 4, unchanged: 0))
        #expect(try Self.storedNames(store) == names)
        #expect(try files.keys.sorted().map { try Self.inode(destination.appendingPathComponent($0).path) } == before)
        #expect(try SiteInspector(root: destination).files() == files.mapValues { Data($0.utf8) })
    }

    @Test("a page changed back to an earlier version is published with the time of this build, not that version's, which is older than the version it replaces (a web server answered 304 to If-Modified-Since, and deploy tools skipped it); bytes put back as the last build published them keep their time")
    func revertedPagesGetANewTime() throws {
        let (folder, store, destination) = try Self.fixture()
        defer { folder.remove() }
        let page = destination.appendingPathComponent("about/index.html").path
        func modified() throws -> Date { try #require(FileManager.default.attributesOfItem(atPath: page)[.modificationDate] as? Date) }
        let long = Date(timeIntervalSince1970: 1_000_000_000)
        func age() throws { try FileManager.default.setAttributes([.modificationDate: long], ofItemAtPath: page) }

        _ = try Self.build(["about/index.html": "version A"], into: destination, store: store)
        try age()  // and the stored copy, the same file
        _ = try Self.build(["about/index.html": "version B"], into: destination, store: store)
        try age()
        let reverted = try Self.build(["about/index.html": "version A"], into: destination, store: store)
        #expect(reverted.counts == .init(written: 1, unchanged: 0))
        #expect(try modified() > Date(timeIntervalSinceNow: -600), "linked from A's copy, with A's time")

        // Unchanged: left as it is, time included.
        try age()
        _ = try Self.build(["about/index.html": "version A"], into: destination, store: store)
        #expect(try modified() == long)

        // Put back as published (an up-to-date build restoring a removed output): its time stays.
        try FileManager.default.removeItem(at: destination)
        let restored = try StagedOutput(destination: destination, store: store)
        try restored.write(Data("version A".utf8), to: "about/index.html", restoring: true)
        try restored.commit()
        #expect(try modified() == long)
    }

    @Test("a stored copy whose permissions are not what this process gives new files (a cache restored from a job with umask 077) is stored anew with this process's, and linked: the output's files get them, where they took the copy's 0600 and a web server could not read them")
    func storedCopiesOfAnotherUmaskAreNotPublished() throws {
        let (folder, store, destination) = try Self.fixture()
        defer { folder.remove() }
        let files = ["index.html": "home", "users/a.html": "a"]
        _ = try Self.build(files, into: destination, store: store)
        for name in try Self.storedNames(store) { chmod(store.path(of: name), 0o600) }
        let other = folder.url.appendingPathComponent("other")
        _ = try Self.build(files, into: other, store: store)
        for path in files.keys {
            let mode = try #require(FileManager.default.attributesOfItem(atPath: other.appendingPathComponent(path).path)[.posixPermissions] as? Int)
            #expect(mode_t(mode) == FileCreationMode.regularFile, "\(path): \(String(mode, radix: 8))")
        }
        #expect(try SiteInspector(root: other).files() == files.mapValues { Data($0.utf8) })
        for name in try Self.storedNames(store) {
            let mode = try #require(FileManager.default.attributesOfItem(atPath: store.path(of: name))[.posixPermissions] as? Int)
            #expect(mode_t(mode) == FileCreationMode.regularFile, "the store's copy is healed, and used again")
        }
    }

    @Test("a build thrown away (failed, stopped, out of disk) takes its new stored copies with it; what the output links stays")
    func discardedBuildLeavesTheStoreAsItWas() throws {
        let (folder, store, destination) = try Self.fixture()
        defer { folder.remove() }
        _ = try Self.build(["index.html": "home"], into: destination, store: store)
        let names = try Self.storedNames(store)
        let failed = try StagedOutput(destination: destination, store: store)
        try failed.write(Data("home".utf8), to: "index.html")
        try failed.write(Data("new page".utf8), to: "users/a.html")
        try failed.write(Data("new picture".utf8), to: "thumbs/x.png")
        #expect(try Self.storedNames(store).count == names.count + 2)
        failed.discard()
        #expect(try Self.storedNames(store) == names)
        #expect(try SiteInspector(root: destination).files() == ["index.html": Data("home".utf8)])
    }

    @Test("an output file edited in place is never published again: the store's copy is replaced")
    func editedFileIsReplaced() throws {
        let (folder, store, destination) = try Self.fixture()
        defer { folder.remove() }
        _ = try Self.build(["index.html": "home"], into: destination, store: store)
        // Writing into the file edits the stored copy too: they are one inode.
        let handle = try FileHandle(forWritingTo: destination.appendingPathComponent("index.html"))
        try handle.write(contentsOf: Data("HACK".utf8))
        try handle.close()

        try FileManager.default.removeItem(at: destination)
        _ = try Self.build(["index.html": "home"], into: destination, store: store)
        #expect(try SiteInspector(root: destination).files() == ["index.html": Data("home".utf8)])
        #expect(store.contents(named: Hex.string(SHA256.hash(data: Data("home".utf8))))?.0 == Data("home".utf8))
    }

    @Test("sweeping removes stored files no output links and keeps young or linked ones")
    func sweep() throws {
        let (folder, store, destination) = try Self.fixture()
        defer { folder.remove() }
        _ = try Self.build(["kept.html": "kept", "dropped.html": "dropped"], into: destination, store: store)
        _ = try Self.build(["kept.html": "kept"], into: destination, store: store)
        #expect(try Self.storedNames(store).count == 2)  // the dropped page's copy is young: kept for now

        store.sweep(grace: 600, now: Date().addingTimeInterval(3600))
        let left = try Self.storedNames(store)
        #expect(left.count == 1)
        #expect(try Data(contentsOf: Self.stored(store, left[0])) == Data("kept".utf8))
        #expect(try SiteInspector(root: destination).files() == ["kept.html": Data("kept".utf8)])
    }

    @Test("builds sweep the store at most once every five minutes")
    func sweepIfDue() throws {
        let (folder, store, destination) = try Self.fixture()
        defer { folder.remove() }
        _ = try Self.build(["kept.html": "kept", "dropped.html": "dropped"], into: destination, store: store)
        _ = try Self.build(["kept.html": "kept"], into: destination, store: store)
        // A new store counts as just swept, so neither build swept it.
        let later = Date().addingTimeInterval(3600)
        store.sweepIfDue(now: later)
        #expect(try Self.storedNames(store).count == 1, "the first sweep runs")
        _ = try Self.build(["kept.html": "kept", "again.html": "again"], into: destination, store: store)
        _ = try Self.build(["kept.html": "kept"], into: destination, store: store)
        store.sweepIfDue(now: later.addingTimeInterval(100))
        #expect(try Self.storedNames(store).count == 2, "not due yet")
        store.sweepIfDue(now: later.addingTimeInterval(2 * 3600))
        #expect(try Self.storedNames(store).count == 1, "due again")
    }

    @Test("sweeping removes temporary files whose writer died and keeps those of a live one")
    func sweepOrphans() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try #require(OutputStore(cacheDirectory: folder.url.appendingPathComponent("cache")))
        let subfolder = store.folder.appendingPathComponent("a0")
        try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)
        let dead = [store.folder, subfolder].map { $0.appendingPathComponent(".tmp-2147483646-1") }
        let live = [store.folder, subfolder].map { $0.appendingPathComponent(".tmp-\(ProcessInfo.processInfo.processIdentifier)-999999") }
        for file in dead + live { try Data("x".utf8).write(to: file) }
        store.sweep()
        #expect(dead.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })
        #expect(live.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
    }

    @Test("a stored copy read back and checked is linked as it is, and stored again if it vanished since")
    func checkedCopies() throws {
        let (folder, store, destination) = try Self.fixture()
        defer { folder.remove() }
        _ = try Self.build(["a.html": "page"], into: destination, store: store)
        let name = try #require(try Self.storedNames(store).first)
        let (bytes, digest) = try #require(store.contents(named: name))
        #expect(bytes == Data("page".utf8))
        try FileManager.default.removeItem(at: Self.stored(store, name))
        #expect(store.contents(named: name) == nil)
        let output = try StagedOutput(destination: folder.url.appendingPathComponent("again"), store: store)
        try output.write(bytes, to: "a.html", digest: digest)
        try output.commit()
        #expect(try SiteInspector(root: folder.url.appendingPathComponent("again")).files() == ["a.html": Data("page".utf8)])
        #expect(try Data(contentsOf: Self.stored(store, name)) == Data("page".utf8))
    }

    @Test("a stored copy whose bytes no longer match its name is not handed out")
    func alteredCopies() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try #require(OutputStore(cacheDirectory: folder.url.appendingPathComponent("cache")))
        _ = try Self.build(["a.html": "page"], into: folder.url.appendingPathComponent("public"), store: store)
        let name = try #require(try Self.storedNames(store).first)
        try Data("edited".utf8).write(to: Self.stored(store, name))
        #expect(store.contents(named: name) == nil)
    }

    @Test("when a file cannot be linked, the store steps aside and the build writes files itself")
    func fallsBackToWriting() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try #require(OutputStore(cacheDirectory: folder.url.appendingPathComponent("cache")))
        let occupied = folder.url.appendingPathComponent("occupied").path
        try Data("there".utf8).write(to: URL(fileURLWithPath: occupied))
        #expect(!store.place(Data("new".utf8), at: occupied))
        #expect(!store.place(Data("other".utf8), at: folder.url.appendingPathComponent("free").path))

        let destination = folder.url.appendingPathComponent("public")
        let output = try StagedOutput(destination: destination, store: store)
        try output.write(Data("page".utf8), to: "index.html")
        try output.commit()
        #expect(try SiteInspector(root: destination).files() == ["index.html": Data("page".utf8)])
    }

    @Test("stored files are kept in 256 folders named by their hash's first two digits")
    func subfolders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try #require(OutputStore(cacheDirectory: folder.url.appendingPathComponent("cache")))
        let files = Dictionary(uniqueKeysWithValues: (0..<64).map { ("page-\($0).html", "page \($0)") })
        _ = try Self.build(files, into: folder.url.appendingPathComponent("public"), store: store)
        let names = try Self.storedNames(store)
        #expect(names.count == 64)
        let top = try FileManager.default.contentsOfDirectory(atPath: store.folder.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(top == Set(names.map { String($0.prefix(2)) }).sorted(), "one folder per first two digits in use, and nothing else")
        for name in names {
            #expect(FileManager.default.fileExists(atPath: store.folder.path + "/" + name.prefix(2) + "/" + name))
        }
    }

    @Test("files stored flat by earlier versions are not used, and are swept once nothing links them")
    func flatFilesOfEarlierVersions() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try #require(OutputStore(cacheDirectory: folder.url.appendingPathComponent("cache")))
        let name = Hex.string(SHA256.hash(data: Data("page".utf8)))
        let flat = store.folder.appendingPathComponent(name)
        try Data("page".utf8).write(to: flat)
        #expect(store.contents(named: name) == nil)
        _ = try Self.build(["a.html": "page"], into: folder.url.appendingPathComponent("public"), store: store)
        #expect(try Self.inode(folder.url.appendingPathComponent("public/a.html").path) != (try Self.inode(flat.path)))
        store.sweep(grace: 600, now: Date().addingTimeInterval(3600))
        #expect(!FileManager.default.fileExists(atPath: flat.path))
        #expect(try Self.storedNames(store) == [name])
    }
}
