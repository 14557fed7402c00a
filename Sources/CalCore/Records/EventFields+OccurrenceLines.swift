/// The lines kept from a series' source that an occurrence edited here takes.
extension EventFields {
  /// The kept lines without a `STATUS:CANCELLED` of the event itself: an occurrence written with it is read
  /// back (by `cal` too) as one removed from its series, not as the occurrence edited here. Lines of nested
  /// components (an alarm's own STATUS) stay; `nil` when nothing is left.
  public var keptLinesForEditedOccurrence: String? {
    guard let kept = keptLines else { return nil }
    let lines = kept.split(separator: "\n", omittingEmptySubsequences: false)
    let own = Self.ownProperties(among: lines)
    let left = own.filter { !Self.isCancelledStatus($0) }
    guard left.count < own.count else { return kept }
    let rest = left + lines[own.endIndex...]
    return rest.isEmpty ? nil : rest.concatenated(separator: "\n")
  }

  /// Whether `line` is a `STATUS` property (any case, any parameters) whose value is `CANCELLED`, as the
  /// importer reads it.
  private static func isCancelledStatus(_ line: Substring) -> Bool {
    let name = line.prefix { $0 != ":" && $0 != ";" }
    guard name.uppercased() == "STATUS", let colon = line.lastIndex(of: ":") else { return false }
    return line[line.index(after: colon)...].uppercased().trimmingSpaces() == "CANCELLED"
  }
}
