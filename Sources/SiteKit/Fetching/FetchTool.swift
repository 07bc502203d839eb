import Foundation

/// What `site fetch` was asked to do, as the command line said it.
public struct FetchToolOptions: Sendable {
    public var url: String
    public var method: String
    /// `Name: value` lines from `--header`, in order.
    public var headers: [String]
    public var body: Data?
    /// Print one JSON object instead of the raw body.
    public var json: Bool
    /// Exactly one attempt.
    public var noRetry: Bool
    public var offline: Bool
    public var refresh: Bool
    /// Per-attempt deadline in seconds.
    public var timeout: Double

    /// - Parameter method: nil sends GET, or POST when there is a `body` (as curl does with `-d`).
    public init(url: String, method: String? = nil, headers: [String] = [], body: Data? = nil, json: Bool = false,
                noRetry: Bool = false, offline: Bool = false, refresh: Bool = false, timeout: Double = 30) {
        self.url = url
        self.method = method ?? (body == nil ? "GET" : "POST")
        self.headers = headers
        self.body = body
        self.json = json
        self.noRetry = noRetry
        self.offline = offline
        self.refresh = refresh
        self.timeout = timeout
    }
}

/// What `site fetch` prints and how it exits.
public struct FetchToolOutput: Sendable, Equatable {
    /// The raw body, or the JSON object with `--json`.
    public var standardOutput: Data
    /// The summary line or the error paragraph.
    public var standardError: String
    public var exitCode: Int32
}

/// `site fetch`: one request through the same client, cache and limits as a build.
public enum FetchTool {
    /// The JSON limit; redirects are reported, not followed, so the cache's view of each hop shows.
    public static let limits = TransferLimits(maxBodyBytes: TransferLimits.json.maxBodyBytes, maxRedirects: 0)

    /// The client options for these flags.
    public static func clientOptions(_ options: FetchToolOptions) -> HTTPClientOptions {
        HTTPClientOptions(timeout: options.timeout, retry: options.noRetry ? .none : RetryPolicy(),
                          offline: options.offline, refresh: options.refresh)
    }

    /// The characters of an HTTP token (RFC 9110 §5.6.2).
    static let tokenCharacters = CharacterSet(charactersIn: "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    /// The request for these flags; throws `FetchToolError` for a bad URL or header line.
    public static func request(_ options: FetchToolOptions) throws -> HTTPRequest {
        guard !options.url.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw FetchToolError("the URL to fetch is empty: give an http or https URL, such as https://jsonplaceholder.typicode.com/users")
        }
        guard let url = URL(string: options.url).map(FetchableURL.normalized) else {
            // `http://[::1` is an http URL, just not a well-formed one.
            let scheme = options.url.prefix { $0 != ":" }.lowercased()
            throw FetchToolError(scheme == "http" || scheme == "https"
                ? "\(options.url) is not a well-formed URL: check its brackets, spaces and % escapes (a space is %20)"
                : "\(options.url) is not an http or https URL")
        }
        if let problem = FetchableURL.problem(with: url) {
            throw FetchToolError("\(options.url) \(problem)")
        }
        var headers = HTTPHeaders()
        for line in options.headers {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                throw FetchToolError("--header \"\(line)\" is not of the form \"Name: value\"")
            }
            // A line break would start another header, which URLSession drops without a word.
            // By scalar: "\r\n" is one Character, equal to neither "\r" nor "\n".
            guard !line.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\0" }) else {
                throw FetchToolError("--header \"\(line.debugDescription.dropFirst().dropLast())\" holds a line break; give each header its own --header")
            }
            let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            // RFC 9110 §5.1: a field name is a token; "Bad Name" would go on the wire as it is.
            guard name.unicodeScalars.allSatisfy(Self.tokenCharacters.contains) else {
                throw FetchToolError("--header \"\(line)\": \"\(name)\" is not a header name (letters, digits and !#$%&'*+-.^_`|~ only, no spaces)")
            }
            // The message's framing and its target are the client's to set, from the URL and --data.
            let owners = ["content-length": "sets itself from --data", "transfer-encoding": "sets itself from --data",
                          "host": "takes from the URL", "connection": "manages itself"]
            if let owner = owners[name.lowercased()] {
                throw FetchToolError("--header \"\(line)\" would set \(name), which site fetch \(owner): leave it out")
            }
            headers.add(name, String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        let method = options.method.trimmingCharacters(in: .whitespaces)
        guard !method.isEmpty, !method.contains(where: { $0.isWhitespace }) else {
            throw FetchToolError("--method \"\(options.method)\" is not an HTTP method")
        }
        if options.body != nil, ["GET", "HEAD"].contains(method.uppercased()) {
            throw FetchToolError("--data sends a request body, which a \(method.uppercased()) request cannot carry; use --method POST (or PUT, PATCH), or leave --method out to send POST")
        }
        return HTTPRequest(method: method, url: url, headers: headers, body: options.body)
    }

    /// Runs the fetch and renders its outcome; never throws.
    public static func run(_ options: FetchToolOptions, client: any HTTPFetching) async -> FetchToolOutput {
        let started = ContinuousClock.now
        do {
            let request = try request(options)
            let result = try await client.fetch(request, limits: limits)
            if options.json {
                return FetchToolOutput(standardOutput: FetchJSON.success(result, url: request.url), standardError: "", exitCode: 0)
            }
            return FetchToolOutput(standardOutput: result.response.body,
                                   standardError: summary(result, milliseconds: HTTPClient.milliseconds(since: started)) + "\n",
                                   exitCode: 0)
        } catch let error as FetchError {
            return failure(error.message(forBuild: false), kind: error.kindName, json: options.json)
        } catch let error as FetchToolError {
            // A command line that cannot be used as given: 64, as for every command.
            return failure(error.message, kind: "usage", json: options.json, exitCode: 64)
        } catch {
            return failure(error.localizedDescription, kind: "internal", json: options.json)
        }
    }

    /// The plain-mode line on standard error: status, cache outcome, age, bytes, milliseconds.
    public static func summary(_ result: FetchResult, milliseconds: Int) -> String {
        let age = result.age.map { "age \($0) s" } ?? "age -"
        // A redirect is not followed by site fetch: say where it leads.
        let location = (300..<400).contains(result.response.status)
            ? result.response.headers["Location"].map { ", Location: \(URL(string: $0)?.shown ?? $0)" } ?? "" : ""
        // A Retry-After longer than the client waits: the server's own answer, not retried.
        let retry = result.retryAt.map { "; the server asked to be retried at \(FetchError.clockTime($0)), later than this tool waits, so it did not retry" } ?? ""
        // Why the stored copy was reused (or revalidated): the question the README asks of it.
        let freshness = result.freshnessNote.map { ", \($0)" } ?? ""
        return "HTTP \(result.response.status)\(location), \(result.outcome.rawValue), \(age)\(freshness), \(result.response.body.count) bytes, \(milliseconds) ms\(retry)"
    }

    /// What `site fetch` prints for a command line it cannot use: the error, with kind `usage`,
    /// exit status 64, as one JSON object with `--json`.
    public static func usageFailure(_ error: FetchToolError, json: Bool) -> FetchToolOutput {
        failure(error.message, kind: "usage", json: json, exitCode: 64)
    }

    /// What `site fetch` prints when the settings file that names its cache folder cannot be
    /// read: the error, with kind `settings`, exit status 1 (as a build's).
    public static func settingsFailure(_ error: SettingsError, json: Bool) -> FetchToolOutput {
        failure(error.description, kind: "settings", json: json)
    }

    private static func failure(_ message: String, kind: String, json: Bool, exitCode: Int32 = 1) -> FetchToolOutput {
        if json {
            return FetchToolOutput(standardOutput: FetchJSON.failure(message: message, kind: kind), standardError: "", exitCode: exitCode)
        }
        return FetchToolOutput(standardOutput: Data(), standardError: "error: \(message)\n", exitCode: exitCode)
    }
}

/// A mistake in the `site fetch` arguments.
public struct FetchToolError: Error, Sendable, LocalizedError {
    /// What is wrong, in one sentence.
    public var message: String
    public init(_ message: String) { self.message = message }
    /// The message, for argument parser and `localizedDescription`.
    public var errorDescription: String? { message }
}
