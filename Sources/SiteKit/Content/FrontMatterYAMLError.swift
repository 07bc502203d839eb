import Foundation
import Yams

extension FrontMatter {
    /// Turns a YAML library error into a `ContentError` pointing at the line in the file.
    ///
    /// libyaml reports lines within the YAML text; `offset` is how many file lines come
    /// before it (the opening `---`).
    static func yamlError(_ error: any Error, yaml: String, file: String, offset: Int) -> ContentError {
        let problem: String
        let yamlLine: Int?
        switch error as? YamlError {
        case .scanner(let context, let reason, let mark, _)?:
            problem = reason
            // "could not find expected ':'" is reported where the scanner gave up, often the
            // line after the mistake; the context mark is where the broken key began.
            yamlLine = context?.mark.line ?? mark.line
        case .parser(_, let reason, let mark, _)?, .composer(_, let reason, let mark, _)?:
            problem = reason
            yamlLine = mark.line
        case .reader(let reason, let characterOffset, _, _)?:
            problem = reason
            yamlLine = characterOffset.map { yaml.prefix($0).reduce(1) { $1 == "\n" ? $0 + 1 : $0 } }
        default:
            problem = String(describing: error)
            yamlLine = nil
        }
        return ContentError(
            file: file,
            line: (yamlLine ?? 1) + offset,
            message: "the front matter is not valid YAML (\(problem)). Fix the YAML between the two '---' lines."
        )
    }
}
