/// A value as it must be typed in a shell command that a message suggests (`--seed 'a b'`), so
/// that copying the suggestion gives back the same value.
public enum ShellWord {
    public static func quote(_ value: String) -> String {
        let plain = !value.isEmpty && value.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._/:@%+=,-".unicodeScalars.contains(scalar))
        }
        return plain ? value : "'" + value.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
