import Foundation

/// A page for every person at `users/<slug>.html`: the large picture, their details, and links to
/// the people before and after them in the list.
extension SiteRenderer {
    /// Every person page not in `done`, on every core; returns all person page paths in list order.
    func personPages(_ index: SiteIndex, images: [URL: PublishedImage], done: Set<Int> = [],
                     emit: @Sendable (RenderedFile) throws -> Void) throws -> [String] {
        let remaining = index.people.indices.filter { !done.contains($0) }
        _ = try mapPages(remaining.count) { try emit(personPage(at: remaining[$0], of: index, images: images)) }
        return index.people.map { SiteIndex.personPath($0.slug) }
    }

    /// The detail page of the person at `position` in the list. Its picture is the largest size
    /// published (128 px, else 72 px, else 48 px: whichever `images.sizes` fetched and did not
    /// fail), at its own pixel size, or an initials placeholder when there is none.
    func personPage(at position: Int, of index: SiteIndex, images: [URL: PublishedImage]) throws -> RenderedFile {
        let entry = index.people[position]
        let person = entry.item
        let path = SiteIndex.personPath(entry.slug)
        let root = PageFrame.root(for: path)
        let name = person.displayName
        var profile: [String: Any] = ["name": name, "facts": Self.facts(of: person, words: words)]
        let picture = Self.pictureSizes.lazy.compactMap { PersonEntry.published($0, of: person, in: images) }.first
        if let picture {
            profile["image"] = ["src": root + picture.path, "width": picture.width, "height": picture.height, "alt": name] as [String: Any]
        } else {
            profile["placeholder"] = Placeholder.svg(name: name, initialsOf: person.initialsName, width: ImageSize.large.pixels, height: ImageSize.large.pixels, decorative: true)
        }
        let listPage = position / max(1, perPage) + 1
        var extra = Self.neighbours(of: position, in: index.people, label: frame.sectionTitles.users, words: words) { index.namesakeTitles[$0] ?? $1.displayName }
        extra["person"] = profile
        extra["breadcrumbs"] = breadcrumbs(root: root, [(frame.sectionTitles.users, "users/" + Pagination.path(ofPage: listPage)), (name, nil)])
        let title = index.namesakeTitles[position] ?? name
        let page = generatedPage("person", title: title, description: "\(title)\(person.location?.country.map { words(.comma) + $0 } ?? "")")
        return try file(path, template: "person", section: "users", page: page, extra: extra)
    }

    /// The pictures a person page may show, by preference: it can be rendered once these settled.
    /// Never scaled up: a 48 px picture is shown at 48 px, which says more than initials.
    static let pictureSizes: [ImageSize] = ImageSize.allCases.sorted(by: >)

    /// The details a person page lists, in a fixed order; absent values are left out.
    static func facts(of person: Person, words: Words = .english) -> [[String: Any]] {
        var facts: [[String: Any]] = []
        func add(_ label: String, _ value: String?, href: String? = nil) {
            guard let value = value?.nonBlank else { return }
            facts.append(["label": label, "value": value, "href": href ?? false])
        }
        add(words(.email), person.email, href: person.email.flatMap(SafeURL.mailto))
        add(words(.phone), person.phone)
        add(words(.mobile), person.cell)
        let location = person.location
        add(words(.address), [location?.street, location?.city, location?.state, location?.postcode]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: words(.comma)))
        add(words(.country), location?.country)
        add(words(.nationality), person.nat?.uppercased())
        if let age = person.dob?.age {
            add(words(.age), day(person.dob?.date).map { words(.ageBorn, ["age": "\(age)", "date": $0]) } ?? "\(age)")
        } else {
            // An age that could not be read (or none sent) hides no birth date that could.
            add(words(.born), day(person.dob?.date))
        }
        add(words(.registered), day(person.registered?.date).map { date in
            person.registered?.age.map { words(.registeredAgo, ["date": date, "ago": yearsAgo($0, words: words)]) } ?? date
        })
        add(words(.username), person.username)
        return facts
    }

    /// "3 years ago", "1 year ago", or "less than a year ago" for 0 (randomuser's `registered.age`).
    static func yearsAgo(_ years: Int, words: Words = .english) -> String {
        years == 0 ? words(.lessThanAYearAgo) : words.count(.yearsAgo, years)
    }

    /// "1979-03-04" from an ISO 8601 timestamp, when it starts with a plausible date.
    static func day(_ timestamp: String?) -> String? {
        guard let timestamp, timestamp.count >= 10 else { return nil }
        let day = String(timestamp.prefix(10))
        let parts = day.split(separator: "-")
        guard parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isNumber) }) else { return nil }
        return day
    }
}
