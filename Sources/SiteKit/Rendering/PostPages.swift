import Foundation

/// A page for every post at `posts/<id>-<slug>/` with its comments, and for every author at
/// `authors/<slug>/` with their posts, plus the authors list.
extension SiteRenderer {
    func postPages(_ index: SiteIndex) throws -> [RenderedFile] {
        try mapPages(index.posts.count) { position in
            let entry = index.posts[position]
            let post = entry.item
            let path = SiteIndex.postPath(entry.slug)
            let root = PageFrame.root(for: path)
            let author = post.userId.flatMap { index.authorsByID[$0] }
            let comments = index.commentsByPost[post.id] ?? []
            let title = post.shownTitle
            let context: [String: Any] = [
                "title": title,
                "paragraphs": Self.paragraphs(post.body),
                "author": author?.item.shownName ?? words(.unknownAuthor),
                "authorHref": author.map { root + SiteIndex.folder(SiteIndex.authorPath($0.slug)) } ?? false,
                "commentCount": comments.count,
                "commentsLabel": words.count(.commentsCount, comments.count),
                "commentsText": words.counted(.commentsCount, comments.count).text,
                "hasComments": !comments.isEmpty,
                "comments": comments.map { comment -> [String: Any] in
                    var context: [String: Any] = ["name": comment.shownName, "paragraphs": Self.paragraphs(comment.body)]
                    // An e-mail that is no address is shown as text, without the link nobody could use.
                    if let email = comment.email?.nonBlank {
                        context["email"] = email
                        if let mailto = SafeURL.mailto(email) { context["mailto"] = mailto }
                    }
                    return context
                },
            ]
            let listPage = position / max(1, perPage) + 1
            var extra = Self.neighbours(of: position, in: index.posts, label: frame.sectionTitles.posts, words: words) { $1.shownTitle }
            extra["post"] = context
            extra["breadcrumbs"] = breadcrumbs(root: root, [(frame.sectionTitles.posts, "posts/" + Pagination.path(ofPage: listPage)), (title, nil)])
            return try file(path, template: "post", section: "posts", page: generatedPage("post", title: title, description: PostEntry.excerpt(post.body)), extra: extra)
        }
    }

    func authorPages(_ index: SiteIndex) throws -> [RenderedFile] {
        // Namesakes' pages are titled as the report's chart labels them, told apart (a label is
        // by id, and a repeated id's is the first author's: only this name told apart is taken).
        let labels = Self.chartLabels(of: index.authors.map(\.item))
        var files = try index.authors.map { entry -> RenderedFile in
            let author = entry.item
            let path = SiteIndex.authorPath(entry.slug)
            let root = PageFrame.root(for: path)
            let name = author.shownName
            let title = labels[author.id].flatMap { $0.hasPrefix(name.collapsedWhiteSpace + " (") ? $0 : nil } ?? name
            let posts = (index.postsByAuthor[author.id] ?? []).map { post -> [String: Any] in
                let count = index.commentsByPost[post.item.id]?.count ?? 0
                return ["title": post.item.shownTitle, "href": root + SiteIndex.folder(SiteIndex.postPath(post.slug)),
                        "comments": count, "commentsLabel": words.count(.commentsCount, count),
                        "commentsText": words.counted(.commentsCount, count).text]
            }
            let context: [String: Any] = [
                "name": name, "facts": Self.facts(of: author, words: words), "posts": posts, "hasPosts": !posts.isEmpty,
                "placeholder": Placeholder.svg(name: name, width: ImageSize.large.pixels, height: ImageSize.large.pixels, decorative: true),
            ]
            return try file(path, template: "author", section: "authors", page: generatedPage("author", title: title, description: words.count(.authorDescription, posts.count, ["name": title])),
                            extra: ["author": context,
                                    "breadcrumbs": breadcrumbs(root: root, [(words(.authors), "authors/index.html"), (name, nil)])])
        }
        let list = index.authors.map { entry -> [String: Any] in
            let count = index.postsByAuthor[entry.item.id]?.count ?? 0
            return ["name": entry.item.shownName,
                    "href": "\(entry.slug).html", "posts": count, "postsLabel": words.count(.postsCount, count),
                    "postsText": words.counted(.postsCount, count).text]
        }
        files.append(try file("authors/index.html", template: "authors", section: "authors",
                              page: generatedPage("authors", title: words(.authors), description: words(.authorsDescription)),
                              extra: ["authors": list, "breadcrumbs": breadcrumbs(root: "../", [(words(.authors), nil)])]))
        return files
    }

    static func facts(of author: Author, words: Words = .english) -> [[String: Any]] {
        var facts: [[String: Any]] = []
        func add(_ label: String, _ value: String?, href: String? = nil) {
            guard let value = value?.nonBlank else { return }
            facts.append(["label": label, "value": value, "href": href ?? false])
        }
        add(words(.username), author.username)
        add(words(.email), author.email, href: author.email.flatMap(SafeURL.mailto))
        add(words(.phone), author.phone)
        let site = SafeURL.website(author.website)
        add(words(.website), author.website, href: site?.absoluteString)
        add(words(.city), author.city)
        add(words(.company), author.company)
        add(words(.motto), author.catchPhrase)
        return facts
    }

    /// Text split into paragraphs at blank lines and line breaks, as the APIs write bodies.
    static func paragraphs(_ text: String) -> [String] {
        // Within a line, trimming White_Space is trimming `.whitespaces` (see TrimmingTests),
        // without Foundation's NSString round trip.
        text.lines.map(\.trimmedWhiteSpace).filter { !$0.isEmpty }
    }
}
