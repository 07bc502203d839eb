import Crypto
import Foundation
import Synchronization

/// Passes fetches on to a client and remembers each one that succeeded with a 200 answer for its
/// own URL, with the SHA-256 of the body: the data half of a `BuildRecord`. Any other outcome
/// (an error, another status, a redirect) makes the build unrecordable.
final class FetchRecorder: HTTPFetching {
    /// Request fields that carry credentials, never written to a build record.
    static let credentials: Set<String> = ["authorization", "cookie", "proxy-authorization"]

    private let client: any HTTPFetching
    private let state = Mutex<(requests: [BuildRecord.Request], recordable: Bool)>(([], true))

    init(_ client: any HTTPFetching) {
        self.client = client
    }

    func fetch(_ request: HTTPRequest, limits: TransferLimits) async throws -> FetchResult {
        try await record(request) { try await client.fetch(request, limits: limits) }
    }

    func fetch(_ request: HTTPRequest, limits: TransferLimits, check: BodyCheck) async throws -> FetchResult {
        try await record(request) { try await client.fetch(request, limits: limits, check: check) }
    }

    private func record(_ request: HTTPRequest, _ fetch: () async throws -> FetchResult) async throws -> FetchResult {
        let result: FetchResult
        do {
            result = try await fetch()
        } catch {
            state.withLock { $0.recordable = false }
            throw error
        }
        guard request.method == "GET", result.response.status == 200, result.response.url == request.url else {
            state.withLock { $0.recordable = false }
            return result
        }
        // Without the URL's user name and password, or credentials sent as fields: the record
        // is read back only to look the answer up in the cache, whose keys never hold them.
        let entry = BuildRecord.Request(url: CacheEntry.keyURL(request.url),
                                        headers: request.headers.fields.filter { !Self.credentials.contains($0.name.lowercased()) }
                                            .map { [$0.name, $0.value] },
                                        digest: Hex.string(SHA256.hash(data: result.response.body)), stamp: result.stamp)
        state.withLock { $0.requests.append(entry) }
        return result
    }

    func stillFresh(_ stamp: CacheStamp) -> Bool {
        client.stillFresh(stamp)
    }

    func discard(_ url: URL) {
        client.discard(url)
    }

    /// The recorded requests in a fixed order, or nil when one of them could not be recorded.
    var requests: [BuildRecord.Request]? {
        state.withLock { $0.recordable ? $0.requests.sorted { ($0.url, $0.digest) < ($1.url, $1.digest) } : nil }
    }
}
