public import Foundation

extension ServiceProcess {
  /// Runs a Python script (`python3 -c`) with `arguments`. SIGTERM is first restored to its default and
  /// unblocked: the test runner's mask is inherited, and without this every stop would wait five seconds for
  /// the SIGKILL that follows.
  public convenience init(python script: String, _ arguments: [String] = []) throws {
    let prelude = """
      import signal
      signal.signal(signal.SIGTERM, signal.SIG_DFL)
      signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])

      """
    try self.init(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", prelude + script] + arguments)
  }
}
