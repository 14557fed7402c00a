/// A small namespace-aware XML reader for WebDAV responses: a whole document in, a tree of `XElement`s
/// out, or an `XMLReadError`.
///
/// It reads UTF-8 only, refuses document type declarations (so no entity of a server's own making can
/// expand), knows the five predefined entities and character references, CDATA, comments and processing
/// instructions, and enforces `XMLLimits`. Every input, however hostile, ends in a tree or an error.
struct XMLReader {
  /// The namespace the `xml` prefix is always bound to.
  static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

  /// One element being read: its name as written, its content so far, how many namespace bindings it
  /// pushed.
  private struct OpenElement {
    var qualifiedName: ArraySlice<UInt8>
    var element: XElement
    var text: [UInt8]
    var bindings: Int
  }

  private let bytes: [UInt8]
  private let limits: XMLLimits
  private var position = 0
  private var elementCount = 0
  private var bindings: [(prefix: String, namespace: String)] = [("xml", XMLReader.xmlNamespace)]
  private var stack: [OpenElement] = []
  private var root: XElement?

  private init(bytes: [UInt8], limits: XMLLimits) {
    self.bytes = bytes
    self.limits = limits
  }

  /// Reads a whole document and returns its root element.
  static func read(_ bytes: [UInt8], limits: XMLLimits = XMLLimits()) throws(XMLReadError) -> XElement {
    var reader = XMLReader(bytes: bytes, limits: limits)
    return try reader.document()
  }

  private mutating func document() throws(XMLReadError) -> XElement {
    guard bytes.count <= limits.maxBytes else { throw failure("document larger than \(limits.maxBytes) bytes") }
    guard String(validating: bytes, as: UTF8.self) != nil else { throw failure("not valid UTF-8") }
    if starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    if starts(with: "<?xml") { try declaration() }
    while true {
      if stack.isEmpty {
        skipWhitespace()
        guard position < bytes.count else { break }
        if starts(with: "<?") {
          try skip(past: "?>", what: "processing instruction")
        } else if starts(with: "<!--") {
          try skip(past: "-->", what: "comment")
        } else if starts(with: "<!") {
          throw failure("document type declarations are not accepted")
        } else if bytes[position] == UInt8(ascii: "<"), root == nil {
          try startTag()
        } else {
          throw failure(root == nil ? "text before the root element" : "content after the root element")
        }
      } else {
        try content()
      }
    }
    guard let root else { throw failure("no root element") }
    return root
  }

  /// One piece of content inside the innermost open element.
  private mutating func content() throws(XMLReadError) {
    guard position < bytes.count else { throw failure("document ends inside an open element (truncated)") }
    switch bytes[position] {
    case UInt8(ascii: "<"):
      if starts(with: "</") {
        try endTag()
      } else if starts(with: "<!--") {
        try skip(past: "-->", what: "comment")
      } else if starts(with: "<![CDATA[") {
        position += 9
        let start = position
        try skip(past: "]]>", what: "CDATA section")
        appendText(bytes[start..<(position - 3)])
      } else if starts(with: "<?") {
        try skip(past: "?>", what: "processing instruction")
      } else if starts(with: "<!") {
        throw failure("unexpected markup declaration")
      } else {
        try startTag()
      }
    case UInt8(ascii: "&"):
      var scalar: [UInt8] = []
      try entity(into: &scalar)
      stack[stack.count - 1].text += scalar
    default:
      let start = position
      while position < bytes.count, bytes[position] != UInt8(ascii: "<"), bytes[position] != UInt8(ascii: "&") {
        position += 1
      }
      appendText(bytes[start..<position])
    }
  }

  /// Appends character data to the innermost element, with CR LF and lone CR turned into LF.
  private mutating func appendText(_ run: ArraySlice<UInt8>) {
    var index = run.startIndex
    while index < run.endIndex {
      let byte = run[index]
      if byte == 0x0D {
        stack[stack.count - 1].text.append(0x0A)
        if index + 1 < run.endIndex, run[index + 1] == 0x0A { index += 1 }
      } else {
        stack[stack.count - 1].text.append(byte)
      }
      index += 1
    }
  }

  /// The XML declaration: only UTF-8 (or its ASCII subset) is read.
  private mutating func declaration() throws(XMLReadError) {
    let start = position
    try skip(past: "?>", what: "XML declaration")
    let text = Array(String(decoding: bytes[start..<position], as: UTF8.self).lowercased().utf8)
    let key = Array("encoding".utf8)
    guard let at = text.indices.first(where: { text[$0...].starts(with: key) }) else { return }
    let isQuote = { (byte: UInt8) in byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") }
    let rest = text[(at + key.count)...].drop { $0 == 0x20 || $0 == UInt8(ascii: "=") || isQuote($0) }
    let encoding = String(
      decoding: rest.prefix { !isQuote($0) && $0 != 0x20 && $0 != UInt8(ascii: "?") }, as: UTF8.self)
    guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(encoding) else {
      throw XMLReadError(offset: start, reason: "unsupported encoding \(encoding.prefix(40))")
    }
  }

  private mutating func startTag() throws(XMLReadError) {
    let tagStart = position
    position += 1
    let qualifiedName = try name()
    var rawAttributes: [(name: ArraySlice<UInt8>, value: String)] = []
    var selfClosing = false
    while true {
      let spaced = skipWhitespace()
      guard position < bytes.count else { throw failure("document ends inside a start tag (truncated)") }
      if bytes[position] == UInt8(ascii: ">") {
        position += 1
        break
      }
      if starts(with: "/>") {
        position += 2
        selfClosing = true
        break
      }
      guard spaced else { throw failure("expected white space before an attribute") }
      let attributeName = try name()
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
        throw failure("expected '=' after an attribute name")
      }
      position += 1
      skipWhitespace()
      let value = try attributeValue()
      guard !rawAttributes.contains(where: { $0.name == attributeName }) else {
        throw failure("attribute given twice")
      }
      guard rawAttributes.count < limits.maxAttributes else { throw failure("too many attributes") }
      rawAttributes.append((attributeName, value))
    }
    guard stack.count < limits.maxDepth else { throw XMLReadError(offset: tagStart, reason: "nesting too deep") }
    elementCount += 1
    guard elementCount <= limits.maxElements else { throw XMLReadError(offset: tagStart, reason: "too many elements") }

    var pushed = 0
    var attributes: [(name: XMLName, value: String)] = []
    for (rawName, value) in rawAttributes {
      let (prefix, local) = split(rawName)
      if prefix == nil, local == "xmlns" {
        bindings.append(("", value))
        pushed += 1
      } else if prefix == "xmlns" {
        // `xmlns` is never bound, and `xml` only ever to its own namespace.
        guard local != "xmlns", (local == "xml") == (value == XMLReader.xmlNamespace) else {
          throw XMLReadError(offset: tagStart, reason: "reserved namespace prefix or name \(local) rebound")
        }
        guard !value.isEmpty else { throw XMLReadError(offset: tagStart, reason: "prefix \(local) bound to nothing") }
        bindings.append((local, value))
        pushed += 1
      }
    }
    for (rawName, value) in rawAttributes {
      let (prefix, local) = split(rawName)
      guard prefix != "xmlns", !(prefix == nil && local == "xmlns") else { continue }
      var attributeNamespace = ""
      if let prefix { attributeNamespace = try namespace(prefix, at: tagStart) }
      let resolved = XMLName(attributeNamespace, local)
      guard !attributes.contains(where: { $0.name == resolved }) else {
        throw XMLReadError(offset: tagStart, reason: "attribute \(resolved) given twice")
      }
      attributes.append((resolved, value))
    }
    let (prefix, local) = split(qualifiedName)
    let elementNamespace = try namespace(prefix ?? "", at: tagStart)
    let element = XElement(name: XMLName(elementNamespace, local), attributes: attributes, children: [], text: "")
    stack.append(OpenElement(qualifiedName: qualifiedName, element: element, text: [], bindings: pushed))
    if selfClosing { closeElement() }
  }

  private mutating func endTag() throws(XMLReadError) {
    position += 2
    let qualifiedName = try name()
    skipWhitespace()
    guard position < bytes.count else { throw failure("document ends inside an end tag (truncated)") }
    guard bytes[position] == UInt8(ascii: ">") else { throw failure("expected '>' to end an end tag") }
    guard qualifiedName.elementsEqual(stack[stack.count - 1].qualifiedName) else {
      throw failure("end tag does not match its start tag")
    }
    position += 1
    closeElement()
  }

  private mutating func closeElement() {
    var open = stack.removeLast()
    bindings.removeLast(open.bindings)
    open.element.text = String(decoding: open.text, as: UTF8.self)
    if stack.isEmpty {
      root = open.element
    } else {
      stack[stack.count - 1].element.children.append(open.element)
    }
  }

  /// The namespace a prefix is bound to at this point ("" for an undeclared default namespace).
  private func namespace(_ prefix: String, at offset: Int) throws(XMLReadError) -> String {
    if let binding = bindings.last(where: { $0.prefix == prefix }) { return binding.namespace }
    guard prefix.isEmpty else { throw XMLReadError(offset: offset, reason: "undeclared namespace prefix \(prefix)") }
    return ""
  }

  private func split(_ qualifiedName: ArraySlice<UInt8>) -> (prefix: String?, local: String) {
    guard let colon = qualifiedName.firstIndex(of: UInt8(ascii: ":")) else {
      return (nil, String(decoding: qualifiedName, as: UTF8.self))
    }
    return (
      String(decoding: qualifiedName[..<colon], as: UTF8.self),
      String(decoding: qualifiedName[(colon + 1)...], as: UTF8.self)
    )
  }

  /// An element or attribute name; a prefix, if any, is one non-empty part before a single colon.
  private mutating func name() throws(XMLReadError) -> ArraySlice<UInt8> {
    let start = position
    guard position < bytes.count else { throw failure("document ends where a name was expected (truncated)") }
    guard Self.isNameStart(bytes[position]) else { throw failure("expected a name") }
    var colons = 0
    while position < bytes.count, Self.isNameStart(bytes[position]) || Self.isNameRest(bytes[position]) {
      if bytes[position] == UInt8(ascii: ":") { colons += 1 }
      position += 1
      guard position - start <= limits.maxNameLength else { throw failure("name too long") }
    }
    let name = bytes[start..<position]
    if colons > 0 {
      guard colons == 1, name.first != UInt8(ascii: ":"), name.last != UInt8(ascii: ":") else {
        throw XMLReadError(offset: start, reason: "malformed qualified name")
      }
    }
    return name
  }

  private static func isNameStart(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
      UInt8(ascii: ":"), 0x80...:
      return true
    default: return false
    }
  }

  private static func isNameRest(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): return true
    default: return false
    }
  }

  /// A quoted attribute value, entities replaced and white space characters turned into spaces.
  private mutating func attributeValue() throws(XMLReadError) -> String {
    guard position < bytes.count else { throw failure("document ends where a value was expected (truncated)") }
    let quote = bytes[position]
    guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { throw failure("expected a quoted value") }
    position += 1
    var value: [UInt8] = []
    while true {
      guard position < bytes.count else { throw failure("document ends inside an attribute value (truncated)") }
      let byte = bytes[position]
      switch byte {
      case quote:
        position += 1
        return String(decoding: value, as: UTF8.self)
      case UInt8(ascii: "<"):
        throw failure("'<' inside an attribute value")
      case UInt8(ascii: "&"):
        try entity(into: &value)
      case 0x0D:
        value.append(0x20)
        position += 1
        if position < bytes.count, bytes[position] == 0x0A { position += 1 }
      case 0x09, 0x0A:
        value.append(0x20)
        position += 1
      default:
        value.append(byte)
        position += 1
      }
    }
  }

  /// An entity or character reference at `&`, appended as UTF-8.
  private mutating func entity(into output: inout [UInt8]) throws(XMLReadError) {
    let start = position
    position += 1
    let nameStart = position
    while position < bytes.count, bytes[position] != UInt8(ascii: ";") {
      guard position - nameStart < 12 else { throw XMLReadError(offset: start, reason: "malformed entity reference") }
      position += 1
    }
    guard position < bytes.count else { throw XMLReadError(offset: start, reason: "document ends inside an entity") }
    let name = bytes[nameStart..<position]
    position += 1
    switch Array(name) {
    case Array("amp".utf8): output.append(UInt8(ascii: "&"))
    case Array("lt".utf8): output.append(UInt8(ascii: "<"))
    case Array("gt".utf8): output.append(UInt8(ascii: ">"))
    case Array("quot".utf8): output.append(UInt8(ascii: "\""))
    case Array("apos".utf8): output.append(UInt8(ascii: "'"))
    default:
      guard name.first == UInt8(ascii: "#"), let scalar = Self.characterReference(name.dropFirst()) else {
        throw XMLReadError(offset: start, reason: "unknown entity &\(String(decoding: name, as: UTF8.self));")
      }
      output += Array(String(Character(scalar)).utf8)
    }
  }

  /// The character of `#65` or `#x41` (given without the `#`), if it is one XML allows.
  private static func characterReference(_ digits: ArraySlice<UInt8>) -> Unicode.Scalar? {
    var digits = digits
    var radix: UInt32 = 10
    if digits.first == UInt8(ascii: "x") {
      radix = 16
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty else { return nil }
    var value: UInt32 = 0
    for byte in digits {
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: return nil
      }
      // At most 12 bytes reach here, but the check keeps the value in Unicode's range before it can grow.
      value = value * radix + digit
      guard value <= 0x10FFFF else { return nil }
    }
    guard value == 0x09 || value == 0x0A || value == 0x0D || value >= 0x20 else { return nil }
    return Unicode.Scalar(value)
  }

  @discardableResult
  private mutating func skipWhitespace() -> Bool {
    let start = position
    while position < bytes.count,
      bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0A || bytes[position] == 0x0D
    {
      position += 1
    }
    return position > start
  }

  /// Moves past the next occurrence of a terminator, or fails as truncated.
  private mutating func skip(past terminator: String, what: String) throws(XMLReadError) {
    let start = position
    let end = Array(terminator.utf8)
    while position < bytes.count {
      if starts(with: end) {
        position += end.count
        return
      }
      position += 1
    }
    throw XMLReadError(offset: start, reason: "unterminated \(what) (truncated)")
  }

  private func starts(with prefix: String) -> Bool {
    starts(with: Array(prefix.utf8))
  }

  private func starts(with prefix: [UInt8]) -> Bool {
    guard bytes.count - position >= prefix.count else { return false }
    for (offset, byte) in prefix.enumerated() where bytes[position + offset] != byte { return false }
    return true
  }

  private func failure(_ reason: String) -> XMLReadError {
    XMLReadError(offset: position, reason: reason)
  }
}
