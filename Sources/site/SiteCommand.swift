import ArgumentParser
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
        await main(nil)
    }
}
