import Foundation
import Testing
import Yams
@testable import SiteKit

@Suite("YAML composer")
struct YAMLComposerTests {
    @Test("the nesting bound is never below the real depth, whatever the syntax",
          arguments: [
              ("a: [[[1]]]", 3, 1),
              ("a:\n  b:\n    c: 1", 2, 3),
              ("- - - - x", 3, 1),
              ("a:\n- [ {b: [1]},\n    [2] ]", 4, 2),
              ("? - x\n: y", 1, 1),
          ])
    func boundCoversTheDepth(yaml: String, belowOrAt limit: Int, line: Int) {
        #expect(YAMLComposer.firstLine(nestingDeeperThan: limit, in: yaml) == line)
        #expect(YAMLComposer.firstLine(nestingDeeperThan: 50, in: yaml) == nil)
    }

    @Test("comments, blank lines and closed brackets do not add to the bound; the first line past it is named")
    func boundNamesTheFirstDeepLine() {
        let yaml = "# [[[[[[\n\ntitle: x\nlist: [1, [2], {a: 3}]\ndeep: [[[[[[1]]]]]]\n"
        #expect(YAMLComposer.firstLine(nestingDeeperThan: 3, in: yaml) == 5)
        #expect(YAMLComposer.firstLine(nestingDeeperThan: 7, in: yaml) == nil)
    }

    @Test("text over 1 MiB is refused unread; a body's error comes back as it was thrown")
    func limitsAndErrors() throws {
        #expect(throws: YAMLComposer.Failure.self) { try YAMLComposer.compose(String(repeating: "a", count: (1 << 20) + 1)) { _ in 0 } }
        struct Refused: Error {}
        do {
            _ = try YAMLComposer.compose("a: 1") { _ -> Int in throw Refused() }
            Issue.record("no error")
        } catch {
            guard case .body(let inner) = error else { Issue.record("\(error)"); return }
            #expect(inner is Refused)
        }
        #expect(try YAMLComposer.compose("a: [1, 2]") { $0?.mapping?["a"]?.sequence?.count } == 2)
        #expect(try YAMLComposer.compose("") { $0 == nil })
    }

    @Test("999 levels of lists, just under the limit, compose and free without overflowing the stack")
    func deepestAllowedNestingComposes() throws {
        let depth = YAMLComposer.maxNesting - 1
        let yaml = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let counted = try YAMLComposer.compose(yaml) { root -> Int in
            var node = root
            var levels = 0
            while let inner = node?.sequence?.first { node = inner; levels += 1 }
            return levels
        }
        #expect(counted == depth)
    }
}
