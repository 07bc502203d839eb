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
        await main(nil)
    }
}
