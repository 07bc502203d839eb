/// The default theme's templates for detail pages, the report and the site's own 404 page.
extension DefaultTemplates {
    static let breadcrumbs = """
    <nav class="breadcrumbs" aria-label="{{words.breadcrumb}}">
    <ol>
    {{#breadcrumbs}}<li>{{#href}}<a href="{{href}}" dir="auto">{{label}}</a>{{/href}}{{^href}}<span aria-current="page" dir="auto">{{label}}</span>{{/href}}</li>
    {{/breadcrumbs}}</ol>
    </nav>
    """

    static let person = """
    {{<layout}}
    {{$content}}
    {{>breadcrumbs}}
    <article class="profile">
    {{#person.image}}<img class="portrait" src="{{src}}" width="{{width}}" height="{{height}}" alt="" loading="eager" decoding="async">{{/person.image}}{{#person.placeholder}}{{{person.placeholder}}}{{/person.placeholder}}
    <div class="profile-text">
    <h1><bdi>{{person.name}}</bdi></h1>
    <dl class="facts">
    {{#person.facts}}<div><dt>{{label}}</dt><dd><bdi>{{#href}}<a href="{{href}}">{{value}}</a>{{/href}}{{^href}}{{value}}{{/href}}</bdi></dd></div>
    {{/person.facts}}</dl>
    </div>
    </article>
    {{>prevnext}}
    {{/content}}
    {{/layout}}
    """

    static let prevnext = """
    {{#hasNeighbours}}
    <nav class="prev-next" aria-label="{{prevNextLabel}}">
    {{#prev}}<a rel="prev" href="{{href}}" aria-label="{{ariaLabel}}"><span class="arrow" aria-hidden="true">←</span> <span dir="auto">{{label}}</span></a>{{/prev}}
    {{#next}}<a rel="next" href="{{href}}" aria-label="{{ariaLabel}}"><span dir="auto">{{label}}</span> <span class="arrow" aria-hidden="true">→</span></a>{{/next}}
    </nav>
    {{/hasNeighbours}}
    """

    static let post = """
    {{<layout}}
    {{$content}}
    {{>breadcrumbs}}
    <article class="post-full">
    <h1 dir="auto">{{post.title}}</h1>
    <p class="post-meta" dir="auto">{{words.by}} {{#post.authorHref}}<a href="{{post.authorHref}}" dir="auto">{{post.author}}</a>{{/post.authorHref}}{{^post.authorHref}}<span dir="auto">{{post.author}}</span>{{/post.authorHref}}</p>
    {{#post.paragraphs}}<p dir="auto">{{.}}</p>
    {{/post.paragraphs}}</article>
    <section class="comments" aria-labelledby="comments-title">
    <h2 id="comments-title" dir="auto">{{post.commentsText}}</h2>
    {{#post.hasComments}}<ol>
    {{#post.comments}}<li class="comment">
    <p class="comment-head" dir="auto"><strong dir="auto">{{name}}</strong>{{#email}} · {{#mailto}}<a href="{{mailto}}">{{email}}</a>{{/mailto}}{{^mailto}}{{email}}{{/mailto}}{{/email}}</p>
    {{#paragraphs}}<p dir="auto">{{.}}</p>
    {{/paragraphs}}</li>
    {{/post.comments}}</ol>{{/post.hasComments}}{{^post.hasComments}}<p class="muted">{{words.no_comments}}</p>{{/post.hasComments}}
    </section>
    {{>prevnext}}
    {{/content}}
    {{/layout}}
    """

    static let author = """
    {{<layout}}
    {{$content}}
    {{>breadcrumbs}}
    <article class="profile">
    {{{author.placeholder}}}
    <div class="profile-text">
    <h1><bdi>{{author.name}}</bdi></h1>
    <dl class="facts">
    {{#author.facts}}<div><dt>{{label}}</dt><dd><bdi>{{#href}}<a href="{{href}}">{{value}}</a>{{/href}}{{^href}}{{value}}{{/href}}</bdi></dd></div>
    {{/author.facts}}</dl>
    </div>
    </article>
    <h2>{{words.posts}}</h2>
    {{#author.hasPosts}}<ol class="post-links">
    {{#author.posts}}<li><a href="{{href}}" dir="auto">{{title}}</a> · <bdi>{{commentsText}}</bdi></li>
    {{/author.posts}}</ol>{{/author.hasPosts}}{{^author.hasPosts}}<p class="muted">{{words.no_posts_yet}}</p>{{/author.hasPosts}}
    {{/content}}
    {{/layout}}
    """

    static let authors = """
    {{<layout}}
    {{$content}}
    {{>breadcrumbs}}
    <h1>{{words.authors}}</h1>
    <ul class="author-list">
    {{#authors}}<li><a href="{{href}}" dir="auto">{{name}}</a> <span class="muted"><bdi>{{postsText}}</bdi></span></li>
    {{/authors}}</ul>
    {{/content}}
    {{/layout}}
    """

    static let report = """
    {{<layout}}
    {{$content}}
    {{>breadcrumbs}}
    <h1>{{words.report}}</h1>
    <ul class="counts">
    <li>{{tally.people.before}}<strong>{{tally.people.number}}</strong>{{tally.people.after}}</li>
    <li>{{tally.posts.before}}<strong>{{tally.posts.number}}</strong>{{tally.posts.after}}</li>
    <li>{{tally.authors.before}}<strong>{{tally.authors.number}}</strong>{{tally.authors.after}}</li>
    <li>{{tally.comments.before}}<strong>{{tally.comments.number}}</strong>{{tally.comments.after}}</li>
    <li>{{tally.nationalities.before}}<strong>{{tally.nationalities.number}}</strong>{{tally.nationalities.after}}</li>
    </ul>
    {{#charts}}<section class="chart" aria-labelledby="{{id}}-heading">
    <h2 id="{{id}}-heading">{{title}}</h2>
    <div class="chart-frame" tabindex="0" role="group" aria-labelledby="{{id}}-heading">{{{svg}}}</div>
    <details><summary>{{words.numbers_behind_chart}}</summary>
    {{{table}}}
    </details>
    </section>
    {{/charts}}
    {{/content}}
    {{/layout}}
    """

    /// A page of its own (`content/about.md`): its title and its Markdown, with the front
    /// matter in `page`.
    static let page = """
    {{<layout}}
    {{$content}}
    {{>breadcrumbs}}
    <article class="page">
    <h1><bdi>{{page.title}}</bdi></h1>
    <div class="intro" dir="auto">{{{intro}}}</div>
    </article>
    {{/content}}
    {{/layout}}
    """

    static let notFound = """
    {{<layout}}
    {{$content}}
    <h1><bdi>{{page.title}}</bdi></h1>
    <div class="intro" dir="auto">{{{intro}}}</div>
    <ul>
    <li><a href="{{root}}{{index}}">{{words.home}}</a></li>
    <li><a href="{{root}}users/{{index}}" dir="auto">{{sections.users}}</a></li>
    <li><a href="{{root}}posts/{{index}}" dir="auto">{{sections.posts}}</a></li>
    </ul>
    {{/content}}
    {{/layout}}
    """
}
