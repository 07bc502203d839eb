/// The default theme's words in English, every phrase's reference text: its values in braces
/// are the ones any language may use.
enum EnglishWords {
    static let table: [Phrase: PhraseForms] = [
        .skipToContent: "Skip to content",
        .siteMenu: "Site",
        .home: "Home",
        .authors: "Authors",
        .report: "Report",
        .demoData: "Demo data",
        .demoNotice: "This site was built from the embedded demo API, not from randomuser.me and JSONPlaceholder: every person and post on it is made up. Build it online with --live to use the real APIs.",
        .builtFrom: "Built by site from {source}.",
        .peopleFromSeed: "People from seed",
        .demoAPI: "the embedded demo API",
        .and: "and",
        .comma: ", ",
        .breadcrumb: "Breadcrumb",
        .previous: "Previous",
        .next: "Next",
        .previousItem: "Previous: {name}",
        .nextItem: "Next: {name}",

        .pageOf: "page {current} of {total}",
        .pages: "Pages",
        .pageNumber: "Page {number}",
        .searchPeople: "Search people",
        .searchHint: "Name, email or country",
        .searchLoading: "Loading the list of everyone…",
        .searchUnavailable: "Search is not available right now; the pages below list everyone.",
        .searchFound: .counted(one: "{count} person found", other: "{count} people found"),
        .searchFirst: "{found}, showing the first {count}",
        .noPeople: "No people to list: the build fetched none.",
        .noPosts: "No posts to list: the build fetched none.",
        .by: "by",
        .unknownAuthor: "an unknown author",

        .peopleCount: .counted(one: "person", other: "people"),
        .postsCount: .counted(one: "post", other: "posts"),
        .authorsCount: .counted(one: "author", other: "authors"),
        .commentsCount: .counted(one: "comment", other: "comments"),
        .nationalitiesCount: .counted(one: "nationality", other: "nationalities"),

        .email: "Email",
        .phone: "Phone",
        .mobile: "Mobile",
        .address: "Address",
        .country: "Country",
        .nationality: "Nationality",
        .age: "Age",
        .ageBorn: "{age} (born {date})",
        .born: "Born",
        .registered: "Registered",
        .registeredAgo: "{date}, {ago}",
        .yearsAgo: .counted(one: "{count} year ago", other: "{count} years ago"),
        .lessThanAYearAgo: "less than a year ago",
        .username: "Username",
        .website: "Website",
        .city: "City",
        .company: "Company",
        .motto: "Motto",
        .authorDescription: .counted(one: "{name}, author of {count} post", other: "{name}, author of {count} posts"),
        .authorsDescription: "Everyone who wrote a post.",
        .noComments: "No comments yet.",
        .noPostsYet: "No posts yet.",

        .reportDescription: "The people and posts in numbers.",
        .people: "People",
        .posts: "Posts",
        .chartCountries: "People by country",
        .chartGenders: "People by gender",
        .chartAges: "Ages",
        .chartRegistered: "People by year of registration",
        .chartPostsPerAuthor: "Posts per author",
        .chartCommentsPerPost: "Comments per post",
        .gender: "Gender",
        .year: "Year",
        .author: "Author",
        .commentsOnAPost: "Comments on a post",
        .otherCountries: "Other ({count} countries)",
        .notGiven: "Not given",
        .unknownAuthorLabel: "Unknown author",
        .male: "Male",
        .female: "Female",
        .unknownGender: "Unknown",
        .total: "Total",
        .numbersBehindChart: "The numbers behind this chart",
        .noData: "No data",
        .barChart: "Bar chart",
        .columnChart: "Column chart",
        .chartEntry: "{label}: {value}",
        .summaryOpening: "{kind}: {title}.",
        .summaryCategories: .counted(one: "{count} category, total {total}.", other: "{count} categories, total {total}."),
        .summaryGrouped: "The last bar, {label}, sums the {count} smallest.",
        .summaryEach: "Each has {value}.",
        .summaryLargest: "Largest: {entry}.",
        .summarySmallest: "Smallest: {entry}.",
        .summaryShared: "{value}, shared by {count}",
        .summaryBins: .counted(one: "{count} bin, {first}, total {total}.", other: "{count} bins from {first} to {last}, total {total}."),
        .summaryMostCommon: "Most common: {entry}.",
        .summaryTable: "The table with this chart lists every value.",

        .homeDescription: "A small static site built from two public demo APIs.",
        .homeIntro: """
            Welcome! This site was generated from two public demo APIs: a directory of "people" \
            with portraits, and a collection of short posts with their comments.

            Pick a section to start browsing. To change this text, create `content/index.md`.
            """,
        .peopleDescription: "Everyone in the directory, with portrait and contact details.",
        .peopleIntro: """
            These people are not real -- every name, address and portrait comes from a demo API \
            that makes up sample users.

            To change this text, create `content/users.md`.
            """,
        .postsDescription: "Every post, with its author and comments.",
        .postsIntro: """
            Short posts written in placeholder Latin, each with the comments readers left on it.

            To change this text, create `content/posts.md`.
            """,
        .pageNotFound: "Page not found",
        .notFoundIntro: "There is no page at this address. It may have moved when the site was rebuilt.",

        .feedTitle: "{site}: {posts}",
        .feedTitleDemo: "{title} (demo data)",

        .thousandsSeparator: ",",
    ]
}
