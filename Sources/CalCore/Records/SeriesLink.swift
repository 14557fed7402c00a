/// What makes an event one edited occurrence of a series `cal` does not hold, such as an invitation to one
/// occurrence (a VEVENT with RECURRENCE-ID whose series is not in the file or the CalDAV resource): the
/// series' UID and the RECURRENCE-ID of the occurrence it replaces. An export and a sync write them back,
/// so that the server and the invitation's other readers still see the occurrence of that series.
public struct SeriesLink: Hashable, Sendable {
  /// The series' UID, which the event is written with.
  public var uid: String
  /// The occurrence of the series it replaces: it stays when the event is moved or changed.
  public var recurrenceID: RecurrenceID

  /// A link from its parts.
  public init(uid: String, recurrenceID: RecurrenceID) {
    self.uid = uid
    self.recurrenceID = recurrenceID
  }
}
