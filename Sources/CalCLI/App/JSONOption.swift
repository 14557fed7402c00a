/// `--json`, for scripts.
enum JSONOption {
  /// The option, for command specs.
  static let option = OptionSpec("json", help: "Print JSON for scripts instead of text.")
}
