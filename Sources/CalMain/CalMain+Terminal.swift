import Glibc

extension CalMain {
  /// Writes all of `bytes` to `descriptor`; `nil` when it did, else why not (an `errno`): `ETIMEDOUT` when
  /// the reader took nothing for `patience` milliseconds, when that is not `nil`. A descriptor another program
  /// made non-blocking (the flag belongs to the open pipe or terminal, which it shares: Node.js does this) is
  /// waited for when full, as a blocking one waits, instead of failing with `EAGAIN`.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32, patience: Int32? = nil) -> Int32? {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        var length = buffer.count - offset
        if let patience {
          guard waitForRoom(descriptor, patience: patience) else { return ETIMEDOUT }
          // A pipe said to have room takes this much at once without blocking (PIPE_BUF); more could block.
          length = min(length, 4096)
        }
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, length)
        if written < 0 && errno == EINTR { continue }
        if written < 0 && errno == EAGAIN {
          guard waitForRoom(descriptor, patience: patience ?? -1) else { return ETIMEDOUT }
          continue
        }
        guard written > 0 else { return written < 0 ? errno : EIO }
        offset += written
      }
      return nil
    }
  }

  /// Waits until `descriptor` takes more, `patience` milliseconds at most (-1: as long as it takes); false
  /// when that time passed first.
  private static func waitForRoom(_ descriptor: Int32, patience: Int32) -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    while true {
      let ready = poll(&request, 1, patience)
      if ready < 0 && errno == EINTR { continue }
      return ready != 0
    }
  }

  /// Writes to standard error.
  static func writeError(_ text: String) { _ = writeAll(Array(text.utf8), to: STDERR_FILENO) }

  /// The size of the terminal on standard output; a terminal that does not say is taken to be the
  /// traditional 24 by 80.
  static func terminalSize() -> (rows: Int, columns: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else {
      return (24, 80)
    }
    return (Int(size.ws_row), Int(size.ws_col))
  }
}
