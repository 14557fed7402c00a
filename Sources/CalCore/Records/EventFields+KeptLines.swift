/// The parts of the lines kept from an event's source (``EventFields/keptLines``).
extension EventFields {
  /// The event's own properties among its kept `lines`, split at each newline: those before its first
  /// component (the lines of an alarm or another nested component are not the event's), which the importer
  /// keeps after them. A slice of `lines`: its indices are theirs.
  static func ownProperties(among lines: [Substring]) -> ArraySlice<Substring> {
    // The importer writes a kept component's BEGIN upper-cased; any case is a component all the same.
    lines.prefix { !($0.utf8.count >= 6 && $0.prefix(6).uppercased() == "BEGIN:") }
  }
}
