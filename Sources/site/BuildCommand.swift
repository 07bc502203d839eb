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
        let reporter = Reporter(verbosity: flags.verbosity, isInteractive: Reporter.standardErrorIsInteractive())
        do {
            let (settings, project) = try flags.resolveSettings(reporter: reporter)
            let build = flags.makeBuild(settings: settings, project: project, reporter: reporter)
            // Ctrl-C (or SIGTERM) cancels the build, which throws its staging folder away and
            // publishes nothing; a second one kills the process at once. One that comes once the
            // site is published stops nothing: the build is done, and says so.
            guard case .finished(let summary, let signalled) = try await Interruptible.run({ try await build.run() }) else {
                reporter.endProgress()
                StandardStream.error("interrupted: nothing was published, and the previous output was left as it was.\n")
                throw ExitCode(130)
            }
            if !flags.quiet { StandardStream.error((summary.text + "\n")) }
            if signalled {
                StandardStream.error("note: Ctrl-C or SIGTERM came once the new site was published, too late to stop the build, which is complete.\n")
            }
        } catch let exit as ExitCode {
            throw exit
        } catch let error as SettingsError {
            // Said before anything was built: what became of the output, as a build's errors say.
            // (Not "fix it": each message says what to write, and "Fix that line. Fix it and
            // build again" said it twice.)
            reporter.endProgress()
            StandardStream.error("error: \(paragraph(error)) Nothing was built, and the output folder is as it was.\n")
            throw ExitCode.failure
        } catch {
            reporter.endProgress()
            StandardStream.error("error: \(paragraph(error))\n")
            throw ExitCode.failure
        }
    }
}
