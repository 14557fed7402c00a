import CalCore

/// How a cell is drawn: colours from the terminal's own palette (so they follow its theme) and attributes.
struct CellStyle: Hashable, Sendable {
  /// The eight colours every terminal has; each terminal decides what they look like.
  enum Color: UInt8, Sendable {
    case black, red, green, yellow, blue, magenta, cyan, white
  }

  var foreground: Color?
  var background: Color?
  var bold = false
  var dim = false
  var underline = false
  var reverse = false

  /// The terminal's default look.
  static let plain = CellStyle()

  /// The SGR sequence that sets exactly this style from any other.
  var sequence: String {
    var codes = ["0"]
    if bold { codes.append("1") }
    if dim { codes.append("2") }
    if underline { codes.append("4") }
    if reverse { codes.append("7") }
    if let foreground { codes.append(String(30 + Int(foreground.rawValue))) }
    if let background { codes.append(String(40 + Int(background.rawValue))) }
    return "\u{1B}[" + codes.concatenated(separator: ";") + "m"
  }

  /// The style without colours, for `NO_COLOR`: attributes stay (they are not colours).
  var withoutColors: CellStyle {
    var style = self
    style.foreground = nil
    style.background = nil
    return style
  }
}
