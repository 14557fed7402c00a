/// A JSON document, written by hand so that `cal` needs no Foundation; object keys keep their order.
public enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case integer(Int64)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  /// A string, or `null` when absent.
  public static func optional(_ string: String?) -> JSONValue {
    string.map(JSONValue.string) ?? .null
  }

  /// The compact serialization, on one line.
  public var serialized: String {
    var output = ""
    if case .array(let values) = self { output.reserveCapacity(values.count * 320) }
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .integer(let value): output += String(value)
    case .string(let value): Self.writeString(value, to: &output)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += "," }
        Self.writeString(key, to: &output)
        output += ":"
        value.write(to: &output)
      }
      output += "}"
    }
  }

  /// RFC 8259 escaping: quotes, backslashes and every control character.
  private static func writeString(_ string: String, to output: inout String) {
    output += "\""
    // Most strings need no escaping at all: append them whole.
    // 0xC2 starts the C1 controls (U+0080 to U+009F), which a terminal may obey; 0xE2 starts U+2028 and
    // U+2029, which are escaped for JavaScript's sake.
    let plain = string.utf8.allSatisfy {
      $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != 0x7F && $0 != 0xC2 && $0 != 0xE2
    }
    if plain {
      output += string
      output += "\""
      return
    }
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
        let hex = String(scalar.value, radix: 16, uppercase: false)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }

  /// Members compare in order.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.serialized == rhs.serialized
  }
}
