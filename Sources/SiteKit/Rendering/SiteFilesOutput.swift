import Foundation

/// The files around the pages: sitemap, Atom feed, robots.txt, favicon and the search index.
extension SiteRenderer {
    /// The feed's `updated`: the data has no dates, and the clock would break byte-identical
    /// builds, so it is a fixed instant (the JSONPlaceholder epoch).
    static let feedUpdated = Date(timeIntervalSince1970: 1_577_836_800)

    func siteFiles(_ index: SiteIndex, images: [URL: PublishedImage], pages: [String]) -> [RenderedFile] {
        let htmlPages = pages.filter { $0.hasSuffix(".html") && $0 != "404.html" }
        var files = Sitemap.files(baseURL: baseURL, paths: htmlPages).map { RenderedFile(path: $0.path, bytes: Data($0.xml.utf8)) }
        files.append(RenderedFile(path: RobotsTxt.path, bytes: Data(RobotsTxt.text(baseURL: baseURL).utf8)))
        files.append(RenderedFile(path: Favicon.path, bytes: Data(Favicon.svg.utf8)))
        let entries = index.posts.map { entry in
            AtomEntry(title: entry.item.title, path: SiteIndex.folder(SiteIndex.postPath(entry.slug)),
                      authorName: entry.item.userId.flatMap { index.authorsByID[$0]?.item.name },
                      summary: PostEntry.excerpt(entry.item.body), content: entry.item.body)
        }
        let feed = AtomFeed(baseURL: baseURL, title: "\(frame.title): posts", subtitle: frame.description.isEmpty ? nil : frame.description,
                            authorName: frame.title, updated: Self.feedUpdated, entries: entries)
        files.append(RenderedFile(path: AtomFeed.path, bytes: Data(feed.xml().utf8)))
        files.append(RenderedFile(path: "users/index.json", bytes: searchIndex(index, images: images)))
        return files
    }

    /// One compact record per person for the people filter: name, email, country, page, thumbnail.
    func searchIndex(_ index: SiteIndex, images: [URL: PublishedImage]) -> Data {
        struct Record: Encodable {
            var n: String, e: String?, c: String?, u: String, t: String?, w: Int?, h: Int?
        }
        let records = index.people.map { entry in
            let thumb = PersonEntry.published(.thumbnail, of: entry.item, in: images)
            return Record(n: entry.item.displayName, e: entry.item.email, c: entry.item.location?.country,
                          u: SiteIndex.folder(SiteIndex.personPath(entry.slug)), t: thumb?.path, w: thumb?.width, h: thumb?.height)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(records)) ?? Data("[]".utf8)
    }
}
