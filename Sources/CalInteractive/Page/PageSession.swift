import CalCore
import CalService

/// The page's state, and what every key, click, drag and wheel turn does to it. Everything that changes
/// the calendar goes through the service, and everything shown is read from it again at each redraw.
final class PageSession {
  /// The month page or the week of the selected day.
  enum Mode {
    case month, week
  }

  /// Why the page ends.
  enum Ending: Equatable {
    /// `q` or Ctrl-C, or the terminal went away.
    case quit
    /// A signal asked it to end; it is raised again once the terminal is restored.
    case signal(Int32)
  }

  let calendar: CalendarService
  let locale: CalendarLocale
  let palette: Palette
  /// Whether page turns are animated.
  let animates: Bool
  /// Milliseconds on the monotonic clock, for the animation.
  let monotonic: () -> Int64
  /// `CAL_TEST_FAULT`: what F12 does in the tests (`throw`, `trap`); nothing otherwise.
  let fault: String?

  private(set) var rows = 24
  private(set) var columns = 80
  private(set) var mode = Mode.month
  private(set) var selected: CivilDate?
  private(set) var selectedEvent = 0
  private(set) var snapshot: PageSnapshot?
  private(set) var prompt: Prompt?
  private(set) var overlay: Overlay?
  private(set) var message: (text: String, isError: Bool)?
  private(set) var animation: TurnAnimation?
  /// Why the page ends, once it should.
  var ending: Ending?
  /// Ctrl-Z was pressed: the event loop suspends the page.
  var wantsSuspend = false
  /// The screen must be drawn whole (Ctrl-L).
  var wantsFullRedraw = false

  /// Where the mouse button went down, while it is held.
  private var press: (row: Int, column: Int)?
  /// The direction the drag held now would turn the page.
  private var dragDirection: CurlDirection?
  /// The last page composed, without an animation over it: what the next turn starts from.
  private var page: Canvas?
  private var hits: [Hit] = []
  /// An event to select once the page has been read again (one just added, changed or found).
  private var pendingEvent: Int64?

  init(
    calendar: CalendarService, locale: CalendarLocale, palette: Palette, animates: Bool,
    monotonic: @escaping () -> Int64, fault: String?
  ) {
    self.calendar = calendar
    self.locale = locale
    self.palette = palette
    self.animates = animates
    self.monotonic = monotonic
    self.fault = fault
  }

  // MARK: - Reading and drawing

  /// The screen's new size: the page is laid out again, and a turn under way ends at once.
  func resize(rows: Int, columns: Int) {
    self.rows = rows
    self.columns = columns
    animation = nil
    page = nil
  }

  /// Reads the month on view, today and the events shown from the service.
  func refresh() {
    do {
      let month = try calendar.viewedMonth()
      let today = calendar.environment.today
      var day = selected ?? today
      if day.yearMonth != month {
        day = today.yearMonth == month ? today : month.day(min(day.day, month.numberOfDays))
        selectedEvent = 0
      }
      selected = day
      let week = WeekView.days(around: day, firstWeekday: locale.firstWeekday)
      let first = min(month.firstDay, week.first ?? day)
      let last = max(month.lastDay, week.last ?? day)
      var items: [CivilDate: [AgendaItem]] = [:]
      for item in try calendar.agenda(from: first, through: last) { items[item.day, default: []].append(item) }
      snapshot = PageSnapshot(month: month, today: today, items: items)
      let count = items[day]?.count ?? 0
      if let pendingEvent, let index = items[day]?.firstIndex(where: { $0.event.id == pendingEvent }) {
        selectedEvent = index
      }
      pendingEvent = nil
      selectedEvent = max(0, min(selectedEvent, count - 1))
    } catch {
      show(error)
    }
  }

  /// The frame to show at `now` and where the cursor goes (only while a prompt takes text).
  func frame(at now: Int64) -> (Canvas, (row: Int, column: Int)?) {
    var (canvas, cursor) = composePage()
    page = canvas
    if let animation {
      if animation.isFinished(at: now) {
        self.animation = nil
      } else {
        let turning = canvas.region(rows: 0..<animation.oldPage.count)
        for (row, line) in animation.frame(at: now, over: turning, palette: palette).enumerated() {
          canvas.replaceRow(row, with: line)
        }
      }
    }
    return (canvas, cursor)
  }

  /// When the next frame is due: soon while a turn plays, else `nil`.
  var frameInterval: Int64? {
    animation == nil ? nil : TurnAnimation.frameMilliseconds
  }

  private func composePage() -> (Canvas, (row: Int, column: Int)?) {
    var canvas = Canvas(rows: rows, columns: columns)
    hits = []
    guard rows >= MonthLayout.minimumRows, columns >= MonthLayout.minimumColumns else {
      let text =
        "Too small for the calendar: \(MonthLayout.minimumColumns)×\(MonthLayout.minimumRows) needed, "
        + "this is \(columns)×\(rows). q quits."
      canvas.put(DisplayWidth.truncated(text, toWidth: columns), row: 0, column: 0, style: palette.error)
      return (canvas, nil)
    }
    guard let snapshot, let selected else {
      let cursor = statusLine(into: &canvas)
      return (canvas, cursor)
    }
    let view = PageView(
      snapshot: snapshot, selected: selected, selectedEvent: selectedEvent, locale: locale, palette: palette,
      zone: calendar.environment.localZone)
    switch mode {
    case .month: MonthView(view: view).draw(into: &canvas, hits: &hits)
    case .week: WeekView(view: view).draw(into: &canvas, hits: &hits)
    }
    if let overlay {
      hits = []
      overlay.draw(into: &canvas, view: view, hits: &hits)
    }
    let cursor = statusLine(into: &canvas)
    return (canvas, cursor)
  }

  /// The last line: the prompt, a message, what a drag would do, or a reminder of the main keys.
  private func statusLine(into canvas: inout Canvas) -> (row: Int, column: Int)? {
    let row = rows - 1
    canvas.fill(row: row, column: 0, width: columns)
    if prompt != nil, let message, message.isError {
      // The prompt asks again after a mistake: the mistake shows just above it.
      canvas.fill(row: row - 1, column: 0, width: columns)
      canvas.put(message.text, row: row - 1, column: 0, style: palette.error)
    }
    switch prompt {
    case .text(let label, let editor, _):
      let used = canvas.put(label, row: row, column: 0, style: palette.prompt)
      let (text, cursor) = editor.view(width: columns - used)
      canvas.put(text, row: row, column: used)
      return (row, min(used + cursor, columns - 1))
    case .choice(let label, _, _):
      canvas.put(label, row: row, column: 0, style: palette.prompt)
      return nil
    case nil:
      break
    }
    if let dragDirection {
      canvas.put("release to turn \(dragDirection.arrow) \(dragDirection.rawValue)", row: row, column: 0)
    } else if let message {
      canvas.put(message.text, row: row, column: 0, style: message.isError ? palette.error : palette.status)
    } else {
      let hint = "n/p or drag a corner: turn · a: add · e: edit · d: delete · ?: help · q: quit"
      canvas.put(hint, row: row, column: 0, style: palette.hint)
    }
    return nil
  }

  private func show(_ error: any Error) {
    let text = (error as? ServiceError)?.message ?? String(describing: error)
    message = ("Error: " + text, true)
  }

  private var selectedItems: [AgendaItem] {
    guard let selected, let snapshot else { return [] }
    return snapshot.items(on: selected)
  }

  private var selectedItem: AgendaItem? {
    let items = selectedItems
    return items.indices.contains(selectedEvent) ? items[selectedEvent] : nil
  }

  // MARK: - Input

  /// Does what `event` asks.
  ///
  /// - Throws: only the fault the tests ask for with `CAL_TEST_FAULT=throw`; every other failure is shown.
  func handle(_ event: InputEvent) throws {
    switch event {
    case .paste(let text):
      if case .text(let label, var editor, let submit) = prompt {
        editor.insert(text)
        prompt = .text(label: label, editor: editor, submit: submit)
      }
    case .mouse(let report):
      handleMouse(report)
    case .key(let key):
      try handleKey(key)
    }
  }

  private func handleKey(_ key: Key) throws {
    if let prompt {
      answer(prompt, key)
      return
    }
    if let overlay {
      handleOverlay(overlay, key)
      return
    }
    message = nil
    switch key {
    case .character("q"), .control("c"): ending = .quit
    case .control("z"): wantsSuspend = true
    case .control("l"): wantsFullRedraw = true
    case .left, .character("h"): move(by: -1)
    case .right, .character("l"): move(by: 1)
    case .up, .character("k"): move(by: -7)
    case .down, .character("j"): move(by: 7)
    case .character("n"), .pageDown: turn(.upLeft)
    case .character("p"), .pageUp: turn(.downRight)
    case .character("N"): turn(.upRight)
    case .character("P"): turn(.downLeft)
    case .character("t"): goToToday()
    case .character("g"): askGoTo()
    case .character("a"): askAdd()
    case .enter, .character("e"): askEdit()
    case .character("d"): askDelete()
    case .character("/"): askSearch()
    case .character("?"): overlay = .help
    case .character("w"): mode = mode == .month ? .week : .month
    case .tab: selectEvent(by: 1)
    case .backTab: selectEvent(by: -1)
    case .function(12): try testFault()
    default: break
    }
  }

  private func testFault() throws {
    switch fault {
    case "throw": throw PageFault()
    case "trap": fatalError("CAL_TEST_FAULT=trap")
    default: break
    }
  }

  private func handleOverlay(_ overlay: Overlay, _ key: Key) {
    guard case .search(let query, let results, let chosen) = overlay else {
      self.overlay = nil
      return
    }
    switch key {
    case .up, .character("k"), .backTab:
      self.overlay = .search(query: query, results: results, chosen: max(0, chosen - 1))
    case .down, .character("j"), .tab:
      self.overlay = .search(query: query, results: results, chosen: min(results.count - 1, chosen + 1))
    case .enter: go(to: results[chosen])
    case .escape, .character("q"), .control("c"): self.overlay = nil
    default: break
    }
  }

  private func handleMouse(_ report: MouseReport) {
    guard prompt == nil else { return }
    if case .help = overlay, report.action == .press {
      overlay = nil
      return
    }
    switch report.action {
    case .press where report.button == 0:
      if case .search = overlay {
        if case .result(let index)? = hit(row: report.row, column: report.column),
          case .search(_, let results, _) = overlay
        {
          go(to: results[index])
        }
        return
      }
      guard report.row < rows - 1 else { return }
      press = (report.row, report.column)
    case .drag:
      guard let press else { return }
      let (dx, dy) = (report.column - press.column, report.row - press.row)
      dragDirection = max(abs(dx), abs(dy)) >= 2 ? CurlDirection(swipeDX: Double(dx), dy: Double(dy)) : nil
    case .release:
      guard let start = press else { return }
      press = nil
      dragDirection = nil
      let (dx, dy) = (report.column - start.column, report.row - start.row)
      if max(abs(dx), abs(dy)) < 2 {
        click(row: start.row, column: start.column)
      } else {
        message = nil
        turn(CurlDirection(swipeDX: Double(dx), dy: Double(dy)))
      }
    case .wheelDown: turn(.upLeft)
    case .wheelUp: turn(.downRight)
    default: break
    }
  }

  private func hit(row: Int, column: Int) -> Hit.Target? {
    hits.last { $0.contains(row: row, column: column) }?.target
  }

  private func click(row: Int, column: Int) {
    message = nil
    switch hit(row: row, column: column) {
    case .day(let day)?:
      select(day)
    case .event(let day, let index)?:
      select(day)
      if selected == day { selectedEvent = index }
    case .result, nil:
      break
    }
  }

  // MARK: - Moving

  /// Selects `day`; a day of another month turns the page toward it first.
  private func select(_ day: CivilDate) {
    guard let snapshot, let selected else { return }
    if day.yearMonth == snapshot.month {
      if day != selected { selectedEvent = 0 }
      self.selected = day
    } else if day.yearMonth == snapshot.month.next {
      turn(.upLeft, selecting: day)
    } else if day.yearMonth == snapshot.month.previous {
      turn(.downRight, selecting: day)
    }
  }

  private func move(by days: Int) {
    guard let selected, let target = selected.adding(days: days) else { return }
    select(target)
  }

  private func selectEvent(by step: Int) {
    let count = selectedItems.count
    guard count > 0 else { return }
    selectedEvent = (selectedEvent + step + count) % count
  }

  /// Turns the page from `direction`'s corner (recorded in the history as `cal flip` records it) and plays
  /// the curl. A turn under way ends at once first: turns are never lost or reordered.
  private func turn(_ direction: CurlDirection, selecting day: CivilDate? = nil) {
    animation = nil
    let before = page
    let transition: TransitionRecord
    do {
      transition = try calendar.flip(direction)
    } catch {
      show(error)
      return
    }
    message = (
      "\(direction.arrow) \(direction.rawValue): \(locale.title(of: transition.from)) → "
        + "\(locale.title(of: transition.to))", false
    )
    if let day, day.yearMonth == transition.to {
      selected = day
      selectedEvent = 0
    }
    refresh()
    guard animates, let before, before.rows == rows, before.columns == columns, rows > 1 else { return }
    // The next turn, if it comes before this one ends, starts from this page.
    page = composePage().0
    animation = TurnAnimation(direction: direction, oldPage: before.region(rows: 0..<(rows - 1)), start: monotonic())
  }

  /// Jumps to `month` (recorded as a jump); false when that failed.
  private func jump(to month: YearMonth) -> Bool {
    guard month != snapshot?.month else { return true }
    do {
      let transition = try calendar.jump(to: month)
      message = ("Jumped \(locale.title(of: transition.from)) → \(locale.title(of: transition.to))", false)
      return true
    } catch {
      show(error)
      return false
    }
  }

  private func goToToday() {
    let today = calendar.environment.today
    guard jump(to: today.yearMonth) else { return }
    selected = today
    selectedEvent = 0
  }

  private func go(to item: AgendaItem) {
    overlay = nil
    guard jump(to: item.day.yearMonth) else { return }
    selected = item.day
    pendingEvent = item.event.id
  }

  // MARK: - Prompts

  private func answer(_ current: Prompt, _ key: Key) {
    switch current {
    case .text(let label, var editor, let submit):
      switch editor.handle(key) {
      case .editing: prompt = .text(label: label, editor: editor, submit: submit)
      case .cancelled:
        prompt = nil
        message = nil
      case .submitted:
        prompt = nil
        message = nil
        submit(editor.answer)
      }
    case .choice(_, let choices, let choose):
      if case .character(let character) = key, choices.contains(character) {
        prompt = nil
        choose(character)
      } else if key == .escape || key == .control("c") || key == .character("q") {
        prompt = nil
      }
    }
  }

  private func ask(_ label: String, _ text: String = "", then submit: @escaping (String) -> Void) {
    prompt = .text(label: label, editor: LineEditor(text), submit: submit)
  }

  private func askGoTo() {
    ask("Go to (2024-05, 2024-05-12, today, tomorrow): ") { [unowned self] text in
      guard !text.isEmpty else { return }
      do {
        switch try DayExpression.dayOrMonth(text, today: calendar.environment.today) {
        case .day(let day):
          guard jump(to: day.yearMonth) else { return }
          selected = day
          selectedEvent = 0
        case .month(let month):
          guard jump(to: month), let selected else { return }
          self.selected = month.day(min(selected.day, month.numberOfDays))
          selectedEvent = 0
        }
      } catch {
        show(error)
      }
    }
  }

  private func askAdd() {
    guard let day = selected else { return }
    ask("Add on \(day) · title: ") { [unowned self] title in
      guard !title.isEmpty else {
        message = ("Nothing added: the title is empty", false)
        return
      }
      askSchedule(title: title, time: "", length: "") { [unowned self] time, length in
        do {
          let event = try calendar.add(
            EventFields(title: title, schedule: EventSchedule(startDay: day, startTime: time, lengthMinutes: length)))
          message = ("Added “\(TerminalText.sanitized(title))” on \(day)", false)
          pendingEvent = event.id
        } catch {
          show(error)
        }
      }
    }
  }

  /// Asks for a time (empty: all day) and, with a time, a length (empty: none), in `cal add`'s grammar;
  /// asks again after a mistake, with the text kept.
  private func askSchedule(
    title: String, time: String, length: String, zone: String? = nil, then done: @escaping (TimeOfDay?, Int?) -> Void
  ) {
    // An event with a zone of its own keeps its time on that zone's clock, as `cal edit --at` does.
    let clock = zone.map { " on \($0)'s clock" } ?? ""
    ask("“\(TerminalText.sanitized(title))” at (HH:MM\(clock); empty: all day): ", time) { [unowned self] timeText in
      guard !timeText.isEmpty else { return done(nil, nil) }
      let start: TimeOfDay
      do {
        start = try TimeOfDay(parsing: timeText)
      } catch {
        return retry(error) { askSchedule(title: title, time: timeText, length: length, zone: zone, then: done) }
      }
      askLength(length) { minutes in done(start, minutes) }
    }
  }

  private func askLength(_ length: String, then done: @escaping (Int?) -> Void) {
    ask("Length (45m, 1h30m, 2d; empty: none): ", length) { [unowned self] text in
      guard !text.isEmpty else { return done(nil) }
      do {
        done(try EventLength.minutes(parsing: text))
      } catch {
        retry(error) { askLength(text, then: done) }
      }
    }
  }

  /// Shows `error` and asks again.
  private func retry(_ error: any Error, _ again: () -> Void) {
    again()
    show(error)
  }

  private func askEdit() {
    guard let item = selectedItem else {
      message = ("No event to edit on this day", false)
      return
    }
    let title = TerminalText.sanitized(item.event.title)
    guard item.schedule.rule != nil else { return askEditFields(item, occurrence: nil) }
    prompt = .choice(label: "Edit “\(title)”: (t)his occurrence or the whole (s)eries? ", choices: ["t", "s"]) {
      [unowned self] choice in
      askEditFields(item, occurrence: choice == "t" ? item.occurrence.occurrenceDay : nil)
    }
  }

  private func askEditFields(_ item: AgendaItem, occurrence: CivilDate?) {
    let schedule = item.schedule
    ask("Title: ", item.event.title) { [unowned self] title in
      guard !title.isEmpty else {
        message = ("Nothing changed: the title is empty", false)
        return
      }
      let time = schedule.startTime?.description ?? ""
      let length = schedule.lengthMinutes.map { EventLength.description(minutes: $0) } ?? ""
      askSchedule(title: title, time: time, length: length, zone: schedule.timeZone) { [unowned self] start, minutes in
        do {
          let outcome = try calendar.edit(id: item.event.id, occurrence: occurrence) { fields in
            var changed = fields
            changed.title = title
            if let start {
              // As `cal edit --at`: a time makes an all-day span a one-day timed event.
              if changed.schedule.startTime == nil { changed.schedule.endDay = nil }
              changed.schedule.startTime = start
              changed.schedule.lengthMinutes = minutes
            } else {
              (changed.schedule.startTime, changed.schedule.lengthMinutes, changed.schedule.timeZone) = (nil, nil, nil)
            }
            return changed
          }
          message = ("Changed “\(TerminalText.sanitized(title))”", false)
          pendingEvent = outcome.event.id
        } catch {
          show(error)
        }
      }
    }
  }

  private func askDelete() {
    guard let item = selectedItem else {
      message = ("No event to delete on this day", false)
      return
    }
    let event = item.event
    let title = TerminalText.sanitized(event.title)
    let remove = { [unowned self] (id: Int64, day: CivilDate?, what: String) in
      do {
        let outcome = try calendar.remove(id: id, occurrence: day)
        message = (what, false)
        if case .removed(_, let continuations) = outcome, !continuations.isEmpty {
          // A series split by an edit from here on goes on as series of its own, which stay.
          let ids = continuations.map { "#\($0.id)" }.concatenated(separator: ", ")
          message = (what + "; it goes on as \(ids), which stays", false)
        }
      } catch {
        show(error)
      }
    }
    if item.schedule.rule != nil || (event.parentID != nil && event.recurrenceDay != nil) {
      let series = item.schedule.rule != nil ? event.id : event.parentID!
      let day = item.schedule.rule != nil ? item.occurrence.occurrenceDay : nil
      prompt = .choice(
        label: "Delete “\(title)”: (t)his occurrence, the whole (s)eries, or (c)ancel? ", choices: ["t", "s", "c"]
      ) { choice in
        switch choice {
        case "t": remove(event.id, day, "Deleted the \(item.occurrence.occurrenceDay) occurrence of “\(title)”")
        case "s": remove(series, nil, "Deleted the series “\(title)”")
        default: break
        }
      }
    } else {
      prompt = .choice(label: "Delete “\(title)”? (y/n) ", choices: ["y", "n"]) { choice in
        if choice == "y" { remove(event.id, nil, "Deleted “\(title)”") }
      }
    }
  }

  private func askSearch() {
    ask("Search: ") { [unowned self] text in
      guard !text.isEmpty else { return }
      var results: [AgendaItem] = []
      do {
        try calendar.search(text) { item in
          results.append(item)
          return results.count < 500
        }
      } catch {
        return show(error)
      }
      if results.isEmpty {
        message = ("Nothing found for “\(TerminalText.sanitized(text))”", false)
      } else {
        overlay = .search(query: text, results: results, chosen: 0)
      }
    }
  }
}
