/// Paints the demo portraits: a background colour and a head-and-shoulders silhouette, both
/// derived from the gender and number, so every one of the 200 pictures differs, under a faint grain.
struct PortraitPainter {
    var isMale: Bool
    var number: Int

    /// RGB pixels of a `size` × `size` portrait.
    func pixels(size: Int) -> [UInt8] {
        var random = SeededGenerator(text: "portrait|\(isMale ? "men" : "women")|\(number)")
        // Hues step by a prime so neighbouring numbers look different; women are offset by half a turn.
        let hue = Double((number * 37) % 100) / 100 + (isMale ? 0 : 0.5)
        let background = Self.rgb(hue: hue, saturation: 0.45, value: 0.85)
        let figure = Self.rgb(hue: hue + 0.5, saturation: 0.35 + random.unit() * 0.3, value: 0.35 + random.unit() * 0.3)
        let headRadius = 0.16 + Double(number % 5) * 0.015
        let shoulderWidth = 0.30 + Double(number % 100 / 20) * 0.03  // per-person numbers go past 99
        let headY = 0.40 + random.unit() * 0.05
        let hair = isMale ? 0.0 : 0.05

        // Written in place, channel by channel: the pictures are drawn on a fresh server's first
        // requests, and appending each channel from an array of three was half of the drawing.
        return [UInt8](unsafeUninitializedCapacity: size * size * 3) { buffer, count in
            var index = 0
            for row in 0..<size {
                let y = (Double(row) + 0.5) / Double(size)
                let dy = y - 1.02
                for column in 0..<size {
                    let x = (Double(column) + 0.5) / Double(size) - 0.5
                    let inHead = x * x + (y - headY) * (y - headY) <= headRadius * headRadius
                    let inHair = abs(x) <= headRadius + hair && y >= headY - headRadius * 0.6 && y <= headY + headRadius * 1.4
                        && abs(x) >= headRadius * 0.8
                    let inShoulders = (x * x) / (shoulderWidth * shoulderWidth) + (dy * dy) / (0.36 * 0.36) <= 1
                    let colour = inHead || inShoulders || (hair > 0 && inHair) ? figure : background
                    buffer[index] = Self.grain(colour.0, &random)
                    buffer[index + 1] = Self.grain(colour.1, &random)
                    buffer[index + 2] = Self.grain(colour.2, &random)
                    index += 3
                }
            }
            count = index
        }
    }

    /// A faint grain: one channel value in twenty moves by one step, invisibly. It keeps the
    /// pictures about as large as randomuser's JPEGs (about 6, 2 and 1 KB for 128, 72 and 48 px)
    /// once compressed at zlib's fastest level, where flat colours alone compress to a few
    /// hundred bytes.
    private static func grain(_ value: UInt8, _ random: inout SeededGenerator) -> UInt8 {
        switch random.below(40) {
        case 0: value == 0 ? 1 : value - 1
        case 1: value == 255 ? 254 : value + 1
        default: value
        }
    }

    /// HSV to 8-bit RGB; `hue` wraps around 1.
    private static func rgb(hue: Double, saturation: Double, value: Double) -> (UInt8, UInt8, UInt8) {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6
        let fraction = h - Double(Int(h))
        let p = value * (1 - saturation)
        let q = value * (1 - saturation * fraction)
        let t = value * (1 - saturation * (1 - fraction))
        let (r, g, b): (Double, Double, Double) = switch sector {
        case 0: (value, t, p)
        case 1: (q, value, p)
        case 2: (p, value, t)
        case 3: (p, q, value)
        case 4: (t, p, value)
        default: (value, p, q)
        }
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
        return (byte(r), byte(g), byte(b))
    }
}
