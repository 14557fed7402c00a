import Foundation
import Testing

/// A real CalDAV server started by `Scripts/caldav-server` for one test, killed when the test ends.
final class CalDAVServer: Sendable {
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
  private let service: ServiceProcess
  /// The server's data folder, removed here too in case the server was killed before it could.
  private let storage: String

  /// The repository's root folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Starts a server, or cancels the calling test with a note when it is not installed.
  init(_ kind: Kind, sourceLocation: SourceLocation = #_sourceLocation) throws {
    service = try Self.start(kind, sourceLocation: sourceLocation)
    let fields = try JSONSerialization.jsonObject(with: Data(service.firstLine.utf8)) as? [String: String] ?? [:]
    self.kind = kind
    url = fields["url"] ?? ""
    calendar = fields["calendar"] ?? ""
    user = fields["user"] ?? ""
    password = fields["password"] ?? ""
    storage = fields["storage"] ?? ""
  }

  deinit {
    service.stop()
    if storage.hasPrefix(FileManager.default.temporaryDirectory.path) || storage.hasPrefix("/tmp/") {
      try? FileManager.default.removeItem(atPath: storage)
    }
  }

  private static func start(_ kind: Kind, sourceLocation: SourceLocation) throws -> ServiceProcess {
    do {
      return try ServiceProcess(root.appendingPathComponent("Scripts/caldav-server"), [kind.rawValue])
    } catch let failure as ServiceProcess.Failure where failure.status == 3 {
      // The runner shows a cancelled test as passed, without its comment: the note goes to stderr too.
      let reason = failure.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
      let note = "CalDAV server test skipped: \(reason.isEmpty ? "\(kind.rawValue) is not installed" : reason)"
      FileHandle.standardError.write(Data((note + "\n").utf8))
      try Test.cancel(Comment(rawValue: note), sourceLocation: sourceLocation)
    }
  }

  /// Ends the server at once.
  func kill() { service.kill() }
  /// Freezes the server.
  func pause() { service.pause() }
  /// Lets a frozen server run again.
  func resume() { service.resume() }
}
