import Foundation

/// `report/`: counts and charts drawn at build time, each with the table of numbers behind it.
extension SiteRenderer {
    func report(_ data: SiteData) throws -> RenderedFile {
        let people = data.people
        // A country sent empty is none: a bar without a label, and a blank row heading, said
        // nothing. The nationality's code does not stand in for it: "FI" beside "Finland" was one
        // country in two rows.
        let nationalities = Histogram.countsByKey(people.map { person in
            person.location?.country.map(\.trimmedWhiteSpace).flatMap { $0.isEmpty ? nil : $0 } ?? "Not given"
        })
        let shownCountries = 20
        let genders = Histogram.countsByKey(people.map { ($0.gender?.isEmpty == false ? $0.gender! : "unknown").capitalized })
        // From the youngest person's decade: a fixed start of 10 left out everyone under 10.
        let ages = Histogram.bins(values: people.compactMap { $0.dob?.age }, width: 10)
        // Every year and every number of comments from the least to the most, none left out:
        // columns stand for equal steps, and a missing year read as 2008 followed by 2011.
        let years = Histogram.bins(values: people.compactMap { Self.day($0.registered?.date).flatMap { Int($0.prefix(4)) } }, width: 1)
        let authorLabels = Self.chartLabels(of: data.authors)
        let postsPerAuthor = Histogram.countsByKey(data.posts.map { post in post.userId.flatMap { authorLabels[$0] } ?? "Unknown author" })
        let commentCounts = Dictionary(grouping: data.comments, by: \.postId).mapValues(\.count)
        let spread = Histogram.bins(values: data.posts.map { commentCounts[$0.id] ?? 0 }, width: 1)
        let charts = [
            Chart(id: "nationality", title: "People by country", kind: .bars,
                  series: Histogram.top(nationalities, count: shownCountries) { "Other (\(ChartFormat.number($0)) countries)" },
                  labelHeading: "Country", valueHeading: "People", tableSeries: nationalities),
            Chart(id: "gender", title: "People by gender", kind: .bars, series: genders, labelHeading: "Gender", valueHeading: "People"),
            Chart(id: "age", title: "Ages", kind: .columns, series: ages, labelHeading: "Age", valueHeading: "People"),
            Chart(id: "registered", title: "People by year of registration", kind: .columns, series: years,
                  labelHeading: "Year", valueHeading: "People"),
            Chart(id: "posts-per-author", title: "Posts per author", kind: .bars, series: postsPerAuthor,
                  labelHeading: "Author", valueHeading: "Posts"),
            Chart(id: "comments-per-post", title: "Comments per post", kind: .columns, series: spread,
                  labelHeading: "Comments on a post", valueHeading: "Posts"),
        ]
        let nationalityCount = Set(people.compactMap { $0.nat?.trimmedWhiteSpace.uppercased() }.filter { !$0.isEmpty }).count
        let counts: [String: Any] = [
            "people": people.count, "posts": data.posts.count, "authors": data.authors.count,
            "comments": data.comments.count, "nationalities": nationalityCount,
        ]
        let tally = Tally.context([("people", people.count, "person", "people"), ("posts", data.posts.count, "post", "posts"),
                                   ("authors", data.authors.count, "author", "authors"), ("comments", data.comments.count, "comment", "comments"),
                                   ("nationalities", nationalityCount, "nationality", "nationalities")])
        let path = "report/index.html"
        return try file(path, template: "report", section: "report",
                        page: generatedPage("report", title: "Report", description: "The people and posts in numbers."),
                        extra: [
                            "counts": counts,
                            "tally": tally,
                            "charts": charts.map { ["id": $0.id, "title": $0.title, "svg": $0.svg(), "table": $0.table()] as [String: Any] },
                            "breadcrumbs": breadcrumbs(root: PageFrame.root(for: path), [("Report", nil)]),
                        ])
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
