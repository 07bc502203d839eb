import Foundation
import Mustache

/// What `{{tags}}` prints for a list, such as front matter's `tags: [red, green]`: its items'
/// text joined by ", " ("red, green"), as a reader would write them. Text, numbers and flags
/// print as they do on their own; a mapping and a null print nothing, as they do on their own,
/// and are left out; a list inside is joined the same way. Mustache's interpreter printed Swift's
/// description of the array (`["red", "green"]`, quotes and brackets) into the page. Blank text
/// is left out too: `[a, "", " "]` reads "a", not "a, ,  ".
///
/// The compiled rendering and the interpreter both print lists through `text(of:)`, so a page
/// renders the same bytes whichever of them renders it.
enum ListText {
    static func text(of items: [Any]) -> String {
        items.compactMap(itemText).joined(separator: ", ")
    }

    private static func itemText(_ item: Any) -> String? {
        switch ContextValue(item) {
        case .text(let text): return text.trimmedWhiteSpace.isEmpty ? nil : text
        case .number(let number): return String(number)
        case .flag(let flag): return flag ? "true" : "false"
        case .texts(let texts): return texts.isEmpty ? nil : text(of: texts)
        case .list(let list): return list.isEmpty ? nil : text(of: list)
        case .map, .maps: return nil
        case .other(let value):
            switch value {
            case is NSNull, is MustacheNode, is [String: Any]: return nil
            case let list as [Any]: return list.isEmpty ? nil : text(of: list)
            case let renderable as MustacheCustomRenderable: return renderable.renderText
            default: return String(describing: value)
            }
        }
    }
}

/// The interpreter prints a value that is `MustacheCustomRenderable` by its `renderText`, and
/// any other by its description; its sections take an array as a sequence before they look for
/// this conformance, so only printing changes. Retroactive, as the protocol is the template
/// library's and the type the standard library's: the only way to reach arrays that mustache's
/// own transforms return (`{{sorted(tags)}}`, and `{{reversed(tags)}}`, a `ReversedCollection`),
/// which no wrapper of ours would be.
extension Array: @retroactive MustacheCustomRenderable {
    public var renderText: String { ListText.text(of: map { $0 as Any }) }
    public var isNull: Bool { false }
}

extension ReversedCollection: @retroactive MustacheCustomRenderable {
    public var renderText: String { ListText.text(of: map { $0 as Any }) }
    public var isNull: Bool { false }
}
