import Foundation

/// A post from JSONPlaceholder's `/posts`.
public struct Post: Sendable, Hashable, Decodable {
    public var id: Int
    public var userId: Int?
    public var title: String
    public var body: String

    public init(id: Int, userId: Int?, title: String, body: String) {
        self.id = id
        self.userId = userId
        self.title = title
        self.body = body
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(LenientInt.self, forKey: .id).value
        userId = c.lenient(LenientInt.self, .userId)?.value
        title = c.text(.title) ?? ""
        body = c.text(.body) ?? ""
    }

    enum CodingKeys: String, CodingKey { case id, userId, title, body }
}

/// An author from JSONPlaceholder's `/users`.
public struct Author: Sendable, Hashable, Decodable {
    public var id: Int
    public var name: String
    public var username: String?
    public var email: String?
    public var phone: String?
    public var website: String?
    public var city: String?
    public var company: String?
    public var catchPhrase: String?

    public init(id: Int, name: String, username: String? = nil, email: String? = nil, phone: String? = nil,
                website: String? = nil, city: String? = nil, company: String? = nil, catchPhrase: String? = nil) {
        self.id = id
        self.name = name
        self.username = username
        self.email = email
        self.phone = phone
        self.website = website
        self.city = city
        self.company = company
        self.catchPhrase = catchPhrase
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(LenientInt.self, forKey: .id).value
        name = c.text(.name) ?? ""
        username = c.text(.username)
        email = c.text(.email)
        phone = c.text(.phone)
        website = c.text(.website)
        city = c.lenient(Address.self, .address)?.city
        let company = c.lenient(Company.self, .company)
        self.company = company?.name
        catchPhrase = company?.catchPhrase
    }

    private struct Address: Decodable {
        var city: String?
        init(from decoder: any Decoder) throws {
            city = try decoder.container(keyedBy: CodingKeys.self).text(.city)
        }
        enum CodingKeys: String, CodingKey { case city }
    }

    private struct Company: Decodable {
        var name: String?
        var catchPhrase: String?
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = c.text(.name)
            catchPhrase = c.text(.catchPhrase)
        }
        enum CodingKeys: String, CodingKey { case name, catchPhrase }
    }

    enum CodingKeys: String, CodingKey { case id, name, username, email, phone, website, address, company }
}

/// A comment from JSONPlaceholder's `/comments`.
public struct Comment: Sendable, Hashable, Decodable {
    public var id: Int
    public var postId: Int
    public var name: String
    public var email: String?
    public var body: String

    public init(id: Int, postId: Int, name: String, email: String?, body: String) {
        self.id = id
        self.postId = postId
        self.name = name
        self.email = email
        self.body = body
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(LenientInt.self, forKey: .id).value
        postId = try c.decode(LenientInt.self, forKey: .postId).value
        name = c.text(.name) ?? ""
        email = c.text(.email)
        body = c.text(.body) ?? ""
    }

    enum CodingKeys: String, CodingKey { case id, postId, name, email, body }
}

/// An integer that may arrive as a number or a numeric string.
struct LenientInt: Decodable, Sendable {
    var value: Int
    init(from decoder: any Decoder) throws {
        let text = try LenientString(from: decoder).value
        guard let value = Int(text) ?? Double(text).flatMap({ Int(exactly: $0) }) else {
            // Worded as Foundation words it, so that the warning says "expected a number, found …".
            throw DecodingError.typeMismatch(Int.self, .init(codingPath: decoder.codingPath,
                                                             debugDescription: "Expected to decode Int but found the text \"\(text.clipped(to: 40))\" instead."))
        }
        self.value = value
    }
}

/// JSONPlaceholder's endpoints: three requests, never one per post.
public enum JSONPlaceholderAPI {
    public static let posts = Endpoint<LenientArray<Post>>(path: "posts")
    public static let authors = Endpoint<LenientArray<Author>>(path: "users")
    public static let comments = Endpoint<LenientArray<Comment>>(path: "comments")
}

/// A top-level JSON array whose malformed elements are skipped (and counted) instead of failing the build.
public struct LenientArray<Element: Decodable & Sendable>: Decodable, Sendable {
    public var elements: [Element]
    public var skipped: Int
    /// Why the first skipped element could not be read, with its JSON path.
    public var firstProblem: String?

    public init(from decoder: any Decoder) throws {
        let list = try LenientList<Element>(from: decoder)
        elements = list.elements
        skipped = list.skipped
        firstProblem = list.firstProblem
    }
}
