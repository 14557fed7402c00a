import CalCore
import Glibc

/// The file descriptor the signal handlers write to (1 for a stop, 2 for a child that ended); -1 until a
/// `Waiter` sets it. A signal handler can capture nothing, so it lives here, set once before the handlers are
/// installed.
nonisolated(unsafe) private var stopSignalPipe: Int32 = -1

/// Sleeps until one of some files changes, SIGTERM or SIGINT asks the program to stop, a child process ends
/// (when asked), or a time passes: inotify on the files' folders and a pipe the signal handlers write to, both
/// in one poll(2), so nothing is polled in a loop and no signal is lost between two checks.
final class Waiter {
  /// Why `wait` returned.
  enum Wake: Equatable {
    /// One of the files changed.
    case changed
    /// The time passed.
    case timedOut
    /// SIGTERM or SIGINT arrived.
    case stopped
    /// A child process ended (SIGCHLD), when the waiter was asked to wake for that.
    case childEnded
  }

  private let inotify: Int32
  private let stopRead: Int32
  private let monotonic: () -> Int64
  /// The names watched in each watched folder, by watch descriptor.
  private var names: [Int32: Set<String>] = [:]

  /// Watches `files` (they need not exist yet: their folders are watched) and takes over SIGTERM and SIGINT,
  /// and SIGCHLD when `wakesForChildren`.
  ///
  /// - Parameters:
  ///   - monotonic: a monotonic clock in milliseconds, for the time to sleep.
  ///   - wakesForChildren: whether `wait` returns when a child process ends, so that it is collected (and
  ///     how it ended told) at once.
  /// - Throws: `CalError` when the kernel refuses inotify or a pipe.
  init(watching files: [String], monotonic: @escaping () -> Int64, wakesForChildren: Bool = false)
    throws(CalError)
  {
    self.monotonic = monotonic
    inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    var ends: [Int32] = [-1, -1]
    guard inotify >= 0, pipe(&ends) == 0 else {
      throw CalError("cannot watch the calendar for changes: \(String(cString: strerror(errno)))")
    }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    stopRead = ends[0]
    stopSignalPipe = ends[1]
    let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE)
    for file in files {
      let slash = file.lastIndex(of: "/")
      let folder = slash.map { $0 == file.startIndex ? "/" : String(file[..<$0]) } ?? "."
      let name = slash.map { String(file[file.index(after: $0)...]) } ?? file
      let descriptor = inotify_add_watch(inotify, folder, mask)
      guard descriptor >= 0 else {
        throw CalError("cannot watch \(TerminalText.sanitized(folder)): \(String(cString: strerror(errno)))")
      }
      names[descriptor, default: []].insert(name)
    }
    // A parent may have left them blocked (a test harness, a service manager): they must reach the handler.
    var stops = sigset_t()
    sigemptyset(&stops)
    for signal in [SIGTERM, SIGINT] + (wakesForChildren ? [SIGCHLD] : []) {
      sigaddset(&stops, signal)
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        let saved = errno
        var byte: UInt8 = signal == SIGCHLD ? 2 : 1
        _ = Glibc.write(stopSignalPipe, &byte, 1)
        errno = saved
      }
      sigemptyset(&action.sa_mask)
      // poll returns at once whatever the flags; a child's end interrupts no other call (SQLite's, a write).
      action.sa_flags = signal == SIGCHLD ? SA_RESTART | SA_NOCLDSTOP : 0
      sigaction(signal, &action, nil)
    }
    sigprocmask(SIG_UNBLOCK, &stops, nil)
  }

  deinit {
    close(inotify)
    close(stopRead)
  }

  /// Sleeps until a watched file changes, a stop signal arrives, or `milliseconds` pass.
  func wait(milliseconds: Int64) -> Wake {
    let deadline = monotonic() + max(milliseconds, 0)
    while true {
      var descriptors = [
        pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0), pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
      ]
      let left = max(deadline - monotonic(), 0)
      let ready = poll(&descriptors, 2, Int32(min(left, Int64(Int32.max))))
      if ready < 0 && errno != EINTR { return .timedOut }
      if descriptors[0].revents != 0 { return readSignals() }
      if descriptors[1].revents != 0 && readChanges() { return .changed }
      if ready == 0 || monotonic() >= deadline { return .timedOut }
    }
  }

  /// Reads what the signal handlers wrote: a stop wins over a child's end.
  private func readSignals() -> Wake {
    var wake = Wake.childEnded
    var bytes = [UInt8](repeating: 0, count: 64)
    while true {
      let count = bytes.withUnsafeMutableBytes { read(stopRead, $0.baseAddress, $0.count) }
      guard count > 0 else { return wake }
      if bytes[..<count].contains(1) { wake = .stopped }
    }
  }

  /// Reads the pending inotify events; whether one names a watched file.
  private func readChanges() -> Bool {
    var changed = false
    var buffer = [UInt8](repeating: 0, count: 8192)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
      guard count > 0 else { return changed }
      var offset = 0
      let header = MemoryLayout<inotify_event>.size
      while offset + header <= count {
        let (descriptor, length) = buffer.withUnsafeBytes { bytes in
          (
            bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
            Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          )
        }
        let nameBytes = buffer[(offset + header)..<min(offset + header + length, count)].prefix { $0 != 0 }
        if names[descriptor]?.contains(String(decoding: nameBytes, as: UTF8.self)) == true { changed = true }
        offset += header + length
      }
    }
  }
}
