import Foundation
import Synchronization

/// What a running preview serves: the output folder, at `/` and under the path the site is
/// published under; a rebuild after an edit of `base_url` moves the path, and one after an edit
/// of `output` the folder.
final class ServedFiles: Sendable {
    private let current: Mutex<StaticFiles>

    init(_ files: StaticFiles) {
        current = Mutex(files)
    }

    /// The mapping for the request at hand.
    var files: StaticFiles { current.withLock { $0 } }

    /// Serves the same folder under `basePath` from now on, instead of the path before.
    func move(to basePath: String) {
        current.withLock { $0 = StaticFiles(root: $0.root, basePath: basePath) }
    }

    /// Serves `root` from now on, under the same paths, instead of the folder before.
    func serve(root: URL) {
        current.withLock { $0 = StaticFiles(root: root, basePath: $0.basePath) }
    }
}
