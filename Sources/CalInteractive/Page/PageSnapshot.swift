import CalCore
import CalService

/// What the page shows, read from the service for one redraw: nothing is cached between redraws, so a
/// change made by another `cal` shows at the next one.
struct PageSnapshot {
  /// The month on view, the same the commands use.
  let month: YearMonth
  /// Today, on the service's clock.
  let today: CivilDate
  /// The events of every day drawn, in agenda order.
  let items: [CivilDate: [AgendaItem]]

  /// The events of `day`.
  func items(on day: CivilDate) -> [AgendaItem] {
    items[day] ?? []
  }
}
