import Foundation
import Yams

/// What libyaml found wrong with a YAML text, in its words, and on which line of the text.
struct YAMLProblem {
    var problem: String
    /// 1-based, within the YAML text; nil when libyaml did not say.
    var line: Int?

    init(_ error: any Error, yaml: String) {
        switch error as? YamlError {
        case .scanner(_, let reason, let mark, _)? where reason.contains("tab character"):
            // "found a tab character that violates indentation": the mark is the tab's line; the
            // context's is the value before it (a line too early).
            problem = reason
            line = mark.line
        case .scanner(let context?, let reason, _, _)? where context.text.contains("quoted scalar") && reason.contains("end of stream"):
            // libyaml's "found unexpected end of stream": the text ended inside quotes, and the
            // context mark is where they opened.
            problem = "the quoted value that opens on this line is never closed (its closing quote is missing)"
            line = context.mark.line
        case .parser(_, let reason, let mark, _)? where reason.contains("did not find expected node content") && mark.line > Self.lastLine(of: yaml):
            // "did not find expected node content" at the very end: a value left unfinished (`users: [`).
            problem = "the text ends where a value was still expected (a list or mapping in brackets is left open)"
            line = Self.lastLine(of: yaml)
        case .scanner(let context, let reason, let mark, _)?:
            problem = reason
            // "could not find expected ':'" is reported where the scanner gave up, often the
            // line after the mistake; the context mark is where the broken key began.
            line = context?.mark.line ?? mark.line
        case .parser(let context, let reason, let mark, _)? where context != nil && (reason.contains("',' or ']'") || reason.contains("',' or '}'")):
            // A list or mapping in brackets left open is noticed a line or more later, where the
            // parser gave up: the context mark is where it opened, the line to fix.
            problem = reason + " (the list or mapping opened here in brackets is not closed)"
            line = context?.mark.line ?? mark.line
        case .parser(_, let reason, let mark, _)?, .composer(_, let reason, let mark, _)?:
            problem = reason
            line = mark.line
        case .reader(let reason, let characterOffset, _, _)?:
            problem = reason
            line = characterOffset.map { yaml.prefix($0).reduce(1) { $1 == "\n" ? $0 + 1 : $0 } }
        default:
            problem = String(describing: error)
            line = nil
        }
        // The usual cause of "found character that cannot start any token": a tab, which YAML
        // never allows for indentation.
        if let line, problem.contains("cannot start any token"),
           yaml.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(line - 1).first?.contains("\t") == true {
            problem += "; that line holds a tab, and YAML is indented with spaces only"
        } else if let line, let hint = Self.quotingHint(for: problem, line: yaml.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(line - 1).first) {
            problem += "; " + hint
        } else if let line, let hint = Self.indentationHint(for: problem, lines: yaml.split(separator: "\n", omittingEmptySubsequences: false), at: line) {
            problem += "; " + hint
        }
    }

    /// The usual cause of "mapping values are not allowed" (or, after a comment, "did not find
    /// expected key") on a `key: value` line: it is indented
    /// further than the line before, which holds a value already, so YAML reads it as more of
    /// that value. Nil when the lines do not show that.
    private static func indentationHint(for problem: String, lines: [Substring], at line: Int) -> String? {
        guard problem.contains("mapping values are not allowed") || problem.contains("did not find expected key"),
              line >= 2, line <= lines.count else { return nil }
        func indentation(_ text: Substring) -> Int { text.prefix { $0 == " " }.count }
        let here = lines[line - 1]
        guard let before = lines[..<(line - 1)].last(where: {
            let text = $0.trimmedWhiteSpace
            return !text.isEmpty && !text.hasPrefix("#")
        }) else { return nil }
        let key = before.trimmedWhiteSpace
        // A comment after the colon (`search_found:  # {count}`) is no value.
        guard indentation(here) > indentation(before), let colon = key.range(of: ": "),
              !key[colon.upperBound...].trimmedWhiteSpace.isEmpty, !key[colon.upperBound...].trimmedWhiteSpace.hasPrefix("#"),
              !key.hasPrefix("-") else { return nil }
        let width = indentation(before)
        return "this line is indented further than the one before it (\(key)), which holds a value already, so YAML reads it "
            + "as more of that value: \(width == 0 ? "start it in the first column, as a setting of its own" : "indent it by \(width) spaces, as that line is")"
    }

    /// The number of the last line that holds anything.
    private static func lastLine(of yaml: String) -> Int {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.lastIndex { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? 0) + 1
    }

    /// What to write instead when the problem is text that YAML reads as syntax on `line` (`key:
    /// value`), which quotes make text: the line itself, quoted. Nil when the line does not show
    /// that cause (a mapping value in the wrong place because of its indentation, say).
    private static func quotingHint(for problem: String, line: Substring?) -> String? {
        guard let line, let colon = line.range(of: ": ") else { return nil }
        let key = line[..<colon.lowerBound].trimmedWhiteSpace
        let value = line[colon.upperBound...].trimmedWhiteSpace
        // A comment after the value (` # note`) would move into it once quoted: no advice then.
        guard !key.isEmpty, !value.isEmpty, !"\"'".contains(value.first!), !value.contains(" #") else { return nil }
        let quoted = "\(key): \"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        if problem.contains("mapping values are not allowed"), value.contains(": ") {
            return "the value holds a colon and a space, which YAML reads as another key: put it in quotes, \(quoted)"
        }
        if problem.contains("cannot start any token"), let first = value.first, "@`%".contains(first) {
            return "a value that starts with \(first) must be in quotes: \(quoted)"
        }
        if let first = value.first, "{[".contains(first),
           problem.contains("did not find expected") || problem.contains("mapping values are not allowed") || problem.contains("expected <block end>") {
            return "a value that starts with \(first) is read as a \(first == "{" ? "mapping" : "list") in brackets: put it in quotes, \(quoted)"
        }
        if problem.contains("undefined alias"), value.hasPrefix("*") {
            return "a value that starts with * is read as an alias of an anchor (&name): put it in quotes, \(quoted)"
        }
        return nil
    }
}

extension FrontMatter {
    /// Turns a YAML library error into a `ContentError` pointing at the line in the file.
    ///
    /// libyaml reports lines within the YAML text; `offset` is how many file lines come
    /// before it (the opening `---`).
    static func yamlError(_ error: any Error, yaml: String, file: String, offset: Int) -> ContentError {
        let found = YAMLProblem(error, yaml: yaml)
        return ContentError(
            file: file,
            line: (found.line ?? 1) + offset,
            message: "the front matter is not valid YAML (\(found.problem)). Fix the YAML between the two '---' lines."
        )
    }
}
