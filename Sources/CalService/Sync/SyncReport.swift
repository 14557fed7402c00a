import CalCore

/// What one sync of one calendar did.
public struct SyncReport: Sendable {
  /// The calendar's name.
  public var calendar: String
  /// Events and to-dos created or changed on the server.
  public var uploaded = 0
  /// Events and to-dos created or changed here from the server's.
  public var downloaded = 0
  /// Events and to-dos removed here because they were removed on the server (or from the feed).
  public var removedHere = 0
  /// Events and to-dos removed on the server because they were removed here.
  public var removedThere = 0
  /// Events and to-dos changed on both sides: the server's version won, and the local one was kept as a copy.
  public var conflicts: [SyncConflict] = []
  /// Items left as they were, with the reason: a resource cal cannot read, a change the server refused.
  public var skipped: [(item: String, reason: String)] = []
  /// Why the sync stopped before it was complete, if it did (the next sync picks up from there).
  public var failure: String?

  /// An empty report for calendar `calendar`.
  public init(calendar: String) {
    self.calendar = calendar
  }

  /// Events removed on either side.
  public var removed: Int { removedHere + removedThere }
}

/// One event or to-do changed both here and on the server since the last sync.
public struct SyncConflict: Sendable {
  /// An event or a to-do of a conflict.
  public struct Item: Sendable {
    /// Its id (an event's, or a to-do's).
    public var id: Int64
    /// Its title.
    public var title: String
    /// Whether it is a to-do (`id` a to-do's).
    public var isTodo: Bool
  }

  /// The title the event or to-do has now (the server's).
  public var title: String
  /// The event or to-do as the server has it, stored here in place of the local version.
  public var event: Item
  /// The local version, kept as a new event or to-do on this side only, its title marked `(conflict)`.
  public var copy: Item
}

/// How a front end follows a sync.
public struct SyncOptions {
  /// The PRODID written into uploaded resources, such as `-//cal//cal 0.1.0//EN`.
  public var product: String
  /// Called with (items done, items in all) as the sync goes.
  public var progress: (_ done: Int, _ total: Int) -> Void
  /// Called after each action (an upload, a download, a removal) has been carried out, with how many have
  /// been so far: a test stops the process there to check that a sync killed at any moment resumes. What it
  /// throws ends the sync there (uncommitted local work is rolled back, as a crash would lose it).
  public var afterAction: (_ count: Int) throws -> Void
  /// Whether events synced from a collection found empty are removed here too. Without it such a sync stops
  /// before changing anything (vdirsyncer's guard: a server that lost its data looks just like that).
  public var forceDelete: Bool

  /// Options with the given PRODID.
  public init(
    product: String, progress: @escaping (_ done: Int, _ total: Int) -> Void = { _, _ in },
    afterAction: @escaping (_ count: Int) throws -> Void = { _ in }, forceDelete: Bool = false
  ) {
    self.product = product
    self.progress = progress
    self.afterAction = afterAction
    self.forceDelete = forceDelete
  }
}
