/// JSONPlaceholder's read routes: `/posts`, `/posts/:id`, `/posts/:id/comments`, `/users`,
/// `/users/:id`, `/users/:id/posts`, `/comments`, with `?userId=` and `?postId=` filters.
///
/// A nested route is its filter, as JSONPlaceholder (json-server) makes it: `/posts/999/comments`
/// is `/comments?postId=999`, an empty list (200), not the 404 of `/posts/999`.
enum PlaceholderEndpoint {
    static func resource(components: [String], parameters: [String: String]) -> DemoResource {
        let data = PlaceholderData.shared
        let postIDs = data.posts.indices.map { $0 + 1 }
        switch (components.first, components.count) {
        case ("posts", 1):
            let userID = parameters["userId"].flatMap { Int($0) }
            return list(data.posts.enumerated().filter { userID == nil || $0.offset / 10 + 1 == userID }.map(\.element))
        case ("posts", 2), ("users", 2), ("comments", 2):
            let table = components[0] == "posts" ? data.posts : components[0] == "users" ? data.users : data.comments
            guard let id = Int(components[1]), table.indices.contains(id - 1) else { return .notFound }
            return .json(table[id - 1], pretty: true)
        case ("posts", 3) where components[2] == "comments":
            guard let id = Int(components[1]), postIDs.contains(id) else { return list([]) }
            return list(comments(of: id, data))
        case ("users", 1):
            return list(data.users)
        case ("users", 3) where components[2] == "posts":
            guard let id = Int(components[1]), data.users.indices.contains(id - 1) else { return list([]) }
            return list(Array(data.posts[(id - 1) * 10..<id * 10]))
        case ("comments", 1):
            guard let text = parameters["postId"] else { return list(data.comments) }
            return list(Int(text).map { comments(of: $0, data) } ?? [])
        default:
            return .notFound
        }
    }

    private static func comments(of postID: Int, _ data: PlaceholderData) -> [DemoJSON] {
        zip(data.comments, data.commentPostIDs).filter { $0.1 == postID }.map(\.0)
    }

    private static func list(_ items: [DemoJSON]) -> DemoResource {
        .json(.array(items), pretty: true)
    }
}
