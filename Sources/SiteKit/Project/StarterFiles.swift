/// The files `site init` writes: the same `site.yml` and `content/` this project ships with, so a
/// new site builds exactly like the example. A test keeps the two identical.
enum StarterFiles {
    /// Path inside the new site → contents.
    static let all: [(path: String, text: String)] = [
        ("site.yml", siteYML),
        ("content/index.md", indexMD),
        ("content/users.md", usersMD),
        ("content/posts.md", postsMD),
        ("content/about.md", aboutMD),
    ]

    static let siteYML = #"""
    # site.yml: settings for `site build`. Flags override these; these override the defaults.
    title: People & Posts
    description: A directory of people and a feed of posts, built from live APIs by site.
    language: en
    # The theme speaks the language: en, fr, de and es are built in. `site words` prints its words, to
    # translate for another language or to change some under words: (see the README).
    base_url: https://example.com/
    # Links to a section: folders (users/, for a web server) or files (users/index.html, to open
    # the site from disk).
    links: folders

    # auto: live APIs, falling back loudly to the embedded demo API when they cannot be reached.
    # live: live APIs only.  demo: the embedded demo API only (no internet needed).
    source: auto

    # One seed names one set of people: keep it to make builds reproducible and cacheable.
    seed: site
    users: 50
    per_page: 24
    jobs: 64
    timeout: 30
    # nationalities: [us, fr, ir, ua]
    # Pictures: 128 px, for detail pages and (in a 48 px box) lists. thumbnail adds 48 px list pictures
    # for 1x screens, medium 72 px for 1.25-1.5x screens.
    # max_failures: fail the build (keeping the last site) when more pictures fail than this, such
    # as 5 or 10%; without it, failed pictures are placeholders however many fail.
    # images:
    #   sizes: [thumbnail, medium, large]
    #   max_failures: 10%

    randomuser_url: https://randomuser.me/api/
    jsonplaceholder_url: https://jsonplaceholder.typicode.com

    markdown:
      unsafe: false

    # A floor for cache freshness, for APIs that send no caching headers: e.g. 10m or 1d.
    # cache:
    #   ttl: 10m
    """#

    static let indexMD = #"""
    ---
    title: People & Posts
    description: A directory of people and a feed of posts, built from live APIs.
    ---
    Welcome! This site is **generated** from two public APIs: people come from
    [randomuser.me](https://randomuser.me) and posts from
    [JSONPlaceholder](https://jsonplaceholder.typicode.com). Every page is plain
    HTML that any static host can serve.

    Edit `content/index.md` to change this text -- it's Markdown.
    """#

    static let usersMD = #"""
    ---
    title: People
    description: Everyone in the directory, with their email and country.
    ---
    Everyone in the directory, in the order the API returned them. Names are
    shown in their own script, left-to-right or right-to-left.
    """#

    static let postsMD = #"""
    ---
    title: Posts
    description: Every post, with its author and how many comments it has.
    ---
    Posts from JSONPlaceholder with their authors and comment counts.
    """#

    static let aboutMD = #"""
    ---
    title: About
    description: What this site is, and how to add pages like this one.
    ---
    This site is built by **site** from live APIs: everything on it is plain HTML
    that any static host can serve.

    Every Markdown file in `content/` besides `index.md`, `users.md` and
    `posts.md` becomes a page of its own, like this one: `content/about.md` is
    published at `about/`, and the menu at the top links to it. Front matter
    `weight: 2` moves a page along the menu, and `menu: false` leaves it out.
    """#
}
