import Foundation
import Synchronization

/// How much a run prints.
public enum Verbosity: Int, Sendable, Comparable {
    case quiet, normal, verbose
    public static func < (lhs: Verbosity, rhs: Verbosity) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Everything a run tells its user: warnings, phase lines, per-request lines and a live progress line.
///
/// Warnings are also kept, so that `--strict` and tests can look at them after the build.
public final class Reporter: Sendable {
    public typealias Sink = @Sendable (String) -> Void

    private struct State {
        var warnings: [String] = []
        var progressShown = false
        /// Every warning printed whole, for `shortensRepeats`.
        var said: Set<String> = []
    }

    public let verbosity: Verbosity
    /// Whether a live, rewritten progress line may be drawn (a TTY).
    public let isInteractive: Bool
    /// Whether a warning printed whole before is printed again cut short, "as before: …" (but
    /// with --verbose): site serve's rebuilds repeated the paragraph of the demo fallback, or of a
    /// placeholder base_url, at every save, above the lines that were news.
    public let shortensRepeats: Bool
    private let sink: Sink
    private let state = Mutex(State())

    public init(verbosity: Verbosity = .normal, isInteractive: Bool = false, shortensRepeats: Bool = false,
                sink: @escaping Sink = Reporter.standardError) {
        self.verbosity = verbosity
        self.isInteractive = isInteractive
        self.shortensRepeats = shortensRepeats
        self.sink = sink
    }

    /// Whether standard error may show a rewritten progress line: a terminal, and one that
    /// moves its cursor (not `TERM=dumb`, such as Emacs's shell, which printed the escapes).
    public static func standardErrorIsInteractive(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        // No TERM, or an empty one, says no more of the terminal than dumb does.
        isatty(2) == 1 && !["", "dumb"].contains(environment["TERM"] ?? "")
    }

    /// Writes to standard error.
    public static let standardError: Sink = { text in
        StandardStream.error(text)
    }

    /// A reporter that prints nothing but still records warnings.
    public static func silent() -> Reporter { Reporter(verbosity: .quiet, sink: { _ in }) }

    /// The warnings printed so far.
    public var warnings: [String] { state.withLock { $0.warnings } }

    /// A problem that did not stop the run. Printed even with `--quiet`.
    /// - Parameter whole: print it whole even when it repeats (`shortensRepeats`): an error that
    ///   is still there, whose end says what is wrong.
    public func warning(_ message: String, whole: Bool = false) {
        state.withLock { $0.warnings.append(message) }
        emit(whole ? "warning: \(message)\n" : warningLine(message))
    }

    /// A warning about the settings alone, which the same settings repeat on every build: printed
    /// like any warning, but not among `warnings`, the build's problems (which keep the next build
    /// from being up to date, see `BuildRecord`).
    public func settingsWarning(_ message: String) {
        emit(warningLine(message))
    }

    private func warningLine(_ message: String) -> String {
        guard shortensRepeats, verbosity < .verbose else { return "warning: \(message)\n" }
        let repeated = state.withLock { !$0.said.insert(message).inserted }
        return repeated ? "warning: as before: \(message.clipped(to: Self.repeatedLength))\n" : "warning: \(message)\n"
    }

    /// How much of a repeated warning `shortensRepeats` prints.
    static let repeatedLength = 100

    /// A normal status line.
    public func info(_ message: String) {
        guard verbosity >= .normal else { return }
        emit("\(message)\n")
    }

    /// A detail line shown with `--verbose`.
    public func detail(_ message: String) {
        guard verbosity >= .verbose else { return }
        emit("\(message)\n")
    }

    /// Redraws the live progress line; does nothing when not interactive.
    public func progress(_ line: String) {
        guard isInteractive, verbosity >= .normal else { return }
        state.withLock { $0.progressShown = true }
        sink("\r\u{1B}[K\(line)")
    }

    /// Clears the progress line, if one is shown.
    public func endProgress() {
        let shown = state.withLock { state in
            defer { state.progressShown = false }
            return state.progressShown
        }
        if shown { sink("\r\u{1B}[K") }
    }

    private func emit(_ text: String) {
        endProgress()
        sink(Self.printable(text))
    }

    /// `text` with the control characters that data may carry into a message (a name holding
    /// ESC sequences that would recolour or clear the terminal, a carriage return that would
    /// overwrite the line) shown as `\u{1B}`-style escapes; line breaks and tabs stay.
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isHidden) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if isHidden(scalar) {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }
}
