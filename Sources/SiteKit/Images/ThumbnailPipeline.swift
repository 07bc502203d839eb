import Crypto
import Foundation
import Synchronization

/// Downloads, validates and publishes images through a fixed pool of `jobs` workers fed by a
/// priority-laned queue: one download per URL, one file per distinct content, at most
/// `perHost` transfers to one host at a time.
///
/// A bad image never fails the build here: it becomes a warning naming the URL and the reason,
/// and the page shows a placeholder. `--strict` is decided by the caller from `failures`.
struct ThumbnailPipeline: Sendable {
    struct Job: Sendable {
        var url: URL
        var lane: QoSLane
    }

    /// What the image phase produced.
    struct Outcome: Sendable {
        var images: [URL: PublishedImage]
        var failures: [(url: URL, reason: String)]
        var counts: ImageCounts
        var seconds: Double

        static let empty = Outcome(images: [:], failures: [], counts: ImageCounts(), seconds: 0)
    }

    var client: any HTTPFetching
    var jobs: Int
    var perHost: Int
    var reporter: Reporter
    var limits = ImageLimits()
    /// `--strict`: a failed picture fails the build, so no warning promises a placeholder.
    var strict = false
    /// `images.max_failures`: beyond it the build fails, so no warning says the site is published.
    var failureLimit: ImageFailureLimit?
    /// Told of each URL as it settles, from the worker that settled it.
    var settled: (@Sendable (SettledImage) -> Void)?
    /// Seconds without a picture finishing after which the phase says what it is waiting on.
    var stallNotice = 10.0

    /// Runs every job (duplicates are fetched once) and writes the images under `thumbs/`.
    /// Throws when the output cannot be written (a full disk): that is no picture's fault, and
    /// the build cannot be published anyway.
    func run(_ requested: [Job], into output: StagedOutput) async throws -> Outcome {
        let started = Date()
        var seen = Set<URL>()
        let unique = requested.filter { seen.insert($0.url).inserted }
        guard !unique.isEmpty else { return .empty }
        let progress = ImageProgress(total: unique.count, reporter: reporter)
        let ledger = Ledger()
        let queue = LanedQueue<Job>()
        for job in unique { await queue.enqueue(job, lane: job.lane) }
        await queue.close()
        let workers = min(jobs, unique.count)
        // No more workers than a host may serve at once: no host can be over its bound.
        let gate = perHost < workers ? HostGate(limit: perHost) : nil
        let trouble = HostTrouble()
        // Which pictures the cache holds is known only as each is asked for: the line says what
        // the phase does without claiming downloads a warm build never makes.
        reporter.info("images: \(unique.count) to publish, from the cache or fetched \(workers) at a time")
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [stallNotice] in await progress.watch(every: stallNotice) }
            await queue.drain(workers: workers) { job in
                let (result, outcome, bytes) = await settle(job.url, gate: gate, trouble: trouble, output: output, ledger: ledger)
                ledger.record(result, for: job.url)
                progress.record(outcome: outcome, bytes: bytes)
                settled?(SettledImage(url: job.url, result: result))
            }
            group.cancelAll()
        }
        reporter.endProgress()
        if let error = ledger.writeError { throw error }
        let all = ledger.results
        var images: [URL: PublishedImage] = [:]
        var failures: [(url: URL, reason: String)] = []
        for job in unique {
            switch all[job.url] {
            case .published(let image)?: images[job.url] = image
            case .failed(let reason)?: failures.append((job.url, reason))
            case nil: failures.append((job.url, "was not fetched because the build stopped"))
            }
        }
        // A stopped build reports why it stopped, not every picture it did not fetch.
        if !Task.isCancelled {
            let givenUp = ledger.givenUp
            // Beyond the failure limit the build fails too: no placeholder is promised then.
            let overLimit = failureLimit.map { !$0.allows(failures: failures.count, of: unique.count) } ?? false
            // What follows when the build fails for them; for one picture otherwise, its placeholder.
            let failing = strict ? "with --strict, the build fails"
                : overLimit ? "more pictures failed than images.max_failures allows, so the build fails" : nil
            let ending = "; " + (failing ?? "the page shows a placeholder instead") + "."
            // Failures alike are one warning beyond `Self.alikeListed`: 130 lines of the same 404
            // hid everything else.
            for group in Self.alike(failures.filter { !givenUp.contains($0.url) }) {
                guard let first = group.first else { continue }
                if group.count <= Self.alikeListed {
                    for failure in group { reporter.warning("image \(failure.url.shown) \(failure.reason)" + ending) }
                    continue
                }
                // "none of them is cached", where "each is not cached" read badly.
                let each = first.reason.hasPrefix("is not ") ? "none of them is " + first.reason.dropFirst("is not ".count) : "each \(first.reason)"
                let how = group.allSatisfy({ $0.reason == first.reason }) ? each : "failing alike (the first \(first.reason))"
                reporter.warning("\(group.count) pictures of \(first.url.shownHost), such as \(first.url.shown) and \(group[1].url.shown), "
                    + "\(how) (--verbose lists them); \(failing ?? "their pages show placeholders").")
                for failure in group { reporter.detail("image \(failure.url.shown) \(failure.reason)") }
            }
            // Pictures of a host given up on: one warning per host, each picture a detail.
            var hosts: [String: [(url: URL, reason: String)]] = [:]
            for failure in failures where givenUp.contains(failure.url) { hosts[HostGate.key(failure.url), default: []].append(failure) }
            var cachedByHost: [String: [URL]] = [:]
            let shownFromCache = ledger.shownFromCache
            for url in unique.map(\.url) where shownFromCache.contains(url) { cachedByHost[HostGate.key(url), default: []].append(url) }
            for host in Set(hosts.keys).union(cachedByHost.keys).sorted() {
                let skipped = hosts[host] ?? [], cached = cachedByHost[host] ?? []
                guard let first = skipped.first?.url ?? cached.first, let why = trouble.why(first) else {
                    // Never silent: without the host's reason, each picture says its own.
                    for picture in skipped { reporter.warning("image \(picture.url.shown) \(picture.reason)" + ending) }
                    continue
                }
                let count = skipped.count + cached.count
                let fate = skipped.isEmpty ? "their cached copies are shown, however old"
                    : cached.isEmpty ? failing ?? "their pages show placeholders"
                    : "\(cached.count) of them are shown from their cached copies, however old, and the pages of the other \(skipped.count) show placeholders"
                reporter.warning("\(count) more \(count == 1 ? "picture" : "pictures") of \(first.shownHost), such as "
                    + "\(first.shown), \(count == 1 ? "was" : "were") not fetched: \(why), so this build gave up on the rest "
                    + "(--verbose lists them); \(fate).")
                for picture in skipped { reporter.detail("image \(picture.url.shown) \(picture.reason)") }
                for url in cached { reporter.detail("image \(url.shown) was not fetched; its cached copy is shown") }
            }
            // Most of the site's pictures missing (the API went away mid-build): a deploy from CI
            // would publish it without a word but the lines above. Say what --strict is for.
            // With a limit this many failures exceed, the build fails, and says so itself.
            if !strict, unique.count >= 4, failures.count * 2 > unique.count {
                if let failureLimit {
                    if failureLimit.allows(failures: failures.count, of: unique.count) {
                        reporter.warning("most pictures failed (\(failures.count) of \(unique.count)), so most pages show placeholders; "
                            + "this site is published all the same, as the limit of \(failureLimit) failures (images.max_failures or --max-image-failures) allows.")
                    }
                } else {
                    reporter.warning("most pictures failed (\(failures.count) of \(unique.count)), so most pages show placeholders; "
                        + "this site is published all the same. To keep the last good site instead when too many pictures fail, "
                        + "set images.max_failures in site.yml (such as 10%), or build with --strict to fail on any.")
                }
            }
            // The counts are in the build's summary, with the phase's time: not said twice.
            reporter.endProgress()
        }
        return Outcome(images: images, failures: failures, counts: progress.snapshot, seconds: Date().timeIntervalSince(started))
    }

    /// How many pictures of one host failing for the same reason are listed one warning each;
    /// beyond this they are one warning, each picture a detail (`--verbose`).
    static let alikeListed = 3

    /// `failures` in groups of one host and one reason (a folder of pictures gone, 404 each), in
    /// the order each group first appears. Reasons that differ only in their numbers ("3566 bytes
    /// short") or in the file they name (a damaged copy in the cache, offline, whose folder and
    /// name are a digest's digits) are alike too.
    static func alike(_ failures: [(url: URL, reason: String)]) -> [[(url: URL, reason: String)]] {
        var groups: [String: Int] = [:], ordered: [[(url: URL, reason: String)]] = []
        for failure in failures {
            let key = HostGate.key(failure.url) + "\n" + failure.reason.replacing(/\/[^\s()]+|[0-9]+/, with: "#")
            if let index = groups[key] {
                ordered[index].append(failure)
            } else {
                groups[key] = ordered.count
                ordered.append([failure])
            }
        }
        return ordered
    }

    /// How the picture at `url` ends: downloaded and published, failed, or not tried (or stopped)
    /// because its host was given up on, before, while it waited for a slot, or while it downloaded.
    private func settle(_ url: URL, gate: HostGate?, trouble: HostTrouble, output: StagedOutput,
                        ledger: Ledger) async -> (ImageResult, CacheOutcome?, Int) {
        // Not tried, or stopped: the copy the cache holds, however stale, is shown instead when
        // there is one (a stalled host held a warm build for two timeouts per picture).
        func givenUp(started: Bool = false) async -> (ImageResult, CacheOutcome?, Int)? {
            guard let reason = trouble.givenUp(on: url, started: started) else { return nil }
            ledger.markGivenUp(url)
            // Under --strict a copy standing in is a failure anyway (see `fetch`).
            let cached = strict ? nil : await fetch(url, output: output, ledger: ledger, cacheOnly: true)
            if let cached, case .published = cached.result {
                ledger.markShownFromCache(url)
                return (cached.result, cached.outcome, cached.bytes)
            }
            return (.failed(reason: reason), nil, 0)
        }
        if let skipped = await givenUp() { return skipped }
        await gate?.enter(url)
        let settled: (ImageResult, CacheOutcome?, Int)
        if let skipped = await givenUp() {
            settled = skipped
        } else {
            let fetched = await trouble.run(url) { await fetch(url, output: output, ledger: ledger) }
            if fetched.cancelled, let stopped = await givenUp(started: true) {
                settled = stopped
            } else {
                trouble.record(url, networkFailure: fetched.networkFailure)
                settled = (fetched.result, fetched.outcome, fetched.bytes)
            }
        }
        await gate?.leave(url)
        return settled
    }

    /// How one picture's download ended; `networkFailure` says how, when the host timed out or
    /// could not be reached (see `HostTrouble`).
    private struct Fetched {
        var result: ImageResult
        var outcome: CacheOutcome? = nil
        var bytes = 0
        var networkFailure: String? = nil
        /// Stopped before it ended: its host was given up on, or the build is stopping.
        var cancelled = false
    }

    /// Whether `kind` fails every picture of a host alike: a host gone, or stalled, or one whose
    /// certificate is not trusted (each picture a handshake and a warning of its own).
    static func failsTheHost(_ kind: FetchError.Kind) -> Bool {
        switch kind {
        case .timeout, .untrustedCertificate, .notTLS: true
        case .transport(_, let unreachable): unreachable
        default: false
        }
    }

    /// What a picture request accepts: the formats the site publishes (a server that picks the
    /// format from this header, as image CDNs do, must not send AVIF, which is refused).
    static let accepted = "image/webp,image/png,image/jpeg,image/gif;q=0.9,image/avif;q=0,image/*;q=0.5"

    /// - Parameter cacheOnly: ask the cache alone, for a copy however stale (`only-if-cached,
    ///   max-stale`): for a picture whose host was given up on.
    private func fetch(_ url: URL, output: StagedOutput, ledger: Ledger, cacheOnly: Bool = false) async -> Fetched {
        do {
            var request = HTTPRequest(url: url, headers: ["Accept": Self.accepted])
            if cacheOnly { request.headers.set("Cache-Control", "only-if-cached, max-stale") }
            // Checked before it is stored: a broken picture from the origin (a --refresh that found
            // an HTML page) must not replace the good copy the cache holds, which stands in for it.
            // What the check read, kept so that a picture it passed is not read twice (as
            // `Endpoint.load` keeps its decoding).
            let limits = limits
            let inspected = Mutex<ImageInfo?>(nil)
            let check = BodyCheck(name: "picture") { response in
                do {
                    let info = try ImageInspector.inspect(response.body, limits: limits)
                    inspected.withLock { $0 = info }
                    return nil
                } catch {
                    return .refusedBody((error as? ImageError)?.description ?? "could not be read as a picture")
                }
            }
            // A picture's transfer limits, with the body bound these image limits set.
            var transfer = TransferLimits.image
            transfer.maxBodyBytes = limits.maxBytes
            let result = try await client.fetch(request, limits: transfer, check: check)
            let response = result.response
            // The cached copy that stood in for a failing origin came with a warning, and under
            // --strict any picture's warning fails the build.
            // A cached copy that stood in for a host that did not answer at all: the picture is
            // shown, and the host's failure still counts towards giving up on it (see `settle`).
            let failedHost = result.standInFailure.flatMap { Self.failsTheHost($0) ? result.standIn : nil }
            if strict, let standIn = result.standIn {
                return Fetched(result: .failed(reason: "\(standIn), and its cached copy stood in for it"), networkFailure: failedHost)
            }
            guard response.status == 200 else {
                let error = FetchError(status: result, request: request)
                let redirected = error.redirectedTo.map { "was redirected to \($0.shown), which " } ?? ""
                return Fetched(result: .failed(reason: redirected + error.shortReason))
            }
            let checked = result.outcome == .miss || result.outcome == .bypass ? inspected.withLock { $0 } : nil
            let info = try checked ?? ImageInspector.inspect(response.body, limits: limits)
            let digest = SHA256.hash(data: response.body)
            let name = ContentHashName.fileName(digest: digest, format: info.format)
            let path = "thumbs/" + name
            if ledger.claim(name) {
                do {
                    try output.write(response.body, to: path, digest: digest)
                } catch {
                    // The output cannot be written (a full disk): no picture's fault, and the end of the build.
                    ledger.recordWriteError(error)
                    return Fetched(result: .failed(reason: "could not be published (\(FileProblem.describe(error)))"))
                }
            }
            return Fetched(result: .published(PublishedImage(path: path, width: info.width, height: info.height)),
                           outcome: result.outcome, bytes: response.body.count, networkFailure: failedHost)
        } catch let error as ImageError {
            // Not kept for the next build: a server that sent an HTML page (a captive portal, an
            // error page with status 200) may send the picture next time.
            client.discard(url)
            return Fetched(result: .failed(reason: error.description))
        } catch is CancellationError {
            return Fetched(result: .failed(reason: "was not fetched because the build stopped"), cancelled: true)
        } catch let error as FetchError {
            // "timed out after 2 s" alone hides the retries a picture took; the count says it.
            let tries = error.attempts > 1 ? ", tried \(error.attempts) times" : ""
            let redirected = error.redirectedTo.map { "was redirected to \($0.shown), which " } ?? ""
            let reason = redirected + error.shortReason + tries
            return Fetched(result: .failed(reason: reason), networkFailure: Self.failsTheHost(error.kind) ? reason : nil)
        } catch {
            return Fetched(result: .failed(reason: "could not be fetched (\(FileProblem.describe(error)))"))
        }
    }
}

/// What the image workers found, shared between them: a lock held for a dictionary update, not
/// an actor, whose two hops per picture cost more than the updates.
private final class Ledger: Sendable {
    private let state = Mutex<(results: [URL: ImageResult], published: Set<String>)>(([:], []))
    private let firstWriteError = Mutex<(any Error)?>(nil)

    var results: [URL: ImageResult] { state.withLock { $0.results } }

    /// The first error writing a picture into the output, which ends the build.
    var writeError: (any Error)? { firstWriteError.withLock { $0 } }

    func recordWriteError(_ error: any Error) { firstWriteError.withLock { $0 = $0 ?? error } }

    func record(_ result: ImageResult, for url: URL) { state.withLock { $0.results[url] = result } }

    /// Pictures not fetched (or stopped) because their host was given up on.
    private let skipped = Mutex<Set<URL>>([])
    var givenUp: Set<URL> { skipped.withLock { $0 } }
    func markGivenUp(_ url: URL) { skipped.withLock { _ = $0.insert(url) } }

    /// Pictures of a host given up on that the cache held a copy of, shown from it.
    private let fromCache = Mutex<Set<URL>>([])
    var shownFromCache: Set<URL> { fromCache.withLock { $0 } }
    func markShownFromCache(_ url: URL) { fromCache.withLock { _ = $0.insert(url) } }

    /// True for the first worker to publish a file name: identical bytes are written once.
    func claim(_ name: String) -> Bool { state.withLock { $0.published.insert(name).inserted } }
}
