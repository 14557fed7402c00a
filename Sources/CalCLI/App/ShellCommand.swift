import Glibc

/// A command a user gave to run (`cal remind --exec CMD`), run by `/bin/sh -c` without waiting for it, so
/// that a command that hangs cannot hold up the next reminder.
struct ShellCommand {
  /// The command line, as `sh -c` reads it.
  let command: String

  /// Starts the command with `environment` (`NAME=value` entries), standard input from /dev/null and the
  /// signals it would have had from a shell: none blocked, SIGPIPE, SIGINT and SIGTERM at their defaults.
  ///
  /// - Throws: `CalError` when it cannot be started.
  func start(environment: [String]) throws(CalError) {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    let words: [String] = ["/bin/sh", "-c", command]
    let arguments = words.map { strdup($0) } + [nil]
    let variables = environment.map { strdup($0) } + [nil]
    defer { (arguments + variables).forEach { free($0) } }
    var pid = pid_t()
    let code = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments, variables)
    guard code == 0 else { throw CalError("cannot run /bin/sh: \(String(cString: strerror(code)))") }
  }

  /// Collects the commands that have ended, so that none is left a zombie.
  static func reapEnded() {
    var status: Int32 = 0
    while waitpid(-1, &status, WNOHANG) > 0 {}
  }
}
