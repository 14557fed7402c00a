import Dispatch
import Foundation
import Testing

/// A real CalDAV server started by `Scripts/caldav-server` for one test, killed when the test ends.
final class CalDAVServer: @unchecked Sendable {
  /// The servers the script can start.
  enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case radicale, xandikos
    var testDescription: String { rawValue }
  }

  let kind: Kind
  /// The server's root URL, with a trailing slash.
  let url: String
  /// The collection the script created.
  let calendar: String
  let user: String
  let password: String
  private let process: Process
  private let log: URL

  /// Starts a server, or cancels the calling test with a note when it is not installed.
  static func start(_ kind: Kind, sourceLocation: SourceLocation = #_sourceLocation) throws -> CalDAVServer {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let process = Process()
    process.executableURL = root.appendingPathComponent("Scripts/caldav-server")
    process.arguments = [kind.rawValue]
    let output = Pipe()
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("caldav-server-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: log)
    process.standardInput = FileHandle.nullDevice
    try process.run()

    // The first line, or nothing if the script exits first; never wait more than a minute.
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
    if line.value.isEmpty {
      process.waitUntilExit()
      let reason = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      try? FileManager.default.removeItem(at: log)
      if process.terminationStatus == 3 {
        try Test.cancel("\(kind.rawValue) is not installed: \(reason)", sourceLocation: sourceLocation)
      }
      throw ServerStartFailure(description: "\(kind.rawValue) did not start: \(reason)")
    }
    let fields = try JSONSerialization.jsonObject(with: Data(line.value.utf8)) as? [String: String] ?? [:]
    return CalDAVServer(kind: kind, fields: fields, process: process, log: log)
  }

  private init(kind: Kind, fields: [String: String], process: Process, log: URL) {
    self.kind = kind
    url = fields["url"] ?? ""
    calendar = fields["calendar"] ?? ""
    user = fields["user"] ?? ""
    password = fields["password"] ?? ""
    self.process = process
    self.log = log
  }

  deinit {
    kill()
    try? FileManager.default.removeItem(at: log)
  }

  /// Ends the server at once, as a crash or a pulled plug would.
  func kill() {
    guard process.isRunning else { return }
    Foundation.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Freezes the server: it still accepts connections (the kernel does) but answers nothing.
  func pause() { Foundation.kill(process.processIdentifier, SIGSTOP) }

  /// Lets a paused server run again.
  func resume() { Foundation.kill(process.processIdentifier, SIGCONT) }
}

/// The first stdout line of the script, handed from the reading thread.
private final class FirstLine: @unchecked Sendable {
  var value = ""
}

/// The script ran but printed no URL.
struct ServerStartFailure: Error, CustomStringConvertible {
  let description: String
}
