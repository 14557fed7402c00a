import CalCore
import Testing

@Suite("Repeats in words")
struct RepeatPhraseTests {
  private func expect(
    _ text: String, _ frequency: RecurrenceRule.Frequency, every interval: Int? = nil, on days: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(RepeatPhrase.isPhrase(text), sourceLocation: sourceLocation)
    #expect(
      (try? RepeatPhrase(parsing: text)) == RepeatPhrase(frequency: frequency, interval: interval, days: days),
      "\(text)", sourceLocation: sourceLocation)
  }

  private func refused(_ text: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(throws: RepeatPhrase.Error(description: message), "\(text)", sourceLocation: sourceLocation) {
      try RepeatPhrase(parsing: text)
    }
  }

  @Test("units, counts, ordinals, other and fortnight; an interval only when the words say one")
  func units() {
    expect("every day", .daily)
    expect("every 3 days", .daily, every: 3)
    expect("every 2 day", .daily, every: 2)
    expect("every week", .weekly)
    expect("each week", .weekly)
    expect("every other week", .weekly, every: 2)
    expect("every second week", .weekly, every: 2)
    expect("every 2nd week", .weekly, every: 2)
    expect("every 10th week", .weekly, every: 10)
    expect("every fortnight", .weekly, every: 2)
    expect("every 3 fortnights", .weekly, every: 6)
    expect("every month", .monthly)
    expect("EVERY  Third\tMonth", .monthly, every: 3)
    expect("every year", .yearly)
    expect("every 100000 years", .yearly, every: 100_000)
  }

  @Test("weekdays by name, listed with commas and and, as runs, or after on")
  func days() {
    expect("every weekday", .weekly, on: "mon-fri")
    expect("every workday", .weekly, on: "mon-fri")
    expect("every monday", .weekly, on: "mon")
    expect("every mondays", .weekly, on: "mon")
    // As a day is read (cal add thurs): it was "'thurs' is neither a unit nor a weekday".
    expect("every thurs and weds", .weekly, on: "thu,wed")
    expect("every Tues", .weekly, on: "tue")
    expect("every tue and thu", .weekly, on: "tue,thu")
    expect("every mon, wed & fri", .weekly, on: "mon,wed,fri")
    expect("every other friday", .weekly, every: 2, on: "fri")
    expect("every sat-sun", .weekly, on: "sat-sun")
    expect("every 2 weeks on mon,fri", .weekly, every: 2, on: "mon,fri")
    expect("every week on mon and fri", .weekly, on: "mon,fri")
    expect("every month on the 2nd-tue", .monthly, on: "2nd-tue")
    expect("every month on 1, 15", .monthly, on: "1,15")
    // An ordinal and its weekday as people write them, apart; an ordinal alone is that day of the month.
    expect("every month on the 2nd tue", .monthly, on: "2nd-tue")
    expect("every month on the second tuesday", .monthly, on: "second-tuesday")
    expect("every month on the last fri", .monthly, on: "last-fri")
    expect("every month on the 2nd last friday", .monthly, on: "2nd-last-friday")
    expect("every month on the 15th", .monthly, on: "15")
    expect("every month on the 1st and the 15th", .monthly, on: "1,15")
    expect("every month on the last", .monthly, on: "last")
    expect("every week on mon tue", .weekly, on: "mon,tue")
  }

  @Test("what is not a phrase, and phrases that say too little, too much or too often")
  func refusals() {
    #expect(!RepeatPhrase.isPhrase("weekly"))
    #expect(!RepeatPhrase.isPhrase(""))
    #expect(!RepeatPhrase.isPhrase("everyday"))
    let examples =
      "every day, every weekday, every 2 weeks, every other month, every tue and thu, every month on 2nd-tue"
    refused("weekly", "a repeat in words begins with every, such as every 2 weeks")
    refused("every", "every what? Say \(examples)")
    refused("every on mon", "every what? Say \(examples)")
    refused("every 2", "every 2 what? Say days, weeks, months or years")
    refused("every other", "every other what? Say days, weeks, months or years")
    refused("every 0 days", "the number must be from 1 to 100000")
    refused("every 100001 days", "the number must be from 1 to 100000")
    refused("every 99999999999999999999999 days", "the number must be from 1 to 100000")
    refused("every 50001 fortnights", "at most every 100000 weeks")
    refused("every blue moon", "'blue' is neither a unit (day, week, month, year) nor a weekday: say \(examples)")
    refused("every 2th week", "'2th' is neither a unit (day, week, month, year) nor a weekday: say \(examples)")
    // Words after the unit: said so, not blamed on the unit (it was "'day' is neither a unit nor a weekday").
    let after =
      "is not understood: a repeat in words ends with its unit, or with on and the days, such as every 2 weeks "
      + "on mon,fri"
    refused("every day 3 times", "'3 times' after 'day' \(after)")
    refused("every week mon", "'mon' after 'week' \(after)")
    refused("every 2 weeks every 3", "'every 3' after 'weeks' \(after)")
    refused(
      "every mon week", "'week' among the days is not understood: say every week on mon,fri, or every mon and fri")
    refused(
      "every other weekday",
      "'weekday' takes no number (every weekday is Monday to Friday of each week); for every other week, say every 2 "
        + "weeks on mon-fri")
    refused(
      "every weekday on mon",
      "every weekday names its days already (Monday to Friday); for others, say every week on mon,fri")
    refused("every week on", "name the days after on, such as every 2 weeks on mon,fri")
    refused("every week on the ,", "name the days after on, such as every 2 weeks on mon,fri")
    // It was "--on on: expected weekdays ...", an option the user never gave.
    refused("every week on mon on fri", "say on once, then the days, such as every week on mon,fri")
    refused("every tue on wed", "name the days once: every tue and thu, or every week on tue,thu")
    refused("every year on 3", "only weeks and months take days after on, such as every month on 2nd-tue")
    refused("every day on mon", "only weeks and months take days after on, such as every month on 2nd-tue")
  }
}

@Suite("Repeat answers in words")
struct RepeatAnswerPhraseTests {
  @Test("a phrase runs to until or N times; the rest is read as before")
  func phraseAnswers() throws {
    #expect(try RepeatAnswer.options("every 2 weeks on mon,fri") == ["--repeat=every 2 weeks on mon,fri"])
    #expect(
      try RepeatAnswer.options("every tue and thu until next fri")
        == ["--repeat=every tue and thu", "--until=next fri"])
    #expect(try RepeatAnswer.options("every other month, 3 times") == ["--repeat=every other month", "--count=3"])
    #expect(try RepeatAnswer.options("weekly every 2 on mon") == ["--repeat=weekly", "--every=2", "--repeat-on=mon"])
    // every N after the words is --every, as after weekly (it was read into the words, and refused).
    #expect(try RepeatAnswer.options("every week every 2") == ["--repeat=every week", "--every=2"])
    #expect(
      try RepeatAnswer.options("every tue and thu every 3, 4 times")
        == ["--repeat=every tue and thu", "--every=3", "--count=4"])
  }
}
