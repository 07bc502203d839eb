/// SplitMix64: a small generator whose whole output is fixed by its seed, on every platform and
/// in every process. The demo API never uses `Hasher` or the system generator, so the same query
/// always produces the same bytes.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// A generator seeded by the FNV-1a hash of `text`.
    init(text: String) {
        self.init(seed: Self.fnv1a(text))
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`; the stdlib's `random(in:using:)` could change its algorithm
    /// between releases, this cannot.
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `range`.
    mutating func within(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// One element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// A number in `0..<1`.
    mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }

    /// True with probability `chance`.
    mutating func chance(_ chance: Double) -> Bool {
        unit() < chance
    }

    /// FNV-1a, 64 bits, over the UTF-8 bytes of `text`.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
