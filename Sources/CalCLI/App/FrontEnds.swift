public import CalCore
public import CalService

/// The full-screen front ends `cal` can hand over to, given by the executable: the command line depends on
/// none of them, and builds nothing of them unless their command runs.
public struct FrontEnds {
  /// What the interactive page is handed.
  public struct InteractiveRequest {
    /// The open calendar.
    public let calendar: CalendarService
    /// Names and the first day of the week (after `--monday` or `--sunday`).
    public let locale: CalendarLocale
    /// Whether to use colours: not with `NO_COLOR` or `--color=never`.
    public let colors: Bool
    /// Whether page turns curl: not with `--no-animation` or `CAL_ANIMATION=off`.
    public let animates: Bool
    /// A monotonic clock in milliseconds, for the animation.
    public let monotonic: () -> Int64
    /// An event's fields changed by options of `cal edit` (`["--at", "9am"]`), read and checked as `cal edit`
    /// reads them; the error thrown is one line for the page to show.
    public let edit: (EventFields, [String]) throws -> EventFields
    /// Event `id` (its occurrence on the day given; with `true`, that one and those after it) changed as text
    /// in the user's editor, as `cal edit --editor` changes it; the terminal is the editor's meanwhile. What
    /// became of it, in a line for the page (`nil`: nothing changed); the error thrown is one line too.
    public let editInEditor: (Int64, CivilDate?, Bool) throws -> String?
  }

  /// `cal interactive`: runs the page until the user quits; `nil` in a build without it.
  public var interactive: ((InteractiveRequest) throws -> Void)?

  /// The front ends there are.
  public init(interactive: ((InteractiveRequest) throws -> Void)? = nil) {
    self.interactive = interactive
  }
}
