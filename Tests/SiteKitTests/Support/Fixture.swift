import Foundation

/// Loads test fixtures shipped under `Fixtures/`.
enum Fixture {
    static func url(_ path: String) -> URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(path)
    }

    static func data(_ path: String) throws -> Data {
        try Data(contentsOf: url(path))
    }
}

/// A fresh temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("site-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Paths (relative to the folder) of the cache's temporary files (`.tmp-…`) anywhere inside it.
    func temporaryFiles() -> [String] {
        let walker = FileManager.default.enumerator(atPath: url.path)
        var found: [String] = []
        while let relative = walker?.nextObject() as? String {
            if (relative as NSString).lastPathComponent.hasPrefix(".tmp-") { found.append(relative) }
        }
        return found
    }
}
