import Foundation

/// Priority lanes, modelled on Dispatch's QoS classes: a higher lane always dequeues first.
public enum QoSLane: Int, Sendable, CaseIterable, Comparable {
    /// Large images for detail pages.
    case background = 0
    /// List thumbnails.
    case utility = 1
    /// Work rendering waits on (API JSON, first-page thumbnails).
    case userInitiated = 2

    public static func < (lhs: QoSLane, rhs: QoSLane) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A queue with one FIFO per lane, drained by a fixed pool of workers.
///
/// Memory stays flat however many items are queued: there is one task per worker, never per item.
public actor LanedQueue<Item: Sendable> {
    private var lanes: [[Item]] = Array(repeating: [], count: QoSLane.allCases.count)
    private var heads: [Int] = Array(repeating: 0, count: QoSLane.allCases.count)
    private var waiting: [CheckedContinuation<Item?, Never>] = []
    private var closed = false

    public init() {}

    /// Adds an item to its lane, waking a waiting worker.
    public func enqueue(_ item: Item, lane: QoSLane) {
        guard !closed else { return }
        if !waiting.isEmpty {
            waiting.removeFirst().resume(returning: item)
            return
        }
        lanes[lane.rawValue].append(item)
    }

    /// No more items will come: workers finish what is queued, then stop.
    public func close() {
        closed = true
        if pendingCount == 0 { wakeAllWithNil() }
    }

    /// Drops everything still queued (a failed build) and stops the workers.
    public func cancelAll() {
        closed = true
        for index in lanes.indices {
            lanes[index].removeAll()
            heads[index] = 0
        }
        wakeAllWithNil()
    }

    /// Items queued and not yet taken.
    public var pendingCount: Int {
        zip(lanes, heads).reduce(0) { $0 + $1.0.count - $1.1 }
    }

    /// The next item from the highest non-empty lane; waits while empty; nil once closed and drained.
    public func next() async -> Item? {
        for lane in QoSLane.allCases.reversed() {
            let index = lane.rawValue
            if heads[index] < lanes[index].count {
                let item = lanes[index][heads[index]]
                heads[index] += 1
                if heads[index] > 1024, heads[index] * 2 > lanes[index].count {
                    lanes[index].removeFirst(heads[index])
                    heads[index] = 0
                }
                return item
            }
        }
        if closed { return nil }
        return await withCheckedContinuation { waiting.append($0) }
    }

    private func wakeAllWithNil() {
        let sleepers = waiting
        waiting.removeAll()
        for sleeper in sleepers { sleeper.resume(returning: nil) }
    }

    /// Runs `workers` workers over the queue until it is closed and drained; cancellation drops the rest.
    public func drain(workers: Int, _ work: @escaping @Sendable (Item) async -> Void) async {
        await withTaskCancellationHandler {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<max(1, workers) {
                    group.addTask {
                        while !Task.isCancelled, let item = await self.next() {
                            await work(item)
                        }
                    }
                }
            }
        } onCancel: {
            Task { await self.cancelAll() }
        }
    }
}
