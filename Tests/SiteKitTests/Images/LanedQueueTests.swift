import Foundation
import Synchronization
import Testing
@testable import SiteKit

@Suite struct LanedQueueTests {
    @Test func higherLanesAlwaysDequeueFirstWithOneWorker() async {
        let queue = LanedQueue<String>()
        await queue.enqueue("bg-1", lane: .background)
        await queue.enqueue("util-1", lane: .utility)
        await queue.enqueue("ui-1", lane: .userInitiated)
        await queue.enqueue("bg-2", lane: .background)
        await queue.enqueue("ui-2", lane: .userInitiated)
        await queue.enqueue("util-2", lane: .utility)
        await queue.close()
        let order = Mutex<[String]>([])
        await queue.drain(workers: 1) { item in order.withLock { $0.append(item) } }
        #expect(order.withLock { $0 } == ["ui-1", "ui-2", "util-1", "util-2", "bg-1", "bg-2"])
    }

    @Test func neverRunsMoreThanTheWorkerCountAtOnce() async {
        let queue = LanedQueue<Int>()
        for item in 0..<200 { await queue.enqueue(item, lane: item.isMultiple(of: 3) ? .background : .utility) }
        await queue.close()
        struct Gauge { var now = 0, peak = 0, done = 0 }
        let gauge = Mutex(Gauge())
        await queue.drain(workers: 7) { _ in
            gauge.withLock { $0.now += 1; $0.peak = max($0.peak, $0.now) }
            await Task.yield()
            try? await Task.sleep(nanoseconds: 200_000)
            gauge.withLock { $0.now -= 1; $0.done += 1 }
        }
        let result = gauge.withLock { $0 }
        #expect(result.done == 200)
        #expect(result.peak <= 7)
        #expect(result.peak > 1)
    }

    @Test func cancellingDropsWhatIsStillQueued() async {
        let queue = LanedQueue<Int>()
        for item in 0..<1000 { await queue.enqueue(item, lane: .utility) }
        await queue.close()
        let done = Mutex(0)
        let task = Task {
            await queue.drain(workers: 2) { _ in
                try? await Task.sleep(nanoseconds: 1_000_000)
                done.withLock { $0 += 1 }
            }
        }
        try? await Task.sleep(nanoseconds: 20_000_000)
        task.cancel()
        await task.value
        #expect(done.withLock { $0 } < 1000)
        #expect(await queue.pendingCount == 0)
    }

    @Test func workersWaitForItemsEnqueuedLater() async {
        let queue = LanedQueue<Int>()
        let seen = Mutex<[Int]>([])
        async let drained: Void = queue.drain(workers: 3) { item in seen.withLock { $0.append(item) } }
        for item in 0..<10 {
            await queue.enqueue(item, lane: .utility)
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        await queue.close()
        await drained
        #expect(seen.withLock { $0 }.sorted() == Array(0..<10))
    }
}
