/// Bounds on what `XMLReader` accepts, so a hostile or broken server cannot exhaust memory or the stack.
struct XMLLimits: Sendable {
  /// The largest document in bytes.
  var maxBytes = 64 << 20
  /// The deepest nesting of elements.
  var maxDepth = 64
  /// The most elements in one document.
  var maxElements = 1_000_000
  /// The most attributes (namespace declarations included) on one element.
  var maxAttributes = 256
  /// The longest element or attribute name in bytes.
  var maxNameLength = 1024
}
