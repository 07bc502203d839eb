import Foundation

/// `report/`: counts and charts drawn at build time, each with the table of numbers behind it.
extension SiteRenderer {
    func report(_ data: SiteData) throws -> RenderedFile {
        let people = data.people
        // A country sent empty is none: a bar without a label, and a blank row heading, said
        // nothing. The nationality's code does not stand in for it: "FI" beside "Finland" was one
        // country in two rows.
        let nationalities = Histogram.countsByKey(people.map { person in
            person.location?.country.map(\.trimmedWhiteSpace).flatMap { $0.isEmpty ? nil : $0 } ?? words(.notGiven)
        })
        let shownCountries = 20
        let genders = Histogram.countsByKey(people.map { Self.gender($0.gender, words: words) })
        // From the youngest person's decade: a fixed start of 10 left out everyone under 10.
        let ages = Histogram.bins(values: people.compactMap { $0.dob?.age }, width: 10)
        // Every year and every number of comments from the least to the most, none left out:
        // columns stand for equal steps, and a missing year read as 2008 followed by 2011.
        let years = Histogram.bins(values: people.compactMap { Self.day($0.registered?.date).flatMap { Int($0.prefix(4)) } }, width: 1)
        let authorLabels = Self.chartLabels(of: data.authors)
        let postsPerAuthor = Histogram.countsByKey(data.posts.map { post in post.userId.flatMap { authorLabels[$0] } ?? words(.unknownAuthorLabel) })
        let commentCounts = Dictionary(grouping: data.comments, by: \.postId).mapValues(\.count)
        let spread = Histogram.bins(values: data.posts.map { commentCounts[$0.id] ?? 0 }, width: 1)
        var charts = [
            Chart(id: "nationality", title: words(.chartCountries), kind: .bars,
                  series: Histogram.top(nationalities, count: shownCountries) { words.count(.otherCountries, $0) },
                  labelHeading: words(.country), valueHeading: words(.people), tableSeries: nationalities),
            Chart(id: "gender", title: words(.chartGenders), kind: .bars, series: genders, labelHeading: words(.gender), valueHeading: words(.people)),
            Chart(id: "age", title: words(.chartAges), kind: .columns, series: ages, labelHeading: words(.age), valueHeading: words(.people)),
            Chart(id: "registered", title: words(.chartRegistered), kind: .columns, series: years,
                  labelHeading: words(.year), valueHeading: words(.people)),
            Chart(id: "posts-per-author", title: words(.chartPostsPerAuthor), kind: .bars, series: postsPerAuthor,
                  labelHeading: words(.author), valueHeading: words(.posts)),
            Chart(id: "comments-per-post", title: words(.chartCommentsPerPost), kind: .columns, series: spread,
                  labelHeading: words(.commentsOnAPost), valueHeading: words(.posts)),
        ]
        for index in charts.indices { charts[index].words = words }
        let nationalityCount = Set(people.compactMap { $0.nat?.trimmedWhiteSpace.uppercased() }.filter { !$0.isEmpty }).count
        let counts: [String: Any] = [
            "people": people.count, "posts": data.posts.count, "authors": data.authors.count,
            "comments": data.comments.count, "nationalities": nationalityCount,
        ]
        let tally = Tally.context([("people", people.count, .peopleCount), ("posts", data.posts.count, .postsCount),
                                   ("authors", data.authors.count, .authorsCount), ("comments", data.comments.count, .commentsCount),
                                   ("nationalities", nationalityCount, .nationalitiesCount)], words: words)
        let path = "report/index.html"
        return try file(path, template: "report", section: "report",
                        page: generatedPage("report", title: words(.report), description: words(.reportDescription)),
                        extra: [
                            "counts": counts,
                            "tally": tally,
                            "charts": charts.map { ["id": $0.id, "title": $0.title, "svg": $0.svg(), "table": $0.table()] as [String: Any] },
                            "breadcrumbs": breadcrumbs(root: PageFrame.root(for: path), [(words(.report), nil)]),
                        ])
    }

    /// A person's gender as the report's chart labels it: randomuser's male and female in the
    /// theme's words, another value as sent (capitalised), none as unknown.
    static func gender(_ value: String?, words: Words) -> String {
        let given = value?.trimmedWhiteSpace ?? ""
        switch given.lowercased() {
        case "male": return words(.male)
        case "female": return words(.female)
        case "": return words(.unknownGender)
        default: return given.capitalized
        }
    }

    /// Each author's label in the posts-per-author chart, by id: the name as pages show it ("Author
    /// 7" for a blank one), its runs of white space one space as HTML shows them, and where
    /// authors share a label (as written, composed and decomposed alike, or "Ann  Lee" and "Ann
    /// Lee "), the username or else the id after it, so that two people called John Smith are two
    /// bars, not one with both their posts, nor two that read alike.
    static func chartLabels(of authors: [Author]) -> [Int: String] {
        var seen = Set<Int>()
        let unique = authors.filter { seen.insert($0.id).inserted }
        func shown(_ author: Author) -> String { author.shownName.collapsedWhiteSpace }
        // String equality is canonical equivalence: "Ümit" composed and decomposed are one name.
        let sharing = Dictionary(grouping: unique, by: shown).filter { $0.value.count > 1 }
        var labels: [Int: String] = [:]
        for author in unique {
            let name = shown(author)
            guard let twins = sharing[name] else {
                labels[author.id] = name
                continue
            }
            let username = author.username?.trimmedWhiteSpace ?? ""
            let usernameTells = !username.isEmpty && twins.filter { $0.username?.trimmedWhiteSpace == username }.count == 1
            labels[author.id] = name + (usernameTells ? " (\(username))" : " (#\(author.id))")
        }
        return labels
    }
}
