import Foundation
import Testing

/// Edits the file at `path` in place (its last byte flipped), then puts its access and
/// modification times back, as `touch -r` would: only its status-change time shows the edit.
func editInPlaceKeepingTimes(_ path: String) throws {
    var before = stat()
    #expect(stat(path, &before) == 0)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    bytes[bytes.index(before: bytes.endIndex)] ^= 1
    try bytes.write(to: URL(fileURLWithPath: path))
    var times = [before.st_atim, before.st_mtim]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    var after = stat()
    #expect(stat(path, &after) == 0)
    #expect(after.st_ino == before.st_ino && after.st_size == before.st_size)
    #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
}
