import Testing
@testable import SiteKit

/// The people search. Its letter folding is JavaScript, checked in Node by `.ci/run`
/// (`.ci/search-fold.js`, against a built site's `assets/search.js`): starting Node from the
/// test process, beside the suites that run `site` as processes, crashed Foundation's
/// `Process.run` in those suites.
@Suite("The people search")
struct SearchScriptTests {
    @Test("the page's script folds the query and the people's text with one function, trimmed once folded")
    func scriptUsesFolding() {
        #expect(SearchScript.javascript.contains(SearchScript.folding))
        #expect(SearchScript.javascript.contains("person.k = fold(") && SearchScript.javascript.contains("var query = fold(input.value).trim();"))
        // What .ci/search-fold.js cuts out of the published script to run it.
        #expect(SearchScript.folding.contains("var letters") && SearchScript.folding.contains("function fold(text) {"))
    }
}
