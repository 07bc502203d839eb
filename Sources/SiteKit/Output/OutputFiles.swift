import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files a build published in an output folder, as the file system lists them.
enum OutputFiles {
    /// Every regular file under `folder` with its `lstat`, relative paths in walk order. Hidden
    /// top-level entries belong to the user and are left out. Nil when the folder is missing or
    /// holds anything but folders and regular files, which no build produces, or when an entry
    /// cannot be stated (it vanished while the folder was read) or a folder cannot be read.
    static func regular(in folder: URL) -> [(path: String, info: stat)]? {
        guard let listing = entries(in: folder), listing.others.isEmpty, listing.unreadable.isEmpty,
              listing.vanished == 0 else { return nil }
        return listing.files
    }

    /// What an output folder holds, hidden top-level entries aside.
    struct Listing {
        /// Regular files, with their `lstat`.
        var files: [(path: String, info: stat)] = []
        /// Entries that are neither folders nor regular files (symbolic links, above all), and
        /// entries whose names are not UTF-8, shown with U+FFFD.
        var others: [String] = []
        /// Folders that could not be opened (no permission to read them).
        var unreadable: [String] = []
        /// Entries that went away between the listing of their folder and their `lstat`.
        var vanished = 0
        /// Folders with nothing in them (the output folder itself aside). A build never makes one:
        /// they are the user's.
        var emptyFolders: [String] = []
    }

    /// Every entry under `folder` (relative paths, in walk order) but its hidden top-level ones,
    /// which belong to the user; nil when `folder` is missing or not a folder.
    ///
    /// A walk of its own with `readdir` and `fstatat`: Foundation's enumerator stats every entry
    /// itself, so each was stated twice, and this runs on every up-to-date check.
    static func entries(in folder: URL) -> Listing? {
        let root = folder.standardizedFileURL.path
        var info = stat()
        guard lstat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        var listing = Listing()
        var pending = [""]
        while let relative = pending.popLast() {
            guard let directory = opendir(relative.isEmpty ? root : root + "/" + relative) else {
                if relative.isEmpty { return nil }
                listing.unreadable.append(relative)
                continue
            }
            defer { closedir(directory) }
            let descriptor = dirfd(directory)
            var isEmpty = true
            defer { if isEmpty, !relative.isEmpty { listing.emptyFolders.append(relative) } }
            while let entry = readdir(directory) {
                let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                let decoded = String(validating: bytes, as: UTF8.self)
                let name = decoded ?? String(decoding: bytes, as: UTF8.self)
                if name == "." || name == ".." { continue }
                isEmpty = false
                if relative.isEmpty && name.hasPrefix(".") { continue }
                guard decoded != nil else {
                    // Not UTF-8 (a Latin-1 `café.pdf`): no String names it, so it cannot be stated
                    // or opened by name. Listed with U+FFFD, as another entry, for callers to refuse.
                    listing.others.append(relative.isEmpty ? name : relative + "/" + name)
                    continue
                }
                var info = stat()
                guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                    listing.vanished += 1
                    continue
                }
                let path = relative.isEmpty ? name : relative + "/" + name
                switch info.st_mode & S_IFMT {
                case S_IFDIR: pending.append(path)
                case S_IFREG: listing.files.append((path, info))
                default: listing.others.append(path)
                }
            }
        }
        return listing
    }
}
