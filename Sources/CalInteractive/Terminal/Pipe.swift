import Glibc

/// The two ends of a pipe(2), closed on exec (nothing is exec'd, but nothing should inherit them either).
struct Pipe {
  let readEnd: Int32
  let writeEnd: Int32

  /// A new pipe, both ends non-blocking when `nonBlocking`; `nil` when the system has no descriptors left.
  init?(nonBlocking: Bool) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      if nonBlocking { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    }
    readEnd = ends[0]
    writeEnd = ends[1]
  }
}
