import Foundation

/// How many of a build's pictures may fail before the build fails instead of publishing pages
/// with placeholders (`images.max_failures`, `--max-image-failures`): a number (`5`) or a share
/// of the build's pictures (`10%`).
///
/// One broken picture should not stop a site; an API that went away halfway should not publish
/// one of placeholders either. Between `--strict` (no failure at all) and no limit (the default),
/// this is the line a deploy draws.
public enum ImageFailureLimit: Sendable, Equatable, CustomStringConvertible {
    /// At most this many pictures may fail.
    case count(Int)
    /// At most this share of the build's pictures, in percent (0 to 100), may fail.
    case percent(Double)

    /// Reads `5` or `10%` (spaces allowed before the sign); nil for anything else, a negative
    /// number or a share above 100 %.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("%") {
            let number = trimmed.dropLast().trimmingCharacters(in: .whitespaces)
            guard number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(number),
                  value.isFinite, (0...100).contains(value) else { return nil }
            self = .percent(value)
        } else {
            guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(trimmed) else { return nil }
            self = .count(value)
        }
    }

    /// Whether `failures` failed pictures out of `total` stay within the limit.
    public func allows(failures: Int, of total: Int) -> Bool {
        switch self {
        case .count(let most): return failures <= most
        // Compared as failures × 100 ≤ share × total, so that 1 of 3 is within 33.4 % but not 33 %.
        case .percent(let share): return Double(failures) * 100 <= share * Double(total)
        }
    }

    /// As written in `site.yml`: `5` or `10%`.
    public var description: String {
        switch self {
        case .count(let most): return String(most)
        case .percent(let share): return share.rounded() == share ? "\(Int(share))%" : "\(share.formatted(.number.grouping(.never)))%"
        }
    }

    /// What to write instead of a value that is not a limit.
    public static let expected = "a number of pictures such as 5, or a share of them such as 10%"

    /// What a setting that is no limit (`init` gave nil) must be, for its error: a share past
    /// 100 %, a number, is said to be out of range rather than not a share.
    public static func expectation(for text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("%"), let value = Double(trimmed.dropLast().trimmingCharacters(in: .whitespaces)), value.isFinite, value > 100 {
            return "a share of at most 100% (or a number of pictures, such as 5), not \(trimmed)"
        }
        return "\(expected), not \(trimmed)"
    }
}

extension ThumbnailPipeline.Outcome {
    /// The error that stops a build whose pictures failed beyond `limit`, naming the first
    /// failure; nil within it.
    func exceeding(_ limit: ImageFailureLimit) -> BuildError? {
        let total = images.count + failures.count
        guard let first = failures.first, !limit.allows(failures: failures.count, of: total) else { return nil }
        // A 4xx is the address's answer, which a later build gets again; the rest may pass.
        let missing = first.reason.contains("answered HTTP 4")
        let advice = missing
            ? "Those addresses answer that there is no such picture, and will again: check where the API's data points them"
            : "When the API is having trouble, build again later"
        return BuildError(step: "Getting the pictures", message: "\(failures.count) of \(total) pictures failed, more than the limit of \(limit) "
            + "(images.max_failures or --max-image-failures) allows; the first, \(first.url.shown), \(first.reason). "
            + "\(advice); to publish these pages with placeholders, raise the limit.")
    }
}
