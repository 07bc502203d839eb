import Foundation

/// What a caller can use as a body, checked before a response from the origin is stored: a
/// body the caller would reject (an HTML maintenance page where JSON was expected) must not
/// replace a good stored copy, nor be served from the cache until it goes stale.
///
/// `problem` returns why a 2xx response is unusable, as a `FetchError.Kind`, or nil when it is fine.
public struct BodyCheck: Sendable {
    /// Names the check in the key that lets identical requests in flight share one answer.
    public var name: String
    public var problem: @Sendable (HTTPResponse) -> FetchError.Kind?

    public init(name: String, problem: @escaping @Sendable (HTTPResponse) -> FetchError.Kind?) {
        self.name = name
        self.problem = problem
    }
}
