import Foundation

/// A file-system error in words for a message: "not a directory", "permission denied", rather
/// than Foundation's "The operation could not be completed. (NSCocoaErrorDomain error 512.)".
/// No trailing full stop, so it can sit inside a sentence.
enum FileProblem {
    static func describe(_ error: any Error) -> String {
        let error = error as NSError
        // Foundation wraps the system's reason; it is the one that says what happened.
        for candidate in [error, error.userInfo[NSUnderlyingErrorKey] as? NSError].compactMap({ $0 })
        where candidate.domain == NSPOSIXErrorDomain {
            return lowercasedFirst(String(cString: strerror(Int32(candidate.code))))
        }
        if error.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: error.code) {
            case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or folder"
            case .fileWriteFileExists: return "a file of that name is in the way"
            case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
            case .fileWriteOutOfSpace: return "the disk is full"
            case .fileWriteVolumeReadOnly: return "the file system is read-only"
            case .fileReadInapplicableStringEncoding, .fileReadUnknownStringEncoding: return "it is not UTF-8 text"
            default: break
            }
        }
        if error.domain == NSCocoaErrorDomain, error.localizedDescription.contains("could not be completed") {
            return "the file system refused it (error \(error.code))"
        }
        var text = error.localizedDescription.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix(".") { text.removeLast() }
        return text.isEmpty ? "error \(error.code) in \(error.domain)" : lowercasedFirst(text)
    }

    private static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first, first.isUppercase, !(text.dropFirst().first?.isUppercase ?? false) else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
