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
        subcommands: [BuildCommand.self, ServeCommand.self, InitCommand.self, CleanCommand.self, APICommand.self, FetchCommand.self]
    )

    static func main() async {
        // Before anything else runs: nothing but the output and cache folders is ever written.
        FoundationStores.keepOutOfHome()
        // A reader that goes away (`site build --verbose 2>&1 | head -1`) makes writes fail with
        // EPIPE, which `StandardStream` drops; the signal would kill a build midway instead and
        // leave its staging folder. (Demo builds were spared only because SwiftNIO ignores it.)
        signal(SIGPIPE, SIG_IGN)
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.first == "fetch", arguments.contains("--json") else {
            await main(nil)
            return
        }
        // site fetch --json: stdout is one JSON object whatever goes wrong, the command line
        // the parser refuses (an unknown flag, --timeout abc) included, as the README promises.
        let command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }  // --help, --version
            let output = FetchTool.usageFailure(FetchToolError(message(for: error)), json: true)
            StandardStream.output(output.standardOutput)
            StandardStream.error(fullMessage(for: error) + "\n")
            Foundation.exit(code.rawValue)
        }
        do {
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                var synchronous = command
                try synchronous.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
