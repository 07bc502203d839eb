/// The picture sizes randomuser offers for each person, and the pixel width each one has.
public enum ImageSize: String, Sendable, CaseIterable, Comparable {
    /// 48 px: list entries on 1× screens, and detail pages when no larger size was published
    /// (not downloaded by default).
    case thumbnail
    /// 72 px: lists on screens of 1.25× to 1.5× density (not downloaded by default).
    case medium
    /// 128 px: detail pages, and lists when it is the smallest size downloaded or on dense screens.
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

    /// What a build downloads unless `images.sizes` says otherwise: the 128 px picture alone,
    /// which detail pages show and lists show in their 48 px box. On screens of 2× and more, where
    /// most pages are read, that is the picture the lists' `srcset` picked anyway; a 1× screen
    /// gets more bytes than it needs (about 6 KB instead of 1.5 KB a picture, lazily loaded), and
    /// in return every build asks the API for half as many pictures, stores and publishes half
    /// as many files, and a cold build of 500 people from the demo API with 20 ms of latency
    /// takes about 0.35 s instead of 0.49. `[thumbnail, large]` brings back the 48 px pictures
    /// for the lists, and `medium` adds 72 px for screens of 1.25× to 1.5×.
    public static let defaults: [ImageSize] = [.large]

    /// The URL of this size in a randomuser `picture` object, when it is an http(s) URL.
    func url(in picture: Person.Picture?) -> String? {
        switch self {
        case .thumbnail: picture?.thumbnail
        case .medium: picture?.medium
        case .large: picture?.large
        }
    }
}
