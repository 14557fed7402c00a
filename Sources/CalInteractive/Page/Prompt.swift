/// A question on the status line: text typed into a field, or one key out of a few.
enum Prompt {
  /// A field; `submit` gets the text when Enter is pressed.
  case text(label: String, editor: LineEditor, submit: (String) -> Void)
  /// One of `choices` (letters); Escape cancels.
  case choice(label: String, choices: [Character], choose: (Character) -> Void)
}
