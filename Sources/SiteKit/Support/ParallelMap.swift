import Dispatch
import Foundation
import Synchronization

/// Maps `0..<count` on every core and returns the results in order: for rendering thousands of
/// independent pages, which is pure CPU work.
enum ParallelMap {
    /// Calls `transform` for each index, in chunks spread over the cores. The first error thrown
    /// (by index) is rethrown after all chunks finish.
    static func map<T: Sendable>(_ count: Int, _ transform: @Sendable (Int) throws -> T) throws -> [T] {
        let chunks = min(count, ProcessInfo.processInfo.activeProcessorCount * 4)
        guard chunks > 1 else { return try (0..<count).map(transform) }
        let finished = Mutex<[Int: [Result<T, any Error>]]>([:])
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let range = (chunk * count / chunks)..<((chunk + 1) * count / chunks)
            let results = range.map { index in Result { try transform(index) } }
            finished.withLock { $0[chunk] = results }
        }
        let byChunk = finished.withLock { $0 }
        return try (0..<chunks).flatMap { byChunk[$0] ?? [] }.map { try $0.get() }
    }
}
