import Testing

@testable import CalDAV

/// The XML reader on well-formed documents and on every kind of hostile one: the latter must end in an
/// error, never a crash, a hang or an unbounded allocation.
@Suite struct XMLReaderTests {
  func read(_ text: String, limits: XMLLimits = XMLLimits()) throws -> XElement {
    try XMLReader.read(Array(text.utf8), limits: limits)
  }

  func expectError(
    _ bytes: [UInt8], _ reason: String, limits: XMLLimits = XMLLimits(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      _ = try XMLReader.read(bytes, limits: limits)
      Issue.record("read without error", sourceLocation: sourceLocation)
    } catch {
      #expect(error.reason.contains(reason), "\(error)", sourceLocation: sourceLocation)
    }
  }

  func expectError(
    _ text: String, _ reason: String, limits: XMLLimits = XMLLimits(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expectError(Array(text.utf8), reason, limits: limits, sourceLocation: sourceLocation)
  }

  @Test func namespacesResolveByScope() throws {
    let root = try read(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!-- a comment --><d:multistatus xmlns:d="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
        <response xmlns="DAV:"><href>/a</href><C:calendar-data/></response>
        <other/><d:sync-token>t</d:sync-token>
      </d:multistatus>
      """)
    #expect(root.name == .multistatus)
    let response = try #require(root.child(.response))
    #expect(response.child(.href)?.text == "/a")
    #expect(response.child(.calendarData) != nil)
    #expect(root.child(XMLName("", "other")) != nil)
    #expect(root.child(.syncToken)?.text == "t")
  }

  @Test func prefixesAreNamesNotMeaning() throws {
    // The same namespace under two prefixes, and a prefix rebound inside: only the URI counts.
    let root = try read(#"<a:x xmlns:a="DAV:" xmlns:b="DAV:"><b:href>1</b:href><a:y xmlns:a="other"/></a:x>"#)
    #expect(root.name == XMLName("DAV:", "x"))
    #expect(root.child(.href)?.text == "1")
    #expect(root.children.last?.name == XMLName("other", "y"))
  }

  @Test func undeclaringTheDefaultNamespace() throws {
    let root = try read(#"<a xmlns="DAV:"><b xmlns=""/></a>"#)
    #expect(root.children.first?.name == XMLName("", "b"))
  }

  @Test func entitiesCDATAAndLineEnds() throws {
    let root = try read(
      "<a k=\"1&amp;\n2\">&amp;&lt;&gt;&quot;&apos;&#65;&#x42;&#x1F600;<![CDATA[<b>&amp;]]>x\r\ny\rz</a>")
    #expect(root.text == "&<>\"'AB😀<b>&amp;x\ny\nz")
    #expect(root.attribute(XMLName("", "k")) == "1& 2")
  }

  @Test func byteOrderMarkAndProcessingInstructions() throws {
    let root = try XMLReader.read([0xEF, 0xBB, 0xBF] + Array("<?xml version='1.0'?><?pi x?><a><?pi?>t</a>".utf8))
    #expect(root.text == "t")
  }

  @Test func malformedDocuments() {
    expectError("", "no root element")
    expectError("   ", "no root element")
    expectError("text", "text before the root element")
    expectError("<a/><b/>", "content after the root element")
    expectError("<a>", "truncated")
    expectError("<a><b></a>", "does not match")
    expectError("<a", "truncated")
    expectError("<a b", "'='")
    expectError("<a b=", "truncated")
    expectError("<a b='1", "truncated")
    expectError("<a b='1'c='2'/>", "white space")
    expectError("<a b='1' b='2'/>", "twice")
    expectError("<a b='<'/>", "'<'")
    expectError("<a><!-- never closed", "unterminated comment")
    expectError("<a><![CDATA[ never closed", "unterminated CDATA")
    expectError("<a>&amp</a>", "entity")
    expectError("<a>&unknown;</a>", "unknown entity")
    expectError("<1a/>", "expected a name")
    expectError("<?xml version='1.0' encoding='UTF-16'?><a/>", "unsupported encoding")
  }

  @Test func documentTypeDeclarationsAreRefused() {
    // The billion laughs: nothing is expanded, the DTD is refused outright.
    var laughs = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\">"
    for level in 1...9 {
      laughs +=
        "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1 == 0 ? "" : String(level - 1));", count: 10)
        + "\">"
    }
    laughs += "]><lolz>&lol9;</lolz>"
    expectError(laughs, "document type declarations")
    expectError("<!DOCTYPE a SYSTEM \"file:///etc/passwd\"><a>&x;</a>", "document type declarations")
    expectError("<a><!ENTITY x 'y'></a>", "markup declaration")
  }

  @Test func characterReferencesOutsideUnicodeOrXML() {
    expectError("<a>&#99999999999;</a>", "entity")
    expectError("<a>&#x110000;</a>", "unknown entity")
    expectError("<a>&#0;</a>", "unknown entity")
    expectError("<a>&#xD800;</a>", "unknown entity")
    expectError("<a>&#x;</a>", "unknown entity")
    expectError("<a>&#12a;</a>", "unknown entity")
  }

  @Test func invalidUTF8() {
    expectError(Array("<a>".utf8) + [0xFF] + Array("</a>".utf8), "UTF-8")
    expectError(Array("<a>".utf8) + [0xC0, 0xAF] + Array("</a>".utf8), "UTF-8")
    expectError(Array("<a>".utf8) + [0xED, 0xA0, 0x80] + Array("</a>".utf8), "UTF-8")
    expectError(Array("<a>".utf8) + [0xE2, 0x82] + Array("</a>".utf8), "UTF-8")
    expectError([0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00, 0x2F, 0x00, 0x3E, 0x00], "UTF-8")
  }

  @Test func namespaceTricks() {
    expectError("<x:a/>", "undeclared namespace prefix x")
    expectError("<a x:b='1'/>", "undeclared namespace prefix x")
    expectError("<a xmlns:p=''/>", "bound to nothing")
    expectError("<a xmlns:xml='http://evil'/>", "reserved")
    expectError("<a xmlns:xmlns='DAV:'/>", "reserved")
    expectError("<a xmlns:p='http://www.w3.org/XML/1998/namespace'/>", "reserved")
    expectError("<a xmlns:p='u' xmlns:q='u' p:x='1' q:x='2'/>", "twice")
    expectError("<:a/>", "malformed qualified name")
    expectError("<a:/>", "malformed qualified name")
    expectError("<a:b:c xmlns:a='u'/>", "malformed qualified name")
    expectError("<p:a xmlns:p='u'></a>", "does not match")
    // A prefix declared on a sibling is out of scope.
    expectError("<r><a xmlns:p='u'/><p:b/></r>", "undeclared namespace prefix p")
  }

  @Test func limitsHold() {
    let deep = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
    expectError(deep, "nesting too deep")
    expectError(String(repeating: "<a>", count: 1_000_000), "nesting too deep")
    var small = XMLLimits()
    small.maxBytes = 100
    expectError("<a>" + String(repeating: "x", count: 200) + "</a>", "larger than", limits: small)
    small = XMLLimits()
    small.maxElements = 10
    expectError("<a>" + String(repeating: "<b/>", count: 20) + "</a>", "too many elements", limits: small)
    let attributes = (0..<300).map { "a\($0)='1'" }.joined(separator: " ")
    expectError("<a \(attributes)/>", "too many attributes")
    expectError("<" + String(repeating: "a", count: 5000) + "/>", "name too long")
  }

  @Test func everyTruncationOfAResponseIsAnError() throws {
    let document = Array(
      """
      <?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:response>\
      <d:href>/cal/a%20b.ics</d:href><d:propstat><d:prop><d:getetag>"e&amp;1"</d:getetag><c:calendar-data>\
      <![CDATA[BEGIN:VCALENDAR]]>&#13;
      END:VCALENDAR</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>\
      </d:multistatus>
      """.utf8)
    _ = try XMLReader.read(document)
    // Every prefix that cuts into the root element is incomplete: none may read as a document.
    let rootEnd = document.count - 1
    for length in 0..<rootEnd {
      #expect(throws: XMLReadError.self) { try XMLReader.read(Array(document[..<length])) }
    }
  }

  @Test func mutatedResponsesNeverCrash() {
    let document = Array(
      """
      <d:multistatus xmlns:d="DAV:"><d:response><d:href>/a</d:href><d:propstat><d:prop>\
      <d:getetag a='&quot;'>"1"</d:getetag></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>\
      </d:response><!-- c --><d:sync-token><![CDATA[x]]></d:sync-token></d:multistatus>
      """.utf8)
    var random = SplitMix64(seed: 0x5EED)
    let alphabet = Array("<>/&;:#x'\"=![]-? \u{0}\n".utf8) + [0xC3, 0xFF, 0x80]
    for _ in 0..<5_000 {
      var mutated = document
      for _ in 0..<(1 + Int(random.next() % 4)) {
        let index = Int(random.next() % UInt64(mutated.count))
        switch random.next() % 3 {
        case 0: mutated[index] = alphabet[Int(random.next() % UInt64(alphabet.count))]
        case 1: mutated.remove(at: index)
        default: mutated.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: index)
        }
      }
      _ = try? XMLReader.read(mutated)
    }
  }
}

/// A small seeded generator, so the mutations are the same on every run.
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
