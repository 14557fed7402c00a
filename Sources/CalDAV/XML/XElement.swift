/// An element read by `XMLReader`: its resolved name, attributes, child elements and the text directly
/// inside it (character data and CDATA, entities replaced, line ends normalised to LF as XML requires).
struct XElement: Sendable, Equatable {
  /// The element's namespace-resolved name.
  var name: XMLName
  /// Attributes other than namespace declarations, in document order.
  var attributes: [(name: XMLName, value: String)]
  /// Child elements in document order.
  var children: [XElement]
  /// The text directly inside this element, concatenated.
  var text: String

  static func == (lhs: XElement, rhs: XElement) -> Bool {
    lhs.name == rhs.name && lhs.text == rhs.text && lhs.children == rhs.children
      && lhs.attributes.elementsEqual(rhs.attributes) { $0.name == $1.name && $0.value == $1.value }
  }

  /// The first child element with this name.
  func child(_ name: XMLName) -> XElement? {
    children.first { $0.name == name }
  }

  /// Every child element with this name.
  func children(_ name: XMLName) -> [XElement] {
    children.filter { $0.name == name }
  }

  /// The value of an attribute, looked up by name.
  func attribute(_ name: XMLName) -> String? {
    attributes.first { $0.name == name }?.value
  }

  /// Whether this element or one below it has this name; the depth is bounded by the reader's limit.
  func contains(_ name: XMLName) -> Bool {
    self.name == name || children.contains { $0.contains(name) }
  }

  /// The text without surrounding white space (ASCII spaces, tabs and line ends).
  var trimmedText: String {
    let utf8 = text.utf8
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    guard let start = utf8.firstIndex(where: { !isSpace($0) }) else { return "" }
    let end = utf8.lastIndex(where: { !isSpace($0) })!
    return String(text[start...end])
  }
}
