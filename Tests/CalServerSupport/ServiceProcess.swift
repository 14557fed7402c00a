import Dispatch
public import Foundation

/// A process that announces itself on its first line of stdout and then serves until it is killed:
/// the test servers. Killed (SIGKILL) when released.
public final class ServiceProcess: @unchecked Sendable {
  /// The first line the process printed.
  public let firstLine: String
  private let process: Process
  private let log: URL

  /// Starts the process and waits (at most a minute) for its first line; a process that exits or stays
  /// silent throws, with what it wrote on stderr and its exit status.
  public init(_ executable: URL, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("service-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: log)
    process.standardInput = FileHandle.nullDevice
    try process.run()

    let line = FirstLine()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      var bytes = Data()
      while true {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        bytes.append(chunk)
        if bytes.contains(0x0A) { break }
      }
      line.value = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
      done.signal()
    }
    if done.wait(timeout: .now() + 60) == .timedOut { process.terminate() }
    guard !line.value.isEmpty else {
      process.waitUntilExit()
      let reason = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      try? FileManager.default.removeItem(at: log)
      throw Failure(status: process.terminationStatus, stderr: reason)
    }
    firstLine = line.value
    self.process = process
    self.log = log
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: log)
  }

  /// Ends the process politely: SIGTERM, then SIGKILL if it has not ended within five seconds.
  public func stop() {
    // SIGTERM lets the server remove its own files. Its end is watched with waitpid: Foundation's
    // `isRunning` was seen to stay true long after the child had exited.
    guard !exited else { return }
    Foundation.kill(process.processIdentifier, SIGTERM)
    let deadline = Date(timeIntervalSinceNow: 5)
    while Date() < deadline {
      if reaped(blocking: false) { return }
      usleep(10_000)
    }
    kill()
  }

  /// Ends the process at once, as a crash or a pulled plug would.
  public func kill() {
    guard !exited else { return }
    Foundation.kill(process.processIdentifier, SIGKILL)
    _ = reaped(blocking: true)
  }

  private var exited = false

  /// Whether the process has ended (and is reaped now).
  private func reaped(blocking: Bool) -> Bool {
    var status: Int32 = 0
    let result = waitpid(process.processIdentifier, &status, blocking ? 0 : WNOHANG)
    if result == process.processIdentifier || (result == -1 && errno == ECHILD) { exited = true }
    return exited
  }

  /// Freezes the process: the kernel still accepts connections, nothing answers.
  public func pause() { Foundation.kill(process.processIdentifier, SIGSTOP) }

  /// Lets a paused process run again.
  public func resume() { Foundation.kill(process.processIdentifier, SIGCONT) }

  /// The process printed nothing before it exited or went silent.
  public struct Failure: Error, CustomStringConvertible {
    /// The exit status.
    public let status: Int32
    /// What it wrote on standard error.
    public let stderr: String
    /// Status and standard error.
    public var description: String { "exit status \(status): \(stderr)" }
  }
}

/// The first stdout line, handed from the reading thread.
private final class FirstLine: @unchecked Sendable {
  var value = ""
}
