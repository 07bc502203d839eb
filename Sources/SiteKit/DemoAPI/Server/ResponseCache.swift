/// Recently generated 200 responses by path and query, with their ETags, so repeated requests
/// (benchmarks, revalidations) cost a dictionary lookup instead of regenerating megabytes of JSON.
/// Bounded by total body size; the oldest entries go first. A limit of 0 keeps nothing.
actor ResponseCache {
    private var entries: [String: DemoResource] = [:]
    private var order: [String] = []
    private var totalBytes = 0
    private let limitBytes: Int

    init(limitBytes: Int = DemoAPIServer.rememberedBytes) {
        self.limitBytes = limitBytes
    }

    func resource(for key: String) -> DemoResource? {
        entries[key]
    }

    /// Keeps `resource` (with its ETag set) for `key`.
    func store(_ resource: DemoResource, for key: String) {
        guard limitBytes > 0, resource.body.count <= limitBytes, entries[key] == nil else { return }
        entries[key] = resource
        order.append(key)
        totalBytes += resource.body.count
        while totalBytes > limitBytes, !order.isEmpty {
            let oldest = order.removeFirst()
            totalBytes -= entries.removeValue(forKey: oldest)?.body.count ?? 0
        }
    }
}
