import Foundation

/// Direct file-system calls for the thousands of small files a build writes. Foundation's
/// `Data.write(to:)` syncs every file to disk and `FileManager` builds attribute dictionaries;
/// here a file costs one open, one write and one close. Durability across a power cut comes from
/// nowhere else either: the output is swapped in by rename, and a lost staging folder is rebuilt.
enum PlainFile {
    /// The mode a new file is created with, less the umask (see `FileCreationMode`).
    static let defaultMode: mode_t = 0o644

    /// Creates or truncates `path` and writes `data` to it; a new file gets `mode` (less the
    /// umask). Returns the file's identity as written (a rename keeps it).
    @discardableResult
    static func write(_ data: Data, to path: String, mode: mode_t = defaultMode) throws -> FileIdentity {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw currentError() }
        defer { close(descriptor) }
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw currentError()
                }
                offset += written
            }
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw currentError() }
        return FileIdentity(info)
    }

    /// The bytes of the regular file at `path` and the identity of the file they were read from;
    /// nil when it is missing, not a regular file, or changed size while being read.
    static func read(_ path: String) -> (Data, FileIdentity)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        var data = Data(count: size)
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            var offset = 0
            while offset < size {
                let count = Foundation.read(descriptor, buffer.baseAddress! + offset, size - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        return complete ? (data, FileIdentity(info)) : nil
    }

    /// Whether `path` is a regular file holding exactly `data`.
    /// - Parameter mode: the permissions the file must have as well, when given.
    static func holds(_ data: Data, at path: String, mode: mode_t? = nil) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == data.count,
              mode.map({ info.st_mode & 0o777 == $0 }) ?? true else { return false }
        if data.isEmpty { return true }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var existing = [UInt8](repeating: 0, count: data.count)
        var offset = 0
        while offset < existing.count {
            let count = existing.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        // memcmp, not `elementsEqual`: Data's byte-by-byte iterator cost more than the read.
        return data.withUnsafeBytes { new in
            existing.withUnsafeBytes { old in memcmp(new.baseAddress!, old.baseAddress!, old.count) == 0 }
        }
    }

    /// Creates the folder `path` if it is not there yet; its parent must exist.
    static func makeFolder(_ path: String) throws {
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw currentError() }
    }

    /// Creates the folder `path` and any parents missing, each with `mode` less the umask, as
    /// every folder a build makes: Foundation's `createDirectory` gives 0777 less the umask,
    /// world-writable under umask 000, and a folder of the cache or the output's parents open
    /// to every user lets any of them swap what a build publishes.
    /// `mode` is the last folder's; parents get 0755 less the umask.
    static func makeFolders(_ path: String, mode: mode_t = 0o755) throws {
        var info = stat()
        if stat(path, &info) == 0 {
            // As Foundation's createDirectory says it, which messages turn into "a file of that name is in the way".
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: path]) }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeFolders(parent) }
        if mkdir(path, mode) != 0 && errno != EEXIST { throw currentError() }
    }

    private static func currentError() -> any Error {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
