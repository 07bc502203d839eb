import Foundation
import Synchronization
import Yams

/// Composes YAML text with Yams where no nesting, however deep, can crash or stall the process.
///
/// Yams composes a node tree recursively, a few stack frames per level of nesting, and Swift
/// frees it the same way: `a: [[[[…]]]]` 5,000 levels deep, 10 KB of text, overflowed the stack
/// of the threads builds run on, and the process died of a segmentation fault without a word.
/// libyaml's scanner also takes time that grows with the square of the depth of `[`/`{` nesting
/// (it rechecks every open level at every token): half a million levels ran for minutes.
///
/// So text longer than `maxBytes`, or whose nesting may be deeper than `maxNesting` (an upper
/// bound read from the text before parsing, see `firstLine(nestingDeeperThan:in:)`), is refused unparsed, and the
/// rest is composed, handed to `body` and freed on a thread of its own with a stack of
/// `stackBytes`. `body` is where callers turn nodes into their own values.
enum YAMLComposer {
    /// The longest YAML text composed (a settings file, or one page's front matter): 1 MiB.
    static let maxBytes = 1 << 20
    /// The deepest nesting composed: far more than settings or front matter ever need.
    static let maxNesting = 1_000 // as the errors about it say
    /// The composing thread's stack: `maxNesting` levels take about 2 MB in a release build,
    /// more in a debug one. Only the pages a thread touches are memory; the rest is address space.
    static let stackBytes = 64 << 20

    enum Failure: Error {
        /// The text is longer than `maxBytes`.
        case tooLong(bytes: Int)
        /// The text may nest deeper than `maxNesting`, first on `line` (from 1).
        case tooDeep(line: Int)
        /// Yams could not parse or compose it.
        case yaml(any Error)
        /// `body` threw.
        case body(any Error)
    }

    /// The value `body` makes of the root of `yaml` (nil for an empty document).
    static func compose<Value: Sendable>(_ yaml: String,
                                         _ body: @escaping @Sendable (Node?) throws -> Value) throws(Failure) -> Value {
        let bytes = yaml.utf8.count
        guard bytes <= maxBytes else { throw .tooLong(bytes: bytes) }
        if let line = firstLine(nestingDeeperThan: maxNesting, in: yaml) { throw .tooDeep(line: line) }
        let outcome = Mutex<Result<Value, Failure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let result: Result<Value, Failure>
            do {
                let root: Node?
                do { root = try Yams.compose(yaml: yaml) } catch { throw Failure.yaml(error) }
                do { result = .success(try body(root)) } catch { throw Failure.body(error) }
                // `root` is freed here, on this thread, before the result is handed over.
            } catch let failure as Failure {
                result = .failure(failure)
            } catch {
                result = .failure(.body(error))
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        thread.stackSize = stackBytes
        thread.start()
        done.wait()
        return try outcome.withLock { $0! }.get()
    }

    /// The first line (from 1) on which `yaml` may nest deeper than `limit`, or nil.
    ///
    /// An upper bound, read line by line without parsing: the block levels open at the line's
    /// indentation, plus the indicators that open a level on the line itself (`- `, `? `, `: `
    /// at its start, as in `- - - x`), plus the `[` and `{` open at the line's deepest point.
    /// Brackets inside quotes and block text count too, so the bound can only be too high; a
    /// real document reaches `limit` only by nesting that deep.
    static func firstLine(nestingDeeperThan limit: Int, in yaml: String) -> Int? {
        var indents: [Int] = []
        var flow = 0
        var number = 0
        for line in yaml.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            var index = line.startIndex
            var column = 0
            while index < line.endIndex, line[index] == UInt8(ascii: " ") { index = line.index(after: index); column += 1 }
            guard index < line.endIndex, line[index] != UInt8(ascii: "#") else { continue }
            if flow == 0 {
                while let last = indents.last, last > column { indents.removeLast() }
                if indents.last != column { indents.append(column) }
            }
            var indicators = 0
            while index < line.endIndex, line[index] == UInt8(ascii: "-") || line[index] == UInt8(ascii: "?") || line[index] == UInt8(ascii: ":") {
                let next = line.index(after: index)
                guard next == line.endIndex || line[next] == UInt8(ascii: " ") || line[next] == UInt8(ascii: "\t") else { break }
                indicators += 1
                index = next
                while index < line.endIndex, line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: "\t") { index = line.index(after: index) }
            }
            var deepestFlow = flow
            for byte in line[index...] {
                switch byte {
                case UInt8(ascii: "["), UInt8(ascii: "{"): flow += 1; deepestFlow = max(deepestFlow, flow)
                case UInt8(ascii: "]"), UInt8(ascii: "}"): flow = max(0, flow - 1)
                default: break
                }
            }
            if indents.count + indicators + deepestFlow > limit { return number }
        }
        return nil
    }
}
