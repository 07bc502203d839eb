import Dispatch
import Foundation

/// Maps a path and query to the resource the real services would answer, before faults.
struct DemoRoutes: Sendable {
    /// The portraits people point at, and the only ones served.
    var portraits = PortraitSet.randomUser
    let cache: ResponseCache
    /// The day people's ages are counted to, UTC milliseconds: the server's start (see
    /// `RandomPerson.today`).
    let today: Int64

    init(portraits: PortraitSet = .randomUser, responseCacheBytes: Int = DemoAPIServer.rememberedBytes, today: Date = Date()) {
        self.portraits = portraits
        cache = ResponseCache(limitBytes: responseCacheBytes)
        self.today = CivilTime.millis(today)
    }

    /// The resource for `path` and `query`; 200s come from the cache when generated before.
    /// - Parameter origin: the server's own origin, e.g. `http://127.0.0.1:8080`, for picture URLs.
    func resource(path: String, query: String?, origin: String) async -> DemoResource {
        let key = query.map { path + "?" + $0 } ?? path
        if let cached = await cache.resource(for: key) {
            return cached
        }
        var resource = await Self.offTheLoop { generate(path: path, query: query, origin: origin) }
        if resource.status == 200 {
            resource.etag = DemoCaching.etag(for: resource.body)
            await cache.store(resource, for: key)
        }
        return resource
    }

    /// Runs generation (drawing a portrait, writing thousands of people) on Dispatch's threads:
    /// the server answers on one event-loop thread, which would otherwise draw every picture in
    /// turn on one core and answer nothing meanwhile.
    private static func offTheLoop(_ work: @escaping @Sendable () -> DemoResource) async -> DemoResource {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }

    private func generate(path: String, query: String?, origin: String) -> DemoResource {
        let components = path.split(separator: "/").map(String.init)
        let parameters = DemoQuery.parameters(query)
        switch components.first {
        case "api":
            // `/api/`, `/api` and versioned `/api/1.4/` all serve people.
            if components.count == 1 || (components.count == 2 && components[1].first?.isNumber == true) {
                return RandomUserEndpoint.resource(parameters: parameters, origin: origin, portraits: portraits, today: today)
            }
            if components[1] == "portraits", let png = Portraits.image(for: Array(components.dropFirst(2)), in: portraits) {
                return DemoResource(status: 200, body: png, contentType: "image/png", cacheControl: DemoCaching.imageCacheControl)
            }
            return .notFound
        case "posts", "users", "comments":
            return PlaceholderEndpoint.resource(components: components, parameters: parameters)
        default:
            return .notFound
        }
    }
}
