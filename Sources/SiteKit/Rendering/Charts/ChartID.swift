/// Turns the id a caller gives a chart into one that is safe as an HTML id, an SVG id and a
/// CSS selector: ASCII letters, digits, `-` and `_`, starting with a letter.
enum ChartID {
    static func make(_ raw: String) -> String {
        var id = ""
        var pendingHyphen = false
        for scalar in raw.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" {
                if pendingHyphen, !id.isEmpty { id += "-" }
                pendingHyphen = false
                id.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        guard let first = id.unicodeScalars.first else { return "chart" }
        return first.properties.isAlphabetic ? id : "chart-" + id
    }
}
