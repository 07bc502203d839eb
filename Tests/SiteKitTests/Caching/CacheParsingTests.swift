import Foundation
import Testing
@testable import SiteKit

@Suite struct CacheParsingTests {
    @Test func cacheControlParsingSurvivesOddInput() {
        #expect(CacheControl(parsing: "MaX-AgE=3600").seconds("max-age") == .value(3600))
        #expect(CacheControl(parsing: "max-age=\"3600\"").seconds("max-age") == .value(3600))
        #expect(CacheControl(parsing: "max-age=003600").seconds("max-age") == .value(3600))
        #expect(CacheControl(parsing: "max-age=99999999999").seconds("max-age") == .value(2_147_483_648))
        for invalid in ["max-age=-1", "max-age=1.5", "max-age='3600'", "max-age =3600", "max-age= 3600", "max-age=3600a", "max-age"] {
            #expect(CacheControl(parsing: invalid).seconds("max-age") == .invalid, "\(invalid)")
        }
        #expect(CacheControl(parsing: "extension=\"max-age=100\", max-age=1").seconds("max-age") == .value(1))
        #expect(CacheControl(parsing: "max-age=1, max-age=3600").seconds("max-age") == .value(1))
        #expect(CacheControl(parsing: ",, foo=\"a,b\" ,max-age=5,").seconds("max-age") == .value(5))
        let noCache = ResponseDirectives(CacheControl(parsing: "no-cache=\"a, B\", max-age=60"))
        #expect(!noCache.noCache && noCache.noCacheFields == ["a", "b"])
        #expect(ResponseDirectives(CacheControl(parsing: "No-Cache")).noCache)
    }

    @Test func httpDatesInAllThreeFormsAndNothingElse() {
        let expected = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("SUN, 06 NOV 1994 08:49:37 gmt") == expected)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == expected)
        #expect(HTTPDate.format(expected) == "Sun, 06 Nov 1994 08:49:37 GMT")
        for invalid in ["0", "-1", "Thu, 18 Aug 2050 02:01:18 UTC", "Thu, 18 Aug 50 02:01:18 GMT", "Thu 18 Aug 2050 02:01:18 GMT",
                        "Thu, 18  Aug  2050 02:01:18 GMT", "Thu, 18-Aug-2050 02:01:18 GMT", "Thu, 31 Feb 2050 02:01:18 GMT",
                        "Thu, 18 Aug 2050 2:01:18 GMT"] {
            #expect(HTTPDate.parse(invalid) == nil, "\(invalid)")
        }
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(HTTPDate.parse(HTTPDate.format(now)) == now)
    }

    private func entry(_ headers: HTTPHeaders, url: String = "http://x.test/a", requestTime: Date, responseTime: Date,
                       status: Int = 200) -> CacheEntry {
        CacheEntry(metadata: .init(method: "GET", url: url, status: status, headers: headers, vary: [],
                                   requestTime: requestTime, responseTime: responseTime), body: Data())
    }

    @Test func currentAgeCorrectsForAgeHeaderDelayAndClockSkew() {
        let t0 = Date(timeIntervalSince1970: 1_700_000_000)
        let slowDate = HTTPDate.format(t0.addingTimeInterval(-10))
        let aged = entry(["Date": slowDate, "Cache-Control": "max-age=100", "Age": "30, 5"], requestTime: t0.addingTimeInterval(-2),
                         responseTime: t0)
        let freshness = Freshness(aged, now: t0.addingTimeInterval(20))
        #expect(freshness.lifetime == 100)
        #expect(freshness.currentAge == 52) // Age 30 + 2 s delay beats the 10 s apparent age; +20 s resident.
        let expires = entry(["Date": HTTPDate.format(t0), "Expires": HTTPDate.format(t0.addingTimeInterval(60))],
                            requestTime: t0, responseTime: t0)
        #expect(Freshness(expires, now: t0).lifetime == 60)
        // An Expires an hour before Date: an hour stale on arrival, not 0 s (max-stale=100 took it).
        let expired = entry(["Date": HTTPDate.format(t0), "Expires": HTTPDate.format(t0.addingTimeInterval(-3600))],
                            requestTime: t0, responseTime: t0)
        #expect(Freshness(expired, now: t0).staleness == 3600 && !Freshness(expired, now: t0).isFresh)
        let bogusAge = entry(["Cache-Control": "max-age=10", "Age": "abc"], requestTime: t0, responseTime: t0)
        #expect(Freshness(bogusAge, now: t0).currentAge == 0)
    }

    @Test func heuristicsNeedACacheableStatusAndNoQuery() {
        let t0 = Date(timeIntervalSince1970: 1_700_000_000)
        let headers: HTTPHeaders = ["Date": HTTPDate.format(t0), "Last-Modified": HTTPDate.format(t0.addingTimeInterval(-1000))]
        #expect(Freshness(entry(headers, requestTime: t0, responseTime: t0), now: t0).lifetime == 100)
        #expect(Freshness(entry(headers, url: "http://x.test/a?b=1", requestTime: t0, responseTime: t0), now: t0).lifetime == 0)
        #expect(Freshness(entry(headers, requestTime: t0, responseTime: t0, status: 302), now: t0).lifetime == 0)
        var old = headers
        old.set("Last-Modified", HTTPDate.format(t0.addingTimeInterval(-100 * 86_400)))
        #expect(Freshness(entry(old, requestTime: t0, responseTime: t0), now: t0).lifetime == 86_400)
    }

    @Test func storageRulesFollowStatusMethodAndDirectives() {
        let url = URL(string: "http://x.test/a")!
        func storable(_ status: Int, _ headers: HTTPHeaders, method: String = "GET", request: HTTPHeaders = [:]) -> Bool {
            CacheRules.isStorable(request: HTTPRequest(method: method, url: url, headers: request),
                                  response: HTTPResponse(url: url, status: status, headers: headers))
        }
        #expect(storable(200, [:]) && storable(404, [:]) && storable(599, ["Cache-Control": "max-age=5"]))
        #expect(!storable(302, [:]) && !storable(206, ["Cache-Control": "max-age=5"]) && !storable(200, ["Cache-Control": "no-store"]))
        #expect(!storable(200, ["Cache-Control": "max-age=5"], method: "POST"))
        #expect(storable(200, ["Cache-Control": "no-store, must-understand"]) && !storable(599, ["Cache-Control": "must-understand, max-age=5"]))
        #expect(!storable(200, ["Cache-Control": "max-age=5"], request: ["Authorization": "x"]))
        #expect(storable(200, ["Cache-Control": "max-age=5, must-revalidate"], request: ["Authorization": "x"]))
    }

    @Test func headerUpdatesKeepStoredLengthsAndDropConnectionFields() {
        let stored: HTTPHeaders = ["Content-Length": "10", "ETag": "\"a\"", "X-A": "1", "Age": "40", "Content-Type": "text/plain"]
        let incoming: HTTPHeaders = ["Content-Length": "0", "X-A": "2", "X-B": "3", "Connection": "close, X-C", "X-C": "4",
                                     "Content-Type": "text/html"]
        let updated = CacheRules.updatedHeaders(stored, with: incoming)
        #expect(updated.fields == [HTTPField("Content-Length", "10"), HTTPField("ETag", "\"a\""), HTTPField("X-A", "2"),
                                   HTTPField("Content-Type", "text/html"), HTTPField("X-B", "3")])
        let kept = CacheRules.storedHeaders(["Cache-Control": "no-cache=\"a\", max-age=9", "A": "1", "B": "2", "Keep-Alive": "5"])
        #expect(kept.fields.map(\.name) == ["Cache-Control", "B"])
    }

    @Test func a304SelectsByStrongThenWeakValidatorThenTheValidatedEntry() {
        let t0 = Date()
        let a = entry(["ETag": "\"a\""], requestTime: t0, responseTime: t0)
        let weak = entry(["ETag": "W/\"b\"", "X": "w"], requestTime: t0, responseTime: t0.addingTimeInterval(1))
        #expect(CacheRules.selected(by: ["ETag": "\"a\""], among: [a, weak], validated: nil) == [a])
        #expect(CacheRules.selected(by: ["ETag": "\"zz\""], among: [a, weak], validated: a).isEmpty)
        #expect(CacheRules.selected(by: ["ETag": "W/\"b\""], among: [a, weak], validated: nil) == [weak])
        #expect(CacheRules.selected(by: [:], among: [a, weak], validated: a) == [a])
        #expect(CacheRules.selected(by: [:], among: [a, weak], validated: nil).isEmpty)
        #expect(EntityTag.list("\"x\", W/\"y,z\"")?.map(\.opaque) == ["x", "y,z"])
        #expect(EntityTag.list("*") == nil)
    }
}
