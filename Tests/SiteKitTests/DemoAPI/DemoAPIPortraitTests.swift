import CompressNIO
import Foundation
import NIOCore
import Testing
@testable import SiteKit

@Suite("Demo API: portraits")
struct DemoAPIPortraitTests {
    /// Width and height from a PNG's IHDR, or nil when the signature is wrong.
    private func pngSize(_ data: Data) -> (Int, Int)? {
        let bytes = [UInt8](data)
        guard bytes.count > 24, bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
              String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR" else { return nil }
        let value = { (offset: Int) in bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (value(16), value(20))
    }

    @Test func portraitsAreSquarePNGsOfTheRandomUserSizes() async throws {
        try await DemoAPIServer.with { server in
            for (path, size) in [("/api/portraits/men/12.jpg", 128), ("/api/portraits/med/women/7.jpg", 72),
                                 ("/api/portraits/thumb/men/99.jpg", 48)] {
                let result = try await server.get(path)
                #expect(result.status == 200)
                #expect(result.header("Content-Type") == "image/png")
                #expect(result.header("Cache-Control") == "public, max-age=86400")
                let dimensions = try #require(pngSize(result.body), "\(path)")
                #expect(dimensions.0 == size && dimensions.1 == size)
            }
        }
    }

    @Test func eachGenderAndNumberHasItsOwnPicture() async throws {
        try await DemoAPIServer.with { server in
            let men1 = try await server.get("/api/portraits/men/1.jpg").body
            let men2 = try await server.get("/api/portraits/men/2.jpg").body
            let women1 = try await server.get("/api/portraits/women/1.jpg").body
            #expect(Set([men1, men2, women1]).count == 3)
            #expect(try await server.get("/api/portraits/men/1.jpg").body == men1)
        }
    }

    @Test func numbersOutsideTheRangeAndOtherPathsAre404() async throws {
        try await DemoAPIServer.with { server async throws in
            for path in ["/api/portraits/men/100.jpg", "/api/portraits/men/-1.jpg", "/api/portraits/cats/1.jpg",
                         "/api/portraits/men/01.jpg", "/api/portraits/huge/men/1.jpg", "/api/portraits/men/1.png"] {
                #expect(try await server.get(path).status == 404, "\(path)")
            }
        }
    }

    @Test func encoderWritesValidChunksAndAZlibStreamOfTheUnfilteredRows() throws {
        let width = 300, height = 300
        let pixels = (0..<width * height * 3).map { UInt8($0 % 251) }
        let png = PNGEncoder.encode(width: width, height: height, rgb: pixels)
        var offset = 8
        var idat: [UInt8] = []
        var types: [String] = []
        while offset < png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let typeAndData = Array(png[offset + 4..<offset + 8 + length])
            let crc = png[offset + 8 + length..<offset + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            #expect(PNGEncoder.crc32(typeAndData) == crc)
            let type = String(decoding: typeAndData.prefix(4), as: UTF8.self)
            types.append(type)
            if type == "IDAT" { idat += typeAndData.dropFirst(4) }
            offset += 12 + length
        }
        #expect(types == ["IHDR", "IDAT", "IEND"])
        #expect(idat.first == 0x78, "a zlib header with a 32 KB window")
        var compressed = ByteBuffer(bytes: idat)
        let inflated = try compressed.decompress(with: .zlib)
        let raw = Array(inflated.readableBytesView)
        let rowBytes = width * 3 + 1
        #expect(raw.count == rowBytes * height)
        for row in [0, 1, height - 1] {
            #expect(raw[row * rowBytes] == 0, "filter type None")
            #expect(Array(raw[(row * rowBytes + 1)..<((row + 1) * rowBytes)]) == Array(pixels[(row * width * 3)..<((row + 1) * width * 3)]))
        }
        #expect(PNGEncoder.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test func portraitsWeighAboutWhatRandomUsersJPEGsDo() async throws {
        // Benchmarks move these bytes: randomuser's pictures are about 6, 2 and 1 KB. Stored
        // deflate blocks once made them 48, 15 and 7 KB; flat colours alone compress to 0.2-0.6 KB.
        try await DemoAPIServer.with { server in
            for (path, range) in [("/api/portraits/men/12.jpg", 4_000...9_000), ("/api/portraits/med/women/7.jpg", 1_500...3_500),
                                  ("/api/portraits/thumb/men/99.jpg", 700...1_800)] {
                let size = try await server.get(path).body.count
                #expect(range.contains(size), "\(path): \(size) bytes")
            }
        }
    }

    @Test func perPersonPortraitsGiveEveryPersonPicturesOfTheirOwn() async throws {
        let query = "/api/?results=60&seed=own&page=2"
        let sharedBody = try await DemoAPIServer.with { try await $0.get(query).body }
        let shared = try #require(try JSONSerialization.jsonObject(with: sharedBody) as? [String: Any])["results"] as? [[String: Any]] ?? []
        try await DemoAPIServer.with(portraits: .perPerson) { server async throws in
            let people = try #require(try await server.get(query).object()["results"] as? [[String: Any]])
            #expect(people.count == 60)
            var bodies = Set<Data>()
            for (index, person) in people.enumerated() {
                let picture = try #require(person["picture"] as? [String: String])
                let large = try #require(picture["large"])
                // Person number 60 + index of the seed (page 2 of 60), in their gender's folder.
                #expect(large.hasSuffix("/\(60 + index).jpg"), "\(large)")
                let path = String(large.dropFirst(server.baseURL.absoluteString.count))
                let result = try await server.get(path)
                #expect(result.status == 200)
                bodies.insert(result.body)
                // Everything but the picture is the same person as with randomuser's portraits.
                var mine = person, theirs = shared[index]
                mine["picture"] = nil
                theirs["picture"] = nil
                #expect(NSDictionary(dictionary: mine).isEqual(to: theirs))
            }
            #expect(bodies.count == 60, "every picture's bytes differ")
            #expect(try await server.get("/api/portraits/thumb/men/123456.jpg").status == 200)
        }
        try await DemoAPIServer.with { server async throws in
            #expect(try await server.get("/api/portraits/thumb/men/123456.jpg").status == 404, "randomuser's stop at 99")
        }
    }
}
