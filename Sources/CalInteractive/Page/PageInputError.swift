/// A mistake in what was typed at one of the page's prompts, shown on the status line.
struct PageInputError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
