/// The portrait routes, `/api/portraits/{thumb/,med/,}{men,women}/N.jpg`. Images are painted on
/// demand; the server's response cache keeps the encoded bytes.
enum Portraits {
    /// Sizes in pixels: large, `med/` and `thumb/`, as randomuser serves them.
    enum Size: Int, Sendable {
        case large = 128
        case medium = 72
        case thumbnail = 48
    }

    /// The PNG for the path components after `portraits`, or nil for anything that is not a
    /// portrait of `set`.
    static func image(for components: [String], in set: PortraitSet = .randomUser) -> [UInt8]? {
        var parts = components[...]
        var size = Size.large
        if parts.first == "med" || parts.first == "thumb" {
            size = parts.first == "med" ? .medium : .thumbnail
            parts = parts.dropFirst()
        }
        guard parts.count == 2, let folder = parts.first, folder == "men" || folder == "women",
              let file = parts.last, file.hasSuffix(".jpg"),
              let number = Int(file.dropLast(4)), (0..<set.numbers).contains(number), String(number) == file.dropLast(4)
        else { return nil }
        let painter = PortraitPainter(isMale: folder == "men", number: number)
        return PNGEncoder.encode(width: size.rawValue, height: size.rawValue, rgb: painter.pixels(size: size.rawValue))
    }
}
