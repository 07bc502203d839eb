/// The default theme's mustache templates, shipped inside the binary.
///
/// A file `templates/<name>.mustache` beside `content/` replaces the template of that name.
/// Pages fill the `layout` template's `content` block; every value from the data is escaped by
/// `{{…}}`, and only HTML the build produced itself (Markdown, placeholders) uses `{{{…}}}`.
///
/// The first row of page 1 loads eagerly with `fetchpriority="high"` (an attribute of the HTML
/// standard that the Nu HTML Checker in `.ci/run` predates, so CI ignores that one message).
enum DefaultTemplates {
    /// Every template, each ending with a new line, as a file saved by an editor does: a copy
    /// written by `site init --with-templates` renders the same bytes, and stays so when saved.
    static let all: [String: String] = sources.mapValues { $0.hasSuffix("\n") ? $0 : $0 + "\n" }

    private static let sources: [String: String] = [
        "layout": layout,
        "header": header,
        "footer": footer,
        "home": home,
        "users": users,
        "posts": posts,
        "pagination": pagination,
        "thumbnail": thumbnail,
        "breadcrumbs": breadcrumbs,
        "prevnext": prevnext,
        "person": person,
        "post": post,
        "author": author,
        "authors": authors,
        "report": report,
        "page": page,
        "404": notFound,
    ]

    static let layout = """
    <!doctype html>
    <html lang="{{site.language}}"{{#site.rightToLeft}} dir="rtl"{{/site.rightToLeft}}>
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    {{#demo}}<meta name="robots" content="noindex">
    {{/demo}}<title>{{page.title}}{{#pagination.isLater}}{{words.comma}}{{pagination.label}}{{/pagination.isLater}}{{^page.isSiteTitle}} · {{site.title}}{{/page.isSiteTitle}}</title>
    {{#page.description}}<meta name="description" content="{{page.description}}">
    {{/page.description}}{{^page.description}}{{#site.description}}<meta name="description" content="{{site.description}}">
    {{/site.description}}{{/page.description}}{{#canonical}}<link rel="canonical" href="{{canonical}}">
    {{/canonical}}<link rel="stylesheet" href="{{root}}assets/site.css">
    <link rel="icon" href="{{root}}favicon.svg" type="image/svg+xml">
    <link rel="alternate" type="application/atom+xml" title="{{sections.posts}}" href="{{root}}feed.xml">
    {{#pagination.prev}}<link rel="prev" href="{{href}}">
    {{/pagination.prev}}{{#pagination.next}}<link rel="next" href="{{href}}">
    {{/pagination.next}}</head>
    <body>
    {{{header}}}<main id="main">
    {{$content}}{{/content}}
    </main>
    {{{footer}}}</body>
    </html>

    """

    /// The top of every page, rendered once per section and folder depth (`SiteChrome`) with the
    /// site-wide values only: `site`, `root`, `index` (what follows a folder in a link: "" or
    /// "index.html", by `links`), `nav` (the current section, and as `nav.current` the section
    /// link's `aria-current`: "page" on the page it links to, "true" inside it), `menu` (the pages of their own:
    /// `href`, `title`, `current`), `demo`, `source`, `seed`.
    static let header = """
    <a class="skip-link" href="#main">{{words.skip_to_content}}</a>
    <header class="site-header">
    <a class="brand" href="{{root}}{{index}}">{{site.title}}</a>
    <nav aria-label="{{words.site_menu}}">
    <ul>
    <li><a href="{{root}}{{index}}"{{#nav.home}} aria-current="{{nav.current}}"{{/nav.home}}>{{words.home}}</a></li>
    <li><a href="{{root}}users/{{index}}"{{#nav.users}} aria-current="{{nav.current}}"{{/nav.users}} dir="auto">{{sections.users}}</a></li>
    <li><a href="{{root}}posts/{{index}}"{{#nav.posts}} aria-current="{{nav.current}}"{{/nav.posts}} dir="auto">{{sections.posts}}</a></li>
    <li><a href="{{root}}authors/{{index}}"{{#nav.authors}} aria-current="{{nav.current}}"{{/nav.authors}}>{{words.authors}}</a></li>
    <li><a href="{{root}}report/{{index}}"{{#nav.report}} aria-current="{{nav.current}}"{{/nav.report}}>{{words.report}}</a></li>
    {{#menu}}<li><a href="{{root}}{{href}}"{{#current}} aria-current="page"{{/current}} dir="auto">{{title}}</a></li>
    {{/menu}}</ul>
    </nav>
    </header>
    {{#demo}}<aside class="demo-notice" aria-label="{{words.demo_data}}" dir="auto"><strong>{{words.demo_data}}.</strong> {{message}}</aside>
    {{/demo}}
    """

    /// The bottom of every page, rendered like `header`.
    static let footer = """
    <footer class="site-footer">
    <p dir="auto">{{builtFrom}} {{words.people_from_seed}} <code>{{seed}}</code>.</p>
    </footer>

    """

    static let home = """
    {{<layout}}
    {{$content}}
    <h1><bdi>{{page.title}}</bdi></h1>
    <div class="intro" dir="auto">{{{intro}}}</div>
    <ul class="counts">
    <li><a href="users/{{index}}">{{tally.people.before}}<strong>{{tally.people.number}}</strong>{{tally.people.after}}</a></li>
    <li><a href="posts/{{index}}">{{tally.posts.before}}<strong>{{tally.posts.number}}</strong>{{tally.posts.after}}</a></li>
    <li><a href="authors/{{index}}">{{tally.authors.before}}<strong>{{tally.authors.number}}</strong>{{tally.authors.after}}</a></li>
    <li><a href="report/{{index}}">{{tally.comments.before}}<strong>{{tally.comments.number}}</strong>{{tally.comments.after}}</a></li>
    </ul>
    {{/content}}
    {{/layout}}
    """

    static let users = """
    {{<layout}}
    {{$content}}
    <h1><bdi>{{page.title}}</bdi>{{#pagination.isLater}} <span class="page-number">{{pagination.label}}</span>{{/pagination.isLater}}</h1>
    {{#pagination.isFirst}}<div class="intro" dir="auto">{{{intro}}}</div>{{/pagination.isFirst}}
    <div class="search" role="search" data-index="{{root}}users/index.json" data-root="{{root}}" data-words="{{searchWords}}" hidden>
    <label for="search-input">{{words.search_people}}</label>
    <input id="search-input" type="search" placeholder="{{words.search_hint}}" autocomplete="off">
    <p class="search-status" role="status" aria-live="polite"></p>
    <ul class="people search-results" hidden></ul>
    </div>
    <ul class="people">
    {{#people}}
    <li class="person">
    {{>thumbnail}}
    <div class="person-text">
    <a class="person-name" href="{{href}}"><bdi>{{name}}</bdi></a>
    {{#email}}{{#mailto}}<a class="person-email" href="{{mailto}}"><bdi>{{email}}</bdi></a>{{/mailto}}{{^mailto}}<span class="person-email"><bdi>{{email}}</bdi></span>{{/mailto}}{{/email}}
    {{#country}}<span class="person-country"><bdi>{{country}}</bdi></span>{{/country}}
    </div>
    </li>
    {{/people}}
    </ul>
    {{^people}}
    <p class="muted">{{words.no_people}}</p>
    {{/people}}
    {{>pagination}}
    <script src="{{root}}assets/search.js" defer></script>
    {{/content}}
    {{/layout}}
    """

    static let posts = """
    {{<layout}}
    {{$content}}
    <h1><bdi>{{page.title}}</bdi>{{#pagination.isLater}} <span class="page-number">{{pagination.label}}</span>{{/pagination.isLater}}</h1>
    {{#pagination.isFirst}}<div class="intro" dir="auto">{{{intro}}}</div>{{/pagination.isFirst}}
    <ol class="posts">
    {{#posts}}
    <li class="post">
    <h2 class="post-title" dir="auto"><a href="{{href}}">{{title}}</a></h2>
    <p class="post-excerpt" dir="auto">{{excerpt}}</p>
    <p class="post-meta" dir="auto">{{words.by}} {{#authorHref}}<a href="{{authorHref}}" dir="auto">{{author}}</a>{{/authorHref}}{{^authorHref}}<span dir="auto">{{author}}</span>{{/authorHref}} · {{commentsText}}</p>
    </li>
    {{/posts}}
    </ol>
    {{^posts}}
    <p class="muted">{{words.no_posts}}</p>
    {{/posts}}
    {{>pagination}}
    {{/content}}
    {{/layout}}
    """

    static let pagination = """
    {{#pagination.hasPages}}
    <nav class="pagination" aria-label="{{words.pages}}">
    {{#pagination.prev}}<a rel="prev" href="{{href}}"><span class="arrow" aria-hidden="true">←</span> {{words.previous}}</a>{{/pagination.prev}}
    <ol>
    {{#pagination.pages}}
    {{#gapBefore}}<li class="gap" aria-hidden="true">…</li>{{/gapBefore}}
    <li>{{#current}}<a href="{{href}}" aria-current="page" aria-label="{{label}}">{{number}}</a>{{/current}}{{^current}}<a href="{{href}}" aria-label="{{label}}">{{number}}</a>{{/current}}</li>
    {{/pagination.pages}}
    </ol>
    {{#pagination.next}}<a rel="next" href="{{href}}">{{words.next}} <span class="arrow" aria-hidden="true">→</span></a>{{/pagination.next}}
    </nav>
    {{/pagination.hasPages}}
    """

    static let thumbnail = """
    {{#image}}<img class="avatar" src="{{src}}"{{#srcset}} srcset="{{srcset}}" sizes="{{width}}px"{{/srcset}} width="{{width}}" height="{{height}}" alt=""{{#eager}} loading="eager" fetchpriority="high" decoding="async"{{/eager}}{{^eager}} loading="lazy" decoding="async"{{/eager}}>{{/image}}{{#placeholder}}{{{placeholder}}}{{/placeholder}}
    """
}
