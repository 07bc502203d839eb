/// The default theme's stylesheet: responsive, light and dark.
enum Stylesheet {
    static let css = """
    :root {
      color-scheme: light dark;
      --bg: #fbfbfd; --fg: #1d1d22; --muted: #5d5f6b; --card: #ffffff; --line: #e3e4ea; --shade: rgba(0, 0, 0, .22);
      --accent: #3454d1; --notice-bg: #fff4d6; --notice-fg: #5a4300;
      font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
      line-height: 1.5;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #141519; --fg: #e8e8ee; --muted: #a2a4b1; --card: #1d1f25; --line: #2d3039; --shade: rgba(255, 255, 255, .22);
        --accent: #8ea4ff; --notice-bg: #3b3110; --notice-fg: #ffe7a3;
      }
    }
    * { box-sizing: border-box; }
    /* The hidden attribute must win over the display of a class (.search, .people, .pagination):
       the search box stays hidden until its index loads, and a search hides the lists it replaces. */
    [hidden] { display: none !important; }
    body { margin: 0; background: var(--bg); color: var(--fg); }
    a { color: var(--accent); }
    .skip-link { position: absolute; inset-inline-start: -999px; top: 0; background: var(--card); padding: .5rem 1rem; z-index: 10; }
    .skip-link:focus { inset-inline-start: 1rem; }
    .site-header { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: center; justify-content: space-between;
      padding: .75rem clamp(1rem, 4vw, 3rem); border-bottom: 1px solid var(--line); background: var(--card); }
    .brand { font-weight: 700; font-size: 1.15rem; color: var(--fg); text-decoration: none; }
    .site-header ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; margin: 0; padding: 0; }
    /* The page itself ("page"), or the section a page belongs to ("true", on a person's page). */
    .site-header a[aria-current] { font-weight: 700; text-decoration-thickness: 2px; }
    .demo-notice { margin: 0; padding: .6rem clamp(1rem, 4vw, 3rem); background: var(--notice-bg); color: var(--notice-fg); }
    main { max-width: 72rem; margin: 0 auto; padding: 1.5rem clamp(1rem, 4vw, 3rem) 3rem; }
    /* A word longer than the screen (an e-mail, a URL, a name from the API) breaks instead of
       widening the page. */
    main, .site-header, .site-footer { overflow-wrap: anywhere; }
    h1 { font-size: clamp(1.6rem, 3vw + 1rem, 2.4rem); line-height: 1.2; margin: .5rem 0 1rem; }
    .page-number { font-size: 1rem; font-weight: 400; color: var(--muted); }
    .intro { max-width: 46rem; color: var(--fg); }
    /* Markdown's code blocks, pictures and tables stay within the column: a long line of code or
       a wide table scrolls inside itself (a table's words are not broken letter by letter), a
       large picture is scaled down. */
    .intro pre { overflow-x: auto; overflow-wrap: normal; padding: .75rem 1rem; background: var(--card);
      border: 1px solid var(--line); border-radius: .5rem; }
    .intro img, .intro video { max-width: 100%; height: auto; }
    .intro table { display: block; width: max-content; max-width: 100%; overflow-x: auto; overflow-wrap: normal;
      border-collapse: collapse; }
    .intro th, .intro td { border-bottom: 1px solid var(--line); padding: .2rem .75rem; text-align: start; }
    .counts { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: 1rem; list-style: none; padding: 0; }
    .counts li { background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: 1rem; }
    .counts strong { font-size: 1.5rem; display: block; }
    /* 18rem: a card wide enough for an e-mail address of about 28 characters on one line. */
    .people { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(18rem, 100%), 1fr)); gap: .75rem; list-style: none; padding: 0; }
    .person { display: flex; gap: .75rem; align-items: center; background: var(--card); border: 1px solid var(--line);
      border-radius: .75rem; padding: .75rem; min-width: 0; }
    .avatar { border-radius: 50%; flex: none; background: var(--line); }
    /* A list shows every picture in the same 48 px circle, whatever its shape. */
    .people .avatar { width: 48px; height: 48px; object-fit: cover; }
    .person-text { display: flex; flex-direction: column; min-width: 0; }
    .person-name { font-weight: 600; overflow-wrap: anywhere; }
    .person-email, .person-country { font-size: .875rem; color: var(--muted); overflow-wrap: anywhere; }
    .posts { list-style: none; padding: 0; display: grid; gap: 1rem; }
    .post { background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: 1rem 1.25rem; }
    .post-title { font-size: 1.15rem; margin: 0 0 .25rem; }
    .post-excerpt { margin: 0 0 .5rem; }
    .post-meta { margin: 0; font-size: .875rem; color: var(--muted); }
    .pagination { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; margin-top: 2rem; }
    .pagination ol { display: flex; flex-wrap: wrap; gap: .25rem; list-style: none; margin: 0; padding: 0; }
    .pagination ol a { display: inline-block; min-width: 2.25rem; padding: .25rem .5rem; text-align: center;
      border: 1px solid var(--line); border-radius: .5rem; text-decoration: none; }
    .pagination .gap { align-self: end; padding: .25rem; color: var(--muted); }
    .pagination a[aria-current="page"] { background: var(--accent); color: var(--bg); border-color: var(--accent); font-weight: 700; }
    /* Forced colours (Windows High Contrast) drop the background: a thicker border and an
       underline tell the current page apart there. */
    @media (forced-colors: active) {
      .pagination a[aria-current="page"] { border-width: 3px; text-decoration: underline; }
    }
    .site-footer { border-top: 1px solid var(--line); color: var(--muted); font-size: .875rem; padding: 1rem clamp(1rem, 4vw, 3rem); }
    .muted { color: var(--muted); }
    .breadcrumbs ol { display: flex; flex-wrap: wrap; gap: .25rem .5rem; list-style: none; margin: 0 0 1rem; padding: 0; font-size: .875rem; }
    .breadcrumbs li + li::before { content: "›"; margin-inline-end: .5rem; color: var(--muted); }
    /* Right to left, text mirrors › on its own but not ← and →: turned here. */
    [dir="rtl"] .arrow { display: inline-block; transform: scaleX(-1); }
    .profile { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; background: var(--card);
      border: 1px solid var(--line); border-radius: .75rem; padding: 1.25rem; }
    .portrait { border-radius: .75rem; max-width: 100%; height: auto; }
    .profile-text { flex: 1 1 18rem; min-width: 0; }
    .profile h1 { margin-top: 0; overflow-wrap: anywhere; }
    .facts { display: grid; gap: .35rem; margin: 0; }
    /* A value goes under its label when the two do not fit side by side (a phone), so that an
       e-mail address or a phone number is not broken in the middle. */
    .facts div { display: flex; flex-wrap: wrap; column-gap: .5rem; }
    .facts dt { color: var(--muted); flex: 0 0 8rem; }
    .facts dd { margin: 0; flex: 1 1 15rem; min-width: 0; overflow-wrap: anywhere; }
    .prev-next { display: flex; justify-content: space-between; gap: 1rem; margin-top: 2rem; }
    .prev-next a[rel="next"] { margin-inline-start: auto; text-align: end; }
    .post-full { max-width: 46rem; }
    .comments { max-width: 46rem; }
    .comments ol { list-style: none; padding: 0; display: grid; gap: .75rem; }
    .comment { background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: .75rem 1rem; }
    .comment-head { margin: 0 0 .25rem; overflow-wrap: anywhere; }
    .comment p { margin: .25rem 0; }
    .post-links, .author-list { display: grid; gap: .4rem; }
    /* The field keeps a readable width; the results are laid out as the full-width list they replace. */
    .search { margin: 1rem 0; display: grid; gap: .35rem; }
    .search label, .search input, .search-status { max-width: 32rem; }
    /* The field's only outline: --muted keeps it above the 3:1 contrast WCAG asks of controls. */
    .search input { font: inherit; padding: .5rem .75rem; border: 1px solid var(--muted); border-radius: .5rem;
      background: var(--card); color: var(--fg); }
    .search input::placeholder { color: var(--muted); opacity: 1; }
    .search-status { margin: 0; color: var(--muted); font-size: .875rem; }
    .chart { margin: 2rem 0; }
    /* Never narrower than 36rem, where its 12-unit text is about 11 px: a phone scrolls it
       sideways (the frame takes the keyboard too) instead of shrinking the text to 6 px. */
    .chart-frame { overflow-x: auto; max-width: 44rem; direction: ltr;
      /* On a narrow screen the chart scrolls sideways: a shade at the edge that has more to show
         says so. The covers move with the content (local) and hide the shade at either end. */
      background: linear-gradient(to right, var(--bg) 30%, transparent) left / 2rem 100% no-repeat local,
        linear-gradient(to left, var(--bg) 30%, transparent) right / 2rem 100% no-repeat local,
        radial-gradient(farthest-side at 0 50%, var(--shade), transparent) left / .9rem 100% no-repeat scroll,
        radial-gradient(farthest-side at 100% 50%, var(--shade), transparent) right / .9rem 100% no-repeat scroll; }
    .chart-svg { width: 100%; height: auto; max-width: 44rem; min-width: 36rem; display: block; }
    .chart .bar { fill: var(--accent); }
    .chart .axis { stroke: var(--line); }
    .chart .label, .chart .value, .chart .empty { fill: var(--muted); }
    .chart-table { border-collapse: collapse; margin: .5rem 0; }
    .chart-table th, .chart-table td { border-bottom: 1px solid var(--line); padding: .2rem .75rem; text-align: start; }
    .chart-table .num { text-align: end; font-variant-numeric: tabular-nums; }
    code { font-size: .9em; }
    /* On paper: dark text on white whatever the screen's scheme (printers leave backgrounds out,
       and the dark scheme's pale text was all that was left), without the menu, the search box
       and the page links, which do nothing there. */
    @media print {
      :root { color-scheme: light; --bg: #ffffff; --fg: #000000; --muted: #444444; --card: #ffffff; --line: #767676;
        --accent: #1f3a9e; --notice-bg: #ffffff; --notice-fg: #000000; }
      .skip-link, .site-header ul, .search, .pagination, .prev-next { display: none !important; }
      .site-header, .profile, .counts li { border-color: var(--line); }
    }

    """
}
