import Dispatch
import Foundation

/// A process that announces itself on its first line of stdout and then serves until it is killed:
/// the test servers. Killed (SIGKILL) when released.
final class ServiceProcess: @unchecked Sendable {
  /// The first line the process printed.
  let firstLine: String
  private let process: Process
  private let log: URL

  /// Starts the process and waits (at most a minute) for its first line; a process that exits or stays
  /// silent throws, with what it wrote on stderr and its exit status.
  init(_ executable: URL, _ arguments: [String]) throws {
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
  func stop() {
    // SIGTERM lets the server remove its own files; SIGKILL if it does not end within five seconds.
    if process.isRunning {
      process.terminate()
      let deadline = Date(timeIntervalSinceNow: 5)
      while process.isRunning, Date() < deadline { usleep(10_000) }
    }
    kill()
  }

  /// Ends the process at once, as a crash or a pulled plug would.
  func kill() {
    guard process.isRunning else { return }
    Foundation.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Freezes the process: the kernel still accepts connections, nothing answers.
  func pause() { Foundation.kill(process.processIdentifier, SIGSTOP) }

  /// Lets a paused process run again.
  func resume() { Foundation.kill(process.processIdentifier, SIGCONT) }

  /// The process printed nothing before it exited or went silent.
  struct Failure: Error, CustomStringConvertible {
    let status: Int32
    let stderr: String
    var description: String { "exit status \(status): \(stderr)" }
  }
}

/// The first stdout line, handed from the reading thread.
private final class FirstLine: @unchecked Sendable {
  var value = ""
}
