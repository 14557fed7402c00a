import Glibc

/// Writing all of some bytes to a file descriptor: the one loop behind standard output and error and the
/// files `export` writes.
public enum DescriptorOutput {
  /// Writes all of `bytes` to `descriptor`; `nil` when it did, else why not (an `errno`): `ETIMEDOUT` when
  /// the reader took nothing for `patience` milliseconds, when that is not `nil`. A descriptor another program
  /// made non-blocking (the flag belongs to the open pipe or terminal, which it shares: Node.js does this) is
  /// waited for when full, as a blocking one waits, instead of failing with `EAGAIN`.
  public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, patience: Int32? = nil) -> Int32? {
    guard let base = bytes.baseAddress else { return nil }
    var offset = 0
    while offset < bytes.count {
      var length = bytes.count - offset
      if let patience {
        guard waitForRoom(descriptor, patience: patience) else { return ETIMEDOUT }
        // A pipe said to have room takes this much at once without blocking (PIPE_BUF); more could block.
        length = min(length, 4096)
      }
      let written = Glibc.write(descriptor, base + offset, length)
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
}
