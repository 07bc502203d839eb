import Testing
@testable import SiteKit

@Suite("Byte ranges")
struct ByteRangeTests {
    @Test("single ranges resolve against the body's length", arguments: [
        ("bytes=0-1", 11, 0...1), ("bytes=1-", 11, 1...10), ("bytes=-1", 11, 10...10), ("bytes=-50", 11, 0...10),
        ("bytes=5-500", 11, 5...10), ("Bytes = 2 - 3", 11, 2...3), ("bytes=10-10", 11, 10...10),
    ])
    func resolves(header: String, length: Int, expected: ClosedRange<Int>) {
        #expect(ByteRange.resolve(header, length: length) == expected)
    }

    @Test("anything else is left to the origin", arguments: [
        "bytes=11-", "bytes=3-2", "bytes=-0", "bytes=0-1,3-4", "items=0-1", "bytes=a-b", "bytes", "bytes=-", "bytes=+1-2", "",
    ])
    func refuses(header: String) {
        #expect(ByteRange.resolve(header, length: 11) == nil)
    }

    @Test("an empty body has no range")
    func emptyBody() {
        #expect(ByteRange.resolve("bytes=0-", length: 0) == nil)
    }
}
