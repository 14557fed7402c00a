/// What an import could not keep, with the reason, and what it kept only approximately: bounded, so that a
/// file of a million lines that are not content lines costs no more memory than one of ten thousand.
public struct ImportNotes: Sendable {
  /// The most notes of each kind kept with their details; beyond them, only counted.
  public static let maximumKept = 10_000

  /// What was left out, each with where and why: `("VTODO", 40, "to-dos are not events")`.
  public private(set) var skipped: [(what: String, line: Int?, reason: String)] = []
  /// How many things were left out, those beyond ``maximumKept`` included.
  public private(set) var skippedCount = 0
  /// Events kept, but not exactly: `(line, what was approximated)`.
  public private(set) var approximations: [(line: Int, note: String)] = []
  /// How many approximations there were, those beyond ``maximumKept`` included.
  public private(set) var approximationCount = 0
  /// The notes made about the event being read, so that its DTSTART and DTEND do not say the same twice.
  private var eventNotes: [String] = []

  /// No notes.
  public init() {}

  /// Notes that `what`, at `line`, was left out because of `reason`.
  public mutating func skip(_ what: String, line: Int?, _ reason: String) {
    skippedCount += 1
    if skipped.count < Self.maximumKept { skipped.append((what, line, reason)) }
  }

  /// Notes that what stands at `line` was kept approximately, as `note` says; once for each event.
  public mutating func approximate(line: Int, _ note: String) {
    guard !eventNotes.contains(note) else { return }
    eventNotes.append(note)
    approximationCount += 1
    if approximations.count < Self.maximumKept { approximations.append((line, note)) }
  }

  /// Starts the notes about another event.
  mutating func beginEvent() {
    eventNotes.removeAll(keepingCapacity: true)
  }
}
