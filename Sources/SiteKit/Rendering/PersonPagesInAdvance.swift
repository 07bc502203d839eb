import Foundation

/// Person pages rendered while the pictures download.
///
/// A person page shows one picture, and most of the image phase is spent waiting on the network,
/// so each page is rendered and written as soon as its pictures settle instead of after the last
/// picture of the build. The pages are the bytes a later render would give: the same renderer,
/// the same list positions, and the same picture results.
///
/// This runs on a thread of its own at a lower priority: the downloads keep the cooperative pool
/// and the cores they need, and these pages take only the time left idle.
extension SiteRenderer {
    /// Renders each person page whose pictures have settled, one at a time, until the image phase
    /// ends; returns the list positions rendered. The rest are left to
    /// `personPages(_:images:done:emit:)`, which renders on every core.
    func personPagesInAdvance(_ index: SiteIndex, arrivals: ImageArrivals,
                              emit: @Sendable (RenderedFile) throws -> Void) async throws -> Set<Int> {
        let thread = LowPriorityExecutor(name: "site-person-pages")
        defer { thread.stop() }
        return try await withTaskExecutorPreference(thread) {
            try await renderAsPicturesSettle(index, arrivals: arrivals, emit: emit)
        }
    }

    private func renderAsPicturesSettle(_ index: SiteIndex, arrivals: ImageArrivals,
                                        emit: @Sendable (RenderedFile) throws -> Void) async throws -> Set<Int> {
        var waits = PictureWaits(people: index.people.map(\.item), requested: arrivals.requested)
        var images: [URL: PublishedImage] = [:]
        var done: Set<Int> = []
        var ready = waits.takeReady()
        for await settled in arrivals.settled {
            if let image = settled.result.image { images[settled.url] = image }
            ready += waits.settle(settled.url)
            while let position = ready.first, !arrivals.phase.isOver {
                try Task.checkCancellation()
                try emit(try personPage(at: position, of: index, images: images))
                done.insert(position)
                ready.removeFirst()
            }
            if arrivals.phase.isOver { break }
        }
        return done
    }
}
