import Foundation
import Testing

@testable import SiteKit

/// Hostile input must end in a result or an `ImageError`: no crash, no endless loop.
struct ImageInspectorRobustnessTests {
    @Test(arguments: GoodImage.all)
    func everyPrefixOfAValidImageIsTruncatedOrComplete(_ image: GoodImage) throws {
        let data = try Fixture.data(image.path)
        let expected = ImageInfo(format: image.format, width: image.width, height: image.height)
        for length in 0...data.count {
            do {
                let info = try ImageInspector.inspect(data.prefix(length))
                #expect(info == expected, "prefix of \(length) bytes")
            } catch {
                #expect([.empty, .truncated].contains(error.kind), "prefix of \(length) bytes: \(error)")
            }
        }
    }

    @Test(arguments: GoodImage.all)
    func randomlyDamagedHeadersNeverCrash(_ image: GoodImage) throws {
        let original = try Fixture.data(image.path)
        var random = SplitMix64(seed: UInt64(original.count))
        for _ in 0..<500 {
            var damaged = original
            for _ in 0..<Int(random.next() % 4 + 1) {
                // Damage the first 64 bytes, where the headers are.
                let index = Int(random.next() % UInt64(min(64, damaged.count)))
                damaged[index] = UInt8(truncatingIfNeeded: random.next())
            }
            let cut = Int(random.next() % UInt64(damaged.count + 1))
            let result = Result { () throws(ImageError) in try ImageInspector.inspect(damaged.prefix(cut)) }
            if case .success(let info) = result {
                #expect(info.width > 0 && info.height > 0 && info.width * info.height <= ImageLimits().maxPixels)
            }
        }
    }

    @Test func longRunOfFillBytesEndsAsTruncated() {
        let data = Data([0xFF, 0xD8]) + Data(repeating: 0xFF, count: 1 << 20)
        #expect(throws: ImageError.truncated(.jpeg)) { try ImageInspector.inspect(data) }
    }
}

/// A small deterministic generator, so a failure reproduces.
private struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
