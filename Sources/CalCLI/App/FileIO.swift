import Glibc

/// Reading and writing the files a user names (`import FILE`, `export FILE`).
enum FileIO {
  /// The bytes of `path`, or of standard input for `-`.
  static func read(_ path: String) throws(CalError) -> [UInt8] {
    let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw CalError("cannot read \(path): \(String(cString: strerror(errno)))") }
    defer { if path != "-" { close(descriptor) } }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw CalError("cannot read \(path): \(String(cString: strerror(errno)))") }
      if count == 0 { return bytes }
      bytes += buffer[..<count]
    }
  }

  /// Writes `text` to `path` whole or not at all: into a temporary file beside it, then renamed over it.
  static func write(_ text: String, to path: String) throws(CalError) {
    let temporary = path + ".cal-\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw CalError("cannot write \(path): \(String(cString: strerror(errno)))") }
    var text = text
    let written = text.withUTF8 { bytes -> Bool in
      var offset = 0
      while offset < bytes.count {
        let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard written && synced, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw CalError("cannot write \(path): \(reason)")
    }
  }
}
