import CalCore
import CalService

/// How sync reports are printed: one line per calendar (with its conflicts and skipped items below), or
/// JSON.
enum SyncPresenter {
  /// `work: 2 up, 1 down, 1 removed, no conflicts (0.42 s)` (`..., stopped (...)` when it could not finish),
  /// then a line per conflict and per skipped item.
  static func text(_ report: SyncReport, milliseconds: Int64) -> String {
    let conflicts =
      report.conflicts.isEmpty
      ? "no conflicts" : "\(report.conflicts.count) conflict\(report.conflicts.count == 1 ? "" : "s")"
    var text =
      "\(TerminalText.sanitized(report.calendar)): \(report.uploaded) up, \(report.downloaded) down, "
      + "\(report.removed) removed, \(conflicts)\(report.failure == nil ? "" : ", stopped") (\(seconds(milliseconds)) s)"
    for conflict in report.conflicts {
      text +=
        "\n  conflict: \(name(conflict.copy)) \(TerminalText.sanitized(conflict.copy.title)) is your version, kept "
        + "on this machine only; \(name(conflict.event)) \(TerminalText.sanitized(conflict.title)) is the server's"
    }
    for skipped in report.skipped.prefix(20) {
      text += "\n  skipped \(ErrorMessage.text(skipped.item)): \(ErrorMessage.text(skipped.reason))"
    }
    if report.skipped.count > 20 { text += "\n  ... and \(report.skipped.count - 20) more skipped" }
    return text
  }

  /// `{"calendar", "up", "down", "removed", "removedHere", "removedThere", "conflicts", "skipped",
  /// "milliseconds", "error"}`; a conflict of a to-do says `"todo": true`, its ids a to-do's.
  static func json(_ report: SyncReport, milliseconds: Int64) -> JSONValue {
    .object([
      ("calendar", .string(report.calendar)),
      ("up", .integer(Int64(report.uploaded))),
      ("down", .integer(Int64(report.downloaded))),
      ("removed", .integer(Int64(report.removed))),
      ("removedHere", .integer(Int64(report.removedHere))),
      ("removedThere", .integer(Int64(report.removedThere))),
      (
        "conflicts",
        .array(
          report.conflicts.map { conflict in
            .object(
              [
                ("id", .integer(conflict.copy.id)), ("title", .string(conflict.copy.title)),
                ("serverId", .integer(conflict.event.id)), ("serverTitle", .string(conflict.title)),
              ] + (conflict.copy.isTodo || conflict.event.isTodo ? [("todo", .bool(true))] : []))
          })
      ),
      (
        "skipped",
        .array(report.skipped.map { .object([("item", .string($0.item)), ("reason", .string($0.reason))]) })
      ),
      ("milliseconds", .integer(milliseconds)),
      ("error", .optional(report.failure)),
    ])
  }

  /// `#12` for an event, `to-do #3` for a to-do.
  private static func name(_ item: SyncConflict.Item) -> String {
    item.isTodo ? "to-do #\(item.id)" : "#\(item.id)"
  }

  /// `0.42`: milliseconds as seconds with two decimals.
  static func seconds(_ milliseconds: Int64) -> String {
    let hundredths = (milliseconds + 5) / 10
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
