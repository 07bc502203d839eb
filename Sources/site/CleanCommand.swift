import ArgumentParser
import Foundation
import SiteKit

/// `site clean`: remove the output and cache folders.
struct CleanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean",
        abstract: "Removes what builds wrote in the output and cache folders named by site.yml or the flags, and nothing else."
    )

    @Option(help: "The settings file (default: site.yml, which may be missing).") var config: String?
    @Option(help: "The output folder.") var output: String?
    @Option(name: .customLong("cache-dir"), help: "The HTTP cache folder.") var cacheDir: String?
    @Flag(name: [.customShort("q"), .long], help: "Print only warnings and errors, as build --quiet does.") var quiet = false

    /// A build's flags naming the same folders, so that clean finds them as a build does.
    private func buildFlags() throws -> BuildFlags {
        var flags = try BuildFlags.parse([])
        flags.config = config
        flags.output = output
        flags.cacheDir = cacheDir
        return flags
    }

    /// The same checks as a build's: an empty path is a command line that cannot be used (64).
    func validate() throws {
        try buildFlags().validate()
    }

    func run() throws {
        let flags = try buildFlags()
        do {
            let (settings, project) = try flags.resolveSettings(reporter: Reporter(verbosity: quiet ? .quiet : .normal))
            let options = BuildOptions(projectDirectory: project)
            let result = try SiteCleaner(output: options.outputFolder(settings.output), cache: options.resolve(settings.cacheDirectory),
                                         project: project, outputIsLinked: options.namesOutputThroughLink(settings.output),
                                         isStopped: TerminationSignal.caught()).clean()
            if !quiet { print(Reporter.printable(result.lines.joined(separator: "\n"))) }
        } catch is SiteCleaner.Interrupted {
            StandardStream.error("interrupted: site clean stopped before it was done. What it removed is gone and the rest stays, "
                + "and the output folder is still the build's: run site clean again to finish, or build.\n")
            throw ExitCode(130)
        } catch {
            StandardStream.error("error: \(paragraph(error))\n")
            throw ExitCode.failure
        }
    }
}
