import Foundation

/// `site init`: writes a new site's `site.yml` and `content/`, and with templates the default
/// theme's mustache files under `templates/`. It never overwrites: if any of its files exists,
/// it writes nothing and says which. The one exception is what `--with-templates` is for in a
/// site that exists already (it has a `site.yml`): then only the templates are written, if none
/// of them is there yet.
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
                .map { (path: "templates/\($0.key).mustache", text: $0.value.hasSuffix("\n") ? $0.value : $0.value + "\n") }
        }
        return files
    }

    /// Writes the files and returns their relative paths.
    @discardableResult
    public func create() throws -> [String] {
        var files = files
        let fileManager = FileManager.default
        if let refusal = Self.refusal(for: directory) { throw ScaffoldError(message: refusal) }
        if withTemplates, fileManager.fileExists(atPath: directory.appendingPathComponent("site.yml").path) {
            // An existing site asks for the theme's templates to edit: its own files stay as they are.
            files = files.filter { $0.path.hasPrefix("templates/") }
        }
        let existing = files.map(\.path).filter { fileManager.fileExists(atPath: directory.appendingPathComponent($0).path) }
        guard existing.isEmpty else {
            throw ScaffoldError(message: "\(directory.path) already has \(Self.list(existing)); site init never overwrites files, so nothing was written. Pick an empty folder, or move those files away first.")
        }
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            do {
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Self.createExclusively(url, Data(file.text.utf8))
            } catch let error as ScaffoldError {
                throw error
            } catch {
                throw ScaffoldError(message: "could not create \(url.path): \(FileProblem.describe(error)). Check that the folder is writable.")
            }
        }
        return files.map(\.path)
    }

    /// Why `directory` cannot hold a new site, or nil: the root of the file system (as a mistyped
    /// `site init "$FOLDER/"` would name it) and a file are refused.
    static func refusal(for directory: URL) -> String? {
        if ProtectedPlaces.realPath(directory) == "/" {
            return "site init will not make the root of the file system a site (\(directory.path)); nothing was written. Name a folder of its own, such as my-site."
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder), !isFolder.boolValue {
            return "\(directory.path) is a file, not a folder; nothing was written. Name a new or empty folder for the site, such as my-site."
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
                throw ScaffoldError(message: "\(url.path) appeared while site init was writing; it was left as it is. Remove the files site init wrote and run it again.")
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
