import ArgumentParser
import SiteKit

/// A `--timeout` as `site.yml`'s `timeout` takes it: seconds (`30`, `2.5`) or a duration (`30s`,
/// `2m`); `30s` was refused on the command line and accepted in the settings file. Any number
/// is read, out of range or not, so that the range check can name the flag and its limits.
struct Seconds: ExpressibleByArgument, Sendable {
    var value: Double

    init(_ value: Double) { self.value = value }

    init?(argument: String) {
        if let number = Double(argument.trimmingCharacters(in: .whitespaces)) {
            value = number
        } else if let seconds = DurationText.seconds(argument) {
            value = seconds
        } else {
            return nil
        }
    }

    var defaultValueDescription: String { value.rounded() == value ? String(Int(value)) : String(value) }
}
