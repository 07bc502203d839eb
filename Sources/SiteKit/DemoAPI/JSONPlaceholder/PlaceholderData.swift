import Foundation

/// JSONPlaceholder's fixed data set: 10 users, 100 posts (10 per user), 500 comments (5 per post),
/// generated once from a fixed seed.
struct PlaceholderData: Sendable {
    static let shared = PlaceholderData()

    let users: [DemoJSON]
    let posts: [DemoJSON]
    let comments: [DemoJSON]
    /// `postId` of each comment, for filtering.
    let commentPostIDs: [Int]

    private static let people = [
        ("Ada Whitfield", "Adaw"), ("Bram Okafor", "Bram.Okafor"), ("Celine Marsh", "Celine_M"),
        ("Dario Pellegrini", "DarioP"), ("Edith Nakamura", "Edie.N"), ("Felix Arkwright", "Felix"),
        ("Greta Lindqvist", "Greta_L"), ("Hugo Ballantyne", "Hugo.Ballantyne"), ("Ines Carvalho", "InesC"),
        ("Jonah Thistlewood", "Jonah_T"),
    ]
    private static let domains = ["biz", "io", "net", "org", "info", "tv", "me", "ca", "us", "name"]
    private static let cities = ["Gwenborough", "Wisokyburgh", "McKenziehaven", "South Elvis", "Roscoeview",
                                 "South Christy", "Howemouth", "Aliyaview", "Bartholomebury", "Lebsackbury"]

    private init() {
        var random = SeededGenerator(text: "jsonplaceholder")
        users = Self.people.enumerated().map { offset, person in
            Self.user(id: offset + 1, name: person.0, username: person.1, &random)
        }
        posts = (1...100).map { id in
            ["userId": .int((id - 1) / 10 + 1), "id": .int(id),
             "title": .string(LoremText.phrase(random.within(3...9), &random)),
             "body": .string(LoremText.body(lines: 4, &random))]
        }
        commentPostIDs = (1...500).map { ($0 - 1) / 5 + 1 }
        comments = (1...500).map { id in
            let email = random.pick(LoremText.words).capitalized
                + "@" + random.pick(LoremText.words) + "." + random.pick(Self.domains)
            return ["postId": .int((id - 1) / 5 + 1), "id": .int(id),
                    "name": .string(LoremText.phrase(random.within(3...7), &random)),
                    "email": .string(email),
                    "body": .string(LoremText.body(lines: 4, &random))]
        }
    }

    private static func user(id: Int, name: String, username: String, _ random: inout SeededGenerator) -> DemoJSON {
        let handle = name.split(separator: " ").first.map(String.init) ?? name
        let domain = random.pick(LoremText.words) + "." + random.pick(domains)
        let address: DemoJSON = [
            "street": .string(random.pick(LoremText.words).capitalized + " " + random.pick(["Light", "Avenue", "Extension", "Path", "Plains"])),
            "suite": .string(random.pick(["Apt.", "Suite"]) + " " + String(random.within(100...999))),
            "city": .string(cities[id - 1]),
            "zipcode": .string(RandomPerson.fill("#####-####", &random)),
            "geo": ["lat": .string(String(random.within(-90...90)) + "." + RandomPerson.fill("####", &random)),
                    "lng": .string(String(random.within(-180...180)) + "." + RandomPerson.fill("####", &random))],
        ]
        let company: DemoJSON = [
            "name": .string(name.split(separator: " ").last.map(String.init).map { "\($0) Group" } ?? "Group"),
            "catchPhrase": .string(LoremText.phrase(3, &random).capitalized),
            "bs": .string(LoremText.phrase(3, &random)),
        ]
        return [
            "id": .int(id), "name": .string(name), "username": .string(username),
            "email": .string("\(handle)@\(domain)"), "address": address,
            "phone": .string(RandomPerson.fill("1-###-###-#### x#####", &random)),
            "website": .string(random.pick(LoremText.words) + "." + random.pick(domains)), "company": company,
        ]
    }
}
