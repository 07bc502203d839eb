import Foundation
import Testing
@testable import SiteKit

@Suite("Build records: requests as tab-separated lines, read back exactly, damaged ones refused")
struct RecordedRequestsTests {
    private let digest = String(repeating: "ab", count: 32)

    private func stamp(_ freshUntil: Double) -> CacheStamp {
        CacheStamp(file: "a/0f.1e", identity: FileIdentity(inode: 42, size: 6_306, modified: 1_795_486_753_123_456_789,
                                                           changed: 1_795_486_753_987_654_321), freshUntil: freshUntil)
    }

    @Test func requestsRoundTripThroughTheRecord() throws {
        let requests = [
            BuildRecord.Request(url: "http://127.0.0.1:8080/api/?results=5&seed=x", headers: [["Accept", "application/json"]],
                                digest: digest, stamp: stamp(1_795_486_812.270_914_6)),
            BuildRecord.Request(url: "http://127.0.0.1:8080/posts", headers: [], digest: digest, stamp: nil),
            BuildRecord.Request(url: "https://example.com/p.jpg", headers: [["Accept", "image/*;q=0.8"], ["X-Empty", ""]],
                                digest: digest, stamp: stamp(.infinity)),
        ]
        let text = try #require(RecordedRequests.lines(for: requests))
        #expect(text.split(separator: UInt8(ascii: "\n")).count == 3)
        #expect(RecordedRequests.parse(text) == requests)

        let record = BuildRecord(fingerprint: "f", requests: requests, output: OutputManifest(files: 1, digest: "d"),
                                 files: digest + " index.html\n", people: 1, posts: 2, pictures: 3, pages: 4,
                                 sourceDetail: "live", seed: "s")
        let bytes = try #require(record.encoded())
        #expect(BuildRecord.decoded(bytes) == record)
        #expect(BuildRecord.decoded(bytes.dropLast(bytes.count - 40)) == nil, "cut short")
    }

    @Test func fieldsWithTabsOrLineBreaksAreNotRecordable() {
        for value in ["a\tb", "a\nb", "a\rb", "a\u{0}b"] {
            let request = BuildRecord.Request(url: "http://example.com/", headers: [["X-Odd", value]], digest: digest, stamp: nil)
            #expect(RecordedRequests.lines(for: [request]) == nil)
        }
    }

    @Test func damagedLinesAreRefused() {
        let good = "\(digest)\thttp://example.com/\t-\t-\t-\t-\t-\t-\n"
        #expect(RecordedRequests.parse(Array(good.utf8))?.count == 1)
        for damaged in [
            "\(digest)\thttp://example.com/\t-\t-\t-\t-\t-\n",                    // a field short
            "\(digest)\thttp://example.com/\t-\t-\t-\t-\t-\t-\tAccept\n",          // a header without a value
            "abc\thttp://example.com/\t-\t-\t-\t-\t-\t-\n",                        // not a digest
            "\(digest)\thttp://example.com/\ta/b\tx\t1\t2\t3\t4\n",                // inode not a number
        ] {
            #expect(RecordedRequests.parse(Array(damaged.utf8)) == nil, "\(damaged)")
        }
    }
}
