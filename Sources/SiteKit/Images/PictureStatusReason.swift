import Foundation

/// Why a picture whose server answered with an error status is not shown, in the words of its
/// warning: the status, and what a person needs to act on it. A copy of the error the cache
/// keeps as fresh is said to be one (`--refresh` asks again), as a build says of its data; a
/// `Retry-After` time and a rate limit are said as well, where "answered HTTP 429" alone left
/// no way forward.
enum PictureStatusReason {
    static func of(_ result: FetchResult) -> String {
        let status = result.response.status
        var reason = "answered HTTP \(status)"
        if result.attempts > 1 { reason += ", tried \(result.attempts) times" }
        if let retryAt = result.retryAt {
            reason += ", and asked to be retried at \(FetchError.clockTime(retryAt)) (Retry-After), later than this tool waits"
        } else if status == 429 {
            reason += " (too many requests: build again later, or with fewer --jobs)"
        }
        let age = FetchError.age(result.age ?? 0)
        switch result.outcome {
        case .hit:
            reason += ", a copy the cache stored \(age) ago and keeps as fresh, as the server's headers allow (--refresh asks the server again)"
        case .stale:
            reason += ", a copy the cache stored \(age) ago, stale now and used as it is"
        case .miss, .revalidated, .bypass:
            break
        }
        return reason
    }
}
