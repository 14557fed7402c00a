/// An element or attribute name with its namespace resolved: `DAV:` + `href` whatever prefix the
/// document used.
struct XMLName: Hashable, Sendable, CustomStringConvertible {
  /// The namespace URI, empty for a name in no namespace.
  let namespace: String
  /// The local part of the name, without a prefix.
  let local: String

  init(_ namespace: String, _ local: String) {
    self.namespace = namespace
    self.local = local
  }

  var description: String { namespace.isEmpty ? local : "{\(namespace)}\(local)" }
}
