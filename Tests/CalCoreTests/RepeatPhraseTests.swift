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
    expect("every tue and thu", .weekly, on: "tue,thu")
    expect("every mon, wed & fri", .weekly, on: "mon,wed,fri")
    expect("every other friday", .weekly, every: 2, on: "fri")
    expect("every sat-sun", .weekly, on: "sat-sun")
    expect("every 2 weeks on mon,fri", .weekly, every: 2, on: "mon,fri")
    expect("every week on mon and fri", .weekly, on: "mon,fri")
    expect("every month on the 2nd-tue", .monthly, on: "2nd-tue")
    expect("every month on 1, 15", .monthly, on: "1,15")
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
    refused("every 2", "every 2 what? days, weeks, months or years")
    refused("every 0 days", "every 1 to 100000")
    refused("every 100001 days", "every 1 to 100000")
    refused("every 99999999999999999999999 days", "every 1 to 100000")
    refused("every 50001 fortnights", "at most every 100000 weeks")
    refused("every blue moon", "'blue' is neither a unit nor a weekday: say \(examples)")
    refused("every 2th week", "'2th' is neither a unit nor a weekday: say \(examples)")
    refused(
      "every other weekday", "a weekday is Monday to Friday, each week; for others, say every 2 weeks on mon,fri")
    refused("every week on", "on which days? such as every 2 weeks on mon,fri")
    refused("every tue on wed", "the days twice: say every tue and thu, or every week on tue,thu")
    refused("every year on 3", "days after on are for weeks and months, such as every month on 2nd-tue")
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
  }
}
