/// Which portraits the demo API's people point at.
public enum PortraitSet: String, Sendable, CaseIterable {
    /// randomuser.me's: 100 per gender (`men/0.jpg` … `men/99.jpg`), shared by many people.
    case randomUser = "randomuser"
    /// One per person: person number N (counting across pages) shows `…/N.jpg`, so a build
    /// downloads every picture, as from an API whose people each upload their own.
    case perPerson = "per-person"

    /// How many numbers a gender's portraits go up to (exclusive).
    var numbers: Int {
        switch self {
        case .randomUser: 100
        case .perPerson: Self.perPersonLimit
        }
    }

    /// randomuser serves at most 5,000 people a page; this bounds the page numbers too.
    static let perPersonLimit = 10_000_000
}
