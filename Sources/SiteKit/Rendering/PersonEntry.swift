import Foundation

/// One person as the list template shows them: name, email, country and a thumbnail (or its placeholder).
struct PersonEntry {
    static let thumbnailSize = ImageSize.thumbnail.pixels

    /// - Parameters:
    ///   - images: every published picture, by source URL.
    ///   - root: the way back to the site root from the page.
    ///   - eager: load at once, with high priority (the first row of page 1).
    static func context(for person: Person, images: [URL: PublishedImage], root: String, eager: Bool) -> [String: Any] {
        let name = person.displayName
        var entry: [String: Any] = ["name": name]
        if let email = person.email?.nonBlank {
            entry["email"] = email
            // An e-mail that is no address is shown as text, without the link nobody could use.
            if let mailto = SafeURL.mailto(email) { entry["mailto"] = mailto }
        }
        if let country = person.location?.country, !country.isEmpty { entry["country"] = country }
        if let picture = listPicture(of: person, in: images) {
            var tag: [String: Any] = [
                "src": root + picture.image.path, "width": picture.width, "height": picture.height, "alt": name, "eager": eager,
            ]
            if let srcset = srcset(of: person, in: images, root: root) { tag["srcset"] = srcset }
            entry["image"] = tag
        } else {
            entry["placeholder"] = Placeholder.svg(name: name, initialsOf: person.initialsName, width: thumbnailSize, height: thumbnailSize, decorative: true)
        }
        return entry
    }

    /// The picture lists show for `person`: the smallest size published (the 48 px one when it
    /// was downloaded, else the next that was), in a box `thumbnailSize` wide with its aspect
    /// ratio, so that every list looks the same whichever sizes `images.sizes` names; nil when
    /// no size was published.
    static func listPicture(of person: Person, in images: [URL: PublishedImage]) -> (image: PublishedImage, width: Int, height: Int)? {
        guard let image = ImageSize.allCases.lazy.compactMap({ published($0, of: person, in: images) }).first else { return nil }
        let height = image.width > 0 ? max(1, (thumbnailSize * image.height + image.width / 2) / image.width) : thumbnailSize
        return (image, thumbnailSize, height)
    }

    /// Every published size of `person`'s picture as a `srcset` (paths after `root`), for screens
    /// of more than one pixel per CSS pixel; nil when there is only one size.
    static func srcset(of person: Person, in images: [URL: PublishedImage], root: String) -> String? {
        // One candidate per width: an API that gives the same picture for every size (or two
        // pictures of one width) would otherwise make a srcset HTML does not allow.
        var widths = Set<Int>()
        let candidates = ImageSize.allCases.compactMap { published($0, of: person, in: images) }
            .filter { widths.insert($0.width).inserted }
            .map { "\(root)\($0.path) \($0.width)w" }
        return candidates.count > 1 ? candidates.joined(separator: ", ") : nil
    }

    static func published(_ size: ImageSize, of person: Person, in images: [URL: PublishedImage]) -> PublishedImage? {
        person.picture?.url(size).flatMap { images[$0] }
    }
}
