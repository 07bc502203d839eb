/// A template context value by its shape, for the code that walks contexts (the render memo's
/// `ContextEncoding`, `MustacheNode`).
///
/// The usual types are recognised by their type's identity, before any cast: each `as?` that
/// fails looks up protocol conformances, and trying them in turn was 40 % of the memo key's
/// encoding, a tenth of rendering a page. Anything else is `.other`, for the walker to cast.
enum ContextValue {
    case text(String)
    case flag(Bool)
    case number(Int)
    case map([String: Any])
    case maps([[String: Any]])
    case list([Any])
    case texts([String])
    case other(Any)

    init(_ value: Any) {
        switch ObjectIdentifier(type(of: value)) {
        case Self.textType: self = .text(value as! String)
        case Self.mapType: self = .map(value as! [String: Any])
        case Self.mapsType: self = .maps(value as! [[String: Any]])
        case Self.listType: self = .list(value as! [Any])
        case Self.textsType: self = .texts(value as! [String])
        case Self.flagType: self = .flag(value as! Bool)
        case Self.numberType: self = .number(value as! Int)
        default: self = .other(value)
        }
    }

    private static let textType = ObjectIdentifier(String.self)
    private static let mapType = ObjectIdentifier([String: Any].self)
    private static let mapsType = ObjectIdentifier([[String: Any]].self)
    private static let listType = ObjectIdentifier([Any].self)
    private static let textsType = ObjectIdentifier([String].self)
    private static let flagType = ObjectIdentifier(Bool.self)
    private static let numberType = ObjectIdentifier(Int.self)
}
