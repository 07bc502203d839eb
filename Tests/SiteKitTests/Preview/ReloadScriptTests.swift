import Foundation
import Testing
@testable import SiteKit

@Suite("Reload script: added to served HTML only, before the last </body>")
struct ReloadScriptTests {
    @Test("the script goes before the last </body>, and the page keeps every other byte")
    func insertedBeforeBodyEnd() {
        let page = "<html><body><p>&lt;/body&gt; in text</p></body></html>\n"
        let injected = String(decoding: ReloadScript.inject(into: Array(page.utf8), version: "abc-2"), as: UTF8.self)
        let script = ReloadScript.tag(version: "abc-2")
        #expect(injected == "<html><body><p>&lt;/body&gt; in text</p>" + script + "</body></html>\n")
        #expect(script.contains("\"abc-2\""))
        #expect(script.contains(ReloadScript.eventsPath))
    }

    @Test("a fragment without </body> gets the script appended")
    func appendedWithoutBody() {
        let injected = String(decoding: ReloadScript.inject(into: Array("<p>hi</p>".utf8), version: "v"), as: UTF8.self)
        #expect(injected.hasPrefix("<p>hi</p><script>"))
    }

    @Test("the hub hands every subscriber the current state first, then each change")
    func hubBroadcasts() async {
        let hub = ReloadHub()
        let first = await hub.state
        let stream = await hub.subscribe()
        await hub.failed("content/index.md: broken")
        await hub.published()
        await hub.finish()
        var seen: [ReloadHub.State] = []
        for await state in stream { seen.append(state) }
        #expect(seen.count == 3)
        #expect(seen.first == first)
        #expect(seen.dropFirst().first == ReloadHub.State(version: first.version, error: "content/index.md: broken"))
        #expect(seen.last?.error == nil)
        #expect(seen.last?.version != first.version)
        #expect(await hub.subscriberCount == 0)
    }
}
