import Foundation
import Synchronization

/// What was rendered while the pictures downloaded: pages held in memory, not written yet.
struct RenderedInAdvance: Sendable {
    /// The pages, in the order they were rendered.
    var files: [RenderedFile] = []
    /// The paths of the picture-free files, all among `files`; nil when the image phase ended
    /// before they were all rendered.
    var pictureFree: SiteRenderer.PictureFreePaths?
    /// The list positions of the person pages among `files`.
    var personPages: Set<Int> = []
    /// The people list pages among `files`, by page number less one.
    var listPages: Set<Int> = []
}

/// Pages rendered while the pictures download.
///
/// Most of the image phase is spent waiting on the network. The files that show no picture
/// (posts, authors, the home page…) are rendered then, and each person page and people list page
/// as soon as the pictures it shows have settled, instead of all after the last picture of the
/// build. The pages are the bytes a later render would give: the same renderer, the same list
/// positions, the same picture results.
///
/// This runs one page at a time on a thread of its own at a low priority, so the downloads keep
/// the cooperative pool and the cores they need. The pages are kept in memory, up to a
/// budget, and written after the image phase: creating files while the pictures are being stored
/// slows the downloads on file systems where creating a file is slow.
extension SiteRenderer {
    /// Renders the picture-free files, then each person or list page whose pictures have settled, until
    /// the image phase ends or the pages held reach `budget` bytes. What is not done is left to
    /// `render(_:index:images:personPagesDone:pictureFree:emit:)`, on every core; nothing waits
    /// for this thread beyond the page it is on when the image phase ends.
    func renderInAdvance(_ data: SiteData, index: SiteIndex, arrivals: ImageArrivals,
                         budget: Int = 16 << 20) async throws -> RenderedInAdvance {
        let thread = LowPriorityExecutor()
        defer { thread.stop() }
        var oneCore = self
        oneCore.onEveryCore = false
        oneCore.stopsWhen = { arrivals.phase.isOver }
        return try await withTaskExecutorPreference(thread) {
            let held = Mutex<[RenderedFile]>([])
            var done = RenderedInAdvance()
            do {
                done.pictureFree = try oneCore.pictureFreeFiles(data, index: index) { file in held.withLock { $0.append(file) } }
            } catch is RenderingStopped {
                // Nothing was written: what was rendered is dropped, and all of it is rendered
                // again on every core.
                return done
            }
            done.files = held.withLock { $0 }
            try await oneCore.renderAsPicturesSettle(index, arrivals: arrivals, budget: budget, into: &done)
            return done
        }
    }

    private func renderAsPicturesSettle(_ index: SiteIndex, arrivals: ImageArrivals, budget: Int,
                                        into done: inout RenderedInAdvance) async throws {
        var people = PictureWaits(people: index.people.lazy.map(\.item), requested: arrivals.requested)
        var lists = PictureWaits(lists: index.people.lazy.map(\.item), perPage: perPage, requested: arrivals.requested)
        var images: [URL: PublishedImage] = [:]
        var bytes = done.files.reduce(0) { $0 + $1.bytes.count }
        var ready: [Page] = lists.takeReady().map(Page.list) + people.takeReady().map(Page.person)
        func goOn() -> Bool { !arrivals.phase.isOver && bytes < budget }
        for await settled in arrivals.settled {
            if let image = settled.result.image { images[settled.url] = image }
            ready += lists.settle(settled.url).map(Page.list) + people.settle(settled.url).map(Page.person)
            var taken = 0
            while taken < ready.count, goOn() {
                try Task.checkCancellation()
                let file: RenderedFile
                switch ready[taken] {
                case .list(let offset):
                    file = try peopleList(offset, of: index, images: images)
                    done.listPages.insert(offset)
                case .person(let position):
                    file = try personPage(at: position, of: index, images: images)
                    done.personPages.insert(position)
                }
                done.files.append(file)
                bytes += file.bytes.count
                taken += 1
            }
            ready.removeFirst(taken)
            if !goOn() { break }
        }
    }

    private enum Page {
        case list(Int)
        case person(Int)
    }
}
