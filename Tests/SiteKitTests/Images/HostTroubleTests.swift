import Foundation
import Testing
@testable import SiteKit

@Suite("Giving up on a picture host that keeps failing")
struct HostTroubleTests {
    private let a = URL(string: "http://pictures.test/a.jpg")!
    private let b = URL(string: "http://pictures.test/b.jpg")!

    @Test("below the threshold an answer clears the failures; at it the host is given up on for the build, whatever its pictures under way do next")
    func givenUpStaysGivenUp() {
        let trouble = HostTrouble(threshold: 3)
        trouble.record(a, networkFailure: "timed out after 2 s")
        trouble.record(a, networkFailure: "timed out after 2 s")
        trouble.record(b, networkFailure: nil)
        #expect(trouble.why(a) == nil, "an answer between failures: not three in a row")
        for _ in 0..<3 { trouble.record(a, networkFailure: "timed out after 2 s") }
        #expect(trouble.why(b) == "pictures.test failed 3 pictures in a row (the last timed out after 2 s)")
        // A picture that was under way ends with an answer, or stopped by the give-up itself:
        // the host stays given up, and its reason stays for the warning.
        trouble.record(b, networkFailure: nil)
        #expect(trouble.givenUp(on: b) == "was not tried: pictures.test failed 3 pictures in a row (the last timed out after 2 s), so this build gave up on its other pictures")
    }

    @Test("messages name a host with its port when the URL gives one: two servers of one address are two hosts")
    func hostsAreShownWithTheirPort() {
        #expect(URL(string: "http://127.0.0.1:8081/a.jpg")!.shownHost == "127.0.0.1:8081")
        #expect(URL(string: "https://pictures.test/a.jpg")!.shownHost == "pictures.test")
        #expect(URL(string: "http://[::1]:8080/a.jpg")!.shownHost == "[::1]:8080")
    }

    @Test("the last failure's reason reads as a clause: a transport failure's cause alone, its tries kept, where the warning said \"(the last failed (the connection was refused))\"")
    func theLastReasonReadsAsAClause() {
        #expect(HostTrouble.clause("failed (the connection was refused), tried 4 times") == ": the connection was refused, tried 4 times")
        #expect(HostTrouble.clause("failed (could not resolve (no such name))") == ": could not resolve (no such name)")
        #expect(HostTrouble.clause("timed out after 2 s, tried 2 times") == " timed out after 2 s, tried 2 times")
        #expect(HostTrouble.clause("failed (unbalanced") == " failed (unbalanced")
    }
}
