extension FaultInjector {
    /// An injector set up from `site api`'s options: `--latency 20ms`, `--jitter 5ms` and
    /// repeated `--fault PREFIX=ITEM;…` specs. Throws a message naming the bad option.
    public static func configured(latency: String?, jitter: String?, faultSpecs: [String]) async throws -> FaultInjector {
        func seconds(_ text: String?, option: String) throws -> Double {
            guard let text else { return 0 }
            guard let value = FaultSpec.parseDuration(text) else {
                throw DemoAPIServerError(message: "invalid \(option) \"\(text)\": expected a duration such as 20ms or 0.5s")
            }
            return value
        }
        let specs = try faultSpecs.map { try FaultSpec(parsing: $0) }
        let injector = FaultInjector()
        await injector.setLatency(try seconds(latency, option: "--latency"), jitter: try seconds(jitter, option: "--jitter"))
        for spec in specs {
            await injector.set(spec.fault, forPathPrefix: spec.pathPrefix)
        }
        return injector
    }
}
