import Foundation

/// The build's data with everything pages link by: a unique, safe slug for every person, post
/// and author, posts grouped by author, comments grouped by post. Computed once, in data order,
/// so the same data always gives the same URLs.
struct SiteIndex: Sendable {
    struct Entry<Item: Sendable>: Sendable {
        var item: Item
        var slug: String
    }

    var people: [Entry<Person>]
    var posts: [Entry<Post>]
    var authors: [Entry<Author>]
    var authorsByID: [Int: Entry<Author>]
    var commentsByPost: [Int: [Comment]]
    var postsByAuthor: [Int: [Entry<Post>]]
    /// The page titles of people who share their shown name with someone else, by list position
    /// (see `namesakeTitles(_:)`); everyone else's page is titled by their name.
    var namesakeTitles: [Int: String]
    /// Among those namesakes, the cities that tell them apart, by list position.
    var namesakeCities: [Int: String]

    /// Names a slug must never take: those the list pages use, and the device names Windows
    /// refuses as file names with any extension (`con.html`), so that a site copied there, or
    /// unzipped there to be browsed from disk, has every page.
    static let reserved: Set<String> = Set(["page", "index", "index-json"]).union(windowsDeviceNames)
    static let windowsDeviceNames = Slug.windowsDeviceNames

    /// `rightToLeft`: the pages are laid out right to left, and show names so
    /// (`Person.Name.forRightToLeftPages`).
    init(_ data: SiteData, rightToLeft: Bool = false) {
        var peopleSlugs = SlugRegistry()
        Self.reserved.forEach { _ = peopleSlugs.unique($0) }
        people = data.people.map { person in
            var person = person
            if rightToLeft { person.name = person.name.forRightToLeftPages }
            let words = [person.name.first, person.name.last].filter { !$0.isEmpty }.joined(separator: " ")
            let base = Slug.make(words.isEmpty ? (person.username ?? "") : words, fallback: "person")
            return Entry(item: person, slug: peopleSlugs.unique(base))
        }
        var postSlugs = SlugRegistry()
        Self.reserved.forEach { _ = postSlugs.unique($0) }
        posts = data.posts.map { post in
            Entry(item: post, slug: postSlugs.unique("\(post.id)-" + Slug.make(post.title, maxLength: 50, fallback: "post")))
        }
        var authorSlugs = SlugRegistry()
        Self.reserved.forEach { _ = authorSlugs.unique($0) }
        authors = data.authors.map { author in
            Entry(item: author, slug: authorSlugs.unique(Slug.make(author.username ?? author.name, fallback: "author-\(author.id)")))
        }
        authorsByID = Dictionary(authors.map { ($0.item.id, $0) }, uniquingKeysWith: { first, _ in first })
        commentsByPost = Dictionary(grouping: data.comments, by: \.postId)
        var byAuthor: [Int: [Entry<Post>]] = [:]
        for post in posts {
            if let user = post.item.userId { byAuthor[user, default: []].append(post) }
        }
        postsByAuthor = byAuthor
        (namesakeTitles, namesakeCities) = Self.namesakes(people)
    }

    /// Person `position` as a card or a search result shows them: their name, and where they
    /// live. A namesake's city, where it tells them apart, goes before the country
    /// (`Tralee, Ireland`); a namesake it does not tell apart is named by their numbered title.
    /// Two cards of the same name, e-mail, country and picture were two people no visitor could
    /// choose between.
    /// `comma`: the theme's (`Phrase.comma`).
    func card(_ position: Int, country: String?, comma: String = ", ") -> (name: String, place: String?) {
        let person = people[position].item
        if let city = namesakeCities[position] {
            return (person.displayName, [city, country].compactMap { $0 }.joined(separator: comma))
        }
        return (namesakeTitles[position] ?? person.displayName, country)
    }

    /// Titles that tell namesakes' pages apart, in search results, tabs and bookmarks: the name
    /// and the city (`Mr Eoin Walsh, Cork`), or where the city does not tell them apart, the name
    /// and a number in list order (`Mr Eoin Walsh (2)`). Two pages titled alike are two links a
    /// visitor cannot choose between, and one a search engine may drop as a duplicate.
    static func namesakeTitles(_ people: [Entry<Person>]) -> [Int: String] {
        namesakes(people).titles
    }

    /// The namesakes' titles (see `namesakeTitles(_:)`), and the cities that tell them apart.
    static func namesakes(_ people: [Entry<Person>]) -> (titles: [Int: String], cities: [Int: String]) {
        // Names alike as HTML shows them, and as written composed or decomposed (String equality
        // is canonical equivalence), as the report's chart tells authors apart; titles aside, as
        // addresses leave them out: Miss and Ms Pari Sharma were two cards told apart by a title.
        var groups: [String: [Int]] = [:]
        for (position, entry) in people.enumerated() {
            groups[entry.item.initialsName.collapsedWhiteSpace, default: []].append(position)
        }
        var titles: [Int: String] = [:]
        var told: [Int: String] = [:]
        for positions in groups.values where positions.count > 1 {
            let cities = positions.map { people[$0].item.location?.city?.collapsedWhiteSpace.nonBlank ?? "" }
            let counts = Dictionary(cities.map { ($0, 1) }, uniquingKeysWith: +)
            for (number, (position, city)) in zip(positions, cities).enumerated() {
                let name = people[position].item.displayName
                if !city.isEmpty && counts[city] == 1 {
                    titles[position] = "\(name), \(city)"
                    told[position] = city
                } else {
                    titles[position] = "\(name) (\(number + 1))"
                }
            }
        }
        return (titles, told)
    }

    /// Detail pages are files in their section's folder, `users/<slug>.html`, not folders holding
    /// an `index.html`: every static host serves them as they are, and a build creates one file
    /// system object per page instead of two (creating them is most of a warm build's cost on ext4).
    static func personPath(_ slug: String) -> String { "users/\(slug).html" }
    static func postPath(_ slug: String) -> String { "posts/\(slug).html" }
    static func authorPath(_ slug: String) -> String { "authors/\(slug).html" }

    /// The link to a page, relative to the site root: a section's `index.html` becomes its folder
    /// ("users/"), any other page keeps its file name ("users/سینا-رضایی.html", and
    /// "posts/1-reindex.html", whose name only ends in "index.html").
    static func folder(_ path: String) -> String {
        guard path == "index.html" || path.hasSuffix("/index.html") else { return path }
        return String(path.dropLast("index.html".count))
    }
}
