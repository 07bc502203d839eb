import Foundation
import Testing
@testable import SiteKit

/// Work stopped by Ctrl-C or SIGTERM, with the signal given by the test instead of the system.
@Suite struct InterruptibleTests {
    /// A stream of signals and a way to send one.
    private func signals() -> (AsyncStream<Int32>, AsyncStream<Int32>.Continuation) {
        AsyncStream.makeStream(of: Int32.self)
    }

    @Test("work that ends before any signal is finished, not signalled")
    func finishedWork() async throws {
        let (stream, _) = signals()
        let outcome = try await Interruptible.run({ 42 }, until: stream)
        guard case .finished(let value, let signalled) = outcome else { Issue.record("interrupted"); return }
        #expect(value == 42 && !signalled)
    }

    @Test("work that stops when cancelled is interrupted")
    func cancelledWork() async throws {
        let (stream, signal) = signals()
        signal.yield(SIGINT)
        let outcome = try await Interruptible.run({ () async throws -> Int in
            try await Task.sleep(for: .seconds(60))
            return 1
        }, until: stream)
        guard case .interrupted = outcome else { Issue.record("\(outcome)"); return }
    }

    @Test("work past the point a signal could stop it (a site already published) finishes and says the signal came, rather than being reported as stopped")
    func workPastThePointOfNoReturn() async throws {
        let (stream, signal) = signals()
        let outcome = try await Interruptible.run({ () async -> String in
            signal.yield(SIGTERM)
            // Publishing: it does not look at cancellation, and ends with its result.
            try? await Task.sleep(for: .milliseconds(100))
            return "published"
        }, until: stream)
        guard case .finished(let value, let signalled) = outcome else { Issue.record("interrupted"); return }
        #expect(value == "published" && signalled)
    }
}
