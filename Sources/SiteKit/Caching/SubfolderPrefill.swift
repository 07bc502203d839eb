import Dispatch
import Foundation

/// Creates the spread subfolders of a build's stores on a thread of its own while the build
/// fetches its data (`SpreadFolder.createSubfolders`). A build waits for it before it ends, so
/// nothing is created in a cache folder after the build that asked for it is over.
final class SubfolderPrefill: Sendable {
    private let queue = DispatchQueue(label: "site.subfolder-prefill", qos: .utility)
    private let group = DispatchGroup()

    /// Starts creating the missing subfolders of `parent`.
    func start(_ parent: URL) {
        queue.async(group: group) { SpreadFolder.createSubfolders(in: parent) }
    }

    /// Returns once every folder started so far is made.
    func finished() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            group.notify(queue: queue) { done.resume() }
        }
    }
}
