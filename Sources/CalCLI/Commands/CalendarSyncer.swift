import CalCore
import CalService
import Glibc

/// Brings one CalDAV calendar or subscription up to date, for `sync` and `calendar add`: reaches the server
/// or reads the feed, runs the service's sync with a progress bar, and says how long it took. Failures of
/// the server or the feed end up in the report; only the calendar file's own throw.
struct CalendarSyncer {
  let service: CalendarService
  let context: CommandContext

  /// The report on `calendar` and the milliseconds it took; `forceDelete` as `cal sync --force-delete` asks.
  func sync(_ calendar: CalendarRecord, forceDelete: Bool = false) throws -> (report: SyncReport, milliseconds: Int64) {
    let started = context.elapsedMilliseconds()
    var report: SyncReport
    do {
      switch calendar.kind {
      case .caldav: report = try syncCalDAV(calendar, forceDelete: forceDelete)
      case .subscription:
        report = try service.refresh(calendar.name, feed: try Self.feed(calendar, context: context))
      case .local:
        throw ServiceError(.invalidRequest, "the calendar '\(calendar.name)' is local: there is nothing to sync")
      }
    } catch let error as ServiceError where error.kind == .remote || error.kind == .unreadableInput {
      report = SyncReport(calendar: calendar.name)
      report.failure = error.message
    } catch let error as CalError {
      report = SyncReport(calendar: calendar.name)
      report.failure = error.message
    }
    return (report, context.elapsedMilliseconds() - started)
  }

  private func syncCalDAV(_ calendar: CalendarRecord, forceDelete: Bool) throws -> SyncReport {
    let remote = try context.requireNetwork().remote(for: calendar)
    var progress = Progress(total: 0, context: context, unit: "items", stride: 1)
    defer { progress.finish() }
    // For the tests only: stop dead after that many actions, as kill -9 would.
    let stopAfter = context.environment["CAL_SYNC_STOP_AFTER"].flatMap(Int.init)
    let options = SyncOptions(
      product: CalApp.product,
      progress: { done, total in
        progress.total = total
        progress.advance(to: done)
      },
      afterAction: { count in
        if let stopAfter, count >= stopAfter { kill(getpid(), SIGKILL) }
      }, forceDelete: forceDelete)
    return try service.sync(calendar.name, with: remote, options: options)
  }

  /// The feed of subscription `calendar`: read from the file of a `file://` URL, else downloaded (unless it
  /// still has the validator of the last download).
  static func feed(_ calendar: CalendarRecord, context: CommandContext) throws -> FeedDownload {
    let url = calendar.url ?? ""
    if let path = filePath(url) {
      do {
        return FeedDownload(
          bytes: try FileInput(path, refusingPipes: true).readAll(atMost: FeedDownload.maximumSize), validator: nil)
      } catch {
        throw ServiceError(.remote, (error as? CalError)?.message ?? String(describing: error))
      }
    }
    return try context.requireNetwork().download(url, validator: calendar.ctag)
  }

  /// The path of a `file://` URL (`file:///home/ana/a.ics`, `file://localhost/...`), percent escapes
  /// decoded; `nil` for any other URL.
  static func filePath(_ url: String) -> String? {
    guard url.lowercased().hasPrefix("file://") else { return nil }
    var rest = Substring(url.dropFirst(7))
    if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst(9) }
    guard rest.hasPrefix("/") else { return nil }
    var bytes: [UInt8] = []
    var utf8 = Array(rest.utf8)[...]
    while let byte = utf8.first {
      utf8 = utf8.dropFirst()
      if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `url` is one a calendar can be mirrored from: http(s) for CalDAV; also `file://` for a feed.
  static func isUsable(_ url: String, forFeed: Bool) -> Bool {
    let lowered = url.lowercased()
    if forFeed && filePath(url) != nil { return true }
    return (lowered.hasPrefix("http://") || lowered.hasPrefix("https://")) && url.count > 8
  }
}
