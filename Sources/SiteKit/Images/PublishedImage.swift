import Foundation

/// An image written to the output: its path inside the site and its real pixel size.
public struct PublishedImage: Sendable, Hashable {
    /// e.g. "thumbs/3f9a…c1.png"
    public var path: String
    public var width: Int
    public var height: Int
}

/// What became of one image URL.
public enum ImageResult: Sendable, Hashable {
    case published(PublishedImage)
    case failed(reason: String)

    public var image: PublishedImage? {
        if case .published(let image) = self { return image }
        return nil
    }
}
