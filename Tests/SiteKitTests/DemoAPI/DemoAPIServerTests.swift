import Foundation
import Testing
@testable import SiteKit

@Suite("Demo API: server lifecycle and building blocks")
struct DemoAPIServerTests {
    @Test func startsOnAnEphemeralPortWithoutWaitingAndStopsIdempotently() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let server = try await DemoAPIServer.start()
        // Not a performance check (bench/ does those): it catches a start that waits on a timeout
        // (URLSession's and NIO's are 30 s and more). Under the parallel test suites on two cores
        // a normal start has taken just over 1 s, 11 s once, and 35 s once, with process tests
        // building sites: the bound catches a start that waits out such a timeout on top.
        #expect(clock.now - start < .seconds(90))
        let port = try #require(server.baseURL.port)
        #expect(port > 0)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(port)")
        #expect(server.randomUserURL.absoluteString == "http://127.0.0.1:\(port)/api/")
        #expect(server.jsonPlaceholderURL == server.baseURL)
        #expect(try await server.get("/posts/1").status == 200)
        await server.stop()
        await server.stop()
        // Refused, or answered by another test's server that got the port since: never by this one.
        _ = try? await DemoHTTP.get(server.baseURL.appendingPathComponent("posts"), timeout: 2)
        #expect(await server.log.count(pathPrefix: "/posts") == 1, "only the request before the stop")
    }

    @Test func withStopsTheServerWhenTheBodyThrows() async throws {
        struct Boom: Error {}
        var captured: DemoAPIServer?
        await #expect(throws: Boom.self) {
            try await DemoAPIServer.with { server in
                captured = server
                throw Boom()
            }
        }
        let server = try #require(captured)
        // Refused, or answered by another test's server that got the port since: never by this one.
        _ = try? await DemoHTTP.get(server.baseURL.appendingPathComponent("users"), timeout: 2)
        #expect(await server.log.count(pathPrefix: "/users") == 0, "the stopped server answered")
    }

    @Test func aPortInUseIsReportedAsAnError() async throws {
        try await DemoAPIServer.with { server in
            await #expect(throws: DemoAPIServerError.self) {
                _ = try await DemoAPIServer.start(port: server.port)
            }
        }
    }

    @Test func jsonEscapesAndKeepsKeyOrder() {
        let value: DemoJSON = ["b": "quote \" slash \\ line\n", "a": [1, nil, .bool(true)], "é": "سینا"]
        #expect(String(decoding: value.compact, as: UTF8.self) == #"{"b":"quote \" slash \\ line\n","a":[1,null,true],"é":"سینا"}"#)
        #expect(String(decoding: DemoJSON.object([]).pretty, as: UTF8.self) == "{}")
        #expect(String(decoding: (["k": [1]] as DemoJSON).pretty, as: UTF8.self) == "{\n  \"k\": [\n    1\n  ]\n}")
    }

    @Test func generatorIsStableAndDatesAreUTC() {
        var a = SeededGenerator(text: "seed")
        var b = SeededGenerator(text: "seed")
        #expect((0..<5).map { _ in a.next() } == (0..<5).map { _ in b.next() })
        #expect(SeededGenerator.fnv1a("") == 0xCBF2_9CE4_8422_2325)
        #expect(CivilTime.iso8601(millis: 0) == "1970-01-01T00:00:00.000Z")
        #expect(CivilTime.iso8601(millis: 1_704_067_200_000) == "2024-01-01T00:00:00.000Z")
        #expect(CivilTime.iso8601(millis: -1) == "1969-12-31T23:59:59.999Z")
        #expect(CivilTime.iso8601(millis: 952_041_600_123) == "2000-03-03T00:00:00.123Z")
        let newYear2024 = CivilTime.millis(Date(timeIntervalSince1970: 1_704_067_200))
        #expect(CivilTime.age(atMillis: 0, on: newYear2024) == 54)
        // Born 2000-03-03: 25 on the day before the birthday in 2026, 26 on it.
        #expect(CivilTime.age(atMillis: 952_041_600_123, on: 1_772_409_600_000) == 25)
        #expect(CivilTime.age(atMillis: 952_041_600_123, on: 1_772_496_000_000) == 26)
    }

    @Test func namesTransliterateToASCII() {
        #expect(Transliteration.latin("Jørgensen", nat: "DK") == "jorgensen")
        #expect(Transliteration.latin("Гнатишин", nat: "UA") == "hnatyshyn")
        #expect(Transliteration.latin("Ђорђе", nat: "RS") == "djordje")
        #expect(Transliteration.latin("O'Sullivan", nat: "IE") == "osullivan")
        #expect(Transliteration.latin("Yılmaz", nat: "TR") == "yilmaz")
        #expect(Nationality.codes.count == 21)
    }

    @Test func queryStringsDecode() {
        #expect(DemoQuery.parameters("a=1&b=x%20y+z&flag&a=2") == ["a": "2", "b": "x y z", "flag": ""])
        #expect(DemoQuery.parameters(nil).isEmpty)
    }
}
