import Foundation
import Testing
@testable import SiteKit

@Suite("Demo API: JSONPlaceholder")
struct DemoAPIPlaceholderTests {
    @Test func collectionsHaveTheRealSizes() async throws {
        try await DemoAPIServer.with { server in
            let posts = try await server.get("/posts")
            #expect(posts.header("Content-Type") == "application/json; charset=utf-8")
            #expect(try posts.array().count == 100)
            #expect(try await server.get("/users").array().count == 10)
            #expect(try await server.get("/comments").array().count == 500)
            let decoded = try JSONDecoder().decode([Post].self, from: posts.body)
            #expect(Set(decoded.compactMap(\.userId)) == Set(1...10))
            #expect(decoded.allSatisfy { $0.body.split(separator: "\n").count == 4 })
            #expect(String(decoding: posts.body, as: UTF8.self).hasPrefix("[\n  {\n    \"userId\": 1,"))
        }
    }

    @Test func commentsFilterByPost() async throws {
        try await DemoAPIServer.with { server in
            let filtered = try await server.get("/comments?postId=3").array()
            #expect(filtered.count == 5)
            #expect(filtered.allSatisfy { $0["postId"] as? Int == 3 })
            let nested = try await server.get("/posts/3/comments")
            #expect(try nested.array().map { $0["id"] as? Int } == filtered.map { $0["id"] as? Int })
            #expect(try await server.get("/posts?userId=2").array().count == 10)
        }
    }

    @Test("a nested route is its filter, as JSONPlaceholder makes it: the comments of a post that does not exist are an empty list (200), as ?postId= gives, where the stand-in answered 404")
    func nestedRoutesOfUnknownIDsAreEmpty() async throws {
        try await DemoAPIServer.with { server in
            for path in ["/posts/999/comments", "/posts/abc/comments", "/users/11/posts", "/comments?postId=999"] {
                let result = try await server.get(path)
                #expect(result.status == 200 && (try? result.array().isEmpty) == true, "\(path): \(result.status)")
            }
            #expect(try await server.get("/users/2/posts").array().count == 10)
        }
    }

    @Test func singleItemsAndUnknownIDs() async throws {
        try await DemoAPIServer.with { server in
            let post = try await server.get("/posts/7").object()
            #expect(post["id"] as? Int == 7)
            #expect(post["userId"] as? Int == 1)
            let user = try await server.get("/users/4")
            let author = try JSONDecoder().decode(Author.self, from: user.body)
            #expect(author.id == 4)
            #expect(author.city?.isEmpty == false)
            #expect(author.company?.isEmpty == false)
            let object = try user.object()
            let geo = try #require((object["address"] as? [String: Any])?["geo"] as? [String: Any])
            #expect(geo["lat"] is String && geo["lng"] is String)
            for path in ["/posts/101", "/posts/0", "/users/11", "/comments/501", "/posts/abc", "/nothing"] {
                let result = try await server.get(path)
                #expect(result.status == 404, "\(path)")
                #expect(result.body == Data("{}".utf8), "\(path)")
            }
        }
    }
}
