/// An http(s) URL reduced to what WebDAV needs: scheme, authority (no user information, no default port)
/// and a canonical path.
///
/// Servers spell the same href in several ways (`a b`, `a%20b`; `@` or `%40`; lower or upper case hex).
/// Every path here is canonical: a byte that needs no escape appears raw, any other one as `%XX` in upper
/// case, and `%2F` stays escaped so it never becomes a separator. Two hrefs naming the same resource then
/// compare equal as strings, which the sync engine relies on. Query and fragment are dropped.
struct DAVURL: Hashable, Sendable, CustomStringConvertible {
  /// `http` or `https`.
  let scheme: String
  /// Host and port as written (lower case), without a default port.
  let authority: String
  /// The canonical, percent-encoded path, starting with `/`.
  let path: String

  /// Reads an absolute http or https URL; user information in it is dropped, never kept or printed.
  init?(_ string: String) {
    guard let separator = string.utf8.firstRange(of: "://".utf8) else { return nil }
    let scheme = String(string[..<separator.lowerBound]).lowercased()
    guard scheme == "http" || scheme == "https" else { return nil }
    let rest = string[separator.upperBound...]
    let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
    var authority = rest[..<authorityEnd]
    if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
    var host = authority.lowercased()
    let defaultPort = scheme == "http" ? ":80" : ":443"
    if host.hasSuffix(defaultPort) { host.removeLast(defaultPort.count) }
    let allowed = host.utf8.allSatisfy { byte in
      Self.isUnreserved(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
    }
    guard !host.isEmpty, allowed else { return nil }
    let pathPart = rest[authorityEnd...].prefix { $0 != "?" && $0 != "#" }
    self.init(scheme: scheme, authority: host, path: Self.canonicalPath(String(pathPart)))
  }

  private init(scheme: String, authority: String, path: String) {
    self.scheme = scheme
    self.authority = authority
    self.path = path
  }

  /// The whole URL, as sent.
  var description: String { origin + path }

  /// Scheme and authority: what must match for credentials to be sent to another URL.
  var origin: String { "\(scheme)://\(authority)" }

  /// Whether credentials given for `url` may be sent here: the same origin, or its upgrade to https.
  func mayReceiveCredentials(givenFor url: DAVURL) -> Bool {
    origin == url.origin || (authority == url.authority && scheme == "https")
  }

  /// The path without a trailing slash, for comparing a collection with an href naming it.
  var pathWithoutTrailingSlash: String {
    path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }

  /// Resolves an href or a URL given by a server (absolute, absolute path, or relative) against this one.
  func resolving(_ reference: String) -> DAVURL? {
    if let colon = reference.firstIndex(of: ":"), reference[..<colon].allSatisfy({ $0.isLetter }),
      reference[colon...].hasPrefix("://")
    {
      return DAVURL(reference)
    }
    if reference.hasPrefix("//") { return DAVURL(scheme + ":" + reference) }
    let reference = String(reference.prefix { $0 != "?" && $0 != "#" })
    if reference.isEmpty { return self }
    if reference.hasPrefix("/") {
      return DAVURL(scheme: scheme, authority: authority, path: Self.canonicalPath(reference))
    }
    let directory = path[...(path.lastIndex(of: "/") ?? path.startIndex)]
    return DAVURL(scheme: scheme, authority: authority, path: Self.canonicalPath(directory + reference))
  }

  /// The href to hand to callers: the path alone when on this URL's origin, else the whole URL.
  func href(from base: DAVURL) -> String {
    origin == base.origin ? path : description
  }

  /// This URL as a direct member of `collection` (one path segment below it), on the collection's origin
  /// whatever origin it was named with (a server behind a proxy may name its members with its own host
  /// name); nil when it is not one.
  func asMember(of collection: DAVURL) -> DAVURL? {
    let directory = collection.path.hasSuffix("/") ? collection.path : collection.path + "/"
    guard path.hasPrefix(directory) else { return nil }
    var name = path.dropFirst(directory.count)
    if name.hasSuffix("/") { name = name.dropLast() }
    guard !name.isEmpty, !name.contains("/") else { return nil }
    return DAVURL(scheme: collection.scheme, authority: collection.authority, path: path)
  }

  /// A member of this collection named `name`, every byte of the name that could be read as syntax escaped.
  func member(_ name: String) -> DAVURL? {
    guard !name.isEmpty, name != ".", name != ".." else { return nil }
    var encoded = path.hasSuffix("/") ? path : path + "/"
    for byte in name.utf8 {
      if Self.isUnreserved(byte) || Self.isSubDelimiter(byte) {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        encoded += Self.escape(byte)
      }
    }
    return DAVURL(scheme: scheme, authority: authority, path: encoded)
  }

  /// The canonical form of a path: each byte raw where RFC 3986 allows it in a segment, else escaped;
  /// `.` and `..` segments removed.
  static func canonicalPath(_ path: String) -> String {
    let bytes = Array(path.utf8)
    var output = ""
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      var byte = bytes[index]
      var wasEscaped = false
      if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
        let low = hexValue(bytes[index + 2])
      {
        byte = high << 4 | low
        wasEscaped = true
        index += 2
      }
      let raw = isUnreserved(byte) || isSubDelimiter(byte) || (byte == UInt8(ascii: "/") && !wasEscaped)
      if raw { output.unicodeScalars.append(Unicode.Scalar(byte)) } else { output += escape(byte) }
      index += 1
    }
    if !output.hasPrefix("/") { output = "/" + output }
    return removingDotSegments(output)
  }

  private static func removingDotSegments(_ path: String) -> String {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    guard segments.contains(where: { $0 == "." || $0 == ".." }) else { return path }
    var kept: [Substring] = []
    for (offset, segment) in segments.enumerated() {
      let isLast = offset == segments.count - 1
      switch segment {
      case ".":
        if isLast { kept.append("") }
      case "..":
        if !kept.isEmpty { kept.removeLast() }
        if isLast { kept.append("") }
      default:
        kept.append(segment)
      }
    }
    return "/" + kept.joined(separator: "/")
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"):
      return true
    default: return false
    }
  }

  /// Sub-delimiters plus `:` and `@`, which RFC 3986 allows raw in a path segment.
  private static func isSubDelimiter(_ byte: UInt8) -> Bool {
    "!$&'()*+,;=:@".utf8.contains(byte)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private static func escape(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    return String(decoding: [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
  }
}
