import Crypto
import Foundation

/// The SHA-256 of everything besides fetched data that a build's output depends on: every
/// setting, the switches that change what is published, the content pages as loaded, the
/// templates, and the identity of the running binary (its theme and escaping are part of the
/// result). Nil when the build cannot be repeated exactly: a random seed, or a binary that cannot
/// be identified.
enum BuildFingerprint {
    static func make(settings: SiteSettings, options: BuildOptions, content: [String: ContentPage],
                     templates: TemplateSources) -> String? {
        guard let seed = settings.seed, let binary = RenderMemo.binaryIdentity() else { return nil }
        let values: [String: Any] = [
            "binary": binary,
            "templates": Hex.string(templates.fingerprint),
            "settings": [
                "title": settings.title, "description": settings.description, "language": settings.language,
                "baseURL": settings.baseURL, "source": settings.source.rawValue, "seed": seed,
                // Not `jobs` or `timeout`: they decide how the data is fetched, not what it is (the
                // check compares every response's bytes), and a build that fell short warned, so
                // left no record.
                "users": settings.users, "perPage": settings.perPage, "nationalities": settings.nationalities,
                "randomUserURL": settings.randomUserURL.absoluteString,
                "jsonPlaceholderURL": settings.jsonPlaceholderURL.absoluteString,
                "markdownUnsafe": settings.markdownUnsafe, "cacheTTL": settings.cacheTTL,
                "imageSizes": settings.imageSizes.map(\.rawValue), "imagesPerHost": settings.imagesPerHost ?? 0,
                // The folders, not their spelling: `public`, `./public` and its absolute path are one.
                "output": options.resolve(settings.output).standardizedFileURL.path,
                "cacheDirectory": options.resolve(settings.cacheDirectory).standardizedFileURL.path, "links": settings.links.rawValue,
            ] as [String: Any],
            "options": ["project": options.projectDirectory.standardizedFileURL.path,
                        "offline": options.offline, "strict": options.strict] as [String: Any],
            // The mode new files get (the umask): files published under another one are written
            // anew with this one, which an output left as it was would not do.
            "fileMode": Int(FileCreationMode.regularFile),
            "content": content.mapValues { page -> [String: Any] in
                ["values": page.templateValues, "html": page.bodyHTML, "builtIn": page.isBuiltIn]
            },
        ]
        var encoding = ContextEncoding()
        guard encoding.value(values) else { return nil }
        return Hex.string(SHA256.hash(data: encoding.bytes))
    }
}
