public import CalCore

/// The rules every event must meet before it is stored, whichever front end made it: what one command
/// writes, every command must be able to read back.
public enum EventValidation {
  /// Checks `fields`.
  ///
  /// - Throws: `ServiceError.invalidRequest` naming the first problem: an empty title, a time zone this
  ///   system does not know, a recurrence rule outside what `cal` reads back.
  public static func check(_ fields: EventFields, zones: ZoneLoader) throws(ServiceError) {
    if fields.title.allSatisfy(\.isWhitespace) {
      throw ServiceError(.invalidRequest, "The title is empty: give the event a title")
    }
    if let name = fields.schedule.timeZone, name != "UTC" {
      do {
        _ = try zones.zone(name)
      } catch {
        throw ServiceError(.invalidRequest, error.description)
      }
    }
    if let rule = fields.schedule.rule {
      do {
        try rule.validate()
      } catch {
        throw ServiceError(.invalidRequest, error.description)
      }
    }
    if let length = fields.schedule.lengthMinutes, !(1...EventLength.maximumMinutes).contains(length) {
      throw ServiceError(.invalidRequest, "an event lasts at least a minute and at most the calendar's span")
    }
  }
}
