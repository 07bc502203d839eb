/// The faults the demo API injects, changed at runtime by tests and by `site api --fault`.
///
/// Rules match a path prefix (`/api/portraits/`, `/posts`, `/api/`); the longest matching prefix
/// wins. A default latency and jitter apply to every request whose rule does not set its own.
public actor FaultInjector {
    private struct Rule {
        var fault: Fault
        var remainingStatuses: [Int]
    }

    private var rules: [String: Rule] = [:]
    private var defaultLatency: Double = 0
    private var defaultJitter: Double = 0
    private var generator: SeededGenerator

    /// - Parameter seed: seeds the jitter, so a run's delays can be reproduced.
    public init(seed: UInt64 = 0x51_7E_DE_30) {
        generator = SeededGenerator(seed: seed)
    }

    /// Installs `fault` for paths starting with `prefix`, replacing any rule for that prefix and
    /// restarting its status sequence.
    public func set(_ fault: Fault, forPathPrefix prefix: String) {
        rules[prefix] = Rule(fault: fault, remainingStatuses: fault.statuses)
    }

    /// Removes the rule for exactly `prefix`.
    public func remove(pathPrefix prefix: String) {
        rules[prefix] = nil
    }

    /// Removes every rule and the default latency.
    public func clear() {
        rules = [:]
        defaultLatency = 0
        defaultJitter = 0
    }

    /// The latency (plus up to `jitter`) every request gets unless its rule sets its own.
    public func setLatency(_ latency: Double, jitter: Double = 0) {
        defaultLatency = max(0, latency)
        defaultJitter = max(0, jitter)
    }

    /// The installed rules by path prefix.
    public var faults: [String: Fault] {
        rules.mapValues(\.fault)
    }

    /// The fault for one request to `path`, consuming one status of its rule's sequence.
    func decide(path: String) -> InjectedFault {
        let prefix = rules.keys.filter { path.hasPrefix($0) }.max { $0.count < $1.count }
        guard let prefix, var rule = rules[prefix] else {
            return InjectedFault(fault: Fault(), delay: delay(latency: defaultLatency, jitter: defaultJitter), status: nil)
        }
        var status = rule.fault.status
        if !rule.remainingStatuses.isEmpty {
            status = rule.remainingStatuses.removeFirst()
            rules[prefix] = rule
        }
        let latency = rule.fault.latency ?? defaultLatency
        let jitter = rule.fault.jitter ?? defaultJitter
        return InjectedFault(fault: rule.fault, delay: delay(latency: latency, jitter: jitter), status: status)
    }

    private func delay(latency: Double, jitter: Double) -> Double {
        jitter > 0 ? latency + generator.unit() * jitter : latency
    }
}

/// What one request gets: its rule, the drawn delay and the error status to answer, if any.
struct InjectedFault: Sendable {
    var fault: Fault
    var delay: Double
    var status: Int?
}
