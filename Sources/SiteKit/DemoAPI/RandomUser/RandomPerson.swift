import Crypto

/// Builds person number `index` of a seed as randomuser.me's JSON object.
///
/// Each person has its own generator, seeded from the seed, the nationality filter and the index,
/// so a person does not depend on the page size that fetched it.
struct RandomPerson {
    /// The top-level fields, in the order the real API writes them.
    static let fields = ["gender", "name", "location", "email", "login", "dob", "registered",
                         "phone", "cell", "id", "picture", "nat"]

    var seed: String
    var nationalities: [Nationality]
    /// The server's origin, e.g. `http://127.0.0.1:8080`, for picture URLs.
    var origin: String
    /// Whose portraits people show: randomuser's shared hundred per gender, or one each.
    var portraits = PortraitSet.randomUser
    /// The day ages are counted to (UTC milliseconds): the server's start, so that a birth year
    /// and an age agree on the day a site is built (a fixed day had a build in 2026 publish
    /// "Age 21 (born 2002)"), and stay the same for as long as one server runs.
    var today: Int64

    /// When people registered, in seconds since 1970: from 2002-01-01 to 2023-11-14.
    static let registrations = 1_009_843_200...1_700_000_000

    /// A registration time drawn from `registrations`, moved to after the person's 18th birthday
    /// (`bornAt`, seconds since 1970), keeping its place in the span: drawn on their own, one in a
    /// hundred people registered before they were born. Taking as many numbers from the generator
    /// as before keeps everything else about a person the same.
    static func registration(_ drawn: Int64, bornAt born: Int64) -> Int64 {
        let (first, last) = (Int64(registrations.lowerBound), Int64(registrations.upperBound))
        let adult = born + 18 * 31_556_952  // 18 mean Gregorian years
        let earliest = max(first, adult)
        let latest = max(last, earliest + 30 * 86_400)
        return earliest + (drawn - first) * (latest - earliest) / (last - first)
    }

    func json(index: Int) -> DemoJSON {
        let filter = nationalities.map(\.code).joined(separator: ",")
        var random = SeededGenerator(text: "\(seed)|\(filter)|\(index)")
        let nat = random.pick(nationalities)
        let isMale = random.below(2) == 0
        let first = random.pick(isMale ? nat.male : nat.female)
        let last = random.pick(nat.last)
        let french = nat.code == "FR" || nat.code == "CH"
        let title = isMale ? (french ? "Monsieur" : "Mr") : random.pick(french ? ["Madame", "Mademoiselle"] : ["Ms", "Miss", "Mrs"])

        let dob = Int64(random.within(-820_454_400...1_136_073_599)) * 1000 + Int64(random.below(1000))
        let registered = Self.registration(Int64(random.within(Self.registrations)), bornAt: dob / 1000) * 1000 + Int64(random.below(1000))
        let timezone = random.pick(RandomUserWords.timezones)
        let postcode = Self.fill(nat.postcode, &random)
        let password = random.pick(RandomUserWords.passwords)
        let salt = String((0..<8).map { _ in random.pick(RandomUserWords.alphanumerics) })
        let salted = Array((password + salt).utf8)
        let username = random.pick(RandomUserWords.adjectives) + random.pick(RandomUserWords.animals) + String(random.within(100...999))
        let folder = isMale ? "men" : "women"
        // Drawn in both cases, so that the rest of a person is the same whichever set is served.
        let shared = random.below(100)
        let picture = portraits == .perPerson ? index % PortraitSet.perPersonLimit : shared

        let location: DemoJSON = [
            "street": ["number": .int(random.within(1...9999)), "name": .string(random.pick(nat.streets))],
            "city": .string(random.pick(nat.cities)),
            "state": .string(random.pick(nat.states)),
            "country": .string(nat.country),
            "postcode": nat.numericPostcode ? .int(Int(postcode) ?? 0) : .string(postcode),
            "coordinates": ["latitude": .string(Self.coordinate(&random, limit: 90)),
                            "longitude": .string(Self.coordinate(&random, limit: 180))],
            "timezone": ["offset": .string(timezone.offset), "description": .string(timezone.description)],
        ]
        let login: DemoJSON = [
            "uuid": .string(Self.uuid(&random)),
            "username": .string(username),
            "password": .string(password),
            "salt": .string(salt),
            "md5": .string(Self.hex(Insecure.MD5.hash(data: salted))),
            "sha1": .string(Self.hex(Insecure.SHA1.hash(data: salted))),
            "sha256": .string(Self.hex(SHA256.hash(data: salted))),
        ]
        return [
            "gender": isMale ? "male" : "female",
            "name": ["title": .string(title), "first": .string(first.native), "last": .string(last.native)],
            "location": location,
            "email": .string("\(first.latin).\(last.latin)@example.com"),
            "login": login,
            "dob": ["date": .string(CivilTime.iso8601(millis: dob)), "age": .int(CivilTime.age(atMillis: dob, on: today))],
            "registered": ["date": .string(CivilTime.iso8601(millis: registered)),
                           "age": .int(CivilTime.age(atMillis: registered, on: today))],
            "phone": .string(Self.fill(nat.phone, &random)),
            "cell": .string(Self.fill(nat.cell, &random)),
            "id": ["name": .string(nat.idName), "value": nat.idPattern.map { .string(Self.fill($0, &random)) } ?? .null],
            "picture": [
                "large": .string("\(origin)/api/portraits/\(folder)/\(picture).jpg"),
                "medium": .string("\(origin)/api/portraits/med/\(folder)/\(picture).jpg"),
                "thumbnail": .string("\(origin)/api/portraits/thumb/\(folder)/\(picture).jpg"),
            ],
            "nat": .string(nat.code),
        ]
    }

    /// Replaces `#` by a digit, `N` by a digit 1-9 and `A` by an uppercase letter.
    static func fill(_ pattern: String, _ random: inout SeededGenerator) -> String {
        String(pattern.map { character -> Character in
            switch character {
            case "#": Character(String(random.below(10)))
            case "N": Character(String(random.within(1...9)))
            case "A": Character(UnicodeScalar(UInt8(65 + random.below(26))))
            default: character
            }
        })
    }

    /// A signed decimal with four places within ±`limit`, as a string like the real API.
    private static func coordinate(_ random: inout SeededGenerator, limit: Int) -> String {
        let tenThousandths = random.within(-limit * 10_000...limit * 10_000)
        let magnitude = abs(tenThousandths)
        let fraction = String(magnitude % 10_000)
        return (tenThousandths < 0 ? "-" : "") + "\(magnitude / 10_000)." + String(repeating: "0", count: 4 - fraction.count) + fraction
    }

    /// A version 4 UUID in lowercase.
    private static func uuid(_ random: inout SeededGenerator) -> String {
        var bytes = (0..<16).map { _ in UInt8(random.below(256)) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = Self.hex(bytes)
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex[hex.index(hex.startIndex, offsetBy: range.lowerBound)..<hex.index(hex.startIndex, offsetBy: range.upperBound)])
        }
        return parts.joined(separator: "-")
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef")
        var out = ""
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return out
    }
}
