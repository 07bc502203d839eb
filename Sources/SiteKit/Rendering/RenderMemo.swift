import Crypto
import Foundation
import Synchronization

/// Remembers, from one build to the next, which bytes a template produced for a context, so that
/// a page whose inputs did not change is taken from the output store instead of rendered again.
///
/// Rendering is a pure function of the template set and the page's context. The memo's key is a
/// SHA-256 of both: the template set's fingerprint (every template's name and source, and the
/// identity of the running `site` binary, whose escaping and theme are part of the result) and a
/// canonical, type-tagged encoding of the context (`ContextEncoding`). A context holding a value
/// the encoding does not know is never memoised. The value is the SHA-256 of the page's bytes,
/// which the output store keeps under that name; a reused page is read back from the store and
/// its hash checked, so a missing or altered copy is a miss and the page is rendered as usual.
///
/// The index lives in `<cache>/render-v1/index`, holds the pages of the last successful build,
/// and is replaced atomically; builds sharing a cache may overwrite each other's index, which
/// costs renders, never correctness.
final class RenderMemo: Sendable {
    struct Key: Hashable, Sendable {
        var bytes: (UInt64, UInt64, UInt64, UInt64)

        init<D: ContiguousBytes>(_ digest: D) {
            bytes = digest.withUnsafeBytes { raw in
                (raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                 raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self), raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
            }
        }

        static func == (a: Key, b: Key) -> Bool { a.bytes == b.bytes }
        func hash(into hasher: inout Hasher) {
            hasher.combine(bytes.0)
            hasher.combine(bytes.1)
        }

        func append(to data: inout Data) {
            withUnsafeBytes(of: bytes) { data.append(contentsOf: $0) }
        }
    }

    static let magic = Data("SITERENDER 1\n".utf8)

    private let indexFile: URL
    private let store: OutputStore
    private let fingerprint: Key
    private let previous: [Key: Key]
    private let current = Mutex<[Key: Key]>([:])

    /// Opens the memo in `cacheDirectory` for pages stored by `store`; nil when the running
    /// binary cannot be identified (then every page is rendered). Without `reusing` (`--force`),
    /// every page is rendered, and the memo only records this build's pages for the next.
    init?(cacheDirectory: URL, store: OutputStore, templates: TemplateSet, reusing: Bool = true) {
        guard let binary = Self.binaryIdentity() else { return nil }
        let folder = cacheDirectory.appendingPathComponent("render-v1", isDirectory: true)
        indexFile = folder.appendingPathComponent("index", isDirectory: false)
        self.store = store
        var hasher = SHA256()
        hasher.update(data: Self.magic)
        hasher.update(data: Data(binary.utf8))
        hasher.update(data: templates.fingerprint)
        fingerprint = Key(hasher.finalize())
        guard (try? PlainFile.makeFolders(folder.path)) != nil else { return nil }
        CacheFiles.removeOrphans(in: folder, olderThan: HTTPCache.temporaryFileLifetime)
        CacheFiles.removeLegacyTemporaryFolder(in: folder, olderThan: HTTPCache.temporaryFileLifetime)
        previous = reusing ? Self.load(indexFile, fingerprint: fingerprint) : [:]
    }

    /// The key of `template` rendered with `context`, or nil when the context cannot be encoded.
    func key(template: String, context: [String: Any]) -> Key? {
        var encoding = ContextEncoding()
        encoding.string(template)
        guard encoding.value(context) else { return nil }
        var hasher = SHA256()
        fingerprint.withBytes { hasher.update(bufferPointer: $0) }
        encoding.bytes.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return Key(hasher.finalize())
    }

    /// The page an earlier build rendered for `key`, and its SHA-256, when the store still holds
    /// it intact.
    func reuse(_ key: Key) -> (Data, SHA256Digest)? {
        guard let content = previous[key], let (data, digest) = store.contents(named: content.hex) else { return nil }
        current.withLock { $0[key] = content }
        return (data, digest)
    }

    /// Notes that `key` rendered to `bytes` (which the build then puts in the store), and
    /// returns their SHA-256 for the store to name them by.
    func remember(_ key: Key, bytes: Data) -> SHA256Digest {
        let digest = SHA256.hash(data: bytes)
        current.withLock { $0[key] = Key(digest) }
        return digest
    }

    /// Writes the index of this build's pages, unless it is the one already on disk.
    func save() {
        let entries = current.withLock { $0 }
        guard entries != previous else { return }
        var data = Self.magic
        fingerprint.append(to: &data)
        for (key, content) in entries {
            key.append(to: &data)
            content.append(to: &data)
        }
        _ = try? CacheFiles.writeAtomically(data, to: indexFile.path)
    }

    private static func load(_ file: URL, fingerprint: Key) -> [Key: Key] {
        guard let data = try? Data(contentsOf: file), data.starts(with: magic) else { return [:] }
        let body = data.dropFirst(magic.count)
        guard body.count >= 32, (body.count - 32) % 64 == 0, Key(Data(body.prefix(32))) == fingerprint else { return [:] }
        var table: [Key: Key] = [:]
        table.reserveCapacity((body.count - 32) / 64)
        var offset = body.startIndex + 32
        while offset < body.endIndex {
            table[Key(Data(body[offset..<offset + 32]))] = Key(Data(body[offset + 32..<offset + 64]))
            offset += 64
        }
        return table
    }

    /// The running executable's path, size and modification time: a rebuilt `site` (a new theme,
    /// a change in escaping) never reuses pages of another build of itself.
    ///
    /// It asks the kernel (`/proc/self/exe`, which also names a binary replaced since it started)
    /// rather than `Bundle.main`, which lists the executable's folder twice on first use: 10 ms
    /// or more when the binary sits in a busy folder such as `/tmp`.
    static func binaryIdentity() -> String? {
        var info = stat()
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
           stat("/proc/self/exe", &info) == 0 {
            return identity(path, info)
        }
        guard let path = Bundle.main.executablePath, stat(path, &info) == 0 else { return nil }
        return identity(path, info)
    }

    private static func identity(_ path: String, _ info: stat) -> String {
        "\(path)\n\(info.st_size)\n\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}

extension RenderMemo.Key {
    var hex: String { withBytes { Hex.string($0) } }

    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUnsafeBytes(of: bytes, body)
    }
}

/// A canonical byte encoding of a template context: every value tagged with its type and every
/// length written out, dictionary keys sorted, so equal contexts (and only those) encode alike.
struct ContextEncoding {
    private(set) var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(4096)
    }

    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "s"))
        length(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends `value`; false for a type the encoding does not know. Every type encodes as the
    /// casts of `castValue` would.
    mutating func value(_ value: Any) -> Bool {
        switch ContextValue(value) {
        case .text(let text): string(text)
        case .map(let map): return self.map(map)
        case .maps(let maps): return list(maps) { $0.map($1) }
        case .list(let list): return self.list(list) { $0.value($1) }
        case .texts(let texts): return list(texts) { $0.string($1); return true }
        case .flag(let flag): bool(flag)
        case .number(let number): int(number)
        case .other(let value): return castValue(value)
        }
        return true
    }

    /// Any other value, by casting: optionals holding one of these types, other arrays.
    private mutating func castValue(_ value: Any) -> Bool {
        switch value {
        case let text as String: string(text)
        case let flag as Bool: bool(flag)
        case let number as Int: int(number)
        case let number as Double:
            bytes.append(UInt8(ascii: "d"))
            length(Int(bitPattern: UInt(number.bitPattern)))
        case let map as [String: Any]: return self.map(map)
        case let list as [Any]: return self.list(list) { $0.value($1) }
        default: return false
        }
        return true
    }

    private mutating func bool(_ flag: Bool) {
        bytes.append(flag ? UInt8(ascii: "T") : UInt8(ascii: "F"))
    }

    private mutating func int(_ number: Int) {
        bytes.append(UInt8(ascii: "i"))
        length(number)
    }

    /// Keys in sorted order, each followed by its value.
    private mutating func map(_ map: [String: Any]) -> Bool {
        bytes.append(UInt8(ascii: "m"))
        length(map.count)
        // The keys sorted alone, each value looked up again: sorting the pairs moved and
        // retained every value for each swap, which showed in build profiles.
        for key in map.keys.sorted() {
            string(key)
            guard self.value(map[key]!) else { return false }
        }
        return true
    }

    private mutating func list<Items: Collection>(_ items: Items, _ element: (inout ContextEncoding, Items.Element) -> Bool) -> Bool {
        bytes.append(UInt8(ascii: "a"))
        length(items.count)
        for item in items {
            guard element(&self, item) else { return false }
        }
        return true
    }

    private mutating func length(_ number: Int) {
        withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
