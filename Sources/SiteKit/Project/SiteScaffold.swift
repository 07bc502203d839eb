import Foundation

/// `site init`: writes a new site's `site.yml` and `content/`, and with templates the default
/// theme's mustache files under `templates/`. It never overwrites: if any of its files exists,
/// it writes nothing and says which. The one exception is what `--with-templates` is for in a
/// site that exists already (it has a `site.yml`): then only the theme's templates that are not
/// there are written (a template removed by mistake comes back), and those there are left as
/// they are.
public struct SiteScaffold: Sendable {
    /// The folder of the new site; created if missing.
    public let directory: URL
    /// Also copy the default theme into `templates/` for editing.
    public let withTemplates: Bool

    public init(directory: URL, withTemplates: Bool = false) {
        self.directory = directory
        self.withTemplates = withTemplates
    }

    /// The relative paths and contents this scaffold writes, in order.
    public var files: [(path: String, text: String)] {
        var files = StarterFiles.all.map { (path: $0.path, text: $0.text + "\n") }
        if withTemplates {
            files += DefaultTemplates.all.sorted { $0.key < $1.key }
                .map { (path: "templates/\($0.key).mustache", text: $0.value) }
        }
        return files
    }

    /// Writes the files and returns their relative paths: none for `withTemplates` in a site whose
    /// `templates/` holds every template of the theme already.
    @discardableResult
    public func create() throws -> [String] {
        var files = files
        let fileManager = FileManager.default
        if let refusal = Self.refusal(for: directory) { throw ScaffoldError(message: refusal) }
        if withTemplates, fileManager.fileExists(atPath: directory.appendingPathComponent("site.yml").path) {
            // An existing site asks for the theme's templates to edit: its own files, templates
            // included, stay as they are; the missing ones are written.
            let templates = files.filter { $0.path.hasPrefix("templates/") }
            files = templates.filter { !Self.entryExists(directory.appendingPathComponent($0.path)) }
            // Every template there already: what was asked for holds, and nothing is to be done.
            guard !files.isEmpty else { return [] }
        }
        // Anything at a file's path counts, a symbolic link to nowhere included.
        let existing = files.map(\.path).filter { Self.entryExists(directory.appendingPathComponent($0)) }
        guard existing.isEmpty else {
            throw ScaffoldError(message: "\(directory.path) already has \(Self.list(existing)); site init never overwrites files, so nothing was written. Pick an empty folder, or move those files away first.")
        }
        // A file (or a link to one) where a folder of the site goes, such as a file named content.
        let folders = Set(files.compactMap { $0.path.split(separator: "/").dropLast().first.map(String.init) }).sorted()
        let blocked = folders.filter { Self.entryExists(directory.appendingPathComponent($0)) && !Self.isFolder(directory.appendingPathComponent($0)) }
        guard blocked.isEmpty else {
            throw ScaffoldError(message: "\(Self.list(blocked.map { directory.appendingPathComponent($0).path })) \(blocked.count == 1 ? "is" : "are") not a folder, where site init puts one; nothing was written. Move \(blocked.count == 1 ? "it" : "them") away and run site init again.")
        }
        var written: [URL] = []
        var made: [URL] = []
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            do {
                made += try Self.makeFolders(for: url)
                try Self.createExclusively(url, Data(file.text.utf8))
                written.append(url)
            } catch {
                // Take back what this run wrote, so that "nothing was written" holds and the
                // next site init does not find a half-made site.
                for url in written.reversed() { try? fileManager.removeItem(at: url) }
                for folder in made.reversed() { _ = rmdir(folder.path) }
                let reason = (error as? ScaffoldError)?.message ?? "could not create \(url.path): \(FileProblem.describe(error))."
                let undone = written.isEmpty && made.isEmpty ? "Nothing was written."
                    : "Nothing was left behind: the files and folders site init had made were removed."
                throw ScaffoldError(message: "\(reason) \(undone)")
            }
        }
        return files.map(\.path)
    }

    /// Whether anything is at `url`, without following a symbolic link.
    private static func entryExists(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0
    }

    /// Whether `url` is a folder, or a link to one.
    private static func isFolder(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// Creates the missing folders above `url` and returns the ones it made, outermost first.
    private static func makeFolders(for url: URL) throws -> [URL] {
        var missing: [URL] = []
        var folder = url.deletingLastPathComponent().standardizedFileURL
        while folder.path != "/", !isFolder(folder) {
            missing.insert(folder, at: 0)
            folder = folder.deletingLastPathComponent()
        }
        var made: [URL] = []
        for folder in missing {
            do {
                // 0755 less the umask, as every folder site makes: never world-writable under umask 000.
                try PlainFile.makeFolder(folder.path)
            } catch {
                throw ScaffoldError(message: "could not create the folder \(folder.path): \(FileProblem.describe(error)). Check that its parent folder is writable.")
            }
            made.append(folder)
        }
        return made
    }

    /// Why `directory` cannot hold a new site, or nil: the root of the file system (as a mistyped
    /// `site init "$FOLDER/"` would name it) and a file are refused.
    static func refusal(for directory: URL) -> String? {
        if ProtectedPlaces.realPath(directory) == "/" {
            return "site init will not make the root of the file system a site (\(directory.path)); nothing was written. Name a folder of its own, such as my-site."
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder), !isFolder.boolValue {
            return "\(directory.path) is \(FileKind.noun(at: directory.path)), not a folder; nothing was written. Name a new or empty folder for the site, such as my-site."
        }
        // A file where a folder on the way should be: no folder can be made inside it.
        var ancestor = directory.standardizedFileURL.deletingLastPathComponent()
        while ancestor.path != "/" {
            if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isFolder) {
                guard isFolder.boolValue else {
                    return "\(ancestor.path) is a file, so no folder can be made inside it for \(directory.path); nothing was written. Name a folder elsewhere."
                }
                break
            }
            ancestor = ancestor.deletingLastPathComponent()
        }
        return nil
    }

    /// Creates `url` only if nothing is there, even if another process races us to it.
    private static func createExclusively(_ url: URL, _ data: Data) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            if errno == EEXIST {
                throw ScaffoldError(message: "\(url.path) appeared while site init was writing; it was left as it is.")
            }
            throw ScaffoldError(message: "could not create \(url.path): \(String(cString: strerror(errno))). Check that the folder is writable.")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: data)
        try handle.close()
    }

    private static func list(_ paths: [String]) -> String {
        paths.count == 1 ? paths[0] : paths.dropLast().joined(separator: ", ") + " and " + paths.last!
    }
}

/// `site init` or `site clean` refused or failed; the message says what to do.
public struct ScaffoldError: Error, LocalizedError, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public var errorDescription: String? { message }
}
