/// One character cell of the screen: a grapheme cluster and its style. A character two columns wide is a
/// cell of width 2 followed by a cell of width 0 that stands for its second half.
struct Cell: Equatable, Sendable {
  /// The text shown: one grapheme cluster, or empty for the second half of a wide character.
  var text: String
  /// 1, 2 for a wide character, 0 for its second half.
  var width: Int
  /// How it is drawn.
  var style: CellStyle

  /// A space in `style`.
  static func blank(_ style: CellStyle = .plain) -> Cell {
    Cell(text: " ", width: 1, style: style)
  }
}
