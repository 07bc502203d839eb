import Foundation

/// The files around the pages: sitemap, Atom feed, robots.txt, favicon and the search index.
extension SiteRenderer {
    /// The feed's `updated`: the data has no dates, and the clock would break byte-identical
    /// builds, so it is a fixed instant (the JSONPlaceholder epoch).
    static let feedUpdated = Date(timeIntervalSince1970: 1_577_836_800)

    func siteFiles(_ index: SiteIndex, images: [URL: PublishedImage], pages: [String]) throws -> [RenderedFile] {
        let htmlPages = pages.filter { $0.hasSuffix(".html") && $0 != "404.html" }
        var files = Sitemap.files(baseURL: baseURL, paths: htmlPages).map { RenderedFile(path: $0.path, bytes: Data($0.xml.utf8)) }
        files.append(RenderedFile(path: RobotsTxt.path, bytes: Data(RobotsTxt.text(baseURL: baseURL, demo: frame.source.isDemo).utf8)))
        files.append(RenderedFile(path: Favicon.path, bytes: Data(Favicon.svg.utf8)))
        let entries = index.posts.map { entry in
            AtomEntry(title: entry.item.shownTitle, path: SiteIndex.folder(SiteIndex.postPath(entry.slug)),
                      authorName: entry.item.userId.flatMap { index.authorsByID[$0]?.item.shownName },
                      summary: PostEntry.excerpt(entry.item.body), content: entry.item.body)
        }
        // Titled as the pages title the posts (content/posts.md may call them Articles).
        // Each title's direction controls closed where it ends, so that what follows reads as written.
        let titles = [frame.title, frame.sectionTitles.posts].map(HTML.closingDirectionalFormatting)
        // A posts section titled as the site (a blog called "Notes" whose posts page is "Notes")
        // is named once: "Notes: Notes" read as a mistake.
        let sameTitle = titles[0].collapsedWhiteSpace.lowercased() == titles[1].collapsedWhiteSpace.lowercased()
        let feedTitle = sameTitle ? titles[0] : words(.feedTitle, ["site": titles[0], "posts": titles[1]])
        let feed = AtomFeed(baseURL: baseURL, title: frame.source.isDemo ? words(.feedTitleDemo, ["title": feedTitle]) : feedTitle,
                            subtitle: frame.description.isEmpty ? nil : frame.description,
                            authorName: frame.title, updated: Self.feedUpdated, entries: entries, language: frame.language)
        files.append(RenderedFile(path: AtomFeed.path, bytes: Data(feed.xml().utf8)))
        files.append(RenderedFile(path: "users/index.json", bytes: try searchIndex(index, images: images)))
        return files
    }

    /// One compact record per person for the people filter: name, email, country, page, thumbnail.
    ///
    /// Encoded `chunk` records at a time, on every core: JSONEncoder builds a tree of every value
    /// before it writes a byte, which for 50,000 people was the build's peak memory. The bytes are
    /// those of one encoding of the whole array (compact output has no whitespace between elements).
    func searchIndex(_ index: SiteIndex, images: [URL: PublishedImage], chunk: Int = 1000) throws -> Data {
        let size = max(1, chunk)
        let chunks = (index.people.count + size - 1) / size
        let encoded = try mapPages(chunks) { number -> Data in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let start = number * size
            let records = (start..<min(start + size, index.people.count)).map { position in
                let entry = index.people[position]
                let card = index.card(position, country: entry.item.location?.country, comma: words(.comma))
                let thumb = PersonEntry.listPicture(of: entry.item, in: images)
                // Without a picture, the placeholder the list shows (initials on a colour of the name).
                let placeholder = thumb == nil
                    ? Placeholder.svg(name: entry.item.displayName, initialsOf: entry.item.initialsName,
                                      width: PersonEntry.thumbnailSize, height: PersonEntry.thumbnailSize, decorative: true)
                    : nil
                // Text as the pages print it: without the code points HTML never allows.
                // An address as its link has it (blanks around it trimmed), else the text as sent.
                let email = entry.item.email?.nonBlank.map(HTML.removingForbidden)
                let address = email.flatMap { SafeURL.mailto($0) != nil ? $0.trimmedWhiteSpace : nil }
                return SearchRecord(n: HTML.removingForbidden(card.name), e: address ?? email,
                                    x: email != nil && address == nil ? true : nil,
                                    c: card.place.map(HTML.removingForbidden),
                                    u: SiteIndex.folder(SiteIndex.personPath(entry.slug)), t: thumb?.image.path, w: thumb?.width, h: thumb?.height,
                                    s: thumb == nil ? nil : PersonEntry.srcset(of: entry.item, in: images, root: ""), p: placeholder)
            }
            return try encoder.encode(records)
        }
        var json = Data("[".utf8)
        for (number, records) in encoded.enumerated() {
            if number > 0 { json.append(UInt8(ascii: ",")) }
            json.append(records.dropFirst().dropLast())
        }
        json.append(UInt8(ascii: "]"))
        return json
    }
}

/// A person in `users/index.json`, with one-letter keys to keep the file small: name, email
/// (`x` true when it is no address, shown as text rather than linked), country, page, thumbnail
/// and its size, with every size as a `srcset` from the site's root (`s`, when there are several),
/// or the placeholder's markup (`p`) when there is none.
struct SearchRecord: Encodable {
    var n: String, e: String?, x: Bool?, c: String?, u: String, t: String?, w: Int?, h: Int?, s: String?, p: String?
}
