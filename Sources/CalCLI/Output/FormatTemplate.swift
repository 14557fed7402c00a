import CalCore
import CalService

/// A line of the user's own making (`--format '{title} {due}'`): literal text and fields in braces, read once
/// for a listing of events (``EventFormat``) or of to-dos (``TodoFormat``), each with its own fields.
enum FormatTemplate<Field: RawRepresentable & CaseIterable & Equatable> where Field.RawValue == String {
  /// Literal text, or a field.
  enum Piece: Equatable {
    case text(String)
    case field(Field)
  }

  /// `{date}, {weekday}, ...`: every field, for messages.
  static var fieldList: String { Field.allCases.map { "{\($0.rawValue)}" }.concatenated(separator: ", ") }

  /// The pieces of `template`: text with fields in braces, `{{` and `}}` for braces themselves, and `\n`,
  /// `\t`, `\\` for a line break, a tab and a backslash (for formats kept where a shell cannot write them).
  /// `hints` names, for a field another program calls so, what to write here.
  ///
  /// - Throws: `UsageError` for a brace left open or one that closes nothing, or a name that is no field.
  static func pieces(of template: String, hints: [String: String] = [:]) throws(UsageError) -> [Piece] {
    var pieces: [Piece] = []
    var text = ""
    let scalars = Array(template.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      let next = index + 1 < scalars.count ? scalars[index + 1] : nil
      index += 1
      switch scalar {
      case "{" where next == "{", "}" where next == "}":
        text.unicodeScalars.append(scalar)
        index += 1
      case "{":
        guard let close = scalars[index...].firstIndex(of: "}") else {
          let rest = String(String.UnicodeScalarView(scalars[index...].prefix(20)))
          throw UsageError(
            "--format: '{\(TerminalText.sanitized(rest))' is not closed: write a field as {title}, and {{ for a brace")
        }
        // Scalar by scalar: a view made of the slice whole goes through the runtime's generic metadata, 130,000
        // instructions for the first field of a run.
        var name = ""
        for scalar in scalars[index..<close] { name.unicodeScalars.append(scalar) }
        guard let field = Field(rawValue: name) else {
          let hint = hints[name].map { " (\($0))" } ?? ""
          throw UsageError(
            "--format: '{\(TerminalText.sanitized(String(name.prefix(40))))}' is not a field\(hint): the fields are "
              + "\(fieldList) (and {{ and }} for braces)")
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        text = ""
        pieces.append(.field(field))
        index = close + 1
      case "}":
        throw UsageError("--format: a '}' that closes no field: write }} for a brace")
      case "\\" where next == "n":
        text += "\n"
        index += 1
      case "\\" where next == "t":
        text += "\t"
        index += 1
      case "\\" where next == "\\":
        text += "\\"
        index += 1
      default:
        text.unicodeScalars.append(scalar)
      }
    }
    if !text.isEmpty { pieces.append(.text(text)) }
    return pieces
  }

  /// A note or location of several lines as a field gives it: its lines kept, each made safe to print;
  /// empty for none.
  static func lines(_ text: String?) -> String {
    guard let text, !text.isEmpty else { return "" }
    return TerminalText.sanitizedLines(text).concatenated(separator: "\n")
  }
}
