import Foundation
import Glibc

/// Runs programs with posix_spawn and waitpid. Foundation's `Process.waitUntilExit` was seen to miss a
/// child's exit here and hang the test run; this has no such moving parts. Output goes through temporary
/// files, so a child that writes a lot can never block on a full pipe.
enum Subprocess {
  struct Result {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  /// Starts `arguments[0]` (a path) with `environment`; standard input is /dev/null, and standard output and
  /// error go to the given files (or /dev/null).
  static func spawn(
    _ arguments: [String], environment: [String: String], stdout: String = "/dev/null", stderr: String = "/dev/null"
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    let code = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
    guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
    return pid
  }

  /// Waits for `pid` and returns its exit status (128 + the signal when a signal ended it).
  static func wait(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  /// Runs a program to its end and returns its status and output.
  static func run(_ arguments: [String], environment: [String: String]) throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cal-run-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let pid = try spawn(arguments, environment: environment, stdout: folder + "/out", stderr: folder + "/err")
    let status = wait(pid)
    let read = { (name: String) in
      String(decoding: FileManager.default.contents(atPath: folder + "/" + name) ?? Data(), as: UTF8.self)
    }
    return Result(status: status, stdout: read("out"), stderr: read("err"))
  }
}

/// Runs a shell command and returns its standard output.
func shell(_ command: String, environment: [String: String] = ["PATH": "/usr/bin:/bin", "LC_ALL": "C"]) throws -> String
{
  try Subprocess.run(["/bin/bash", "-c", command], environment: environment).stdout
}
