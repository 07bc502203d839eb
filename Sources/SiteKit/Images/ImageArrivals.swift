import Foundation
import Synchronization

/// One picture URL that has settled: published, or failed with its reason.
struct SettledImage: Sendable {
    var url: URL
    var result: ImageResult
}

/// The pictures of a build as they settle, for work that can start before the image phase ends.
struct ImageArrivals: Sendable {
    /// Every URL the image phase fetches; each settles once, unless the build stops first.
    var requested: Set<URL>
    /// Each URL as it settles; the stream ends with the image phase.
    var settled: AsyncStream<SettledImage>
    /// Set when the image phase has ended, before `settled` delivers what it still buffers: work
    /// done one item at a time can stop there and leave the rest to all the cores.
    var phase = ImagePhase()
}

/// Whether the image phase has ended; shared by the pipeline and whoever watches it.
final class ImagePhase: Sendable {
    private let ended = Atomic<Bool>(false)

    var isOver: Bool { ended.load(ordering: .acquiring) }

    func end() { ended.store(true, ordering: .releasing) }
}
