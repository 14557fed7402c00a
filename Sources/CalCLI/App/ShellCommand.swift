import Glibc

/// A command a user gave to run (`cal remind --exec CMD`), run by `/bin/sh -c` without waiting for it, so
/// that a command that hangs cannot hold up the next reminder.
struct ShellCommand {
  /// The command line, as `sh -c` reads it.
  let command: String

  /// Starts the command with `environment` (`NAME=value` entries), standard input from /dev/null and the
  /// signals it would have had from a shell: none blocked, SIGPIPE, SIGINT and SIGTERM at their defaults.
  ///
  /// - Returns: the command's process id.
  /// - Throws: `CalError` when it cannot be started.
  @discardableResult
  func start(environment: [String]) throws(CalError) -> pid_t {
    try Self.spawn(["-c", command], environment: environment, inputFromNull: true)
  }

  /// Starts `/bin/sh` with `arguments` and `environment`, no signal blocked, SIGPIPE, SIGINT, SIGQUIT and
  /// SIGTERM at their defaults; standard input from /dev/null when `inputFromNull`, else cal's own (a
  /// terminal, for an editor).
  static func spawn(_ arguments: [String], environment: [String], inputFromNull: Bool) throws(CalError) -> pid_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if inputFromNull { posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) }
    let words = ["/bin/sh"] + arguments
    let argv = words.map { strdup($0) } + [nil]
    let variables = environment.map { strdup($0) } + [nil]
    defer { (argv + variables).forEach { free($0) } }
    var pid = pid_t()
    let code = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, variables)
    guard code == 0 else { throw CalError("cannot run /bin/sh: \(String(cString: strerror(code)))") }
    return pid
  }

  /// Waits for one command to end and collects it; false when there is none to wait for.
  static func waitForOne() -> Bool {
    var status: Int32 = 0
    while true {
      if waitpid(-1, &status, 0) > 0 { return true }
      if errno != EINTR { return false }
    }
  }

  /// Collects the commands that have ended, so that none is left a zombie, and says how each ended: `nil`
  /// for a success, else `ended with exit status 3` or `was killed by signal 9`.
  static func reapEnded() -> [(pid: pid_t, failure: String?)] {
    var ended: [(pid: pid_t, failure: String?)] = []
    var status: Int32 = 0
    while true {
      let pid = waitpid(-1, &status, WNOHANG)
      guard pid > 0 else { return ended }
      // WIFEXITED and WEXITSTATUS, WTERMSIG by hand: glibc's are macros Swift does not import.
      let signal = status & 0x7F
      let code = (status >> 8) & 0xFF
      ended.append(
        (pid, signal != 0 ? "was killed by signal \(signal)" : code != 0 ? "ended with exit status \(code)" : nil))
    }
  }
}
