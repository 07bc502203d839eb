/// The recorded requests of a `BuildRecord` as UTF-8 text, one line each, fields separated by tabs:
///
/// ```
/// <body SHA-256> <url> <stamp: file, inode, size, modified, changed, fresh until | six "-"> (<header name> <value>)*
/// ```
///
/// A build of 50,000 people records about 600 requests, one of 500 people with a picture set each
/// 1,500; as JSON objects, decoding and encoding them was a fifth of a warm build's time. Requests
/// with a tab or a line break in any field are not recordable (see `lines(for:)`).
enum RecordedRequests {
    /// The text for `requests`, or nil when a field holds a tab, a line break or a NUL.
    static func lines(for requests: [BuildRecord.Request]) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(requests.count * 200)
        func field(_ text: String, first: Bool = false) -> Bool {
            if !first { bytes.append(UInt8(ascii: "\t")) }
            for byte in text.utf8 {
                guard byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r"), byte != 0 else { return false }
                bytes.append(byte)
            }
            return true
        }
        for request in requests {
            guard field(request.digest, first: true), field(request.url) else { return nil }
            if let stamp = request.stamp {
                let identity = stamp.identity
                guard field(stamp.file) else { return nil }
                for number in [String(identity.inode), String(identity.size), String(identity.modified),
                               String(identity.changed), String(stamp.freshUntil)] {
                    _ = field(number)
                }
            } else {
                for _ in 0..<6 { _ = field("-") }
            }
            for header in request.headers {
                guard header.count == 2, field(header[0]), field(header[1]) else { return nil }
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// The requests in `text`, or nil when a line is damaged.
    static func parse(_ text: some Collection<UInt8>) -> [BuildRecord.Request]? {
        var requests: [BuildRecord.Request] = []
        // Split on bytes: splitting a String by Character finds grapheme boundaries first, which
        // cost more than the rest of the parse.
        for line in text.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
            guard fields.count >= 8, fields.count % 2 == 0, fields[0].count == 64 else { return nil }
            var stamp: CacheStamp?
            if fields[2] != "-" {
                guard let inode = UInt64(fields[3]), let size = Int64(fields[4]), let modified = Int64(fields[5]),
                      let changed = Int64(fields[6]), let freshUntil = Double(fields[7]) else { return nil }
                stamp = CacheStamp(file: fields[2],
                                   identity: FileIdentity(inode: inode, size: size, modified: modified, changed: changed),
                                   freshUntil: freshUntil)
            }
            let headers = stride(from: 8, to: fields.count, by: 2).map { [fields[$0], fields[$0 + 1]] }
            requests.append(BuildRecord.Request(url: fields[1], headers: headers, digest: fields[0], stamp: stamp))
        }
        return requests
    }
}
