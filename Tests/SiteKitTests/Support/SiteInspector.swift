import Foundation
@testable import SiteKit

/// Reads a built site back from disk, the way a browser and a link checker would.
struct SiteInspector {
    let root: URL

    /// Every file, as relative path → bytes; the output's mark (`.site-output`, the same in every
    /// build, see `OutputOwnership`) aside, which `markIsInPlace` checks.
    func files() throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = root.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [:] }
        while let relative = walker.nextObject() as? String {
            if relative == OutputOwnership.markName { continue }
            var isDirectory: ObjCBool = false
            let full = base + "/" + relative
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = try Data(contentsOf: URL(fileURLWithPath: full))
            }
        }
        return result
    }

    /// Whether the output's mark is there, with its bytes.
    var markIsInPlace: Bool {
        (try? Data(contentsOf: root.appendingPathComponent(OutputOwnership.markName)))?.starts(with: OutputOwnership.markBytes) == true
    }

    /// Modification dates of every file.
    func modificationDates() throws -> [String: Date] {
        try files().keys.reduce(into: [:]) { dates, path in
            dates[path] = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(path).path)[.modificationDate] as? Date
        }
    }

    func html(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Internal links (`href`, `src`, `srcset`) that do not resolve to a file, as "page → target".
    /// A link to a folder resolves to its `index.html`, as on a web server; `openedFromDisk`, it is
    /// broken, as in a browser showing `file://` pages (where it gets a folder listing).
    func brokenLinks(openedFromDisk: Bool = false) throws -> [String] {
        var broken: [String] = []
        for (path, data) in try files() where path.hasSuffix(".html") {
            let text = String(decoding: data, as: UTF8.self)
            for target in Self.references(in: text) {
                if target.hasPrefix("http:") || target.hasPrefix("https:") || target.hasPrefix("mailto:") || target.hasPrefix("#") { continue }
                let directory = (path as NSString).deletingLastPathComponent
                var resolved = ((directory.isEmpty ? "" : directory + "/") + target).components(separatedBy: "#")[0]
                if !openedFromDisk, resolved.hasSuffix("/") || resolved.isEmpty { resolved += "index.html" }
                let normalized = URL(fileURLWithPath: root.path + "/" + resolved).standardizedFileURL
                var isFolder: ObjCBool = false
                if !normalized.path.hasPrefix(root.standardizedFileURL.path)
                    || !FileManager.default.fileExists(atPath: normalized.path, isDirectory: &isFolder) || isFolder.boolValue {
                    broken.append("\(path) → \(target)")
                }
            }
        }
        return broken.sorted()
    }

    /// The `<img …>` tags of a page.
    static func imageTags(in html: String) -> [String] {
        matches(of: "<img [^>]*>", in: html)
    }

    static func references(in html: String) -> [String] {
        var result: [String] = []
        for attribute in matches(of: "(href|src)=\"[^\"]*\"", in: html) {
            let value = attribute.split(separator: "\"", omittingEmptySubsequences: false)[1]
            result.append(String(value).replacingOccurrences(of: "&amp;", with: "&"))
        }
        for attribute in matches(of: "srcset=\"[^\"]*\"", in: html) {
            let value = attribute.split(separator: "\"", omittingEmptySubsequences: false)[1]
            for candidate in value.split(separator: ",") {
                if let url = candidate.split(separator: " ").first { result.append(String(url)) }
            }
        }
        return result
    }

    static func matches(of pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }
}

/// A loopback port with nothing listening on it: connecting is refused at once.
///
/// The socket stays bound, without listening, until this is released, so no server that the
/// tests running beside this one start can be given the port meanwhile (one once answered a
/// request that was meant to be refused, and the build failed on its reply).
final class ClosedPort {
    let port: Int
    private let descriptor: Int32

    init() {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}
