import CalCore
import Glibc

/// Reading and writing the files a user names (`import FILE`, `export FILE`).
enum FileIO {
  /// Writes `text` to `path` whole or not at all: into a new file beside it with a name nobody can guess
  /// (created exclusively, so a planted symlink cannot redirect it), synced, then renamed over it, keeping
  /// the mode of the file it replaces. A path that is not a regular file (a FIFO, a device, `/dev/stdout`)
  /// is written to as it is, never replaced. A symlink is followed: the file it points to is replaced, or
  /// made when there is none yet.
  static func write(_ text: String, to path: String) throws {
    try write(to: path) { write in
      var text = text
      try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }
  }

  /// Writes what `body` hands its closure, piece by piece, to `path`, as ``write(_:to:)`` writes text;
  /// anything `body` throws leaves `path` as it was.
  static func write(to path: String, _ body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
    var status = stat()
    let exists = stat(path, &status) == 0
    // A link to nothing yet is written through, as a shell's `>` and `sort -o` do: replaced, it would stop
    // being a link. One that loops, or another failure than a missing file, is an error.
    guard exists || errno == ENOENT else { throw failure("cannot write", path) }
    if exists && (status.st_mode & S_IFMT) != S_IFREG {
      guard (status.st_mode & S_IFMT) != S_IFDIR else {
        throw CalError("cannot write \(TerminalText.sanitized(path)): it is a folder")
      }
      let descriptor = open(path, O_WRONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw failure("cannot write", path) }
      defer { close(descriptor) }
      try body { bytes throws(CalError) in try writeAll(bytes, to: descriptor, path: path) }
      return
    }
    let target = exists ? (resolvedPath(path) ?? path) : linkTarget(path)
    let folder = target.contains("/") ? String(target[..<target.lastIndex(of: "/")!]) : "."
    if target != path && access(folder.isEmpty ? "/" : folder, F_OK) != 0 {
      throw CalError(
        "cannot write \(TerminalText.sanitized(path)): it links to \(TerminalText.sanitized(target)), in a folder that "
          + "does not exist")
    }
    var template = Array(((folder.isEmpty ? "/" : folder + "/") + ".cal-export-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw failure("cannot write", path) }
    let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // A new file gets the mode any new file gets (0666 less the umask); a replaced one keeps its own.
    let mode = exists ? status.st_mode & 0o7777 : 0o666 & ~currentUmask()
    do {
      guard fchmod(descriptor, mode) == 0 else { throw failure("cannot write", path) }
      try body { bytes throws(CalError) in try writeAll(bytes, to: descriptor, path: path) }
      guard fsync(descriptor) == 0 else { throw failure("cannot write", path) }
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    close(descriptor)
    guard rename(temporary, target) == 0 else {
      let error = failure("cannot write", path)
      unlink(temporary)
      throw error
    }
    // The rename itself is durable once the folder is synced.
    let folderDescriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folderDescriptor >= 0 {
      fsync(folderDescriptor)
      close(folderDescriptor)
    }
  }

  /// Runs `body` holding an exclusive lock on the folder `path` is in (made first when `creating`, and
  /// missing ones are), so that two changes of the file, each reading it and writing it whole, run one after
  /// the other: the lock is on the folder because the write renames a new file over the old one. Without
  /// `creating`, a folder that is not there (or a file where it would be) runs `body` unlocked, since there is
  /// no file in it to change.
  static func withFolderLock<Value>(around path: String, creating: Bool, _ body: () throws -> Value) throws -> Value {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    if creating && slash != nil && folder != "/" { try createFolders(folder) }
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      // The file is what the user named: a failure is said of it.
      guard !creating && (errno == ENOENT || errno == ENOTDIR) else { throw failure("cannot write", path) }
      return try body()
    }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { throw failure("cannot write", path) }
    }
    return try body()
  }

  /// Creates the folder `path` and those above it that are missing, with the usual mode (0777 less the umask).
  static func createFolders(_ path: String) throws(CalError) {
    var folder = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      folder += "/" + component
      guard mkdir(folder, 0o777) == 0 || errno == EEXIST else { throw failure("cannot create", folder) }
    }
  }

  /// `path`, made absolute from the current folder when it is relative.
  static func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/"), let folder = getcwd(nil, 0) else { return path }
    defer { free(folder) }
    return String(cString: folder) + "/" + path
  }

  /// Writes all of `bytes` to `descriptor`, the file at `path`.
  private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(CalError) {
    guard let code = DescriptorOutput.writeAll(bytes, to: descriptor) else { return }
    errno = code
    throw failure("cannot write", path)
  }

  /// Where `path` leads when it is a symlink to nothing (through any links to links): the file a write through
  /// it creates; `path` itself when it is no link.
  private static func linkTarget(_ path: String) -> String {
    var current = path
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    // stat said the chain ends, so it does not loop; the bound only keeps a changing one from running on.
    for _ in 0..<40 {
      let count = readlink(current, &buffer, Int(PATH_MAX))
      guard count > 0 else { return current }
      let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let folder = current.lastIndex(of: "/").map { String(current[...$0]) } ?? ""
      current = link.hasPrefix("/") ? link : folder + link
    }
    return current
  }

  /// The path with every symlink resolved, or `nil`.
  private static func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private static func currentUmask() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }

  private static func failure(_ what: String, _ path: String) -> CalError {
    CalError("\(what) \(TerminalText.sanitized(path)): \(String(cString: strerror(errno)))")
  }
}
