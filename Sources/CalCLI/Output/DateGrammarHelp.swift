/// `cal help dates`: the one grammar every day, month, range, time and length on the command line is read
/// by (CalCore's `DayExpression`, `TimeExpression`, `LengthExpression`), also a section of the manual page.
enum DateGrammarHelp {
  /// The topic's name after `cal help`.
  static let topic = "dates"

  /// The grammar, in lines of at most 80 columns.
  static let text = """
    DATES, TIMES AND LENGTHS

    Every argument and option that takes a day, a month, a range, a time or a
    length reads them in these forms. Names are English or the locale's
    (LC_TIME): in full, abbreviated, or their first three letters or more, in any
    case. Today is the date on your clock (TZ).

    DAY     2024-05-12, 2024-5-12     a date
            5-12, 05-12               that day near today: from three months
                                      back to eight ahead (on 12 May, 5-3 is
                                      this year's, 1-31 next year's)
            may 12, 12 may, 12. mai   the same (may 12 2025: of 2025)
            12.5., 12.05.2024         day first, with dots
            5/12, 05/12/2024          in your locale's order (LC_TIME: en_US
                                      month first, en_GB day first); in the C
                                      locale only where the numbers leave no
                                      doubt (5/13, 13/5)
            today, tomorrow, yesterday
            fri, friday               the first Friday after today (never today)
            next fri                  the Friday after that
            +3d, -2w, +1m, +1y        days, weeks, months, years from today; a
                                      month on from the 31st is a shorter
                                      month's last day
            in 3 days, in 2 weeks, in 1 month, in 1 year
    MONTH   2024-05, 2024-5           a month (goto, show, list)
            may, may 2024             the May near today, the same way (jan in
                                      December is next year's, dec in January
                                      last year's), May 2024 (a year has four
                                      digits: may 12 is a day, may 0012 a month)
            this month, next month, last month
            +2m, -1m, in 2 months     months from this one
            today, or any day         the month it is in
    RANGE   DAY..DAY                  2024-05-01..2024-06-15, today..fri
            MONTH..MONTH              may..june: its first day to its last; an
                                      end without a year comes after the first
                                      (dec..jan runs into January)
            YEAR..YEAR                2024..2025: the same for years (list, agenda)
            --from may --to june      the same, as options (list, search, agenda,
                                      free, export); --from alone: 30 days from
                                      it (agenda, free: 7; export: all later),
                                      --to alone: from today (export: all before)
            week, this week           from the locale's first day (list, agenda)
            next week, last week      the week after, the week before (list, agenda)
            2024, this year           a whole year (list, agenda)
            next year, last year      the year after, the year before (list,
                                      agenda)
            now                       what is under way at this moment (list)
            DAY TIME, DAY TIME-TIME   what is under way then, or at some moment
                                      between the two: fri 14:00, today
                                      9am-noon (list)
    DAYS    30, 10d, 2w, 1m, 1y       that many days from today on (agenda),
                                      or a range, a day, a month or a year;
                                      four digits are a year: 2024d for days
    TIME    9, 09, 9:30, 21:30        the 24-hour clock
            0930, 2130                the same without the colon
            9.30, 21.30               the same with a dot
            9h30, 21h05, 9h           the same with an h, as French writes
                                      it: 9h is 09:00 (no am or pm after it)
            9am, 9:30pm, 12am         hours 1 to 12 with am or pm; 12am is
                                      midnight, 12pm noon
            noon, midnight
    LENGTH  45m, 1h, 1h30m, 2d        days, hours and minutes, each unit once
            1h30                      minutes after the hours
            1.5h, 0.5d                a decimal that comes to whole minutes
            90                        a number alone is minutes

    Where a day or a month may be given (list), +2m, +1y and month names are
    months; +3d, -2w and weekdays are days. A number alone is neither: 13 could
    be a day, a month or a year, so cal asks for 5-13 or 2024-05-13. A word that
    names a month and a weekday (French "mar") is refused: write more of it. In
    add, a date of several words takes the first words: cal add next fri lunch;
    a time after it is the start (cal add fri 14:30 dentist), and an end or a
    length in hours or minutes after that its end (fri 9am-10:30am review, fri
    9:00 10:30 review, fri 9:00 1h30 review). A bare hour there (fri 9 x)
    could be the title's, so it is refused: write 9:00, 9am or --at 9; so is
    an hour with an h alone (fri 2h x: a length in the title?), while fri
    9h30 x is at 09:30. After a start time, 1h30 or 10h30 is the length, never
    the end (fri 9:00 10h30 x lasts ten and a half hours): write 10:30 for an
    end. Four digits there are the time (fri 1400 review), unless they could
    be a year near this one (fri 2030 dinner: refused; write 20:30, or quote
    the title).

    """
}
