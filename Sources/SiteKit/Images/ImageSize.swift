/// The picture sizes randomuser offers for each person, and the pixel width each one has.
public enum ImageSize: String, Sendable, CaseIterable, Comparable {
    /// 48 px: list entries.
    case thumbnail
    /// 72 px: lists on high-density screens.
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

    /// The URL of this size in a randomuser `picture` object, when it is an http(s) URL.
    func url(in picture: Person.Picture?) -> String? {
        switch self {
        case .thumbnail: picture?.thumbnail
        case .medium: picture?.medium
        case .large: picture?.large
        }
    }
}
