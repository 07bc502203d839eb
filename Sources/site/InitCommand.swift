import ArgumentParser
import Foundation
import SiteKit

/// `site init DIR`: start a new site.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Creates a new site: site.yml and content/*.md, and with --with-templates the default theme in templates/.",
        discussion: "Never overwrites: if any of the files exists, nothing is written. In an existing site (one with a site.yml), --with-templates adds just the templates."
    )

    @Argument(help: "The folder of the new site; created if missing.") var directory = "."
    @Flag(name: .customLong("with-templates"), help: "Also copy the default theme's templates into templates/ for editing.")
    var withTemplates = false

    func validate() throws {
        if directory.isEmpty { throw ValidationError("name the folder of the new site, such as my-site, or . for this one.") }
    }

    func run() throws {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        do {
            let written = try SiteScaffold(directory: folder, withTemplates: withTemplates).create()
            guard !written.isEmpty else {
                print("nothing to add: \(folder.appendingPathComponent("templates").standardizedFileURL.path) holds every template of the theme "
                    + "already, and site init never overwrites files. Remove a template to get the theme's copy of it back.")
                return
            }
            let lines = written.map { "  \($0)" }.joined(separator: "\n")
            let next = directory == "." ? "site build" : "cd \(ShellWord.quote(directory)) && site build"
            print("created \(written.count == 1 ? "1 file" : "\(written.count) files") in \(folder.standardizedFileURL.path):\n\(lines)\nnext: \(next), or site serve to preview while you edit")
        } catch {
            StandardStream.error("error: \(paragraph(error))\n")
            throw ExitCode.failure
        }
    }
}
