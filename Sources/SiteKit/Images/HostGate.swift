import Foundation

/// At most `limit` transfers at once to any one host, whatever the global number of workers.
actor HostGate {
    private let limit: Int
    private var active: [String: Int] = [:]
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `body` once the host of `url` has a free slot.
    func enter(_ url: URL) async {
        let host = Self.key(url)
        if active[host, default: 0] < limit {
            active[host, default: 0] += 1
            return
        }
        await withCheckedContinuation { waiting[host, default: []].append($0) }
    }

    /// Frees the slot taken by `enter`, handing it straight to the next waiter of that host.
    func leave(_ url: URL) {
        let host = Self.key(url)
        if var queue = waiting[host], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[host] = queue
            next.resume()
        } else {
            active[host, default: 1] -= 1
        }
    }

    static func key(_ url: URL) -> String {
        "\(url.scheme ?? "")://\(url.host ?? ""):\(url.port ?? 0)"
    }

}
