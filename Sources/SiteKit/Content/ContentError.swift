import Foundation

/// A problem with a content file, told in terms of the file and line a person can open.
public struct ContentError: Error, LocalizedError, CustomStringConvertible, Sendable, Equatable {
    /// The file as shown to people, e.g. `content/users.md`.
    public let file: String
    /// The 1-based line in the file, when the problem has a place.
    public let line: Int?
    /// What went wrong and what to do about it.
    public let message: String

    /// Creates an error for `file`, optionally pointing at `line`.
    public init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message`, the form editors and terminals turn into a link.
    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }

    /// Same as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
