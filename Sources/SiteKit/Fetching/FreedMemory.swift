import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Hands memory that transfers freed back to the system.
///
/// A response refused for its size is not cut off at once on Linux: URLSession (libcurl under
/// it) goes on reading its body, in chunks of a few KB that the delegate drops, often to the end
/// (50 MB for a 50 MB picture). glibc keeps the freed chunks in the allocator's per-thread arenas,
/// so the process grew by about the size of every such body: 40 refused 50 MB bodies, 4 at a
/// time, left 470-740 MB resident. Trimming after each refusal keeps it near 110 MB.
enum FreedMemory {
    /// glibc's `malloc_trim(0)`, looked up by name (Foundation does not export it); nothing where
    /// there is no such function.
    static func release() {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        _ = trim(0)
        #endif
    }
}
