import Crypto
import Foundation
import Synchronization
import Testing
@testable import SiteKit

@Suite struct StagedOutputTests {
    @Test func commitSwapsTheNewSiteInAndKeepsUnchangedFilesUntouched() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("public")
        let first = try StagedOutput(destination: destination)
        try first.write(Data("same".utf8), to: "a/index.html")
        try first.write(Data("old".utf8), to: "b.html")
        try first.write(Data("gone".utf8), to: "c.html")
        try first.commit()
        try Data().write(to: destination.appendingPathComponent(".gitkeep"))
        let sameDate = try FileManager.default.attributesOfItem(atPath: destination.appendingPathComponent("a/index.html").path)[.modificationDate] as? Date

        Thread.sleep(forTimeInterval: 0.02)
        let second = try StagedOutput(destination: destination)
        try second.write(Data("same".utf8), to: "a/index.html")
        try second.write(Data("new".utf8), to: "b.html")
        try second.commit()

        let files = try SiteInspector(root: destination).files()
        #expect(files == ["a/index.html": Data("same".utf8), "b.html": Data("new".utf8), ".gitkeep": Data()])
        #expect(SiteInspector(root: destination).markIsInPlace)
        #expect(second.counts == .init(written: 1, unchanged: 1))
        let date = try FileManager.default.attributesOfItem(atPath: destination.appendingPathComponent("a/index.html").path)[.modificationDate] as? Date
        #expect(date == sameDate)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["public"])
    }

    @Test("empty folders of the user's in the output (a build makes none) are kept by builds that publish changes, but where the build's files stand")
    func emptyFoldersOfTheUsersAreKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("public")
        let first = try StagedOutput(destination: destination)
        try first.write(Data("one".utf8), to: "users/index.html")
        try first.commit()
        for empty in ["uploads", "users/empty", "drafts/2026/11", "taken"] {
            try FileManager.default.createDirectory(at: destination.appendingPathComponent(empty), withIntermediateDirectories: true)
        }
        let second = try StagedOutput(destination: destination)
        try second.write(Data("two".utf8), to: "users/index.html")
        try second.write(Data("page".utf8), to: "taken/index.html")
        try second.commit()
        for empty in ["uploads", "users/empty", "drafts/2026/11"] {
            #expect(try FileManager.default.contentsOfDirectory(atPath: destination.appendingPathComponent(empty).path) == [], "\(empty)")
        }
        #expect(try SiteInspector(root: destination).files() == ["users/index.html": Data("two".utf8), "taken/index.html": Data("page".utf8)])
    }

    @Test("an unchanged file of another mode than this process gives new files (published under umask 077) is written anew with it, where it kept 0600 and the site stayed unreadable to a web server after the umask was fixed")
    func unchangedFilesOfAnotherModeAreRewritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("public")
        let first = try StagedOutput(destination: destination)
        try first.write(Data("same".utf8), to: "index.html")
        try first.write(Data("kept".utf8), to: "other.html")
        try first.commit()
        chmod(destination.appendingPathComponent("index.html").path, 0o600)
        let second = try StagedOutput(destination: destination)
        try second.write(Data("same".utf8), to: "index.html")
        try second.write(Data("kept".utf8), to: "other.html")
        try second.commit()
        for name in ["index.html", "other.html"] {
            let mode = try #require(FileManager.default.attributesOfItem(atPath: destination.appendingPathComponent(name).path)[.posixPermissions] as? Int)
            #expect(mode_t(mode) == FileCreationMode.regularFile, "\(name): \(String(mode, radix: 8))")
        }
        #expect(try SiteInspector(root: destination).files() == ["index.html": Data("same".utf8), "other.html": Data("kept".utf8)])
    }

    @Test("under umask 002, a rebuild of the same site rewrites no file: files are compared with the mode a build gives them (0644), where 0664 took every file for one of another mode",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func aRebuildUnderUmask002RewritesNothing() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let site = try #require(FetchProcessTests.executable).path
        let build = "'\(site)' build --demo --users 5 --seed umask --output public --cache-dir cache"
        let run = try await Process.runCapturing("/bin/sh", ["-c", "umask 002 && \(build) && \(build) --force"], in: folder.url)
        #expect(run.status == 0, "\(run.errors)")
        let summaries = run.errors.split(separator: "\n").filter { $0.hasPrefix("built 5 people") }
        #expect(summaries.count == 2 && summaries.last?.contains(": 0 files written,") == true, "\(summaries)")
    }

    @Test("every folder a build makes gets 0755 less the umask, the output's, its parents' and the cache's: under umask 000 they were world-writable (0777)",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func aNewOutputFolderHasTheModeOfItsFolders() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let site = try #require(FetchProcessTests.executable).path
        let run = try await Process.runCapturing("/bin/sh", ["-c", "umask 000 && '\(site)' build --demo --users 3 --seed umask --output public --cache-dir cache --quiet"
                                                             + " && '\(site)' build --demo --users 3 --seed umask --output deep/a/b --cache-dir cdeep/x --quiet"],
                                                 in: folder.url)
        #expect(run.status == 0, "\(run.errors)")
        func mode(_ path: String) -> mode_t? {
            var info = stat()
            return stat(folder.url.appendingPathComponent(path).path, &info) == 0 ? info.st_mode & 0o7777 : nil
        }
        #expect(mode("public") == 0o755)
        // Every folder a build makes, the output's parents and the cache's included: none is world-writable.
        for path in ["deep", "deep/a", "deep/a/b", "cdeep", "cdeep/x", "cdeep/x/output-v1", "cdeep/x/output-v1/00", "cdeep/x/render-v1"] {
            #expect(mode(path) == 0o755, "\(path): \(String(mode(path) ?? 0, radix: 8))")
        }
        #expect(mode("public/users") == 0o755)
    }

    @Test("the new output folder keeps the permissions and owner of the one it replaces (a web root set to 2750 for a web server's group)")
    func outputFolderKeepsItsModeAndOwner() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("public")
        let first = try StagedOutput(destination: destination)
        try first.write(Data("one".utf8), to: "index.html")
        try first.commit()
        #expect(chmod(destination.path, 0o2750) == 0)
        let owner: (uid_t, gid_t)? = getuid() == 0 ? (1234, 5678) : nil
        if let owner { #expect(chown(destination.path, owner.0, owner.1) == 0) }
        let second = try StagedOutput(destination: destination)
        try second.write(Data("two".utf8), to: "index.html")
        try second.commit()
        var info = stat()
        #expect(stat(destination.path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o2750)
        if let owner { #expect(info.st_uid == owner.0 && info.st_gid == owner.1) }
        #expect(try SiteInspector(root: destination).files() == ["index.html": Data("two".utf8)])
    }

    @Test func aRebuildWithNothingChangedKeepsThePreviousOutputFoldersAndAll() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("public")
        func build(_ files: [String: String]) throws -> StagedOutput {
            let output = try StagedOutput(destination: destination)
            for (path, text) in files.sorted(by: { $0.key < $1.key }) { try output.write(Data(text.utf8), to: path) }
            try output.commit()
            return output
        }
        func inode(_ path: String) throws -> Int {
            try (FileManager.default.attributesOfItem(atPath: destination.appendingPathComponent(path).path)[.systemFileNumber] as? NSNumber)?.intValue ?? -1
        }
        let site = ["index.html": "home", "users/a/index.html": "a", "users/b/index.html": "b"]
        _ = try build(site)
        try Data().write(to: destination.appendingPathComponent(".nojekyll"))
        let before = try ["", "users", "users/a", "users/a/index.html", "index.html"].map(inode)

        let same = try build(site)
        #expect(same.counts == .init(written: 0, unchanged: 3))
        #expect(try ["", "users", "users/a", "users/a/index.html", "index.html"].map(inode) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["public"])

        // One file fewer is a change: the stale page must go, the rest stay linked.
        let fewer = try build(["index.html": "home", "users/a/index.html": "a"])
        #expect(fewer.counts == .init(written: 0, unchanged: 2))
        #expect(try SiteInspector(root: destination).files().keys.sorted() == [".nojekyll", "index.html", "users/a/index.html"])
        #expect(try inode("users/a/index.html") == before[3])
        #expect(try inode("") != before[0])
    }

    /// Commits a first output holding `index.html` ("v1") in `folder`, and returns its folder.
    private func firstOutput(in folder: TemporaryFolder) throws -> URL {
        let destination = folder.url.appendingPathComponent("public")
        let first = try StagedOutput(destination: destination)
        try first.write(Data("v1".utf8), to: "index.html")
        try first.commit()
        return destination
    }

    @Test("an unchanged file that goes away from the previous output while a build runs (another build published, or someone removed it) comes from the store; without one, the error says what happened")
    func unchangedFilesThatGoAwayComeFromTheStore() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("public")
        let store = try #require(OutputStore(cacheDirectory: folder.url.appendingPathComponent(".cache")))
        let first = try StagedOutput(destination: destination, store: store)
        try first.write(Data("same".utf8), to: "users/a.html")
        try first.commit()

        let second = try StagedOutput(destination: destination, store: store)
        try second.write(Data("same".utf8), to: "users/a.html")
        // It was there when written, and is gone when the unchanged files are gathered.
        try FileManager.default.removeItem(at: destination.appendingPathComponent("users"))
        try second.commit()
        #expect(try SiteInspector(root: destination).files() == ["users/a.html": Data("same".utf8)])

        let third = try StagedOutput(destination: destination)
        try third.write(Data("same".utf8), to: "users/a.html")
        try FileManager.default.removeItem(at: destination.appendingPathComponent("users"))
        #expect {
            try third.commit()
        } throws: { error in
            "\(error)".contains("users/a.html, unchanged by this build, went away while it ran: another build published into")
                && "\(error)".contains("or something removed files from it. Build again")
                // The build's error says once what was published: its outcome follows this message.
                && !"\(error)".contains("Nothing was published")
        }
    }

    @Test("a build during which another build published into the output publishes its own bytes: a file it found unchanged, which the other build changed, comes from the store, where that build's bytes were published with this build's site")
    func anotherBuildPublishingMeanwhileDoesNotLendItsFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("public")
        let store = try #require(OutputStore(cacheDirectory: folder.url.appendingPathComponent(".cache")))
        let first = try StagedOutput(destination: destination, store: store)
        try first.write(Data("mine".utf8), to: "users/index.html")
        try first.write(Data("both".utf8), to: "index.html")
        try first.commit()

        let slow = try StagedOutput(destination: destination, store: store)
        try slow.write(Data("mine".utf8), to: "users/index.html")
        try slow.write(Data("both".utf8), to: "index.html")
        try slow.write(Data("new".utf8), to: "posts/index.html")
        // Another build starts later and publishes first, with other people.
        let quick = try StagedOutput(destination: destination, store: store)
        try quick.write(Data("theirs".utf8), to: "users/index.html")
        try quick.write(Data("both".utf8), to: "index.html")
        try quick.commit()
        try slow.commit()
        #expect(try SiteInspector(root: destination).files()
                == ["users/index.html": Data("mine".utf8), "index.html": Data("both".utf8), "posts/index.html": Data("new".utf8)])
        #expect(slow.counts == .init(written: 2, unchanged: 1))

        // Without a store, the bytes are not to be had: the build says what happened.
        let storeless = try StagedOutput(destination: destination)
        try storeless.write(Data("mine".utf8), to: "users/index.html", digest: SHA256.hash(data: Data("mine".utf8)))
        let other = try StagedOutput(destination: destination)
        try other.write(Data("theirs".utf8), to: "users/index.html")
        try other.commit()
        #expect {
            try storeless.commit()
        } throws: { error in
            "\(error)".contains("\(destination.path) was replaced while this build ran (another build published into it, or it was removed or moved), and users/index.html, which this build found unchanged there, is no longer as it was, nor among the cache's copies of published files. Build again")
        }
        #expect(try SiteInspector(root: destination).files() == ["users/index.html": Data("theirs".utf8)])

        // The whole output removed while a build runs (a deploy step moved it away): its
        // unchanged files come from the store.
        let kept = try StagedOutput(destination: destination, store: store)
        try kept.write(Data("theirs".utf8), to: "users/index.html", digest: SHA256.hash(data: Data("theirs".utf8)))
        try FileManager.default.removeItem(at: destination)
        try kept.commit()
        #expect(try SiteInspector(root: destination).files() == ["users/index.html": Data("theirs".utf8)])
    }

    @Test("builds publish into an output one at a time: a commit waits while another holds the lock of the output's parent folder, and one that waits too long fails saying who to look for")
    func commitsWaitForTheirTurn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("public")
        let staged = try StagedOutput(destination: destination)
        try staged.write(Data("page".utf8), to: "index.html")
        let held = try #require(FolderLock(folder.url.path))
        let committed = DispatchSemaphore(value: 0)
        Thread {
            try? staged.commit()
            committed.signal()
        }.start()
        #expect(committed.wait(timeout: .now() + 0.3) == .timedOut, "published while another held the lock")
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        held.release()
        #expect(committed.wait(timeout: .now() + 10) == .success)
        #expect(try SiteInspector(root: destination).files() == ["index.html": Data("page".utf8)])

        let stuck = try #require(FolderLock(folder.url.path))
        defer { stuck.release() }
        #expect {
            _ = try FolderLock.waitForTurn(at: folder.url.path, to: "publish into \(destination.path)", patience: 0.1)
        } throws: { error in
            "\(error)".contains("waited 0 s to publish into \(destination.path), and a process still holds the lock of \(folder.url.path) (flock(2))")
                && "\(error)".contains("lslocks names it")
        }
    }

    @Test("a previous site that cannot be removed once swapped out (a file in it immutable) is named, for the build to say so, instead of staying beside the output without a word",
          .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr"), "needs root and chattr"))
    func aPreviousSiteThatCannotBeRemovedIsNamed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        /// `chattr FLAG` on every file under the test's folder.
        func chattr(_ flag: String, _ path: String) { SystemTool.chattr(flag, path, recursive: true) }
        // Whatever happens, the folder can be removed again.
        defer { chattr("-i", folder.url.path) }
        let destination = folder.url.appendingPathComponent("public")
        let first = try StagedOutput(destination: destination)
        try first.write(Data("old".utf8), to: "users/a.html")
        try first.commit()
        chattr("+i", destination.appendingPathComponent("users/a.html").path)
        let second = try StagedOutput(destination: destination)
        try second.write(Data("new".utf8), to: "users/a.html")
        try second.commit()
        let left = try #require(second.previousSiteLeft)
        #expect(left.path.contains(".public.staging-") && !left.reason.isEmpty, "\(left)")
        #expect(try SiteInspector(root: destination).files() == ["users/a.html": Data("new".utf8)])
    }

    @Test("on a full disk the staging folder is not left behind, and the error says to free space, which the cache can give, not the site",
          .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/mount"), "needs root to mount a small file system"))
    func aFullDiskLeavesNoStagingFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let disk = folder.url.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        SystemTool.mountSmallDisk(disk, options: "size=64k")
        defer { SystemTool.unmount(disk) }
        // Full to the last block.
        SystemTool.run("/usr/bin/dd", ["if=/dev/zero", "of=\(disk.appendingPathComponent("filler").path)", "bs=4096", "status=none"])
        #expect {
            _ = try StagedOutput(destination: disk.appendingPathComponent("public"))
        } throws: { error in
            "\(error)".contains("no space left on device. Free some space: the cache folder can go (it grows with every seed, and the next build fills it again), and the published site stays as it is")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == ["filler"])
        // Out of inodes, with space to spare: said as such, not as a full disk.
        let files = folder.url.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        SystemTool.mountSmallDisk(files, options: "size=1m,nr_inodes=8")
        defer { SystemTool.unmount(files) }
        var made = 0
        while FileManager.default.createFile(atPath: files.appendingPathComponent("f\(made)").path, contents: nil), made < 100 { made += 1 }
        #expect {
            _ = try StagedOutput(destination: files.appendingPathComponent("public"))
        } throws: { error in
            "\(error)".contains("the file system has no room for more files (no free inodes), whatever space it has left. Free some files:")
        }
    }

    @Test func discardLeavesThePreviousOutputAsItWas() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = try firstOutput(in: folder)
        let second = try StagedOutput(destination: destination)
        try second.write(Data("v2".utf8), to: "index.html")
        second.discard()
        #expect(try SiteInspector(root: destination).files() == ["index.html": Data("v1".utf8)])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["public"])
    }

    @Test func pathsThatEscapeTheOutputAreRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try StagedOutput(destination: folder.url.appendingPathComponent("public"))
        defer { output.discard() }
        for path in ["../evil.html", "/etc/passwd", "a/../../b", "a//b", "./x", "", "a\\..\\b"] {
            #expect(throws: OutputError.self) { try output.write(Data("x".utf8), to: path) }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("evil.html").path))
    }

    @Test func staleStagingFoldersOfKilledBuildsAreRemoved() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let leftover = folder.url.appendingPathComponent(".public.staging-999999-deadbeef")
        try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
        let output = try StagedOutput(destination: folder.url.appendingPathComponent("public"))
        output.discard()
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }

    @Test("a leftover with this process's PID is an earlier process's and is removed; a build of this process beside it is not")
    func ownPIDLeftovers() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("public")
        let leftover = folder.url.appendingPathComponent(".public.staging-\(getpid())-0ld0ld00")
        try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
        let first = try StagedOutput(destination: destination)
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        let second = try StagedOutput(destination: destination)
        #expect(FileManager.default.fileExists(atPath: first.staging.path), "a build of this process is not a leftover")
        first.discard()
        second.discard()
    }

    #if os(Linux)
    @Test("a leftover whose PID now belongs to a process started after it was last changed is removed; one that process may have made is kept")
    func reusedPIDs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["30"]
        try sleeper.run()
        // SIGKILL: a test runner may hand its children SIGTERM ignored.
        defer { kill(sleeper.processIdentifier, SIGKILL); sleeper.waitUntilExit() }
        let pid = sleeper.processIdentifier
        let old = folder.url.appendingPathComponent(".public.staging-\(pid)-01d01d01")
        let recent = folder.url.appendingPathComponent(".public.staging-\(pid)-4ecent00")
        for made in [old, recent] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: old.path)
        let output = try StagedOutput(destination: folder.url.appendingPathComponent("public"))
        output.discard()
        #expect(!FileManager.default.fileExists(atPath: old.path), "made an hour before that process started")
        #expect(FileManager.default.fileExists(atPath: recent.path), "that process may be the build making it")
    }

    @Test("a staging folder whose lock a build holds is kept whatever PID its name gives (a build in another container's PID namespace), and is a leftover once the lock is gone")
    func lockedStagingFoldersAreLive() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("public")
        // Process 1 is this namespace's init, which started long before; 999999 is nobody.
        let asInit = folder.url.appendingPathComponent(".public.staging-1-c0ffee00")
        let asNobody = folder.url.appendingPathComponent(".public.staging-999999-c0ffee00")
        for made in [asInit, asNobody] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: made.path)
        }
        var locks = [asInit, asNobody].compactMap { FolderLock($0.path) }
        try #require(locks.count == 2)
        #expect(FolderLock(asInit.path) == nil, "one lock at a time")
        let first = try StagedOutput(destination: destination)
        first.discard()
        #expect(FileManager.default.fileExists(atPath: asInit.path) && FileManager.default.fileExists(atPath: asNobody.path))
        #expect(StagedOutput.builder(of: asNobody, prefix: ".public.staging-") == 999999)
        #expect(StagedOutput.builder(of: asInit, prefix: ".public.staging-") == 1)
        locks.forEach { $0.release() }
        locks = []
        #expect(StagedOutput.builder(of: asInit, prefix: ".public.staging-") == nil, "init did not make it: nobody holds its lock")
        let second = try StagedOutput(destination: destination)
        second.discard()
        #expect(!FileManager.default.fileExists(atPath: asInit.path) && !FileManager.default.fileExists(atPath: asNobody.path))
    }

    @Test("a build's staging folder is locked while it is filled, and the lock goes with the build")
    func buildsLockTheirStagingFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("public")
        let output = try StagedOutput(destination: destination)
        #expect(FolderLock.isHeld(output.staging.path) == true)
        try output.write(Data("<p>one</p>".utf8), to: "index.html")
        try output.commit()
        #expect(FolderLock.isHeld(destination.path) == false, "the published site is nobody's staging folder")
        let next = try StagedOutput(destination: destination)
        let staging = next.staging.path
        next.discard()
        #expect(FolderLock.isHeld(staging) == nil, "thrown away")
    }

    #if os(Linux)
    @Test("a lock another process holds (flock(1), as a build in another container would) keeps its folder")
    func anotherProcessesLock() throws {
        let flock = URL(fileURLWithPath: "/usr/bin/flock")
        guard FileManager.default.isExecutableFile(atPath: flock.path) else { return }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let held = folder.url.appendingPathComponent(".public.staging-999999-f10c4000")
        try FileManager.default.createDirectory(at: held, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: held.path)
        let holder = Process()
        holder.executableURL = flock
        // --close: flock(1) itself holds the lock, not the command it runs, so killing it drops it.
        holder.arguments = ["--exclusive", "--close", held.path, "/bin/sleep", "5"]
        try holder.run()
        defer { kill(holder.processIdentifier, SIGKILL); holder.waitUntilExit() }
        var waited = 0
        while FolderLock.isHeld(held.path) != true, waited < 500 { usleep(10_000); waited += 1 }
        try #require(FolderLock.isHeld(held.path) == true)
        let output = try StagedOutput(destination: folder.url.appendingPathComponent("public"))
        output.discard()
        #expect(FileManager.default.fileExists(atPath: held.path))
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        let after = try StagedOutput(destination: folder.url.appendingPathComponent("public"))
        after.discard()
        #expect(!FileManager.default.fileExists(atPath: held.path), "killed, its lock went with it")
    }
    #endif

    @Test("a leftover of a build that has exited but not been reaped (a zombie) is removed")
    func zombieLeftovers() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { argv.forEach { free($0) } }
        #expect(posix_spawn(&pid, "/bin/true", nil, nil, argv, environ) == 0)
        defer { var status: Int32 = 0; waitpid(pid, &status, 0) }
        var state = ""
        for _ in 0..<200 where state != "Z" {
            let line = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            state = line.split(separator: ")").last.map { String($0.dropFirst().prefix(1)) } ?? ""
            usleep(10_000)
        }
        try #require(state == "Z", "the child became a zombie")
        let leftover = folder.url.appendingPathComponent(".public.staging-\(pid)-2omb1e00")
        try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
        let output = try StagedOutput(destination: folder.url.appendingPathComponent("public"))
        output.discard()
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }
    #endif

    @Test func anInterruptedSwapIsRecovered() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let retired = folder.url.appendingPathComponent(".public.previous")
        try FileManager.default.createDirectory(at: retired, withIntermediateDirectories: true)
        try Data("kept".utf8).write(to: retired.appendingPathComponent("index.html"))
        let output = try StagedOutput(destination: folder.url.appendingPathComponent("public"))
        output.discard()
        #expect(try SiteInspector(root: folder.url.appendingPathComponent("public")).files() == ["index.html": Data("kept".utf8)])
    }

    @Test("the new site takes the old one's place in one step: a reader looking all the while never finds the output missing")
    func theSwapLeavesNoMomentWithoutAnOutput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = try firstOutput(in: folder)
        let path = destination.path
        let watching = Atomic<Bool>(true)
        let missing = Atomic<Int>(0)
        let watcher = Thread {
            var info = stat()
            while watching.load(ordering: .relaxed) {
                if stat(path, &info) != 0 { missing.add(1, ordering: .relaxed) }
            }
        }
        watcher.start()
        for round in 0..<40 {
            let output = try StagedOutput(destination: destination)
            try output.write(Data("v\(round)".utf8), to: "index.html")
            try output.commit()
        }
        watching.store(false, ordering: .relaxed)
        #expect(missing.load(ordering: .relaxed) == 0)
        #expect(try Data(contentsOf: destination.appendingPathComponent("index.html")) == Data("v39".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["public"])
    }

    @Test("files of the user's are carried over; one where the build writes a file, or needs a folder, stops the build, and nothing is lost",
          arguments: [("users/page/7.html", "users/page/7.html"), ("users/page", "users/page/1.html"), ("about.html/notes.txt", "about.html")])
    func usersFilesAreCarriedUnlessInTheWay(mine: String, built: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = try firstOutput(in: folder)
        let fileManager = FileManager.default
        for path in ["CNAME", mine] {
            let url = destination.appendingPathComponent(path)
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("mine".utf8).write(to: url)
        }
        let before = try SiteInspector(root: destination).files()

        let blocked = try StagedOutput(destination: destination)
        try blocked.write(Data("v2".utf8), to: "index.html")
        try blocked.write(Data("page".utf8), to: built)
        let error = #expect(throws: OutputError.self) { try blocked.commit() }
        blocked.discard()
        #expect(error?.description.contains("holds a file of your own (no build wrote it) where this build writes its pages: \(mine)") == true,
                "\(String(describing: error))")
        #expect(try SiteInspector(root: destination).files() == before)

        let clear = try StagedOutput(destination: destination)
        try clear.write(Data("v2".utf8), to: "index.html")
        try clear.commit()
        #expect(try SiteInspector(root: destination).files() == ["index.html": Data("v2".utf8), "CNAME": Data("mine".utf8), mine: Data("mine".utf8)])
        #expect(clear.carried == ["CNAME", mine].sorted())
    }

    @Test("symbolic links of the user's, at the top or inside a folder of theirs, are carried over as links, and the user's files beside them too (a link made every file of the user's vanish)")
    func usersLinksAreCarried() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = try firstOutput(in: folder)
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: destination.appendingPathComponent("downloads"), withIntermediateDirectories: true)
        try Data("example.org\n".utf8).write(to: destination.appendingPathComponent("CNAME"))
        try Data("pdf".utf8).write(to: destination.appendingPathComponent("downloads/report.pdf"))
        try fileManager.createSymbolicLink(atPath: destination.appendingPathComponent("downloads/latest.pdf").path,
                                           withDestinationPath: "report.pdf")
        try fileManager.createSymbolicLink(atPath: destination.appendingPathComponent("elsewhere").path,
                                           withDestinationPath: folder.url.appendingPathComponent("nowhere").path)

        let next = try StagedOutput(destination: destination)
        try next.write(Data("v2".utf8), to: "index.html")
        try next.commit()

        #expect(next.carried == ["CNAME", "downloads/latest.pdf", "downloads/report.pdf", "elsewhere"])
        #expect(try Data(contentsOf: destination.appendingPathComponent("CNAME")) == Data("example.org\n".utf8))
        #expect(try Data(contentsOf: destination.appendingPathComponent("downloads/latest.pdf")) == Data("pdf".utf8))
        #expect(try fileManager.destinationOfSymbolicLink(atPath: destination.appendingPathComponent("downloads/latest.pdf").path) == "report.pdf")
        #expect(try fileManager.destinationOfSymbolicLink(atPath: destination.appendingPathComponent("elsewhere").path)
                == folder.url.appendingPathComponent("nowhere").path)
        #expect(try Data(contentsOf: destination.appendingPathComponent("index.html")) == Data("v2".utf8))
    }

    @Test("a link of the user's where the build writes a folder stops the build, naming it, and nothing is lost")
    func usersLinkInTheWayStops() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = try firstOutput(in: folder)
        let target = folder.url.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: target.appendingPathComponent("notes.txt"))
        try FileManager.default.createSymbolicLink(atPath: destination.appendingPathComponent("about").path, withDestinationPath: target.path)
        let before = try FileManager.default.contentsOfDirectory(atPath: destination.path).sorted()

        let next = try StagedOutput(destination: destination)
        try next.write(Data("about".utf8), to: "about/index.html")
        let error = #expect(throws: OutputError.self) { try next.commit() }
        next.discard()
        #expect(error?.description.contains("where this build writes its pages: about") == true, "\(String(describing: error))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.path).sorted() == before)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: destination.appendingPathComponent("about").path) == target.path)
        #expect(try Data(contentsOf: target.appendingPathComponent("notes.txt")) == Data("notes".utf8))
    }

    @Test("a FIFO of the user's, which cannot be carried over, stops the build naming it; the output stays as it was")
    func usersFIFOStops() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = try firstOutput(in: folder)
        try Data("example.org\n".utf8).write(to: destination.appendingPathComponent("CNAME"))
        let fifo = destination.appendingPathComponent("pipe").path
        try #require(mkfifo(fifo, 0o644) == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: destination.path).sorted()

        let next = try StagedOutput(destination: destination)
        try next.write(Data("v2".utf8), to: "index.html")
        let error = #expect(throws: OutputError.self) { try next.commit() }
        next.discard()
        #expect(error?.description.contains("\(fifo) is a FIFO, socket or device, which a build cannot carry over") == true,
                "\(String(describing: error))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.path).sorted() == before)
        #expect(try Data(contentsOf: destination.appendingPathComponent("index.html")) == Data("v1".utf8))
        #expect(try Data(contentsOf: destination.appendingPathComponent("CNAME")) == Data("example.org\n".utf8))
        #expect(FileManager.default.fileExists(atPath: fifo))
    }

    @Test("a file of the user's whose name is not UTF-8 (Latin-1 café.pdf), at the top, in a folder or in .git, stops the build naming it: it was left behind and lost",
          arguments: ["caf", "downloads/caf", ".git/objects/caf"])
    func usersFileNamedInLatin1Stops(prefix: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = try firstOutput(in: folder)
        try Data("example.org\n".utf8).write(to: destination.appendingPathComponent("CNAME"))
        let parent = destination.appendingPathComponent(prefix).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let name = Array(destination.path.utf8) + Array("/\(prefix)".utf8) + [0xE9] + Array(".pdf".utf8)
        let descriptor = (name.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        try #require(descriptor >= 0)
        close(descriptor)
        let exists = { (name.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { access($0.baseAddress!, F_OK) == 0 } }

        let next = try StagedOutput(destination: destination)
        try next.write(Data("v2".utf8), to: "index.html")
        let error = #expect(throws: OutputError.self) { try next.commit() }
        next.discard()
        #expect(error?.description.contains("\(prefix)\u{FFFD}.pdf is a file or folder whose name is not valid UTF-8") == true,
                "\(String(describing: error))")
        #expect(exists())
        #expect(try Data(contentsOf: destination.appendingPathComponent("index.html")) == Data("v1".utf8))
    }

    @Test("folders keep the permissions and owner they had in the previous output, the user's own and the build's (a private downloads/drafts became 755, readable by the web server)")
    func foldersKeepTheirModes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("public")
        let first = try StagedOutput(destination: destination)
        try first.write(Data("a".utf8), to: "users/a.html")
        try first.commit()
        let fileManager = FileManager.default
        for path in ["downloads/drafts", "users/extra"] {
            try fileManager.createDirectory(at: destination.appendingPathComponent(path), withIntermediateDirectories: true)
            try Data("mine".utf8).write(to: destination.appendingPathComponent(path + "/notes.txt"))
        }
        let modes: [String: mode_t] = ["downloads/drafts": 0o700, "users/extra": 0o2770, "users": 0o750]
        for (path, mode) in modes { try #require(chmod(destination.appendingPathComponent(path).path, mode) == 0) }
        let isRoot = getuid() == 0
        if isRoot { try #require(chown(destination.appendingPathComponent("downloads").path, 65534, 65534) == 0) }

        let next = try StagedOutput(destination: destination)
        try next.write(Data("b".utf8), to: "users/a.html")
        try next.commit()

        func info(_ path: String) -> stat {
            var info = stat()
            _ = lstat(destination.appendingPathComponent(path).path, &info)
            return info
        }
        for (path, mode) in modes { #expect(info(path).st_mode & 0o7777 == mode, "\(path)") }
        if isRoot { #expect(info("downloads").st_uid == 65534 && info("downloads").st_gid == 65534) }
        #expect(try Data(contentsOf: destination.appendingPathComponent("users/a.html")) == Data("b".utf8))
        #expect(try Data(contentsOf: destination.appendingPathComponent("downloads/drafts/notes.txt")) == Data("mine".utf8))
    }

    @Test func hiddenFoldersOfThePreviousOutputAreCarriedOverAsLinksNotCopies() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let destination = try firstOutput(in: folder)
        let git = destination.appendingPathComponent(".git")
        try FileManager.default.createDirectory(at: git.appendingPathComponent("objects/ab"), withIntermediateDirectories: true)
        try Data("blob".utf8).write(to: git.appendingPathComponent("objects/ab/cdef"))
        try Data("ref: refs/heads/main\n".utf8).write(to: git.appendingPathComponent("HEAD"))
        try FileManager.default.createSymbolicLink(atPath: git.appendingPathComponent("link").path, withDestinationPath: "HEAD")
        let inode = { (url: URL) in try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int }
        let blobInode = try inode(git.appendingPathComponent("objects/ab/cdef"))

        let second = try StagedOutput(destination: destination)
        try second.write(Data("v2".utf8), to: "index.html")
        try second.commit()

        #expect(try Data(contentsOf: destination.appendingPathComponent("index.html")) == Data("v2".utf8))
        #expect(try Data(contentsOf: git.appendingPathComponent("objects/ab/cdef")) == Data("blob".utf8))
        #expect(try inode(git.appendingPathComponent("objects/ab/cdef")) == blobInode)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: git.appendingPathComponent("link").path) == "HEAD")
        #expect(try Data(contentsOf: git.appendingPathComponent("HEAD")) == Data("ref: refs/heads/main\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["public"])
    }
}
