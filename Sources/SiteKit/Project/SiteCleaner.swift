import Foundation

/// `site clean`: removes the output and cache folders (and leftovers of killed builds beside the
/// output), and nothing else; not while a build is at work on that output. It refuses what a
/// build refuses (`OutputOwnership`): a folder that holds the project, the home folder or the
/// root, so a mistaken `output: .` cannot delete the site's sources, and an output folder holding
/// files no build wrote.
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
        let places = ProtectedPlaces(project: project, cache: cache)
        try OutputOwnership(places: places).check(output)
        try places.refuse(cache, role: .cache)
        let fileManager = FileManager.default
        var removed: [String] = []
        let parent = output.deletingLastPathComponent()
        let name = output.lastPathComponent
        let staging = StagedOutput.stagingPrefix(name)
        let leftovers = ((try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? [])
            .filter { $0.hasPrefix(staging) || $0 == StagedOutput.retiredName(for: output).lastPathComponent }
            .sorted()
            .map { parent.appendingPathComponent($0) }
        // A build still at work would fail midway, and its staging folder is not a leftover.
        for folder in leftovers where folder.lastPathComponent.hasPrefix(staging) {
            guard let pid = StagedOutput.builder(of: folder, prefix: staging) else { continue }
            throw ScaffoldError(message: "a build (process \(pid)) is writing \(folder.path), and cleaning would make it fail. "
                + "Wait for it to finish or stop it, then run site clean again.")
        }
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
}
