import Foundation

/// Checks the relative paths a build writes, so that no data can steer a write outside the output folder.
public enum OutputPath {
    /// The path's components, or an error for anything absolute, empty, `.`/`..` or with odd characters.
    public static func components(of relativePath: String) throws -> [String] {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !relativePath.hasPrefix("/"), !parts.isEmpty,
              parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\\") && !$0.contains("\0") && $0.utf8.count <= 255 }) else {
            throw OutputError(path: relativePath, action: "write", underlying: nil,
                              message: "refusing to write \"\(relativePath)\": the path is not a plain relative path inside the output folder")
        }
        return parts
    }
}

/// A file-system failure while writing the site, naming the path.
public struct OutputError: Error, LocalizedError, CustomStringConvertible, Sendable {
    public var path: String
    public var action: String
    public var detail: String

    public init(path: String, action: String, underlying: (any Error)?, message: String? = nil) {
        self.path = path
        self.action = action
        if let message {
            detail = message
        } else {
            let reason = underlying.map { ($0 as NSError).localizedDescription } ?? "unknown error"
            detail = "could not \(action) \(path): \(reason). Check that the folder exists, is writable and the disk is not full; the previous output was left as it was"
        }
    }

    public var description: String { detail + "." }
    public var errorDescription: String? { description }

    static func wrap(path: String, action: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as OutputError {
            throw error
        } catch {
            throw OutputError(path: path, action: action, underlying: error)
        }
    }
}
