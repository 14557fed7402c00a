public import CalCore

/// Free time: when the events leave room.
extension CalendarService {
  /// The free stretches of `hours` on the days from `first` through `last` whose weekday is one of
  /// `weekdays`, from `notBefore` on and lasting at least `minimumMinutes`, in order, on the user's clock.
  /// Timed events of every calendar (or of `calendar` alone) are busy; all-day events (a birthday, a
  /// holiday) and moments (a start without a length) are not. Read a day at a time, as the agenda hands its
  /// items out, so that a long window holds one day's events in memory; `body` returning false stops.
  public func forEachFreeSlot(
    from first: CivilDate, through last: CivilDate, hours: FreeTime.Hours, weekdays: Set<Weekday>,
    notBefore: Int64, minimumMinutes: Int, calendar: String? = nil, _ body: (FreeTime.Slot) throws -> Bool
  ) throws {
    let zone = environment.localZone
    let minimum = Int64(max(minimumMinutes, 1)) * 60
    var day = first.daysSince1970
    var busy: [(start: Int64, end: Int64)] = []
    var going = true
    // Hands out the days before `end` (days since 1970) that have not been handed out yet.
    func handOutDays(before end: Int) throws {
      while going && day < end, let date = CivilDate(daysSince1970: day) {
        if weekdays.contains(date.weekday) {
          let slots = FreeTime.slots(
            on: date, hours: hours, zone: zone, busy: busy, notBefore: notBefore, minimum: minimum)
          for slot in slots where going { going = try body(slot) }
        }
        busy.removeAll(keepingCapacity: true)
        day += 1
      }
    }
    try forEachAgendaItem(from: first, through: last, calendar: calendar) { item in
      try handOutDays(before: item.day.daysSince1970)
      if let start = item.occurrence.startInstant, let end = item.occurrence.endInstant { busy.append((start, end)) }
      return going
    }
    try handOutDays(before: last.daysSince1970 + 1)
  }
}
