/// The site's icon: a rounded square in the accent colour holding three bars of a small chart,
/// as SVG so it stays sharp at every size. It follows the stylesheet's accent colours
/// (`#3454d1`, and `#8ea4ff` in dark mode).
public enum Favicon {
    /// Where the icon lives in the site; link it with
    /// `<link rel="icon" type="image/svg+xml" href="favicon.svg">`.
    public static let path = "favicon.svg"

    /// The icon's SVG text.
    public static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
        <style>
        .mark { fill: #3454d1; }
        @media (prefers-color-scheme: dark) { .mark { fill: #8ea4ff; } .bar { fill: #141519; } }
        </style>
        <rect class="mark" width="32" height="32" rx="7"/>
        <rect class="bar" x="7" y="17" width="4.5" height="8" rx="1" fill="#ffffff"/>
        <rect class="bar" x="13.75" y="8" width="4.5" height="17" rx="1" fill="#ffffff"/>
        <rect class="bar" x="20.5" y="13" width="4.5" height="12" rx="1" fill="#ffffff"/>
        </svg>

        """
}
