import Foundation

/// randomuser.me's `GET /api/`: a page of generated people.
enum RandomUserEndpoint {
    /// The response for `parameters`, with picture URLs under `origin` and ages counted to
    /// `today` (UTC milliseconds).
    static func resource(parameters: [String: String], origin: String, portraits: PortraitSet = .randomUser,
                         today: Int64 = CivilTime.millis(Date())) -> DemoResource {
        let query: RandomUserQuery
        do {
            query = try RandomUserQuery(parameters: parameters)
        } catch {
            return .json(["error": .string(error.message)], status: 400)
        }
        let maker = RandomPerson(seed: query.seed, nationalities: query.nationalities.compactMap { Nationality.all[$0] },
                                 origin: origin, portraits: portraits, today: today)
        let first = (query.page - 1) * query.results
        let people = (first..<first + query.results).map { index in
            maker.json(index: index).filteringMembers(query.includes)
        }
        var body: DemoJSON = ["results": .array(people)]
        if query.includesInfo, case .object(var members) = body {
            let info: DemoJSON = ["seed": .string(query.seed), "results": .int(query.results), "page": .int(query.page),
                                  "version": "1.4"]
            members.append(.init(key: "info", value: info))
            body = .object(members)
        }
        return .json(body)
    }
}
