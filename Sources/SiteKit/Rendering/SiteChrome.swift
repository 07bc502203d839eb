import Foundation
import Synchronization

/// The top and bottom of every page (the `header` and `footer` templates), rendered once per
/// section and folder depth instead of once per page: they show only site-wide values, and their
/// twenty-odd tags were a tenth of the time a person page took to render. The layout inserts
/// them as they are (`{{{header}}}`, `{{{footer}}}`).
final class SiteChrome: Sendable {
    struct Parts: Sendable {
        var header: String
        var footer: String
    }

    /// Everything the parts depend on, so that a renderer given another frame or other templates
    /// never reuses parts rendered for the first.
    private struct Key: Hashable {
        var frame: PageFrame
        var templates: Data
        var root: String
        var section: String
        var isSectionPage: Bool
    }

    private let rendered = Mutex<[Key: Parts]>([:])

    /// The parts for the pages of `frame` in `section` whose way back to the site root is
    /// `root`, the section's own page or those inside it; rendered the first time they are asked for.
    func parts(of frame: PageFrame, root: String, section: String, isSectionPage: Bool, templates: TemplateSet) throws -> Parts {
        let key = Key(frame: frame, templates: templates.fingerprint, root: root, section: section, isSectionPage: isSectionPage)
        if let known = rendered.withLock({ $0[key] }) { return known }
        let context = frame.siteContext(root: root, section: section, isSectionPage: isSectionPage)
        let parts = Parts(header: try templates.render("header", context), footer: try templates.render("footer", context))
        rendered.withLock { $0[key] = parts }
        return parts
    }
}
