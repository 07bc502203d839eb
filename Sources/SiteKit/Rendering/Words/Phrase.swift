/// A word or sentence of the default theme and its report, by the key `words:` in site.yml and
/// `{{words.key}}` in templates name it. Each language's text is in a table of its own
/// (`EnglishWords`, `FrenchWords`…); a phrase may hold values in braces (`{count}`, `{total}`),
/// which only the English text's names may be (`placeholders`).
public enum Phrase: String, CaseIterable, Sendable, Hashable {
    // Every page
    case skipToContent = "skip_to_content"
    case siteMenu = "site_menu"
    case home
    case authors
    case report
    case demoData = "demo_data"
    case demoNotice = "demo_notice"
    case builtFrom = "built_from"
    case peopleFromSeed = "people_from_seed"
    case demoAPI = "demo_api"
    case and
    case comma
    case breadcrumb
    case previous
    case next
    case previousItem = "previous_item"
    case nextItem = "next_item"
    // Lists
    case pageOf = "page_of"
    case pages
    case pageNumber = "page_number"
    case searchPeople = "search_people"
    case searchHint = "search_hint"
    case searchLoading = "search_loading"
    case searchUnavailable = "search_unavailable"
    case searchFound = "search_found"
    case searchFirst = "search_first"
    case noPeople = "no_people"
    case noPosts = "no_posts"
    case by
    case unknownAuthor = "unknown_author"
    // Counts
    case peopleCount = "people_count"
    case postsCount = "posts_count"
    case authorsCount = "authors_count"
    case commentsCount = "comments_count"
    case nationalitiesCount = "nationalities_count"
    // A person's and an author's page
    case email
    case phone
    case mobile
    case address
    case country
    case nationality
    case age
    case ageBorn = "age_born"
    case born
    case registered
    case registeredAgo = "registered_ago"
    case yearsAgo = "years_ago"
    case lessThanAYearAgo = "less_than_a_year_ago"
    case username
    case website
    case city
    case company
    case motto
    case authorDescription = "author_description"
    case authorsDescription = "authors_description"
    case noComments = "no_comments"
    case noPostsYet = "no_posts_yet"
    // The report
    case reportDescription = "report_description"
    case people
    case posts
    case chartCountries = "chart_countries"
    case chartGenders = "chart_genders"
    case chartAges = "chart_ages"
    case chartRegistered = "chart_registered"
    case chartPostsPerAuthor = "chart_posts_per_author"
    case chartCommentsPerPost = "chart_comments_per_post"
    case gender
    case year
    case author
    case commentsOnAPost = "comments_on_a_post"
    case otherCountries = "other_countries"
    case notGiven = "not_given"
    case unknownAuthorLabel = "unknown_author_label"
    case male
    case female
    case unknownGender = "unknown_gender"
    case total
    case numbersBehindChart = "numbers_behind_chart"
    case noData = "no_data"
    case barChart = "bar_chart"
    case columnChart = "column_chart"
    case chartEntry = "chart_entry"
    case summaryOpening = "summary_opening"
    case summaryCategories = "summary_categories"
    case summaryGrouped = "summary_grouped"
    case summaryEach = "summary_each"
    case summaryLargest = "summary_largest"
    case summarySmallest = "summary_smallest"
    case summaryShared = "summary_shared"
    case summaryBins = "summary_bins"
    case summaryMostCommon = "summary_most_common"
    case summaryTable = "summary_table"
    // The standard pages' titles and text, when content/ has no file for them
    case homeDescription = "home_description"
    case homeIntro = "home_intro"
    case peopleDescription = "people_description"
    case peopleIntro = "people_intro"
    case postsDescription = "posts_description"
    case postsIntro = "posts_intro"
    case pageNotFound = "page_not_found"
    case notFoundIntro = "not_found_intro"
    // The feed
    case feedTitle = "feed_title"
    case feedTitleDemo = "feed_title_demo"
    // Numbers
    case thousandsSeparator = "thousands_separator"

    /// The phrase whose key is `key`, as site.yml and templates write it.
    public init?(key: String) {
        self.init(rawValue: key)
    }

    public var key: String { rawValue }

    /// The values the phrase may hold, in braces: those of its English text.
    public var placeholders: [String] {
        var names: [String] = []
        for text in EnglishWords.table[self]?.texts ?? [] {
            for name in PhraseText.placeholders(in: text) where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Whether the phrase takes a count and has a form per plural category.
    public var isCounted: Bool {
        !(EnglishWords.table[self]?.forms.isEmpty ?? true) || Self.countedWithOneForm.contains(self)
    }

    /// Counted phrases whose English has one form only (never said of one thing), which other
    /// languages may still inflect.
    private static let countedWithOneForm: Set<Phrase> = [.otherCountries, .summaryGrouped, .summaryShared]
}
