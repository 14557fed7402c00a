/// A key as the page understands it, whatever bytes the terminal sent for it.
enum Key: Equatable, Sendable {
  /// A printable character, space included.
  case character(Character)
  /// Ctrl with a letter: `control("c")` is Ctrl-C.
  case control(Character)
  case enter, tab, backTab, backspace, escape, delete, insert
  case up, down, left, right, home, end, pageUp, pageDown
  /// F1 to F12.
  case function(Int)
  /// A sequence the page has no use for.
  case unknown
}
