/// What arrived from the terminal, one event at a time.
enum InputEvent: Equatable, Sendable {
  /// A key.
  case key(Key)
  /// A mouse report.
  case mouse(MouseReport)
  /// Text pasted in bracketed-paste mode: never taken as keys.
  case paste(String)
}
