/// What a writer made for the event before, kept for the next: the events of an export were mostly added
/// together (an import gives them one CREATED instant) and mostly last alike, so that a value is made again
/// only when it changes.
final class ICSWriterMemo {
  /// The last instant written (Unix milliseconds) and its `20240512T143000Z` as two words.
  private var instant: Int64 = 0
  private var instantWords: (UInt64, UInt64)?
  /// The last length written, nominal days and exact minutes, and its DURATION value.
  private var length: (days: Int, minutes: Int) = (0, 0)
  private var durationText: String?

  /// `milliseconds` as `make` writes it, made only when it differs from the instant before.
  func instant(_ milliseconds: Int64, _ make: (Int64) -> (UInt64, UInt64)) -> (UInt64, UInt64) {
    if let instantWords, instant == milliseconds { return instantWords }
    let words = make(milliseconds)
    (instant, instantWords) = (milliseconds, words)
    return words
  }

  /// The DURATION of a length of `days` and `minutes`, made by `make` only when it differs from the one before.
  func duration(days: Int, minutes: Int, _ make: () -> String) -> String {
    if let durationText, length == (days, minutes) { return durationText }
    let text = make()
    (length, durationText) = ((days, minutes), text)
    return text
  }
}
