import Foundation

/// The files a build published in an output folder, as the file system lists them.
enum OutputFiles {
    /// Every regular file under `folder` with its `lstat`, relative paths in walk order. Hidden
    /// top-level entries belong to the user and are left out. Nil when the folder is missing or
    /// holds anything but folders and regular files, which no build produces.
    static func regular(in folder: URL) -> [(path: String, info: stat)]? {
        let root = folder.standardizedFileURL.path
        var info = stat()
        guard lstat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR,
              let walker = FileManager.default.enumerator(atPath: root) else { return nil }
        var files: [(path: String, info: stat)] = []
        while let relative = walker.nextObject() as? String {
            if !relative.contains("/") && relative.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            guard lstat(root + "/" + relative, &info) == 0 else { return nil }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: continue
            case S_IFREG: files.append((relative, info))
            default: return nil
            }
        }
        return files
    }
}
