import Foundation

/// The paginated lists: people at `users/`, posts at `posts/`, authors at `authors/`.
extension SiteRenderer {
    /// One page per `perPage` people, rendered on every core, but for the page numbers (from 0) in
    /// `done`.
    func peopleLists(_ index: SiteIndex, images: [URL: PublishedImage], done: Set<Int> = []) throws -> [RenderedFile] {
        let pagination = Pagination(totalItems: index.people.count, perPage: perPage)
        let remaining = (0..<pagination.pageCount).filter { !done.contains($0) }
        let searchWords = SearchWords.json(words)
        return try mapPages(remaining.count) { try peopleList(remaining[$0], of: index, images: images, searchWords: searchWords) }
    }

    /// The paths of every people list page, in order.
    func peopleListPaths(_ index: SiteIndex) -> [String] {
        (1...Pagination(totalItems: index.people.count, perPage: perPage).pageCount).map { "users/" + Pagination.path(ofPage: $0) }
    }

    /// The people list page numbered `offset + 1`. `searchWords`: `SearchWords.json(words)`, made
    /// once for all the pages when the caller has it.
    func peopleList(_ offset: Int, of index: SiteIndex, images: [URL: PublishedImage], searchWords: String? = nil) throws -> RenderedFile {
        let pagination = Pagination(totalItems: index.people.count, perPage: perPage)
        let number = offset + 1
        let path = "users/" + Pagination.path(ofPage: number)
        let root = PageFrame.root(for: path)
        let entries = pagination.range(ofPage: number).map { position -> [String: Any] in
            let entry = index.people[position]
            var context = PersonEntry.context(for: entry.item, images: images, root: root,
                                              eager: number == 1 && position < eagerCount)
            let card = index.card(position, country: context["country"] as? String, comma: words(.comma))
            context["name"] = card.name
            context["country"] = card.place
            context["href"] = root + SiteIndex.folder(SiteIndex.personPath(entry.slug))
            return context
        }
        return try file(path, template: "users", section: "users", page: page("users"),
                        extra: ["people": entries, "pagination": pagination.context(current: number, links: frame.links, words: frame.words),
                                "searchWords": searchWords ?? SearchWords.json(words)])
    }

    func postLists(_ index: SiteIndex) throws -> [RenderedFile] {
        let pagination = Pagination(totalItems: index.posts.count, perPage: perPage)
        return try mapPages(pagination.pageCount) { offset in
            let number = offset + 1
            let path = "posts/" + Pagination.path(ofPage: number)
            let root = PageFrame.root(for: path)
            let entries = pagination.range(ofPage: number).map { position -> [String: Any] in
                let entry = index.posts[position]
                let author = entry.item.userId.flatMap { index.authorsByID[$0] }
                var context = PostEntry.context(for: entry.item, author: author?.item,
                                                comments: index.commentsByPost[entry.item.id]?.count ?? 0, words: frame.words)
                context["href"] = root + SiteIndex.folder(SiteIndex.postPath(entry.slug))
                context["authorHref"] = author.map { root + SiteIndex.folder(SiteIndex.authorPath($0.slug)) } ?? false
                return context
            }
            return try file(path, template: "posts", section: "posts", page: page("posts"),
                            extra: ["posts": entries, "pagination": pagination.context(current: number, links: frame.links, words: frame.words)])
        }
    }
}
