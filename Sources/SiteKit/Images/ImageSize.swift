/// The picture sizes randomuser offers for each person, and the pixel width each one has.
public enum ImageSize: String, Sendable, CaseIterable, Comparable {
    /// 48 px: list entries.
    case thumbnail
    /// 72 px: lists on screens of 1.25× to 1.5× density (not downloaded by default).
    case medium
    /// 128 px: detail pages, and lists on very dense screens.
    case large

    /// The nominal width in CSS pixels.
    public var pixels: Int {
        switch self {
        case .thumbnail: 48
        case .medium: 72
        case .large: 128
        }
    }

    public static func < (lhs: ImageSize, rhs: ImageSize) -> Bool { lhs.pixels < rhs.pixels }

    /// What a build downloads unless `images.sizes` says otherwise: 48 px for the lists and
    /// 128 px for the detail pages, which the lists' `srcset` also offers to high-density screens.
    /// A browser picks the same picture with or without 72 px at 1× and at 2× and above; 72 px
    /// only spares screens of 1.25× to 1.5× a larger download, and costs every build a third
    /// more requests to the API (cold build of 500 people from the demo API with 20 ms of
    /// latency: 0.49 s with all three, 0.39 s without it). So it is there to ask for.
    public static let defaults: [ImageSize] = [.thumbnail, .large]

    /// The URL of this size in a randomuser `picture` object, when it is an http(s) URL.
    func url(in picture: Person.Picture?) -> String? {
        switch self {
        case .thumbnail: picture?.thumbnail
        case .medium: picture?.medium
        case .large: picture?.large
        }
    }
}
