import Foundation

/// One person from the randomuser API. Every field but the name is optional: the real API omits
/// fields (`inc`), sends nulls (`id.value`) and changes types (`location.postcode`).
public struct Person: Sendable, Hashable, Decodable {
    public struct Name: Sendable, Hashable, Decodable {
        public var title: String
        public var first: String
        public var last: String

        public init(title: String = "", first: String, last: String) {
            self.title = title
            self.first = first
            self.last = last
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            title = c.text(.title) ?? ""
            first = c.text(.first) ?? ""
            last = c.text(.last) ?? ""
        }

        enum CodingKeys: String, CodingKey { case title, first, last }

        /// "Mr Jon Doe", skipping empty parts.
        /// Title, first and last name; empty when there is no first or last name to show (a
        /// title alone, "Mrs", is nobody's name).
        public var full: String {
            guard first.nonBlank != nil || last.nonBlank != nil else { return "" }
            return [title, first, last].filter { !$0.isEmpty }.joined(separator: " ")
        }

        /// The name as a right-to-left page shows it: a name in a right-to-left script after a
        /// Latin title (randomuser's "Ms" before a Persian name) gets a right-to-left mark before
        /// its title. A page lays out a name by its first letter, so on a Persian or Arabic page
        /// "Ms مریم نوری" read left to right, the title last for its reader, in lists, headings,
        /// breadcrumbs and the search's results alike. (On a left-to-right page the title stays
        /// first for its reader as it is.)
        public var forRightToLeftPages: Name {
            guard WritingDirection.startsRightToLeft(title) == false,
                  WritingDirection.startsRightToLeft(first + " " + last) == true else { return self }
            var marked = self
            marked.title = "\u{200F}" + title
            return marked
        }
    }

    public struct Location: Sendable, Hashable, Decodable {
        public var street: String?
        public var city: String?
        public var state: String?
        public var country: String?
        public var postcode: String?

        public init(street: String? = nil, city: String? = nil, state: String? = nil, country: String? = nil, postcode: String? = nil) {
            self.street = street
            self.city = city
            self.state = state
            self.country = country
            self.postcode = postcode
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            if let street = c.attempt(Street.self, .street) {
                self.street = [street.number, street.name].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            } else {
                street = c.text(.street)
            }
            city = c.text(.city)
            state = c.text(.state)
            country = c.text(.country)
            postcode = c.text(.postcode)
        }

        private struct Street: Decodable {
            var number: String?
            var name: String?
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                number = c.numberText(.number)
                name = c.text(.name)
            }
            enum CodingKeys: String, CodingKey { case number, name }
        }

        enum CodingKeys: String, CodingKey { case street, city, state, country, postcode }
    }

    /// A date and the age it implies, as randomuser sends `dob` and `registered`.
    public struct DatedAge: Sendable, Hashable, Decodable {
        public var date: String?
        public var age: Int?

        public init(date: String? = nil, age: Int? = nil) {
            self.date = date
            self.age = age
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            date = c.text(.date)
            // A number no Int holds (1e20, 1e300) is no age: converting it would trap. Nor is one
            // below 0 or above 150, which no person has: it is left out, not shown or charted.
            // Checked before a fraction is cut: -0.5 is no age 0, nor 150.5 an age 150.
            age = c.numberText(.age).flatMap { text in
                let number = Double(text)
                guard let number, Self.plausibleAges.contains(number) else {
                    DroppedFields.record("expected an age from 0 to 150, found \(text.clipped(to: 40))", at: c.codingPath + [CodingKeys.age])
                    return nil
                }
                return Int(text) ?? Int(number)
            }
        }

        enum CodingKeys: String, CodingKey { case date, age }

        /// The ages a person can have: older than 150 or below 0 is an error in the data.
        static let plausibleAges: ClosedRange<Double> = 0...150
    }

    public struct Picture: Sendable, Hashable, Decodable {
        public var large: String? { didSet { checked = nil } }
        public var medium: String? { didSet { checked = nil } }
        public var thumbnail: String? { didSet { checked = nil } }
        /// The three as checked URLs, once `checkURLs(interning:)` has worked them out.
        private var checked: Checked?

        private struct Checked: Sendable {
            var large: URL?
            var medium: URL?
            var thumbnail: URL?
        }

        public init(large: String? = nil, medium: String? = nil, thumbnail: String? = nil) {
            self.large = large
            self.medium = medium
            self.thumbnail = thumbnail
        }

        /// The picture of `size` as an http(s) URL (`SafeURL.http`); nil when it is not one.
        public func url(_ size: ImageSize) -> URL? {
            if let checked {
                return switch size {
                case .thumbnail: checked.thumbnail
                case .medium: checked.medium
                case .large: checked.large
                }
            }
            return SafeURL.http(size.url(in: self))
        }

        /// Checks and parses the three URLs now, once for the whole build: each is looked up
        /// about five times (download, waits, person page, list entry, search index), and parsing
        /// it every time cost 3-4 % of a cold build (bench/README). `table` holds every URL parsed
        /// so far, so people who share a portrait share one URL object too: 50,000 people's own
        /// copies cost 47 MB.
        mutating func checkURLs(interning table: inout [String: URL?]) {
            func checked(_ text: String?) -> URL? {
                guard let text else { return nil }
                if let known = table[text] { return known }
                let url = SafeURL.http(text)
                table[text] = url
                return url
            }
            self.checked = Checked(large: checked(large), medium: checked(medium), thumbnail: checked(thumbnail))
        }

        public static func == (lhs: Picture, rhs: Picture) -> Bool {
            (lhs.large, lhs.medium, lhs.thumbnail) == (rhs.large, rhs.medium, rhs.thumbnail)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(large)
            hasher.combine(medium)
            hasher.combine(thumbnail)
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            large = c.text(.large)
            medium = c.text(.medium)
            thumbnail = c.text(.thumbnail)
        }

        enum CodingKeys: String, CodingKey { case large, medium, thumbnail }
    }

    public var gender: String?
    public var name: Name
    public var location: Location?
    public var email: String?
    public var uuid: String?
    public var username: String?
    public var dob: DatedAge?
    public var registered: DatedAge?
    public var phone: String?
    public var cell: String?
    /// National identifier name and value; the value is often null.
    public var idName: String?
    public var idValue: String?
    public var picture: Picture?
    public var nat: String?

    public init(name: Name, gender: String? = nil, email: String? = nil, uuid: String? = nil, username: String? = nil,
                location: Location? = nil, dob: DatedAge? = nil, registered: DatedAge? = nil, phone: String? = nil,
                cell: String? = nil, idName: String? = nil, idValue: String? = nil, picture: Picture? = nil, nat: String? = nil) {
        self.name = name
        self.gender = gender
        self.email = email
        self.uuid = uuid
        self.username = username
        self.location = location
        self.dob = dob
        self.registered = registered
        self.phone = phone
        self.cell = cell
        self.idName = idName
        self.idValue = idValue
        self.picture = picture
        self.nat = nat
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = c.lenient(Name.self, .name) ?? Name(first: "", last: "")
        gender = c.text(.gender)
        location = c.lenient(Location.self, .location)
        email = c.text(.email)
        let login = c.lenient(Login.self, .login)
        uuid = login?.uuid
        username = login?.username
        dob = c.lenient(DatedAge.self, .dob)
        registered = c.lenient(DatedAge.self, .registered)
        phone = c.text(.phone)
        cell = c.text(.cell)
        let id = c.lenient(Identifier.self, .id)
        idName = id?.name
        idValue = id?.value
        picture = c.lenient(Picture.self, .picture)
        nat = c.text(.nat)
    }

    private struct Login: Decodable {
        var uuid: String?
        var username: String?
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            uuid = c.text(.uuid)
            username = c.text(.username)
        }
        enum CodingKeys: String, CodingKey { case uuid, username }
    }

    private struct Identifier: Decodable {
        var name: String?
        var value: String?
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = c.text(.name)
            value = c.text(.value)
        }
        enum CodingKeys: String, CodingKey { case name, value }
    }

    enum CodingKeys: String, CodingKey {
        case gender, name, location, email, login, dob, registered, phone, cell, id, picture, nat
    }

    /// The key under which duplicates collapse: the login UUID, else email plus name.
    public var identity: String {
        if let uuid, !uuid.isEmpty { return "uuid:" + uuid }
        return "person:" + (email ?? "") + "|" + name.full
    }

    /// The name a placeholder takes its initials from: given and family name without the title,
    /// else `displayName`.
    public var initialsName: String {
        let names = [name.first, name.last].filter { !$0.isEmpty }.joined(separator: " ").trimmedWhiteSpace
        return names.isEmpty ? displayName : names
    }

    /// The name to show; never empty: the full name, else the e-mail address, else the username
    /// (an empty or blank one counts as none), else "Unnamed person".
    public var displayName: String {
        [name.full, email, username].lazy.compactMap { $0?.trimmedWhiteSpace }.first { !$0.isEmpty } ?? "Unnamed person"
    }
}
