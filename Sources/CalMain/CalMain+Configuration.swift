import CalCLI
import Glibc

extension CalMain {
  /// The configuration file the environment points to, read whole: one failed `open` when there is none.
  static func readConfiguration(environment: [String: String]) -> ConfigurationFile {
    guard let path = try? ConfigurationFile.path(environment: environment) else { return .none }
    // O_NONBLOCK: a FIFO named by CAL_CONFIG is refused below instead of waited on for a writer.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      // No file (or no folder for it) is no configuration; anything else is a file the user cannot have meant
      // to be ignored.
      let code = errno
      if code == ENOENT || code == ENOTDIR { return ConfigurationFile(path: path, contents: .missing) }
      // A folder on the way that may not be searched (a HOME of another user's) hides whether there is a file
      // at all: none is seen, as none would be by ls, and the command says what it cannot do with its own
      // files. A file seen but not readable is an error.
      var status = stat()
      if code == EACCES && stat(path, &status) != 0 { return ConfigurationFile(path: path, contents: .missing) }
      return ConfigurationFile(path: path, contents: .unreadable(String(cString: strerror(code))))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      return ConfigurationFile(path: path, contents: .unreadable(String(cString: strerror(errno))))
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: return ConfigurationFile(path: path, contents: .unreadable("it is a folder"))
    default: return ConfigurationFile(path: path, contents: .unreadable("it is not a regular file"))
    }
    let limit = ConfigurationFile.maximumSize
    guard status.st_size <= limit else {
      return ConfigurationFile(path: path, contents: .unreadable("it is larger than \(limit / 1024) KB"))
    }
    // One byte more than the file held at fstat tells a file that grew since, up to the limit.
    let capacity = min(Int(status.st_size), limit) + 1
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      count = 0
      while count < capacity {
        let read = Glibc.read(descriptor, buffer.baseAddress! + count, capacity - count)
        if read < 0 && errno == EINTR { continue }
        guard read > 0 else {
          if read < 0 { failure = errno }
          return
        }
        count += read
      }
    }
    guard failure == 0 else {
      return ConfigurationFile(path: path, contents: .unreadable(String(cString: strerror(failure))))
    }
    guard bytes.count < capacity else {
      return ConfigurationFile(
        path: path,
        contents: .unreadable(
          capacity > limit ? "it is larger than \(limit / 1024) KB" : "it changed while cal read it: try again"))
    }
    return ConfigurationFile(path: path, contents: .bytes(bytes))
  }
}
