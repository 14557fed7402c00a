extension Command {
  /// Every command but `cal config` and `cal completion` reads the configuration file.
  static var readsConfiguration: Bool { true }
}
