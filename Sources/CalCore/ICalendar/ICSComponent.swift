/// A component of an iCalendar file (VCALENDAR, VEVENT, VTIMEZONE ...): its properties in order and the
/// components nested in it.
public struct ICSComponent: Equatable, Sendable {
  /// The name, upper-cased: `VEVENT`.
  public var name: String
  /// The properties, in file order.
  public var properties: [ICSProperty]
  /// Nested components.
  public var components: [ICSComponent]
  /// The line of the file its BEGIN stands on (1-based).
  public var line: Int
  /// For a VEVENT read from a file, a hash of its lines (see ``ICSRawEvent``); not part of what it is.
  var sourceHash: UInt64?
  /// The content lines (unfolded) of its properties whose names the importer does not read, as the file has
  /// them, by the property's index: kept with an event and written back as they came (see
  /// ``contentLine(at:)``), parameters quoted as they were. Here rather than in each property, which an
  /// import copies a dozen times an event: a field more there cost 4% of an import's instructions.
  var rawLines: [(index: Int, line: String)] = []

  /// The same name, properties, components and line.
  public static func == (lhs: ICSComponent, rhs: ICSComponent) -> Bool {
    lhs.name == rhs.name && lhs.properties == rhs.properties && lhs.components == rhs.components
      && lhs.line == rhs.line
  }

  /// A component.
  public init(name: String, properties: [ICSProperty] = [], components: [ICSComponent] = [], line: Int = 0) {
    self.name = name
    self.properties = properties
    if properties.isEmpty { self.properties.reserveCapacity(8) }
    self.components = components
    self.line = line
  }

  /// The first property named `name` (case-insensitive).
  public func property(_ name: String) -> ICSProperty? {
    let upper = name.asciiUppercased()
    return properties.first { $0.name == upper }
  }

  /// Every property named `name`.
  public func properties(_ name: String) -> [ICSProperty] {
    let upper = name.asciiUppercased()
    return properties.filter { $0.name == upper }
  }

  /// The content line (unfolded) of the property at `index`: as the file has it for a name the importer does
  /// not read, else made of its parts (``ICSProperty/contentLine``).
  func contentLine(at index: Int) -> String {
    // By halves: the lines come in the order of their indices, and a component may hold 100,000 of them.
    var (low, high) = (0, rawLines.count)
    while low < high {
      let middle = (low + high) / 2
      if rawLines[middle].index < index { low = middle + 1 } else { high = middle }
    }
    return low < rawLines.count && rawLines[low].index == index ? rawLines[low].line : properties[index].contentLine
  }

  /// The first property with the known name `name`.
  func property(_ name: ICSName) -> ICSProperty? {
    // By index: iterating would copy (and retain) every property passed over.
    for index in properties.indices where properties[index].known == name { return properties[index] }
    return nil
  }

  /// Every property with the known name `name`.
  func properties(_ name: ICSName) -> [ICSProperty] {
    // By index, as above: most events have none of those asked for (EXDATE, RDATE), and nothing is copied.
    var found: [ICSProperty] = []
    for index in properties.indices where properties[index].known == name { found.append(properties[index]) }
    return found
  }
}

/// One content line: `NAME;PARAM=value:VALUE`.
public struct ICSProperty: Equatable, Sendable {
  /// The name, upper-cased.
  public var name: String {
    didSet { known = ICSName(name) }
  }
  /// The name, when it is one the importer reads.
  private(set) var known: ICSName
  /// The parameters in the order they came, names upper-cased, values unquoted: one or two, nearly always,
  /// looked through faster than a dictionary hashes a name.
  private var parameterList: [(name: String, value: String)]
  /// The raw value (still escaped, for TEXT).
  public var value: String
  /// The line of the file it starts on (1-based).
  public var line: Int

  /// A property.
  public init(name: String, parameters: [String: String] = [:], value: String, line: Int = 0) {
    self.init(
      name: name, known: ICSName(name), parameters: parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
      value: value, line: line)
  }

  /// A property whose name is already recognised, with its parameters in order (a name given twice: the
  /// later value counts).
  init(name: String, known: ICSName, parameters: [(name: String, value: String)], value: String, line: Int) {
    self.name = name
    self.known = known
    self.parameterList = parameters
    self.value = value
    self.line = line
  }

  /// A content line (unfolded) that says the property, made of its name, parameters (quoted where their
  /// values hold `:`, `;` or `,`) and value; the file's own line is its component's
  /// (``ICSComponent/contentLine(at:)``).
  var contentLine: String {
    var line = name
    for (name, value) in parameterList {
      let quoted = value.utf8.contains { $0 == 0x3A || $0 == 0x3B || $0 == 0x2C }
      line += ";" + name + "=" + (quoted ? "\"" + value + "\"" : value)
    }
    return line + ":" + value
  }

  /// Parameters by upper-cased name; values unquoted.
  public var parameters: [String: String] {
    get { Dictionary(parameterList, uniquingKeysWith: { $1 }) }
    set { parameterList = newValue.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
  }

  /// A parameter, by case-insensitive name.
  public func parameter(_ name: String) -> String? {
    guard !parameterList.isEmpty else { return nil }
    let upper = name.asciiUppercased()
    return parameterList.last { $0.name == upper }?.value
  }

  /// The value as TEXT: `\\n`, `\\,`, `\\;` and `\\\\` unescaped.
  public var text: String { ICSText.unescaped(value) }

  /// The same name, parameters (in any order), value and line.
  public static func == (lhs: ICSProperty, rhs: ICSProperty) -> Bool {
    lhs.name == rhs.name && lhs.value == rhs.value && lhs.line == rhs.line && lhs.parameters == rhs.parameters
  }
}

/// An iCalendar file that cannot be read.
public struct ICSError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line the problem is on (1-based), when known.
  public let line: Int?
  /// What is wrong.
  public let message: String

  /// An error at `line`.
  public init(line: Int?, _ message: String) {
    self.line = line
    self.message = message
  }

  /// `line 12: ...`
  public var description: String { (line.map { "line \($0): " } ?? "") + message }
}

extension String {
  /// The string upper-cased, itself when it has no lower-case letter: property and parameter names, looked
  /// up by the million in an import, are nearly always upper-case already.
  func asciiUppercased() -> String {
    var text = self
    let hasLower = text.withUTF8 { bytes in bytes.contains { $0 >= 0x61 } }
    return hasLower ? uppercased() : self
  }

  /// Whether the UTF-8 of the string holds `byte` (looked for in its contiguous bytes, eight at a time, not
  /// through the generic view): every SUMMARY, DESCRIPTION and LOCATION of an import is looked at.
  func containsByte(_ byte: UInt8) -> Bool {
    var text = self
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return false }
      let raw = UnsafeRawPointer(base)
      let ones: UInt64 = 0x0101_0101_0101_0101
      let pattern = UInt64(byte) &* ones
      var index = 0
      while index + 8 <= bytes.count {
        // A byte of `word` is zero where the text has `byte`: the classic test for a zero byte in a word.
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ pattern
        if (word &- ones) & ~word & (ones &<< 7) != 0 { return true }
        index += 8
      }
      return bytes[index...].contains(byte)
    }
  }

  /// Whether the string holds a control character but HTAB (U+0000–U+001F, U+007F), which RFC 5545 allows
  /// in no content line: looked for in its contiguous bytes, as every line an import keeps is looked at.
  func containsControlCharacter() -> Bool {
    var text = self
    return text.withUTF8 { bytes in bytes.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F } }
  }
}
