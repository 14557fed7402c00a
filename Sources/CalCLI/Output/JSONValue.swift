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
    var buffer = TextBuffer(capacity: 256)
    write(into: &buffer)
    return buffer.text
  }

  /// Appends the compact serialization to `buffer`, as bytes: a listing of millions of events writes them
  /// straight into its output buffer.
  func write(into buffer: inout TextBuffer) {
    switch self {
    case .null: buffer.append(literal: "null")
    case .bool(let value): if value { buffer.append(literal: "true") } else { buffer.append(literal: "false") }
    case .integer(let value): buffer.append(digits: value)
    case .string(let value): Self.writeString(value, into: &buffer)
    case .array(let values):
      buffer.append(byte: UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { buffer.append(byte: UInt8(ascii: ",")) }
        value.write(into: &buffer)
      }
      buffer.append(byte: UInt8(ascii: "]"))
    case .object(let members):
      buffer.append(byte: UInt8(ascii: "{"))
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { buffer.append(byte: UInt8(ascii: ",")) }
        Self.writeString(key, into: &buffer)
        buffer.append(byte: UInt8(ascii: ":"))
        value.write(into: &buffer)
      }
      buffer.append(byte: UInt8(ascii: "}"))
    }
  }

  /// RFC 8259 escaping: quotes, backslashes and every control character.
  private static func writeString(_ string: String, into buffer: inout TextBuffer) {
    buffer.append(byte: UInt8(ascii: "\""))
    // Most strings need no escaping at all: their bytes go in whole.
    // 0xC2 starts the C1 controls (U+0080 to U+009F), which a terminal may obey; 0xE2 starts U+2028 and
    // U+2029, which are escaped for JavaScript's sake.
    let plain =
      string.utf8.withContiguousStorageIfAvailable { bytes in
        for byte in bytes
        where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xC2
          || byte == 0xE2
        {
          return false
        }
        return true
      } ?? false
    if plain {
      buffer.append(string)
      buffer.append(byte: UInt8(ascii: "\""))
      return
    }
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": buffer.append(literal: "\\\"")
      case "\\": buffer.append(literal: "\\\\")
      case "\n": buffer.append(literal: "\\n")
      case "\r": buffer.append(literal: "\\r")
      case "\t": buffer.append(literal: "\\t")
      case "\u{08}": buffer.append(literal: "\\b")
      case "\u{0C}": buffer.append(literal: "\\f")
      case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
        let hex = String(scalar.value, radix: 16, uppercase: false)
        buffer.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
      default: buffer.append(String(scalar))
      }
    }
    buffer.append(byte: UInt8(ascii: "\""))
  }

  /// Members compare in order.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.serialized == rhs.serialized
  }
}
