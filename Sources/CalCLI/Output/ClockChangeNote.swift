import CalCore
import CalService

/// The line that says what became of a time that a change of the clocks makes odd on its day, so that it
/// does not move silently: one the clocks skip (02:30 the night they go forward), taken as the time as much
/// later, and one they show twice (02:30 the night they go back), taken the first time round. `cal add` and
/// `cal edit` say the first under an event (the second its line shows by the offset, `02:30+02`); `cal todo
/// add` and `cal todo edit` both under a to-do, whose line shows no offset.
enum ClockChangeNote {
  /// The note for `time` on `day` in the zone called `zoneName` (the user's own when `nil`), `nil` when the
  /// clocks show it once that day or the zone is unknown. `outcome` says what happens then, before the time
  /// (`it starts at`, `it is due at`); `repeated` whether a time shown twice is said too.
  static func note(
    _ time: TimeOfDay, on day: CivilDate, zoneName: String?, outcome: String, repeated: Bool,
    context: CommandContext
  ) -> String? {
    guard let zone = zoneName.flatMap({ try? context.zones.zone($0) }) ?? (zoneName == nil ? context.localZone : nil)
    else { return nil }
    let clock = context.locale.clock
    let wall = Int64(day.daysSince1970) * 86_400 + Int64(time.minutes) * 60
    let shown = time.description(on: clock)
    switch zone.resolve(localSeconds: wall) {
    case .skipped(_, let shift) where shift > 0:
      let becomes = TimeOfDay(minutes: (time.minutes + shift / 60) % 1440)?.description(on: clock) ?? "later"
      return "\(shown) does not exist on \(day) in \(zone.name) (the clocks go forward \(length(shift))): "
        + "\(outcome) \(becomes)"
    case .repeated(let first, let second) where repeated:
      return "\(shown) happens twice on \(day) in \(zone.name) (the clocks go back \(length(second - first))): "
        + "\(outcome) the first, before they go back"
    default:
      return nil
    }
  }

  /// `1h`, `30m`: how far the clocks move, from seconds.
  private static func length(_ seconds: some BinaryInteger) -> String {
    EventLength.description(minutes: Int(seconds) / 60)
  }
}
