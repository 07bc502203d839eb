import ArgumentParser
import Foundation
import SiteKit

/// `site api`: the embedded demo API that offline builds, tests and benchmarks run against.
struct APICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api",
        abstract: "Serves a local stand-in for randomuser.me and JSONPlaceholder, with optional faults.",
        discussion: """
        People are at /api/ (randomuser.me's query parameters: results, seed, page, nat, inc, exc), \
        portraits at /api/portraits/…, posts, users and comments at /posts, /users and /comments. \
        Data is deterministic: the same query always returns the same bytes.

        A fault is PREFIX=ITEM;ITEM;… and applies to paths starting with PREFIX (the longest wins). \
        Items: latency:50ms, jitter:10ms, status:503,503 (one per request, then normal), \
        fixed-status:404, retry-after:1, stall, drip[:5ms] (per byte), truncate, malformed-json, \
        content-type:text/html, body:TEXT, header:Name=Value, remove-header:Name.
        Example: site api --latency 20ms --fault "/posts=status:503,503;retry-after:1" --fault "/api/portraits/=drip:5ms"
        """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    // `.unconditional`: -1 is the value, refused by its range, not a flag missing.
    @Option(parsing: .unconditional, help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(help: ArgumentHelp("Delay added to every response, e.g. 20ms or 0.5s.", valueName: "duration"))
    var latency: String?

    @Option(help: ArgumentHelp("Up to this much extra random delay per response.", valueName: "duration"))
    var jitter: String?

    @Option(help: ArgumentHelp("""
        Which portraits people show: randomuser (its 100 per gender, shared, as the real API) \
        or per-person (one each, so every picture is downloaded).
        """, valueName: "set"))
    var portraits = PortraitSet.randomUser

    @Option(name: .customLong("fault"), help: ArgumentHelp("A fault rule; repeatable.", valueName: "PREFIX=ITEM;…"))
    var faults: [String] = []

    /// A duration or fault that cannot be read is a command line that cannot be used: 64, as
    /// for every command (it was 1, found only once the server started).
    func validate() throws {
        try PortNumber.check(port)
        try PortNumber.checkHost(host)
        for (option, text) in [("--latency", latency), ("--jitter", jitter)] {
            if let text, FaultSpec.parseDuration(text) == nil {
                throw ValidationError("\(option) must be a duration such as 20ms or 0.5s, not \(text).")
            }
        }
        for spec in faults {
            do { _ = try FaultSpec(parsing: spec) } catch { throw ValidationError("\(error.localizedDescription).") }
        }
    }

    func run() async throws {
        let injector = try await FaultInjector.configured(latency: latency, jitter: jitter, faultSpecs: faults)
        do {
            try await DemoAPIServer.run(host: host, port: port, faults: injector, portraits: portraits) { url in
                let line = "demo API listening on \(url.absoluteString) (randomuser: \(url.absoluteString)/api/, "
                    + "jsonplaceholder: \(url.absoluteString))\n"
                StandardStream.error(line)
            }
            // It serves until Ctrl-C or SIGTERM: 130, as every command stopped so.
            throw ExitCode(130)
        } catch let error as DemoAPIServerError {
            StandardStream.error("error: \(paragraph(error))\n")
            throw ExitCode.failure
        }
    }
}

extension PortraitSet: ExpressibleByArgument {}
