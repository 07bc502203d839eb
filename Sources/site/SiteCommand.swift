import ArgumentParser
import Foundation
import SiteKit

/// `site`: a static site generator for sites built from live APIs.
@main
struct SiteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site",
        abstract: "Builds a static site from live APIs: people from randomuser.me, posts from JSONPlaceholder.",
        version: SiteVersion.number,
        subcommands: [BuildCommand.self, ServeCommand.self, InitCommand.self, CleanCommand.self, APICommand.self, FetchCommand.self,
                      WordsCommand.self]
    )

    static func main() async {
        // Before anything else runs: nothing but the output and cache folders is ever written.
        FoundationStores.keepOutOfHome()
        // A reader that goes away (`site build --verbose 2>&1 | head -1`) makes writes fail with
        // EPIPE, which `StandardStream` drops; the signal would kill a build midway instead and
        // leave its staging folder. (Demo builds were spared only because SwiftNIO ignores it.)
        signal(SIGPIPE, SIG_IGN)
        let arguments = Array(CommandLine.arguments.dropFirst())
        // site fetch --json: stdout is one JSON object whatever goes wrong, the command line
        // the parser refuses (an unknown flag, --timeout abc) included, as the README promises.
        let json = arguments.first == "fetch" && arguments.contains("--json")
        if let message = unknownHelpTopic(arguments) {
            StandardStream.error(message + "\n")
            ProcessEnd.exit(ExitCode.validationFailure.rawValue)
        }
        let command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }  // --help, --version
            if json {
                let output = FetchTool.usageFailure(FetchToolError(message(for: error)), json: true)
                StandardStream.output(output.standardOutput)
            }
            end(with: error, hint: commandHint(arguments))
        }
        do {
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                var synchronous = command
                try synchronous.run()
            }
        } catch {
            end(with: error)
        }
        // Every ending goes through `ProcessEnd` (see there: OpenSSL's exit handler crashed builds).
        ProcessEnd.exit(0)
    }

    /// Prints `error` as the argument parser would (its message, its usage for a usage error),
    /// and ends the process with its exit code.
    private static func end(with error: any Error, hint: String? = nil) -> Never {
        let code = exitCode(for: error)
        if code == .success { exit(withError: error) }  // --help, --version, a clean exit with a message
        let message = helpSuggested(in: fullMessage(for: error))
        if !message.isEmpty { StandardStream.error(message + "\n") }
        if let hint { StandardStream.error(hint + "\n") }
        ProcessEnd.exit(code.rawValue)
    }

    /// The parser's "Unknown option '--hepl'. Did you mean '--seed'?" suggests only the
    /// command's own options, never `--help`: when the typed option is nearer `--help` than the
    /// one suggested (or none was), `--help` is suggested instead.
    static func helpSuggested(in message: String) -> String {
        let pattern = /Unknown option '(?<typed>-{1,2}[^']+)'\.(?<hint> Did you mean '(?<meant>[^']+)'\?)?/
        guard let match = message.firstMatch(of: pattern) else { return message }
        let typed = Array(String(match.typed).lowercased())
        let toHelp = NearestName.distance(typed, Array("--help"))
        guard toHelp <= 2 else { return message }
        if let meant = match.meant, NearestName.distance(typed, Array(String(meant).lowercased())) <= toHelp { return message }
        let suggestion = "Unknown option '\(match.typed)'. Did you mean '--help'?"
        return message.replacingCharacters(in: match.range, with: suggestion)
    }

    /// "Did you mean 'site build'?" when the first argument is a command's name mistyped
    /// (`site bild`): the parser suggests flags, not commands.
    private static func commandHint(_ arguments: [String]) -> String? {
        guard let typed = arguments.first, !typed.hasPrefix("-") else { return nil }
        let names = commandNames
        guard !names.contains(typed), let meant = NearestName.nearest(to: typed, among: names) else { return nil }
        return "Did you mean 'site \(meant)'?"
    }

    private static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName }
    }

    /// `site help bild` and `site bild --help`: the parser would print the general help and exit
    /// 0, as if the command existed. Says that it does not, the nearest name, and the commands
    /// there are; and of `site help build extra`, that `build` has no command `extra`.
    private static func unknownHelpTopic(_ arguments: [String]) -> String? {
        let typed: String
        let meant: (String) -> String
        if arguments.count >= 2, arguments[0] == "help" {
            typed = arguments[1]
            meant = { "site help \($0)" }
        } else if let first = arguments.first, arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            typed = first
            meant = { "site \($0) --help" }
        } else {
            return nil
        }
        let names = commandNames
        guard !typed.hasPrefix("-"), typed != "help" else { return nil }
        if names.contains(typed) {
            // `site help build extra`: no command has commands of its own, and the parser
            // printed the help of `build` as if `extra` were one of them.
            guard arguments[0] == "help", arguments.count > 2, !arguments[2].hasPrefix("-") else { return nil }
            return "Error: 'site \(typed)' has no command '\(arguments[2])': 'site help \(typed)' shows what it takes."
        }
        let hint = NearestName.nearest(to: typed, among: names).map { " Did you mean '\(meant($0))'?" } ?? ""
        return "Error: site has no command '\(typed)'.\(hint) The commands are \(names.joined(separator: ", ")); "
            + "'site help <command>' shows one."
    }
}
