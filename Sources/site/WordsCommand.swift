import ArgumentParser
import Foundation
import SiteKit

/// `site words`: the theme's words in the site's language, as `words:` in site.yml takes them.
struct WordsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "words",
        abstract: "Prints the theme's words in the site's language, as words: in site.yml takes them, to translate or change.",
        discussion: """
            The default theme speaks English, French, German and Spanish (language: fr, de, es); for another language, \
            copy what this prints into site.yml and translate it. Words given there win over the built-in ones.
            """
    )

    @Option(help: "The settings file (default: site.yml, which may be missing).") var config: String?
    @Option(help: "The language whose words to print (default: language: in site.yml), such as fr or de.") var language: String?

    func validate() throws {
        if let language, language.wholeMatch(of: /[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*/) == nil {
            throw ValidationError("--language must be a language tag such as en, fr or pt-BR, not \(language)")
        }
    }

    func run() throws {
        var flags = try BuildFlags.parse([])
        flags.config = config
        do {
            let (settings, _) = try flags.resolveSettings(reporter: Reporter(verbosity: .normal))
            let words = Words(language: language ?? settings.language, overrides: settings.words)
            print(WordsListing.yaml(words, given: Set(settings.words.keys)), terminator: "")
        } catch {
            StandardStream.error("error: \(paragraph(error))\n")
            throw ExitCode.failure
        }
    }
}
