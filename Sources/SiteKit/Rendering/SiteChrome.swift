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

    private let rendered = Mutex<[String: Parts]>([:])

    /// The parts for pages whose site-wide context is `context`, whose root is `root`, in
    /// `section`; rendered the first time they are asked for.
    func parts(root: String, section: String, context: [String: Any], templates: TemplateSet) throws -> Parts {
        // The templates' fingerprint is in the key: a renderer given other templates renders anew.
        let key = templates.fingerprint.base64EncodedString() + "\n" + root + "\n" + section
        if let known = rendered.withLock({ $0[key] }) { return known }
        let parts = Parts(header: try templates.render("header", context), footer: try templates.render("footer", context))
        rendered.withLock { $0[key] = parts }
        return parts
    }
}
