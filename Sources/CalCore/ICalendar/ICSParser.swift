/// Reads iCalendar (RFC 5545) text as real products write it: CRLF, LF or stray CR line ends, lines folded
/// with a space or a tab (also inside parameters), quoted parameter values, names in any case, a byte-order
/// mark, several VCALENDARs in one file, and bare components without a VCALENDAR around them.
public enum ICSParser {
  /// The top-level components of `bytes`.
  ///
  /// - Throws: `ICSError` for text that is not UTF-8 (unless it declares a charset that can be decoded),
  ///   a line that is not a content line, or BEGIN and END that do not match.
  public static func parse(_ bytes: [UInt8]) throws(ICSError) -> [ICSComponent] {
    var ignored: [Int] = []
    var repairs: [(line: Int, note: String)] = []
    return try parse(bytes, ignoredLines: &ignored, repairs: &repairs)
  }

  /// The same, collecting the numbers of lines that were not content lines and were left out (products
  /// write such lines: a property without a value, a folded line that lost its leading space), and what was
  /// repaired on the way (an empty parameter).
  public static func parse(
    _ bytes: [UInt8], ignoredLines: inout [Int], repairs: inout [(line: Int, note: String)]
  ) throws(ICSError) -> [ICSComponent] {
    let text = try decode(bytes)
    var stack: [ICSComponent] = []
    var top: [ICSComponent] = []
    for (line, number) in unfold(text) {
      guard !line.allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
      guard let property = contentLine(line, number: number, repairs: &repairs) else {
        ignoredLines.append(number)
        continue
      }
      switch property.name {
      case "BEGIN":
        let name = property.value.uppercased().trimmingSpaces()
        guard !name.isEmpty else { throw ICSError(line: number, "BEGIN without a component name") }
        stack.append(ICSComponent(name: name, line: number))
      case "END":
        let name = property.value.uppercased().trimmingSpaces()
        guard let open = stack.popLast() else { throw ICSError(line: number, "END:\(name) without a BEGIN") }
        guard open.name == name else {
          throw ICSError(line: number, "END:\(name) closes BEGIN:\(open.name) of line \(open.line)")
        }
        if stack.isEmpty { top.append(open) } else { stack[stack.count - 1].components.append(open) }
      default:
        guard !stack.isEmpty else {
          ignoredLines.append(number)
          continue
        }
        stack[stack.count - 1].properties.append(property)
      }
    }
    if let open = stack.last {
      throw ICSError(line: open.line, "BEGIN:\(open.name) is never closed (the file may be cut short)")
    }
    guard !top.isEmpty else { throw ICSError(line: nil, "no iCalendar component in the file") }
    return top
  }

  /// UTF-8, without a byte-order mark; a file that declares CHARSET=ISO-8859-1 or Windows-1252 is
  /// decoded as such.
  static func decode(_ bytes: [UInt8]) throws(ICSError) -> String {
    var bytes = bytes[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    let ascii = String(decoding: bytes.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self).uppercased()
    if ascii.contains("CHARSET=ISO-8859-1") || ascii.contains("CHARSET=WINDOWS-1252")
      || ascii.contains("CHARSET=LATIN1")
    {
      return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
    // Name the first line that is not UTF-8.
    var line = 1
    var start = bytes.startIndex
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
      if String(validating: bytes[start..<index], as: UTF8.self) == nil { break }
      line += 1
      start = index + 1
    }
    throw ICSError(line: line, "the file is not UTF-8 text (and names no other charset)")
  }

  /// Logical lines with the number of the physical line each starts on.
  static func unfold(_ text: String) -> [(String, Int)] {
    var lines: [(String, Int)] = []
    var number = 0
    var current = ""
    var currentNumber = 0
    var physical = ""
    func finish(_ line: String) {
      number += 1
      // An empty physical line inside a fold (Mozilla writes them) belongs to nothing.
      if line.isEmpty { return }
      if let first = line.unicodeScalars.first, first == " " || first == "\t", !lines.isEmpty || !current.isEmpty {
        current += String(line.unicodeScalars.dropFirst())
        return
      }
      if !current.isEmpty || currentNumber > 0 { lines.append((current, currentNumber)) }
      current = line
      currentNumber = number
    }
    var previousCR = false
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\r":
        finish(physical)
        physical = ""
        previousCR = true
        continue
      case "\n":
        if !previousCR { finish(physical) }
        physical = ""
      default:
        physical.unicodeScalars.append(scalar)
      }
      previousCR = false
    }
    if !physical.isEmpty { finish(physical) }
    if currentNumber > 0 { lines.append((current, currentNumber)) }
    return lines
  }

  /// `NAME;PARAM=a,"b:c";OTHER=x:VALUE`.
  static func contentLine(_ line: String, number: Int, repairs: inout [(line: Int, note: String)]) -> ICSProperty? {
    let scalars = Array(line.unicodeScalars)
    var index = 0
    func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
      scalar.properties.isAlphabetic && scalar.isASCII || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
    }
    while index < scalars.count, isNameScalar(scalars[index]) { index += 1 }
    let name = String(String.UnicodeScalarView(scalars[..<index])).uppercased()
    guard !name.isEmpty else { return nil }
    var parameters: [String: String] = [:]
    while index < scalars.count, scalars[index] == ";" {
      index += 1
      let nameStart = index
      while index < scalars.count, scalars[index] != "=", scalars[index] != ":", scalars[index] != ";" { index += 1 }
      let parameterName = String(String.UnicodeScalarView(scalars[nameStart..<index])).uppercased().trimmingSpaces()
      if parameterName.isEmpty { repairs.append((number, "an empty parameter in \(name) was left out")) }
      guard index < scalars.count, scalars[index] == "=" else {
        // A parameter without a value (seen in the wild): keep going.
        parameters[parameterName] = ""
        continue
      }
      index += 1
      var values: [String] = []
      repeat {
        if index < scalars.count, scalars[index] == "," { index += 1 }
        if index < scalars.count, scalars[index] == "\"" {
          index += 1
          let start = index
          while index < scalars.count, scalars[index] != "\"" { index += 1 }
          guard index < scalars.count else { return nil }
          values.append(String(String.UnicodeScalarView(scalars[start..<index])))
          index += 1
        } else {
          let start = index
          while index < scalars.count, scalars[index] != ",", scalars[index] != ":", scalars[index] != ";" {
            index += 1
          }
          values.append(String(String.UnicodeScalarView(scalars[start..<index])))
        }
      } while index < scalars.count && scalars[index] == ","
      parameters[parameterName] = values.joined(separator: ",")
    }
    guard index < scalars.count, scalars[index] == ":" else { return nil }
    return ICSProperty(
      name: name, parameters: parameters, value: String(String.UnicodeScalarView(scalars[(index + 1)...])),
      line: number)
  }
}

/// TEXT values.
public enum ICSText {
  /// `\\n` and `\\N` to a line feed, `\\,` `\\;` `\\\\` to themselves.
  public static func unescaped(_ value: String) -> String {
    guard value.contains("\\") else { return value }
    var result = ""
    var escaping = false
    for character in value {
      if escaping {
        switch character {
        case "n", "N": result.append("\n")
        case "\\", ";", ",": result.append(character)
        default: result += "\\" + String(character)  // not an escape RFC 5545 knows: kept as written
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// The reverse, for writing.
  public static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\": result += "\\\\"
      case ";": result += "\\;"
      case ",": result += "\\,"
      case "\n", "\r\n": result += "\\n"
      case "\r": result += "\\n"
      default: result.append(character)
      }
    }
    return result
  }
}

extension String {
  /// The string without spaces and tabs at either end.
  func trimmingSpaces() -> String {
    let scalars = unicodeScalars
    guard let start = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
      let end = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return String(scalars[start...end])
  }
}
