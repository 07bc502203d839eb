import Foundation

/// Whether a build may replace the folder named as its output.
///
/// A build swaps a new folder in place of its output on every run (see `StagedOutput`), so
/// whatever the old folder held is gone. A mistaken `output` (`.`, `..`, `~`, a web root that
/// serves other sites too) must therefore be refused before anything is fetched or written:
/// - the folder may not be a place `ProtectedPlaces` refuses (the project, the home folder, the
///   cache, the folders the build reads);
/// - a folder that already exists must be one a build wrote, which every build marks with the
///   hidden file `.site-output` (outputs of versions before the mark are known by their layout),
///   or hold nothing but hidden top-level entries (a `.gitkeep`), which a build carries over as
///   the user's. Anything else there belongs to somebody else.
public struct OutputOwnership: Sendable {
    /// The hidden file at the top of every output folder a build writes.
    public static let markName = ".site-output"
    /// The mark's opening lines, the same in every build; the paths of the files the build wrote
    /// follow (`markBytes(listing:)`).
    static let markBytes = Data("""
        This folder is the output of `site build`, which replaces all of it on every build.
        Files it did not write (listed below are those it did) are kept: hidden entries at the top
        level, and anything else put here since, which the next build carries over.

        """.utf8)

    /// The words every mark opens with, those of versions before the listing included.
    static let markOpening = "This folder is the output of `site build`"

    /// Whether `folder` holds a mark a build wrote: a regular file `.site-output` opening with
    /// `markOpening`. An empty file, a folder, or other bytes of that name prove nothing; taken
    /// for a mark, they made a build (and `site clean`) treat everything beside them as its own.
    static func hasMark(_ folder: URL) -> Bool {
        let path = folder.appendingPathComponent(markName).path
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let opening = Data(markOpening.utf8)
        return (try? handle.read(upToCount: opening.count)) == opening
    }

    /// The line after which the mark lists the files the build wrote, one relative path a line.
    static let listingHeader = "Files written by the build:\n"

    /// The mark of an output holding `paths` (sorted here): the same files, the same bytes.
    static func markBytes(listing paths: some Collection<String>) -> Data {
        var text = String(decoding: markBytes, as: UTF8.self) + "\n" + listingHeader
        for path in paths.sorted() { text += path + "\n" }
        return Data(text.utf8)
    }

    /// The files the build that wrote `folder` listed in its mark; nil when there is no mark or
    /// it lists nothing (an output of a version before the listing), so nothing is known.
    static func writtenPaths(in folder: URL) -> Set<String>? {
        guard let (data, _) = PlainFile.read(folder.appendingPathComponent(markName).path) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let header = text.range(of: "\n" + listingHeader) else { return nil }
        return Set(text[header.upperBound...].split(separator: "\n").map(String.init))
    }

    public let places: ProtectedPlaces

    public init(places: ProtectedPlaces) {
        self.places = places
    }

    /// The top-level names of an output folder written before builds marked their output: all of
    /// `required` and nothing outside `allowed`. Such a folder is taken as a build's (and marked by
    /// the build that replaces it), so that an upgrade does not stop at its own output.
    static let unmarkedLayout = (required: Set(["404.html", "authors", "posts", "report", "robots.txt", "sitemap.xml", "users"]),
                                 allowed: Set(["404.html", "assets", "authors", "favicon.svg", "feed.xml", "index.html", "posts",
                                               "report", "robots.txt", "sitemap.xml", "thumbs", "users"]))

    /// Whether a file system is mounted at `folder`: its device differs from its parent's, or, for
    /// a bind mount of a folder of the same file system (same device), the system's mount table
    /// lists it (`/proc/self/mountinfo` on Linux).
    static func isMountPoint(_ folder: URL, mountTable: String? = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8)) -> Bool {
        var own = stat(), parent = stat()
        guard stat(folder.path, &own) == 0, stat(folder.deletingLastPathComponent().path, &parent) == 0 else { return false }
        if own.st_dev != parent.st_dev { return true }
        guard let mountTable else { return false }
        return mountPoints(in: mountTable).contains(ProtectedPlaces.realPath(folder))
    }

    /// The mount points `mountinfo` lists (its fifth field, with `\040`-style octal escapes undone).
    static func mountPoints(in mountinfo: String) -> Set<String> {
        var points = Set<String>()
        for line in mountinfo.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count > 4 else { continue }
            var bytes: [UInt8] = []
            var rest = Array(fields[4].utf8)[...]
            while let byte = rest.first {
                if byte == UInt8(ascii: "\\"), rest.count >= 4,
                   let value = UInt8(String(decoding: rest.dropFirst().prefix(3), as: UTF8.self), radix: 8) {
                    bytes.append(value)
                    rest = rest.dropFirst(4)
                } else {
                    bytes.append(byte)
                    rest = rest.dropFirst()
                }
            }
            points.insert(String(decoding: bytes, as: UTF8.self))
        }
        return points
    }

    static func isUnmarkedBuild(_ visible: [String]) -> Bool {
        let names = Set(visible)
        return unmarkedLayout.required.isSubset(of: names) && names.isSubset(of: unmarkedLayout.allowed)
    }

    /// Throws an `OutputError` when the output is named through a symbolic link (`link`) that
    /// leads nowhere: neither the folder it ends at (`destination`) nor the one above it exists, and
    /// a build would make them both, and any above, wherever the link points (under a volume that
    /// is not mounted, a folder moved away). A link to a new folder in a folder that exists (a site
    /// of its own in a web root) is followed, and the folder made.
    public static func checkLink(_ link: URL, leadsTo destination: URL) throws {
        var info = stat()
        let parent = destination.deletingLastPathComponent()
        guard stat(destination.path, &info) != 0, errno == ENOENT, stat(parent.path, &info) != 0, errno == ENOENT else { return }
        throw OutputError(path: link.path, action: "replace the output folder", underlying: nil, message: """
            the output \(link.path) is a symbolic link to \(destination.path), and neither that folder nor \(parent.path) \
            exists (a volume not mounted, a folder moved or removed): a build would make them wherever the link points. \
            Create \(parent.path), or mount what belongs there, if the site should go there; otherwise point the link at \
            a folder that exists, or remove it
            """)
    }

    /// Throws an `OutputError` saying why `destination` may not be replaced, and what to do.
    public func check(_ destination: URL) throws {
        try places.refuse(destination, role: .output)
        let fileManager = FileManager.default
        // `BuildOptions.outputFolder` follows links; one still a link leads round in a loop.
        var link = stat()
        if lstat(destination.path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
            throw OutputError(path: destination.path, action: "replace the output folder", underlying: nil,
                              message: "the output \(destination.path) is a symbolic link that leads back to itself through other links "
                                  + "(or through more than 16), so there is no folder to build into. Point the link at a folder, or remove it")
        }
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: destination.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw OutputError(path: destination.path, action: "replace the output folder", underlying: nil,
                              message: "the output \(destination.path) is \(FileKind.noun(at: destination.path)), not a folder, and a build would replace it. Move it away, or name a folder of its own with --output (or output: in site.yml)\(destination.lastPathComponent == "public" ? "" : ", such as public")")
        }
        if Self.isMountPoint(destination) {
            throw OutputError(path: destination.path, action: "replace the output folder", underlying: nil, message: """
                the output folder \(destination.path) is a mount point (another file system, such as a volume, is mounted \
                there), and a build publishes by swapping the whole folder for a new one, which cannot be done to a mount \
                point. Build into a folder inside it, such as --output \(destination.appendingPathComponent("site").path), \
                and serve that folder, or mount the folder above it instead
                """)
        }
        let entries: [String]
        do {
            entries = try fileManager.contentsOfDirectory(atPath: destination.path)
        } catch {
            throw OutputError(path: destination.path, action: "list the output folder", underlying: error)
        }
        let visible = entries.filter { !$0.hasPrefix(".") }.sorted()
        guard !visible.isEmpty, !Self.hasMark(destination), !Self.isUnmarkedBuild(visible) else { return }
        let shown = visible.map { "\"\($0)\"" }.shortList()
        let mark = entries.contains(Self.markName)
            ? ". Its \(Self.markName) is not one a build wrote (it is empty, a folder, or holds other words): if the folder is a build's "
                + "output whose mark was damaged, move your own files out of it and remove it, and the next build writes it anew"
            : ""
        throw OutputError(path: destination.path, action: "replace the output folder", underlying: nil, message: """
            the output folder \(destination.path) already holds files that site did not write \
            (\(shown): \(visible.count) \(visible.count == 1 ? "entry" : "entries")), and a build replaces the whole folder, \
            so they would be lost. Name a new or empty folder with --output (or output: in site.yml), or move those \
            files away. Every folder a build writes has a hidden \(Self.markName) file\(mark)
            """)
    }
}
