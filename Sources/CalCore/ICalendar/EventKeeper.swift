/// The events of a file read into memory: the UIDs made up for events without one are numbered here, and
/// each UID is kept once, the later event.
struct EventKeeper {
  var result = ImportResult()
  private var numbers: [String: Int] = [:]
  private var positions: [String: Int] = [:]

  /// Keeps `imported`, noting in `notes` an earlier event of its UID that it replaces.
  mutating func keep(_ imported: consuming ImportedEvent, _ notes: inout ImportNotes) {
    var event = imported
    if event.uidIsSynthetic {
      numbers[event.uid, default: 0] += 1
      event.uid += "-\(numbers[event.uid]!)"
      event.uidIsSynthetic = false
    }
    if let index = positions[event.uid] {
      notes.skip(
        "VEVENT", line: event.line,
        "a second event with the UID of line \(result.events[index].line); the later one is kept")
      result.events[index] = event
    } else {
      positions[event.uid] = result.events.count
      result.events.append(event)
    }
  }
}
