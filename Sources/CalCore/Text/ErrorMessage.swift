/// The text of an `Error:` or a `Warning:` line, of the interactive page's status line, and of the reasons an
/// import or a sync skipped something: the message with
/// every control character shown (``TerminalText/sanitized(_:)``), and any value in it that is too long to
/// read cut down to its ends. A message quotes what it was given (an argument, `TZ`, a calendar's name, a
/// path, a file's or a server's words), and a 100 KB value made a 100 KB line that buried the explanation.
public enum ErrorMessage {
  /// The most characters of one word (a run without spaces: a value, quoted or not, without its quotes)
  /// shown whole: a longer one is shown by its first 100 and last 40.
  public static let wordLimit = 200
  /// The most characters of a whole message shown, once its words are cut (a long value with spaces).
  public static let messageLimit = 2000

  /// `message`, sanitized, each word longer than ``wordLimit`` shown by its first 100 and last 40
  /// characters around `…(100000 characters in all)…`, and the whole held to about ``messageLimit`` the same
  /// way, by its first 1200 and last 600 around `…(N characters left out)…`.
  public static func text(_ message: String) -> String {
    let safe = TerminalText.sanitized(message)
    // No character is shorter than a byte: most messages are done here.
    guard safe.utf8.count > wordLimit else { return safe }
    let words = safe.split(separator: " " as Character, omittingEmptySubsequences: false).map { word -> String in
      guard word.utf8.count > wordLimit else { return String(word) }
      // The quotes and the punctuation around a value stay, out of the count: `'AAAA…(N characters in all)…A'.`
      let lead = word.prefix { "'\"“(<[".contains($0) }
      let trail = word.dropFirst(lead.count).reversed().prefix { "'\"”.,:;)>]".contains($0) }
      let value = word.dropFirst(lead.count).dropLast(trail.count)
      guard value.count > wordLimit else { return String(word) }
      return lead + value.prefix(100) + "…(\(value.count) characters in all)…" + value.suffix(40) + trail.reversed()
    }
    let text = words.joined(separator: " ")
    let count = text.count
    guard count > messageLimit else { return text }
    return text.prefix(1200) + "…(\(count - 1800) characters left out)…" + text.suffix(600)
  }
}
