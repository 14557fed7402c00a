import CalCore
import Glibc

/// A file to import, read in pieces from its start once per pass (``ICSInput``): a regular file or a
/// device is read in place; standard input from a pipe is first copied to an unnamed temporary file, so
/// that it too can be read twice without being held in memory.
final class FileInput: ICSInput {
  /// The most a file to import may hold: far beyond any real calendar (a million events is about 120 MB),
  /// and a guard against reading an endless source for ever.
  static let maximumSize = 1 << 30

  private let descriptor: Int32
  private let ownsDescriptor: Bool
  private let path: String
  private var offset: Int64 = 0

  /// Opens `path`, or standard input for `-`. With `refusingPipes` (a feed, which a sync reads unattended) a
  /// FIFO or socket is refused rather than waited on: a subscription to a FIFO held `cal sync` for ever,
  /// waiting for a writer; a file named to `cal import` is the user's own pipe, and is waited on as `cat`
  /// would.
  init(_ path: String, refusingPipes: Bool = false) throws(CalError) {
    self.path = path
    var descriptor =
      path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC | (refusingPipes ? O_NONBLOCK : 0))
    guard descriptor >= 0 else { throw Self.failure("cannot read", path) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw Self.failure("cannot read", path) }
    let kind = status.st_mode & S_IFMT
    if kind == S_IFDIR || (refusingPipes && (kind == S_IFIFO || kind == S_IFSOCK)) {
      if path != "-" { close(descriptor) }
      throw CalError(
        "cannot read \(TerminalText.sanitized(path)): it is \(kind == S_IFDIR ? "a folder" : "a pipe, not a file")")
    }
    var owns = path != "-"
    if lseek(descriptor, 0, SEEK_CUR) < 0 {
      // A pipe: copied once, so that each pass can start again from the first byte.
      let copy = try Self.spool(descriptor, path: path)
      if owns { close(descriptor) }
      descriptor = copy
      owns = true
    }
    self.descriptor = descriptor
    self.ownsDescriptor = owns
  }

  deinit {
    if ownsDescriptor { close(descriptor) }
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard offset < Int64(Self.maximumSize) else { throw tooLarge(path) }
    while true {
      let count = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw Self.failure("cannot read", path) }
      offset += Int64(count)
      return count
    }
  }

  func rewind() {
    offset = 0
  }

  /// The whole file, for the few readers that want it in memory at once (a feed to subscribe to), when it
  /// holds at most `maximum` bytes: what such a reader holds is bounded by that, not by the size an import
  /// may stream (an endless `/dev/zero` held 1 GiB before it was refused).
  func readAll(atMost maximum: Int) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var status = stat()
    if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG {
      bytes.reserveCapacity(min(Int(status.st_size), maximum))
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = try chunk.withUnsafeMutableBytes { try read(into: $0) }
      if count == 0 { return bytes }
      guard count <= maximum - bytes.count else {
        throw CalError("\(TerminalText.sanitized(path)) is larger than \(maximum >> 20) MiB: not a calendar feed")
      }
      bytes += chunk[..<count]
    }
  }

  private func tooLarge(_ path: String) -> CalError {
    CalError("\(TerminalText.sanitized(path)) is larger than \(Self.maximumSize >> 20) MiB: not a calendar file")
  }

  /// Copies what `source` gives, up to the size limit, into a temporary file that has no name (nothing is
  /// left behind, whatever happens), and returns it.
  private static func spool(_ source: Int32, path: String) throws(CalError) -> Int32 {
    var copy = open("/tmp", oTmpFile | O_RDWR | O_CLOEXEC, 0o600)
    if copy < 0 {
      var template = Array("/tmp/.cal-import-XXXXXX".utf8CString)
      copy = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      if copy >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
    }
    guard copy >= 0 else { throw failure("cannot keep a copy of", path) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var total = 0
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(source, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        close(copy)
        throw failure("cannot read", path)
      }
      if count == 0 { return copy }
      total += count
      guard total <= maximumSize else {
        close(copy)
        throw CalError("\(TerminalText.sanitized(path)) is larger than \(maximumSize >> 20) MiB: not a calendar file")
      }
      let written = buffer.withUnsafeBytes { bytes -> Bool in
        var done = 0
        while done < count {
          let step = write(copy, bytes.baseAddress! + done, count - done)
          if step < 0 && errno == EINTR { continue }
          guard step > 0 else { return false }
          done += step
        }
        return true
      }
      guard written else {
        close(copy)
        throw failure("cannot keep a copy of", path)
      }
    }
  }

  /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Swift does not import from the C macro.
  private static let oTmpFile: Int32 = 0o20_200_000

  private static func failure(_ what: String, _ path: String) -> CalError {
    CalError("\(what) \(TerminalText.sanitized(path)): \(String(cString: strerror(errno)))")
  }
}
