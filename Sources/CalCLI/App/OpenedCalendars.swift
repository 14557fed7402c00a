import CalService

/// The calendars a command opened for writing, so that a command that fails leaves behind none that opening
/// made (a new file, or an empty file made a calendar) and nothing was committed to.
public final class OpenedCalendars {
  private var calendars: [CalendarService] = []

  /// No calendars yet.
  public init() {}

  /// Notes `calendar`, opened for a change.
  func add(_ calendar: CalendarService) {
    calendars.append(calendar)
  }

  /// Undoes what opening did to each calendar that holds no change (see `CalendarService.discardIfNew`) when
  /// the command failed, then lets them all go (a calendar that wrote closes, and checkpoints its log).
  /// Returns whether the command stored a change in any of them.
  @discardableResult
  func finish(failed: Bool) -> Bool {
    if failed { for calendar in calendars { calendar.discardIfNew() } }
    let changed = calendars.contains { $0.hasChanged }
    calendars.removeAll()
    return changed
  }
}
