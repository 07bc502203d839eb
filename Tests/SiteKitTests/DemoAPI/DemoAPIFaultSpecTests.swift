import Foundation
import Testing
@testable import SiteKit

@Suite("Demo API: fault specs")
struct DemoAPIFaultSpecTests {
    @Test func parsesEveryKindOfFault() throws {
        let sequence = try FaultSpec(parsing: "/posts=status:503,503;retry-after:1")
        #expect(sequence.pathPrefix == "/posts")
        #expect(sequence.fault == Fault(statuses: [503, 503], retryAfter: "1"))
        #expect(try FaultSpec(parsing: "/api/portraits/=latency:50ms").fault.latency == 0.05)
        #expect(try FaultSpec(parsing: "/api/=stall").fault.stall)
        #expect(try FaultSpec(parsing: "/=drip:100ms").fault.dripInterval == 0.1)
        #expect(try FaultSpec(parsing: "/=drip").fault.dripInterval == 0.01)
        #expect(try FaultSpec(parsing: "/=truncate").fault.truncate)
        #expect(try FaultSpec(parsing: "/=malformed-json").fault.malformedJSON)
        #expect(try FaultSpec(parsing: "/=content-type:text/html").fault.contentType == "text/html")
        #expect(try FaultSpec(parsing: "/=header:Cache-Control=max-age=3600").fault.headers == ["Cache-Control": "max-age=3600"])
        #expect(try FaultSpec(parsing: "/=remove-header:ETag").fault.removedHeaders == ["ETag"])
        #expect(try FaultSpec(parsing: "/=fixed-status:404").fault.status == 404)
        #expect(try FaultSpec(parsing: "/=body:<html></html>").fault.body == Data("<html></html>".utf8))
        let combined = try FaultSpec(parsing: " /users = latency:0.5s ; jitter:2 ; retry-after:Mon, 01 Jan 2024 00:00:00 GMT ")
        #expect(combined.pathPrefix == "/users")
        #expect(combined.fault.latency == 0.5)
        #expect(combined.fault.jitter == 2)
        #expect(combined.fault.retryAfter == "Mon, 01 Jan 2024 00:00:00 GMT")
    }

    @Test func badSpecsSayWhatIsWrongAndShowAnExample() {
        let cases = [
            ("posts=stall", "does not start with \"/\""),
            ("/posts", "no \"=\""),
            ("/posts=", "no fault"),
            ("/posts=stal", "unknown fault \"stal\""),
            ("/posts=latency:fast", "not a duration"),
            ("/posts=latency", "needs a value"),
            ("/posts=status:abc", "not an HTTP status"),
            ("/posts=status:700", "not an HTTP status"),
            ("/posts=header:Cache-Control", "Name=Value"),
            // Taken, then never sent, without a word: a name HTTP does not allow.
            ("/posts=header:Bad Name=v", "\"Bad Name\" is not a header name"),
            ("/posts=remove-header:Bad:Name", "\"Bad:Name\" is not a header name"),
        ]
        for (spec, expected) in cases {
            do {
                _ = try FaultSpec(parsing: spec)
                Issue.record("\(spec) parsed")
            } catch let error as FaultSpecError {
                #expect(error.description.contains(expected), "\(error.description)")
                #expect(error.errorDescription?.contains(FaultSpec.example) == true)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func durations() {
        #expect(FaultSpec.parseDuration("20ms") == 0.02)
        #expect(FaultSpec.parseDuration("0.5s") == 0.5)
        #expect(FaultSpec.parseDuration("2") == 2)
        #expect(FaultSpec.parseDuration("-1") == nil)
        #expect(FaultSpec.parseDuration("soon") == nil)
    }

    @Test func configuredInjectorAppliesOptions() async throws {
        let injector = try await FaultInjector.configured(latency: "20ms", jitter: nil, faultSpecs: ["/posts=status:503"])
        #expect(await injector.faults["/posts"]?.statuses == [503])
        let first = await injector.decide(path: "/posts/1")
        #expect(first.status == 503)
        #expect(first.delay == 0.02)
        #expect(await injector.decide(path: "/posts/1").status == nil)
        #expect(await injector.decide(path: "/users").delay == 0.02)
        await #expect(throws: DemoAPIServerError.self) {
            _ = try await FaultInjector.configured(latency: "fast", jitter: nil, faultSpecs: [])
        }
        await #expect(throws: FaultSpecError.self) {
            _ = try await FaultInjector.configured(latency: nil, jitter: nil, faultSpecs: ["nope"])
        }
    }
}
