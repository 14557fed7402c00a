public import CalCore

/// Loads time zones by name through the function the entry point hands in (which reads the system's
/// time-zone files), each zone once: a listing of many events in one zone reads its file once.
public final class ZoneLoader {
  private let load: (String) throws(ZoneError) -> ZoneInfo
  private var loaded: [String: ZoneInfo] = [:]

  /// A loader that reads zones with `load`.
  public init(_ load: @escaping (String) throws(ZoneError) -> ZoneInfo) {
    self.load = load
  }

  /// A loader that knows no zone: every name is unknown.
  public static func none() -> ZoneLoader {
    ZoneLoader { (name: String) throws(ZoneError) in throw ZoneError.unknown(name) }
  }

  /// The zone called `name`.
  public func zone(_ name: String) throws(ZoneError) -> ZoneInfo {
    if let zone = loaded[name] { return zone }
    let zone = try load(name)
    loaded[name] = zone
    return zone
  }

  /// The same lookup as a function, for code that takes one.
  public var function: (String) throws(ZoneError) -> ZoneInfo {
    { (name: String) throws(ZoneError) in try self.zone(name) }
  }
}
