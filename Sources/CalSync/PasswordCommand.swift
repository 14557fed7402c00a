import CalService
import Glibc

/// `--password-command`: a shell command (such as `pass show cal`) run at sync time whose first line of
/// output is the password. Its standard input and error stay the terminal's, so it can ask for a passphrase.
enum PasswordCommand {
  /// The password `command` prints.
  ///
  /// - Throws: `ServiceError.remote` when it cannot be started, fails, or prints nothing.
  static func run(_ command: String) throws -> String {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { throw failure("cannot be started: \(String(cString: strerror(errno)))") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    let words: [String] = ["/bin/sh", "-c", command]
    let arguments = words.map { strdup($0) } + [nil]
    defer { arguments.forEach { free($0) } }
    var process = pid_t()
    let code = posix_spawn(&process, "/bin/sh", &actions, nil, arguments, environ)
    close(pipeEnds[1])
    guard code == 0 else {
      close(pipeEnds[0])
      throw failure("cannot be started: \(String(cString: strerror(code)))")
    }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while output.count < 1 << 16 {
      let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      output += buffer[..<count]
    }
    close(pipeEnds[0])
    var status: Int32 = 0
    while waitpid(process, &status, 0) == -1 && errno == EINTR {}
    guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
      throw failure("failed (exit status \((status >> 8) & 0xFF))")
    }
    let line = output.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
    guard !line.isEmpty else { throw failure("printed no password") }
    return String(decoding: line, as: UTF8.self)
  }

  private static func failure(_ what: String) -> ServiceError {
    ServiceError(.remote, "the password command \(what)")
  }
}
