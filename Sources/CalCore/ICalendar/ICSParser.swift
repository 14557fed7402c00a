/// Reads iCalendar (RFC 5545) text as real products write it: CRLF, LF or stray CR line ends, lines folded
/// with a space or a tab (also inside parameters), quoted parameter values, names in any case, a byte-order
/// mark, several VCALENDARs in one file, and bare components without a VCALENDAR around them.
public enum ICSParser {
  /// How deep components may nest. Real files nest three deep (VCALENDAR, VEVENT, VALARM); the limit keeps
  /// the tree shallow enough that tearing it down, comparing it or walking it, which all recurse, cannot
  /// exhaust the stack.
  public static let maximumDepth = 64

  /// The top-level components of `bytes`.
  ///
  /// - Throws: `ICSError` for text that is not UTF-8 (unless it declares a charset that can be decoded),
  ///   a line that is not a content line, BEGIN and END that do not match, or components nested deeper than
  ///   ``maximumDepth``.
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
    var utf8 = Array(text.utf8)
    var stack: [ICSComponent] = []
    var top: [ICSComponent] = []
    for (range, number) in unfold(&utf8) {
      let line = utf8[range]
      guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { continue }
      guard let property = contentLine(line, number: number, repairs: &repairs) else {
        ignoredLines.append(number)
        continue
      }
      switch property.name {
      case "BEGIN":
        let name = property.value.uppercased().trimmingSpaces()
        guard !name.isEmpty else { throw ICSError(line: number, "BEGIN without a component name") }
        guard stack.count < maximumDepth else {
          throw ICSError(
            line: number, "BEGIN:\(name) is nested \(stack.count + 1) components deep: at most \(maximumDepth) are read"
          )
        }
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

  /// UTF-8, without a byte-order mark; a file that is not UTF-8 but declares CHARSET=Windows-1252 (or CP1252)
  /// is decoded as Windows-1252, and one that declares ISO-8859-1 (or LATIN1) as Latin-1.
  static func decode(_ bytes: [UInt8]) throws(ICSError) -> String {
    var bytes = bytes[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    let ascii = String(decoding: bytes.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self).uppercased()
    if ascii.contains("CHARSET=WINDOWS-1252") || ascii.contains("CHARSET=CP1252") {
      return Windows1252.decode(bytes)
    }
    if ascii.contains("CHARSET=ISO-8859-1") || ascii.contains("CHARSET=LATIN1") {
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

  /// Logical lines, as ranges of `bytes` (folds are removed in place), with the number of the physical line
  /// each starts on. Line ends are CRLF, LF or a lone CR; a physical line that starts with a space or a tab
  /// continues the one before, and an empty physical line inside a fold (Mozilla writes them) is dropped.
  static func unfold(_ bytes: inout [UInt8]) -> [(Range<Int>, Int)] {
    var lines: [(Range<Int>, Int)] = []
    var write = 0  // folds shift the text left, in place
    var lineStart = 0
    var lineNumber = 0
    var physical = 0
    var read = 0
    let count = bytes.count
    while read < count {
      // One physical line: [read, end).
      var end = read
      while end < count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
      physical += 1
      let isEmpty = end == read
      let continues = !isEmpty && (bytes[read] == 0x20 || bytes[read] == 0x09) && lineNumber > 0
      if !isEmpty {
        if !continues {
          if lineNumber > 0 { lines.append((lineStart..<write, lineNumber)) }
          lineStart = write
          lineNumber = physical
        }
        for index in (continues ? read + 1 : read)..<end {
          bytes[write] = bytes[index]
          write += 1
        }
      }
      // The line end: CRLF, LF or CR.
      read = end
      if read < count && bytes[read] == 0x0D {
        read += 1
        if read < count && bytes[read] == 0x0A { read += 1 }
      } else if read < count && bytes[read] == 0x0A {
        read += 1
      }
    }
    if lineNumber > 0 { lines.append((lineStart..<write, lineNumber)) }
    return lines
  }

  /// `NAME;PARAM=a,"b:c";OTHER=x:VALUE`, or `nil` when the line is not a content line.
  static func contentLine(_ line: ArraySlice<UInt8>, number: Int, repairs: inout [(line: Int, note: String)])
    -> ICSProperty?
  {
    func isNameByte(_ byte: UInt8) -> Bool {
      (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D
        || byte == 0x5F
    }
    func text(_ range: Range<Int>) -> String { String(decoding: line[range], as: UTF8.self) }
    var index = line.startIndex
    let end = line.endIndex
    while index < end, isNameByte(line[index]) { index += 1 }
    guard index > line.startIndex else { return nil }
    let name = text(line.startIndex..<index).uppercased()
    var parameters: [String: String] = [:]
    while index < end, line[index] == 0x3B {  // ;
      index += 1
      let nameStart = index
      while index < end, line[index] != 0x3D, line[index] != 0x3A, line[index] != 0x3B { index += 1 }
      let parameterName = text(nameStart..<index).uppercased().trimmingSpaces()
      if parameterName.isEmpty { repairs.append((number, "an empty parameter in \(name) was left out")) }
      guard index < end, line[index] == 0x3D else {  // =
        // A parameter without a value (seen in the wild): keep going.
        if !parameterName.isEmpty { parameters[parameterName] = "" }
        continue
      }
      index += 1
      var values: [String] = []
      repeat {
        if index < end, line[index] == 0x2C { index += 1 }  // ,
        if index < end, line[index] == 0x22 {  // "
          index += 1
          let start = index
          while index < end, line[index] != 0x22 { index += 1 }
          guard index < end else { return nil }
          values.append(text(start..<index))
          index += 1
        } else {
          let start = index
          while index < end, line[index] != 0x2C, line[index] != 0x3A, line[index] != 0x3B { index += 1 }
          values.append(text(start..<index))
        }
      } while index < end && line[index] == 0x2C
      if !parameterName.isEmpty { parameters[parameterName] = values.joined(separator: ",") }
    }
    guard index < end, line[index] == 0x3A else { return nil }  // :
    return ICSProperty(name: name, parameters: parameters, value: text((index + 1)..<end), line: number)
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
    let special: Set<UInt8> = [0x5C, 0x3B, 0x2C, 0x0A, 0x0D]
    if !text.utf8.contains(where: special.contains) { return text }
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
