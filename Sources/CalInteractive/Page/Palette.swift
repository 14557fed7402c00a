/// The styles of the page's parts, from the terminal's own eight colours; without colours (`NO_COLOR`) the
/// same parts keep their attributes (bold, dim, reverse video), which are not colours.
struct Palette {
  /// Whether colours are used.
  let colors: Bool

  private func style(_ style: CellStyle) -> CellStyle {
    colors ? style : style.withoutColors
  }

  var title: CellStyle { style(CellStyle(bold: true)) }
  var hint: CellStyle { style(CellStyle(dim: true)) }
  var weekdayHeader: CellStyle { style(CellStyle(foreground: .blue, bold: true)) }
  var weekendHeader: CellStyle { style(CellStyle(foreground: .blue, dim: true)) }
  var day: CellStyle { .plain }
  var weekend: CellStyle { style(CellStyle(dim: true)) }
  /// Today stands out in colour, and underlined without.
  var today: CellStyle { style(CellStyle(foreground: .yellow, bold: true, underline: !colors)) }
  var eventTime: CellStyle { style(CellStyle(foreground: .cyan)) }
  var event: CellStyle { .plain }
  var more: CellStyle { style(CellStyle(dim: true)) }
  var marker: CellStyle { style(CellStyle(foreground: .cyan, bold: true)) }
  var agendaHeader: CellStyle { style(CellStyle(bold: true, underline: true)) }
  var separator: CellStyle { style(CellStyle(dim: true)) }
  var status: CellStyle { .plain }
  var error: CellStyle { style(CellStyle(foreground: .red, bold: true)) }
  var prompt: CellStyle { style(CellStyle(bold: true)) }
  var back: CellStyle { style(CellStyle(dim: true)) }
  var fold: CellStyle { style(CellStyle(bold: true)) }
  var overlay: CellStyle { style(CellStyle(foreground: .black, background: .white)) }
  var overlayTitle: CellStyle { style(CellStyle(foreground: .black, background: .white, bold: true)) }
  var timedBlock: CellStyle { style(CellStyle(foreground: .cyan, dim: true)) }
  var hourLabel: CellStyle { style(CellStyle(dim: true)) }

  /// `base` marked as selected: reverse video.
  func selected(_ base: CellStyle) -> CellStyle {
    var style = base
    style.reverse = true
    return style
  }
}
