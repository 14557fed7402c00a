/// A JSON document, written by hand so that `cal` needs no Foundation; object keys keep their order.
public enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case integer(Int64)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])
  /// JSON text already written (by a writer that goes straight to bytes), inserted as it is.
  case raw(String)

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
    case .string(let value): buffer.append(jsonString: value)
    case .raw(let text): buffer.append(text)
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
        buffer.append(jsonString: key)
        buffer.append(byte: UInt8(ascii: ":"))
        value.write(into: &buffer)
      }
      buffer.append(byte: UInt8(ascii: "}"))
    }
  }

  /// Members compare in order.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.serialized == rhs.serialized
  }
}
