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
  /// An event's fields changed by `cal edit`'s options: the add and edit prompts send their answers so.
  let edit: (EventFields, [String]) throws -> EventFields
  /// An event changed in the user's editor (see ``InteractivePage/run(calendar:locale:colors:animates:monotonic:edit:editInEditor:fault:)``).
  let editInEditor: (Int64, CivilDate?, Bool) throws -> String?
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
  private(set) var message: (text: String, isError: Bool)? {
    // A title or a value typed may run to 100 KB: the line shows it by its ends, as an `Error:` line does.
    didSet {
      if let message, message.text.utf8.count > ErrorMessage.wordLimit {
        self.message = (ErrorMessage.text(message.text), message.isError)
      }
    }
  }
  private(set) var animation: TurnAnimation?
  /// Why the page ends, once it should.
  var ending: Ending?
  /// Ctrl-Z was pressed: the event loop suspends the page.
  var wantsSuspend = false
  /// The screen must be drawn whole (Ctrl-L).
  var wantsFullRedraw = false
  /// `E` was answered: the event loop gives the terminal to the user's editor for this event.
  var wantsEditor: EditForm.Target?

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
    monotonic: @escaping () -> Int64, edit: @escaping (EventFields, [String]) throws -> EventFields,
    editInEditor: @escaping (Int64, CivilDate?, Bool) throws -> String? = { _, _, _ in nil }, fault: String?
  ) {
    self.calendar = calendar
    self.locale = locale
    self.palette = palette
    self.animates = animates
    self.monotonic = monotonic
    self.edit = edit
    self.editInEditor = editInEditor
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

  /// Checks that the calendar's file is still the one at its path.
  ///
  /// - Throws: `ServiceError(.storage)` when it was removed or replaced (another file renamed over it: a
  ///   sync tool, a restored backup): the page ends and says so, before it shows a calendar no other `cal`
  ///   sees or writes a change where no one would find it. It does not open the new file: the log files
  ///   beside it (`-wal`, `-shm`) are still the old file's until this connection closes.
  func checkFile() throws {
    guard calendar.fileHasMoved else { return }
    calendar.letGoOfMovedFile()
    throw ServiceError(
      .storage,
      "the calendar file \(calendar.path) was removed or replaced while the page was open; nothing was written "
        + "after that: start cal interactive again")
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

  /// Milliseconds from `now` to the next frame while a turn plays, else `nil`.
  func frameWait(at now: Int64) -> Int64? {
    animation?.frameWait(at: now)
  }

  private func composePage() -> (Canvas, (row: Int, column: Int)?) {
    var canvas = Canvas(rows: rows, columns: columns)
    hits = []
    guard !isTooSmall else {
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
      // A long label gives way to the text typed: at least half the line, or 30 columns, is left for it, and
      // all of it (a prefilled RRULE) while the label keeps 20 columns.
      let least = min(30, columns / 2)
      let room = min(max(least, DisplayWidth.of(editor.text) + 1), max(least, columns - 20))
      let shown = DisplayWidth.truncated(label, toWidth: columns - room)
      let used = canvas.put(shown, row: row, column: 0, style: palette.prompt)
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
      let text = DisplayWidth.truncated(message.text, toWidth: columns)
      canvas.put(text, row: row, column: 0, style: message.isError ? palette.error : palette.status)
    } else {
      canvas.put(Self.hint(width: columns), row: row, column: 0, style: palette.hint)
    }
    return nil
  }

  /// The status line's key hint in `width` columns: whole items, from the first, as many as fit before
  /// `?: help · q: quit`, which always end it (the help lists the rest); never a word cut in two.
  static func hint(width: Int) -> String {
    let first = ["n/p or drag a corner: turn", "a: add", "e: edit", "d: delete"]
    let last = ["?: help", "q: quit"]
    for count in stride(from: first.count, through: 0, by: -1) {
      let hint = (first.prefix(count) + last).concatenated(separator: " · ")
      if DisplayWidth.of(hint) <= width { return hint }
    }
    return DisplayWidth.truncated(last.concatenated(separator: " · "), toWidth: width)
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
    if isTooSmall {
      // Nothing to click, type into or turn on a screen that shows none of it: only the keys the message
      // names, and those that act on the terminal, work.
      guard case .key(let key) = event else { return }
      if key == .character("q") || key == .control("c") { ending = .quit }
      handleTerminalKey(key)
      return
    }
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

  /// Whether the screen is smaller than the smallest page (it shows one line saying so).
  private var isTooSmall: Bool {
    rows < MonthLayout.minimumRows || columns < MonthLayout.minimumColumns
  }

  /// Ctrl-Z and Ctrl-L, which act on the terminal wherever the page is (a prompt, a box over the page);
  /// returns whether `key` was one of them.
  @discardableResult
  private func handleTerminalKey(_ key: Key) -> Bool {
    switch key {
    case .control("z"): wantsSuspend = true
    case .control("l"): wantsFullRedraw = true
    default: return false
    }
    return true
  }

  private func handleKey(_ key: Key) throws {
    if handleTerminalKey(key) { return }
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
    case .character("E"): askEdit(inEditor: true)
    case .character("d"): askDelete()
    case .character("/"): askSearch()
    case .character("?"): overlay = .help(top: 0)
    case .character("w"): mode = mode == .month ? .week : .month
    case .character("T"): openTodos()
    case .character("u"): replay(redoing: false)
    case .character("U"), .control("r"): replay(redoing: true)
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
    if case .edit(let form) = overlay { return handleForm(form, key) }
    if case .help(let top) = overlay { return scrollHelp(from: top, key) }
    if case .todos(let items, let chosen) = overlay { return handleTodos(items, chosen: chosen, key) }
    guard case .search(let query, let results, let chosen) = overlay else {
      self.overlay = nil
      return
    }
    switch key {
    case .up, .character("k"), .backTab:
      self.overlay = .search(query: query, results: results, chosen: max(0, chosen - 1))
    case .down, .character("j"), .tab:
      let last = min(results.count, Overlay.searchLimit) - 1
      self.overlay = .search(query: query, results: results, chosen: min(last, chosen + 1))
    case .enter: go(to: results[chosen])
    case .escape, .character("q"), .control("c"): self.overlay = nil
    default: break
    }
  }

  /// j, k and the arrows scroll the help where it does not all show; any other key closes it (unless not
  /// `closing`: the wheel).
  private func scrollHelp(from top: Int, _ key: Key, closing: Bool = true) {
    let count = Overlay.helpLines(columns: columns).count
    let last = max(0, count - Overlay.shownLines(count, rows: rows))
    let step: Int
    switch key {
    case .down, .character("j"): step = 1
    case .up, .character("k"): step = -1
    case .pageDown, .character(" "): step = max(1, Overlay.shownLines(count, rows: rows) - 1)
    case .pageUp: step = -max(1, Overlay.shownLines(count, rows: rows) - 1)
    default: step = 0
    }
    if step != 0 && last > 0 {
      overlay = .help(top: max(0, min(last, top + step)))
    } else if closing {
      overlay = nil
    }
  }

  private func handleMouse(_ report: MouseReport) {
    guard prompt == nil else { return }
    if let overlay, report.action == .wheelDown || report.action == .wheelUp {
      // The wheel goes through a box over the page as the arrows do, and turns no page behind it.
      let key = report.action == .wheelDown ? Key.down : .up
      if case .help(let top) = overlay { return scrollHelp(from: top, key, closing: false) }
      return handleOverlay(overlay, key)
    }
    if case .help = overlay, report.action == .press {
      overlay = nil
      return
    }
    if case .todos(let items, _) = overlay {
      if report.action == .press, case .result(let index)? = hit(row: report.row, column: report.column) {
        overlay = .todos(items: items, chosen: index)
      }
      return
    }
    if case .edit(var form) = overlay {
      if report.action == .press, case .result(let index)? = hit(row: report.row, column: report.column) {
        form.chosen = index
        overlay = .edit(form)
        askField(form.lines[index], of: form)
      }
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
    case .help?:
      overlay = .help(top: 0)
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

  /// Undoes the newest change still in effect (`u`), or makes again the one last undone (`U`, Ctrl-R), as `cal
  /// undo` and `cal redo` do, and says which: a page turn is a change too, so the month on view may go back.
  private func replay(redoing: Bool) {
    animation = nil
    do {
      let changes = redoing ? try calendar.redo() : try calendar.undo()
      guard let change = changes.first else { return }
      message = ((redoing ? "Redid: " : "Undid: ") + TerminalText.sanitized(change.summary), false)
    } catch {
      show(error)
    }
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
        switch try DayExpression.dayOrMonth(text, today: calendar.environment.today, locale: locale) {
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
      guard !title.allSatisfy(\.isWhitespace) else {
        message = ("Nothing added: the title is empty", false)
        return
      }
      askSchedule(EventFields(title: title, schedule: EventSchedule(startDay: day)), time: "", length: "") {
        [unowned self] fields in
        do {
          let event = try calendar.add(fields)
          message = ("Added “\(TerminalText.sanitized(title))” on \(day)", false)
          pendingEvent = event.id
        } catch {
          show(error)
        }
      }
    }
  }

  /// Asks for a time (empty: all day) and, with a time, a length (empty: none), read as `cal add --at` and
  /// `--for` read them; asks again after a mistake, with the text kept.
  private func askSchedule(
    _ draft: EventFields, time: String, length: String, then done: @escaping (EventFields) -> Void
  ) {
    let title = TerminalText.sanitized(draft.title)
    ask("“\(title)” at (9am, 21:30; empty: all day): ", time) { [unowned self] timeText in
      guard !timeText.isEmpty else { return done(draft) }
      let timed: EventFields
      do {
        timed = try edit(draft, ["--at", timeText])
      } catch {
        return retry(error) { askSchedule(draft, time: timeText, length: length, then: done) }
      }
      askLength(timed, length, then: done)
    }
  }

  private func askLength(_ draft: EventFields, _ length: String, then done: @escaping (EventFields) -> Void) {
    ask("Length (45m, 1h30m, 1.5h, 90, 2d; empty: none): ", length) { [unowned self] text in
      guard !text.isEmpty else { return done(draft) }
      do {
        done(try edit(draft, ["--for", text]))
      } catch {
        retry(error) { askLength(draft, text, then: done) }
      }
    }
  }

  /// Shows `error` and asks again.
  private func retry(_ error: any Error, _ again: () -> Void) {
    again()
    show(error)
  }

  private func askEdit(inEditor: Bool = false) {
    guard let item = selectedItem else {
      message = ("No event to edit on this day", false)
      return
    }
    let open = { [unowned self] (occurrence: CivilDate?, fromHere: Bool) in
      if inEditor {
        wantsEditor = EditForm.Target(id: item.event.id, occurrence: occurrence, fromHere: fromHere)
      } else {
        openForm(item, occurrence: occurrence, fromHere: fromHere)
      }
    }
    let title = TerminalText.sanitized(item.event.title)
    guard item.schedule.rule != nil else { return open(nil, false) }
    prompt = .choice(
      label: "Edit “\(title)”: (t)his occurrence, the whole (s)eries, or (f)rom this one on? ",
      choices: ["t", "s", "f"]
    ) { choice in
      open(choice == "s" ? nil : item.occurrence.occurrenceDay, choice == "f")
    }
  }

  /// Runs the editor on `target` (the terminal is the editor's meanwhile) and says what became of it.
  func runEditor(on target: EditForm.Target) {
    do {
      message = (try editInEditor(target.id, target.occurrence, target.fromHere) ?? "Nothing changed", false)
    } catch {
      show(error)
    }
    refresh()
  }

  /// The edit form for `item`: every field `cal edit` changes, each opened by its key with its value.
  private func openForm(_ item: AgendaItem, occurrence: CivilDate?, fromHere: Bool) {
    var fields = item.event.fields
    if let occurrence {
      // An occurrence starts on its own day, as the service hands it to the change.
      let shift = occurrence.daysSince1970 - fields.schedule.startDay.daysSince1970
      fields.schedule.endDay = fields.schedule.endDay?.adding(days: shift)
      fields.schedule.startDay = occurrence
    }
    overlay = .edit(
      EditForm(
        target: EditForm.Target(id: item.event.id, occurrence: occurrence, fromHere: fromHere),
        zone: calendar.environment.localZone, clock: locale.clock, fields: fields, edit: edit))
  }

  private func handleForm(_ form: EditForm, _ key: Key) {
    var form = form
    let lines = form.lines
    switch key {
    case .up, .character("k"), .backTab: form.chosen = max(0, form.chosen - 1)
    case .down, .character("j"), .tab: form.chosen = min(lines.count - 1, form.chosen + 1)
    case .enter: askField(lines[form.chosen], of: form)
    case .escape, .character("q"), .control("c"): overlay = nil
    case .character(let letter):
      guard let index = lines.firstIndex(where: { $0.key == letter }) else { return }
      form.chosen = index
      overlay = .edit(form)
      askField(lines[index], of: form)
      return
    default: break
    }
    if case .edit = overlay { overlay = .edit(form) }
  }

  /// Asks for `field`'s new value, prefilled with its value, and changes the event (an answer left as it
  /// was changes nothing); asks again after a mistake, with the text kept.
  private func askField(_ field: EditForm.Field, of form: EditForm, text: String? = nil) {
    ask(field.prompt, text ?? field.value) { [unowned self] answer in
      // The prompt's answer is trimmed: a value with spaces at its ends (imported) left as it was is unchanged.
      guard answer != LineEditor(field.value).answer else { return }
      let target = form.target
      do {
        let words = try field.words(answer)
        let outcome = try calendar.edit(id: target.id, occurrence: target.occurrence, fromHere: target.fromHere) {
          fields in try edit(fields, words)
        }
        var changed = form
        // Changed once, an occurrence is an event of its own (as is the series from it on): edit that now.
        changed.target = EditForm.Target(id: outcome.event.id, occurrence: nil, fromHere: false)
        changed.fields = outcome.event.fields
        if case .edit = overlay { overlay = .edit(changed) }
        message = ("Changed “\(TerminalText.sanitized(outcome.event.title))”", false)
        pendingEvent = outcome.event.id
        if let selected, selected != changed.fields.schedule.startDay,
          changed.fields.schedule.startDay.yearMonth == snapshot?.month
        {
          self.selected = changed.fields.schedule.startDay
        }
      } catch {
        retry(error) { askField(field, of: form, text: answer) }
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
          return results.count <= Overlay.searchLimit
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

  // MARK: - To-dos

  /// Opens the to-dos (read again), the one with id `chosenID` chosen, else the one at `index`.
  private func openTodos(chosenID: Int64? = nil, index: Int = 0) {
    do {
      let items = try todayTodos()
      let chosen = chosenID.flatMap { id in items.firstIndex { $0.record.id == id } } ?? min(index, items.count - 1)
      overlay = .todos(items: items, chosen: max(0, chosen))
    } catch {
      show(error)
    }
  }

  /// The to-dos still to do, then those finished today (so that a mistaken `x` is undone by another).
  private func todayTodos() throws -> [TodoItem] {
    let environment = calendar.environment
    let today = environment.today
    return try calendar.todos(.all).filter { item in
      guard !item.record.status.isPending else { return true }
      let finished = item.record.fields.completedAt ?? item.record.updatedAt
      return environment.localZone.wallClock(atUTC: finished.floorDivided(by: 1000))?.date == today
    }
  }

  private func handleTodos(_ items: [TodoItem], chosen: Int, _ key: Key) {
    let item = items.indices.contains(chosen) ? items[chosen] : nil
    switch key {
    case .up, .character("k"), .backTab: overlay = .todos(items: items, chosen: max(0, chosen - 1))
    case .down, .character("j"), .tab: overlay = .todos(items: items, chosen: min(items.count - 1, chosen + 1))
    case .character("x"), .character(" "):
      guard let item else { return }
      let status: TodoStatus = item.record.status.isPending ? .done : .open
      do {
        _ = try calendar.markTodos([item.record.id], as: status)
        let title = TerminalText.sanitized(item.record.title)
        message = (status == .done ? "Done: “\(title)”" : "Open again: “\(title)”", false)
      } catch {
        show(error)
      }
      openTodos(chosenID: item.record.id, index: chosen)
    case .character("a"): askTodo()
    case .character("d"):
      guard let item else { return }
      let title = TerminalText.sanitized(item.record.title)
      prompt = .choice(label: "Delete the to-do “\(title)”? (y/n) ", choices: ["y", "n"]) { [unowned self] choice in
        guard choice == "y" else { return }
        do {
          _ = try calendar.removeTodos([item.record.id])
          message = ("Deleted the to-do “\(title)”", false)
        } catch {
          show(error)
        }
        openTodos(index: chosen)
      }
    case .enter:
      guard let item, let day = item.dueDay else {
        message = ("This to-do has no day it is due", false)
        return
      }
      overlay = nil
      guard jump(to: day.yearMonth) else { return }
      selected = day
      selectedEvent = 0
    case .escape, .character("q"), .character("T"), .control("c"): overlay = nil
    default: break
    }
  }

  /// Asks for a new to-do's title, then the day it is due (empty: none), and adds it.
  private func askTodo() {
    ask("New to-do · title: ") { [unowned self] title in
      guard !title.allSatisfy(\.isWhitespace) else {
        message = ("Nothing added: the title is empty", false)
        return openTodos()
      }
      askTodoDue(title, "")
    }
  }

  private func askTodoDue(_ title: String, _ text: String) {
    ask("Due (2024-05-31, fri, +3d; empty: none): ", text) { [unowned self] due in
      var fields = TodoFields(title: title)
      if !due.isEmpty {
        do {
          guard
            case .day(let day) = try DayExpression.dayOrMonth(due, today: calendar.environment.today, locale: locale)
          else {
            return retry(ServiceError(.invalidRequest, "'\(due)' is a month: give a day")) { askTodoDue(title, due) }
          }
          fields.due = TodoDue(day: day)
        } catch {
          return retry(error) { askTodoDue(title, due) }
        }
      }
      do {
        let added = try calendar.addTodo(fields)
        message = ("Added the to-do “\(TerminalText.sanitized(title))”", false)
        openTodos(chosenID: added.record.id)
      } catch {
        show(error)
        openTodos()
      }
    }
  }
}
