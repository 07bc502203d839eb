import ArgumentParser
import Foundation
import SiteKit

/// `site build`: fetch, render and publish the site.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Builds the site into the output folder (public/ by default).",
        discussion: """
        Flags override site.yml, which overrides the defaults. Without --live or --demo, the live APIs are \
        used and the embedded demo API takes over, loudly, when they cannot be reached.
        """
    )

    @OptionGroup var flags: BuildFlags

    func run() async throws {
        let reporter = Reporter(verbosity: flags.verbosity, isInteractive: isatty(2) == 1)
        do {
            let (settings, project) = try flags.resolveSettings(reporter: reporter)
            let summary = try await flags.makeBuild(settings: settings, project: project, reporter: reporter).run()
            if !flags.quiet { FileHandle.standardError.write(Data((summary.text + "\n").utf8)) }
        } catch {
            reporter.endProgress()
            FileHandle.standardError.write(Data("error: \(paragraph(error))\n".utf8))
            throw ExitCode.failure
        }
    }
}
