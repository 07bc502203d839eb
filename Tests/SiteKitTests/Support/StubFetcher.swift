import Foundation
@testable import SiteKit

/// An `HTTPFetching` that answers from a table instead of the network, for tests of what sits
/// on top of the HTTP layer (decoding, error messages). Tests of the layer itself use loopback.
struct StubFetcher: HTTPFetching {
    var answer: @Sendable (HTTPRequest) throws -> HTTPResponse

    func fetch(_ request: HTTPRequest, limits: TransferLimits) async throws -> FetchResult {
        FetchResult(response: try answer(request), outcome: .miss, age: nil, attempts: 1)
    }

    /// Answers every request with `status` and `body`.
    static func always(_ status: Int, _ body: Data) -> StubFetcher {
        StubFetcher { HTTPResponse(url: $0.url, status: status, body: body) }
    }
}
