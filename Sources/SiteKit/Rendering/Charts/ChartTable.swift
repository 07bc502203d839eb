extension Chart {
    /// The numbers behind the chart as an accessible HTML table: the title as `<caption>`, column
    /// headings with `scope="col"`, each label as a row heading, and a total row in `<tfoot>`.
    /// Numbers sit in cells with `class="num"` so CSS can right-align them.
    public func table() -> String {
        var lines = [
            "<table class=\"chart-table\" id=\"\(id)-table\">",
            "<caption>\(MarkupText.text(title))</caption>",
            "<thead><tr><th scope=\"col\">\(MarkupText.text(labelHeading))</th>"
                + "<th scope=\"col\" class=\"num\">\(MarkupText.text(valueHeading))</th></tr></thead>",
            "<tbody>",
        ]
        let rows = tableSeries ?? series
        if rows.isEmpty {
            lines.append("<tr><td colspan=\"2\">\(MarkupText.text(words(.noData)))</td></tr>")
        }
        for item in rows {
            lines.append("<tr><th scope=\"row\">\(MarkupText.text(item.label))</th>"
                + "<td class=\"num\">\(words.number(item.value))</td></tr>")
        }
        lines.append("</tbody>")
        if !series.isEmpty {
            lines.append("<tfoot><tr><th scope=\"row\">\(MarkupText.text(words(.total)))</th><td class=\"num\">\(words.number(total))</td></tr></tfoot>")
        }
        lines.append("</table>")
        return lines.joined(separator: "\n")
    }

    /// The sum of the values, clamped instead of overflowing on absurd input.
    var total: Int {
        series.reduce(0) { Saturating.add($0, $1.value) }
    }
}
