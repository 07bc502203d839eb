import Foundation

/// Checks the relative paths a build writes, so that no data can steer a write outside the output folder.
public enum OutputPath {
    /// The path's components, or an error for anything absolute, empty, `.`/`..` or with odd characters.
    public static func components(of relativePath: String) throws -> [String] {
        try check(relativePath)
        return relativePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    /// Throws for anything but a plain relative path: components that are not empty, `.` or `..`,
    /// hold no backslash or NUL, and are at most 255 bytes long.
    public static func check(_ relativePath: String) throws {
        guard isPlain(relativePath) else {
            throw OutputError(path: relativePath, action: "write", underlying: nil,
                              message: "refusing to write \"\(relativePath)\": the path is not a plain relative path inside the output folder")
        }
    }

    /// One pass over the bytes, for the thousands of paths a build writes.
    static func isPlain(_ relativePath: String) -> Bool {
        var length = 0
        var onlyDots = true
        func componentIsPlain() -> Bool { length > 0 && !(onlyDots && length <= 2) }
        for byte in relativePath.utf8 {
            switch byte {
            case UInt8(ascii: "/"):
                guard componentIsPlain() else { return false }
                length = 0
                onlyDots = true
            case UInt8(ascii: "\\"), 0:
                return false
            default:
                length += 1
                guard length <= 255 else { return false }
                if byte != UInt8(ascii: ".") { onlyDots = false }
            }
        }
        return componentIsPlain()
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
            let reason = underlying.map(FileProblem.describe) ?? "unknown error"
            if reason.contains("no space left") || reason == "the disk is full" {
                // The same error says a file system has no inode left to give, space or not.
                let full = Self.hasNoFreeInodes(near: path)
                    ? "the file system has no room for more files (no free inodes), whatever space it has left" : reason
                // The cache grows with every new seed and is never trimmed by a build: name it.
                detail = "could not \(action) \(path): \(full). Free some \(full == reason ? "space" : "files"): the cache folder can go "
                    + "(it grows with every seed, and the next build fills it again), and the published site stays as it is"
            } else if reason == "a file of that name is in the way" {
                detail = "could not \(action) \(path): \(reason). Move that file away, or choose another output folder"
            } else {
                detail = "could not \(action) \(path): \(reason). Check that the folder exists, is writable and the disk is not full"
            }
        }
    }

    /// Whether the file system holding `path` (or its nearest existing folder) has no inode left.
    static func hasNoFreeInodes(near path: String) -> Bool {
        var folder = path
        var info = statvfs()
        while !folder.isEmpty {
            if statvfs(folder, &info) == 0 { return info.f_files > 0 && info.f_favail == 0 }
            folder = (folder as NSString).deletingLastPathComponent
            if folder == "/" { break }
        }
        return false
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
