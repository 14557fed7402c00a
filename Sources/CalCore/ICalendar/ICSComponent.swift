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

  /// A component.
  public init(name: String, properties: [ICSProperty] = [], components: [ICSComponent] = [], line: Int = 0) {
    self.name = name
    self.properties = properties
    self.components = components
    self.line = line
  }

  /// The first property named `name` (case-insensitive).
  public func property(_ name: String) -> ICSProperty? {
    let upper = name.uppercased()
    return properties.first { $0.name == upper }
  }

  /// Every property named `name`.
  public func properties(_ name: String) -> [ICSProperty] {
    let upper = name.uppercased()
    return properties.filter { $0.name == upper }
  }
}

/// One content line: `NAME;PARAM=value:VALUE`.
public struct ICSProperty: Equatable, Sendable {
  /// The name, upper-cased.
  public var name: String
  /// Parameters by upper-cased name; values unquoted.
  public var parameters: [String: String]
  /// The raw value (still escaped, for TEXT).
  public var value: String
  /// The line of the file it starts on (1-based).
  public var line: Int

  /// A property.
  public init(name: String, parameters: [String: String] = [:], value: String, line: Int = 0) {
    self.name = name
    self.parameters = parameters
    self.value = value
    self.line = line
  }

  /// A parameter, by case-insensitive name.
  public func parameter(_ name: String) -> String? { parameters[name.uppercased()] }

  /// The value as TEXT: `\\n`, `\\,`, `\\;` and `\\\\` unescaped.
  public var text: String { ICSText.unescaped(value) }
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
