/// Why a document could not be read, with the byte offset where reading stopped.
struct XMLReadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The byte offset in the document where the problem was found.
  let offset: Int
  /// What was wrong, in a few words.
  let reason: String

  var description: String { "malformed XML at byte \(offset): \(reason)" }
}
