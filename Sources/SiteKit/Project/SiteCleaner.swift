import Foundation

/// `site clean`: removes the output and cache folders (and leftovers of killed builds beside the
/// output), and nothing else. It refuses folders that hold the project itself, so a mistaken
/// `output: .` cannot delete the site's sources.
public struct SiteCleaner: Sendable {
    public let output: URL
    public let cache: URL
    /// The folder of `site.yml`; never removed, nor anything that contains it.
    public let project: URL

    public init(output: URL, cache: URL, project: URL) {
        self.output = output.standardizedFileURL
        self.cache = cache.standardizedFileURL
        self.project = project.standardizedFileURL
    }

    /// Removes what exists and returns the paths removed.
    @discardableResult
    public func clean() throws -> [String] {
        for folder in [output, cache] { try refuseIfUnsafe(folder) }
        let fileManager = FileManager.default
        var removed: [String] = []
        let parent = output.deletingLastPathComponent()
        let name = output.lastPathComponent
        let leftovers = ((try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? [])
            .filter { $0.hasPrefix(".\(name).staging-") || $0 == ".\(name).previous" }
            .sorted()
            .map { parent.appendingPathComponent($0) }
        for folder in [output, cache] + leftovers where fileManager.fileExists(atPath: folder.path) {
            do {
                try fileManager.removeItem(at: folder)
            } catch {
                throw ScaffoldError(message: "could not remove \(folder.path): \(error.localizedDescription). Check its permissions and run site clean again.")
            }
            removed.append(folder.path)
        }
        return removed
    }

    private func refuseIfUnsafe(_ folder: URL) throws {
        let target = folder.resolvingSymlinksInPath().path
        let projectPath = project.resolvingSymlinksInPath().path
        let home = FileManager.default.homeDirectoryForCurrentUser.resolvingSymlinksInPath().path
        if target == "/" || target == home || projectPath == target || projectPath.hasPrefix(target.hasSuffix("/") ? target : target + "/") {
            throw ScaffoldError(message: "site clean will not remove \(folder.path): it holds the project itself (\(project.path)). Set output and cache_dir in site.yml to folders of their own, such as public and .cache.")
        }
    }
}
