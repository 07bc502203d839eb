/// Lorem-like Latin text for posts and comments, drawn from a fixed word list.
enum LoremText {
    static let words = """
        lorem ipsum dolor sit amet consectetur adipisci velit sed quia non numquam eius modi tempora incidunt \
        ut labore et dolore magnam aliquam quaerat voluptatem enim ad minima veniam quis nostrum exercitationem \
        ullam corporis suscipit laboriosam nisi aliquid ex ea commodi consequatur autem vel eum iure \
        reprehenderit qui in voluptate esse quam nihil molestiae illum fugiat quo voluptas nulla pariatur at \
        vero accusamus iusto odio dignissimos ducimus blanditiis praesentium deleniti atque corrupti quos \
        dolores quas molestias excepturi sint occaecati cupiditate provident similique sunt culpa officia \
        deserunt mollitia animi id est laborum dolorum fuga harum quidem rerum facilis expedita distinctio \
        nam libero tempore cum soluta nobis eligendi optio cumque impedit minus quod maxime placeat facere \
        possimus omnis assumenda repellendus temporibus quibusdam officiis debitis necessitatibus saepe \
        eveniet voluptates repudiandae recusandae itaque earum hic tenetur sapiente delectus reiciendis \
        voluptatibus maiores alias perferendis doloribus asperiores repellat
        """.split(separator: " ").map(String.init)

    /// `count` words separated by spaces, in lower case like JSONPlaceholder's titles.
    static func phrase(_ count: Int, _ random: inout SeededGenerator) -> String {
        (0..<count).map { _ in random.pick(words) }.joined(separator: " ")
    }

    /// `lines` lines of 6 to 12 words joined by "\n", as JSONPlaceholder writes bodies.
    static func body(lines: Int, _ random: inout SeededGenerator) -> String {
        (0..<lines).map { _ in phrase(random.within(6...12), &random) }.joined(separator: "\n")
    }
}
