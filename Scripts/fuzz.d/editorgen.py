"""The editor generator: `cal edit ID --editor` with an editor (formedit.py) that rewrites the form it is given.

A scenario fills a calendar (the pre-populated one, or `cal add`s and an import of events with every kind of field),
then edits one event, or one occurrence of a series, in an editor whose operations (ops.txt, one a line, so that
shrinking drops them one by one) change values, lines, bytes or the file itself. What an edit that succeeded wrote
must read back (list, export, an export imported again, undo and redo); an editor that changed nothing or only how
the text is written (its line ends, a comment, 2pm for 14:00) must leave the calendar as it was, and so must the
event an edit made, opened again and saved as it is.
"""

import json

import values as V
from generators import DB, DB2, main_tz, pick, repeat_phrase, rrule, step
from icsmutate import Mutator

NOW = "2024-05-12T10:00:00+02:00"  # a Sunday: the day the events below are set around
# The editor's own complaints (a Python traceback, sh's "not found") would land on cal's stderr: kept out of it.
EDITOR = "python3 -S @ROOT@/formedit.py @ROOT@/ops.txt 2>/dev/null"

# Events to add (one command line each, ids in order) and the days of their occurrences when they repeat.
SETUP = [
    (["add", "2024-05-13", "meeting with Bob", "--at", "14:00", "--for", "1h30m", "--location", "room 4", "--note",
      "Bring the slides.\n\nAnd the charts.", "--remind", "15m", "--remind", "1d"], []),
    (["add", "2024-05-17", "party", "--to", "2024-05-19", "--remind", "1d", "--remind-at", "8am"], []),
    (["add", "2024-05-14", "standup", "--at", "9:15", "--for", "15m", "--repeat", "weekly", "--on", "tue,thu",
      "--until", "2024-08-30", "--remind", "5m"], ["2024-05-14", "2024-05-16", "2024-05-21", "2024-08-29"]),
    (["add", "2024-05-31", "payday", "--rrule", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"],
     ["2024-05-31", "2024-06-28", "2024-08-30"]),
    (["add", "2024-05-13", "call with Ana", "--at", "09:00", "--tz", "America/New_York", "--for", "1h", "--remind",
      "end-5m"], []),
    (["add", "2024-05-20", "late shift", "--at", "23:30", "--for", "2h", "--repeat", "daily", "--every", "3",
      "--count", "10", "--tz", "Pacific/Kiritimati"], ["2024-05-20", "2024-05-23", "2024-05-26"]),
    (["add", "2024-03-31", "dst", "--at", "02:30", "--for", "30m", "--tz", "Europe/Berlin", "--repeat", "weekly",
      "--count", "5"], ["2024-03-31", "2024-04-07", "2024-04-28"]),
    (["add", "2024-02-29", "leap", "--repeat", "yearly", "--remind", "1d"], ["2024-02-29", "2028-02-29"]),
    (["add", "9999-12-31", "last day", "--at", "23:59", "--for", "1h"], []),
    (["add", "0001-01-01", "first days", "--to", "0001-01-03"], []),
    (["add", "2024-05-12", "日本語 ☃ e\u0301", "--note", "\x1b[31mred\nline2\u202e", "--location", "\u202eevil"],
     []),
    (["add", "2024-01-31", "month end", "--repeat", "monthly", "--on", "last", "--count", "24"],
     ["2024-01-31", "2024-02-29", "2024-04-30"]),
    (["add", "2024-05-15", "lunch", "--at", "12:00", "--for", "45m", "--remind", "start", "--remind", "+10m",
      "--remind", "2024-05-15 08:00"], []),
    (["add", "2024-06-01", "trip", "--to", "2024-06-03", "--remind", "1d", "--remind", "2h", "--remind-at",
      "18:00"], []),
    (["add", "2024-11-03", "fall back", "--at", "01:30", "--for", "1h", "--tz", "America/New_York", "--repeat",
      "weekly", "--count", "3"], ["2024-11-03", "2024-11-10"]),
    (["add", "2024-05-16", "every other week", "--repeat", "weekly", "--every", "2", "--on", "thu,fri", "--remind",
      "1d"], ["2024-05-16", "2024-05-17", "2024-05-30"]),
    (["add", "2024-05-12", "overnight", "--at", "22:00", "--for", "8h", "--remind", "1h"], []),
]

# What an import adds (ids in file order, the overrides last: that of #5 is #6): a title and a location of several
# lines, a note with blank lines, alarms an option cannot write (odd seconds, after the end, at an instant, in the hour
# New York's clocks go through twice), a rule of the third last Friday in some months, a long note, a weekly block.
SEED_ICS = "\r\n".join([
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//fuzz//editor//EN",
    "BEGIN:VEVENT", "UID:lines@fuzz", "DTSTAMP:20240501T000000Z", "DTSTART:20240520T090000Z",
    "DTEND:20240520T101500Z", "SUMMARY:two\\nlines  ", "LOCATION: room\\nB",
    "DESCRIPTION:\\n\\nthe note\\n\\n  indented\\n\\n",
    "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT14M50S", "END:VALARM",
    "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER;RELATED=END:PT5M", "END:VALARM",
    "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER;VALUE=DATE-TIME:20240520T063000Z", "END:VALARM",
    "END:VEVENT",
    "BEGIN:VEVENT", "UID:rule@fuzz", "DTSTAMP:20240501T000000Z", "DTSTART;TZID=Europe/Berlin:20240503T183000",
    "DURATION:PT1H", "RRULE:FREQ=MONTHLY;BYDAY=-3FR;BYMONTH=1,5,9;WKST=SU",
    "EXDATE;TZID=Europe/Berlin:20240913T183000", "SUMMARY:third last friday", "END:VEVENT",
    "BEGIN:VEVENT", "UID:long@fuzz", "DTSTAMP:20240501T000000Z", "DTSTART:20240525T235900Z",
    "DTEND:20240527T000100Z", "SUMMARY:long one", "DESCRIPTION:" + "x" * 3000, "END:VEVENT",
    "BEGIN:VEVENT", "UID:block@fuzz", "DTSTAMP:20240501T000000Z", "DTSTART;VALUE=DATE:20240506",
    "DTEND;VALUE=DATE:20240508", "RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=6", "SUMMARY:two-day block",
    "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-P1DT15H", "END:VALARM", "END:VEVENT",
    "BEGIN:VEVENT", "UID:block@fuzz", "DTSTAMP:20240501T000000Z", "RECURRENCE-ID;VALUE=DATE:20240520",
    "DTSTART;VALUE=DATE:20240521", "DTEND;VALUE=DATE:20240522", "SUMMARY:moved block", "END:VEVENT",
    "BEGIN:VEVENT", "UID:fallback@fuzz", "DTSTAMP:20240501T000000Z", "DTSTART;TZID=America/New_York:20241103T013000",
    "DURATION:PT30M", "SUMMARY:the hour twice",
    "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER;VALUE=DATE-TIME:20241103T063000Z", "END:VALARM",
    "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER;RELATED=END:-PT1M30S", "END:VALARM", "END:VEVENT",
    "END:VCALENDAR", ""]).encode()
SEED_DAYS = [[], ["2024-05-03", "2024-05-17", "2025-01-17"], [], [], ["2024-05-06", "2024-05-20", "2024-06-03"], []]

# The pre-populated calendar's series (Scripts/fuzz.d/fixtures.py TEMPLATE) and days of theirs.
TEMPLATE_DAYS = {3: ["2024-05-13", "2024-05-17", "2024-05-20", "2024-05-15"], 4: ["2024-05-14", "2024-06-11"],
                 6: ["2024-01-31", "2024-02-29", "2024-04-30"], 7: ["2024-02-29", "2028-02-29"],
                 8: ["2024-05-20", "2024-05-23"], 11: ["2024-03-31", "2024-04-07"], 14: ["2024-06-03", "2024-06-05"]}
TEMPLATE_COUNT = 14

FIELDS = ["title", "date", "at", "for", "to", "tz", "repeat", "location", "remind", "remind-at", "note"]
TIMES_12H = ["2pm", "2:30pm", "12am", "12pm", "12:00 pm", "0am", "13pm", "2 pm", "2PM", "12:60am", "11:59pm",
             "noon", "midnight", "9:00 am", "99999999999999999999pm", "1:30am", "2:30am"]
ALL_DAY = ["all day", "allday", "ALL-DAY", "all  day", "all day long", "all", "day"]
REPEAT_WORDS = ["daily", "weekly", "monthly", "yearly", "weekdays", "none", "NONE", "weekly on mon,fri",
                "weekly on mon,fri until 6-30", "monthly on 2nd-tue", "monthly on last-fri every 2",
                "yearly every 2, 3 times", "daily 5 times", "daily until next fri", "weekly every 0",
                "daily every 99999999999999999999", "monthly on 31", "weekly on", "every 2", "daily until",
                "daily 0 times", "daily 2147483648 times", "weekly on mon until 2024-05-01", "monthly on 5th-fri",
                "yearly until 9999-12-31", "daily on mon", "weekly on sun,sat every 3 until 2025-01-01 4 times",
                "daily, every 2, 3 times", "weekly 100001 times", "weekly until 0001-01-01", "hourly", "weekly on -1"]
REMINDS = ["15m", "1h", "1d", "0m", "end", "start", "end-5m", "end+5m", "+10m", "-10m", "tomorrow 8am",
           "2024-05-12 08:00", "2024-05-12 8am", "9999-12-31 23:59", "0001-01-01 00:00", "99999999999999999999m",
           "3652059d", "start-0m", "1h, 1h", ",", ", ".join(["%dm" % n for n in range(1, 40)]), "15m 1h",
           "end-99999999999999999999m", "1d15h", "52w", "2024-03-31 02:30", "2024-11-03 01:30"]
NOTES = ["a\nb", "\n\n", "# a comment?\nnote: again\ntitle: x", "line\r\nwith CRLF", "\x00", "tab\there",
         "\x1b[2J\x1b]0;t\x07", "\u202eevil\n\u2066x", "x" * 70000, ("line\n" * 5000), "\udcff\udcfe", ""]
UNKNOWN = ["colour", "Title2", "rrule", "x" * 1000, "tz zone", "at at", "\u202etitle", "t\x00itle", "#title",
           "notes", "remind-all-day", "calendar", "db", "--db", "uid", "id"]
JUNK_LINES = ["no colon here", ":", ":value", " : ", "\t", "\x00", "\udcff", "title", "=title: x", "\x0c",
              "BEGIN:VEVENT", "\u2028", "\u0085", "note", "  # indented comment", "#", "\ufeff# bom"]
SYMLINKS = ["/dev/zero", "/dev/null", "../db/cal.db", "nowhere", "/etc/passwd", "/proc/self/status", "."]
# Lines that change nothing among the fields: comments and blank ones.
COMMENTS = ["# a comment", "#", "", "   ", "\t", "#note: not the note", "# title: not the title"]


def field_value(rng, field):
    """A value for a field of the form: one it takes, one at an edge, or hostile text."""
    bad = V.GARBAGE + V.TEXTS_BAD
    if field == "title" or field == "location":
        return pick(rng, V.TITLES, ["", " "], bad)
    if field in ("date", "to"):
        return pick(rng, V.DATES_VALID + V.DAY_WORDS, V.DATES_EDGE + [""], V.DATES_BAD + bad)
    if field == "at":
        return pick(rng, V.TIMES_VALID + TIMES_12H[:6], ALL_DAY + V.TIME_WORDS + [""], V.TIMES_BAD + TIMES_12H + bad)
    if field == "for":
        return pick(rng, V.LENGTHS_VALID, ["", "0m"], V.LENGTHS_BAD + bad)
    if field == "tz":
        return pick(rng, V.ZONES_VALID, ["", "local", "LOCAL"], V.ZONES_BAD + bad)
    if field == "repeat":
        if rng.random() < 0.3:
            rule = rrule(rng)
            return rng.choice(["rrule ", "", "RRULE ", "rrule"]) + rule
        if rng.random() < 0.3:
            # Words as people say them, up to N times or until a day, as the answer reads them.
            return repeat_phrase(rng).replace("\t", " ") + rng.choice(["", "", "", ", 3 times", " until 6-30",
                                                                      " 2 times", " until next fri", " until",
                                                                      " every 2", " on mon", " 0 times"])
        return pick(rng, REPEAT_WORDS[:12], ["", "none"], REPEAT_WORDS + V.REPEATS_BAD + bad)
    if field == "remind":
        if rng.random() < 0.2:
            return ", ".join(rng.choice(REMINDS) for _ in range(rng.randint(2, 4)))
        return pick(rng, REMINDS[:12], [""], REMINDS + bad)
    if field == "remind-at":
        return pick(rng, V.TIMES_VALID + TIMES_12H[:4], [""], V.TIMES_BAD + bad)
    if field == "note":
        return pick(rng, NOTES[:4], [""], NOTES + bad)
    return rng.choice(bad)


def operation(rng):
    """One operation of the editor (see formedit.py)."""
    field = rng.choice(FIELDS)
    kind = rng.random()
    if kind < 0.45:
        return ["set", field, field_value(rng, field)]
    if kind < 0.62:
        return rng.choice([["equiv", field, rng.randrange(20)]] * 4 + [["upper", field], ["pad", field],
                                                                       ["move", field, rng.randrange(20)]])
    if kind < 0.77:
        return rng.choice([["del", field], ["dup", field], ["moveany", field, rng.randrange(20)],
                           ["insert", rng.randrange(20), rng.choice(JUNK_LINES)],
                           ["insertpre", rng.randrange(20), rng.choice(UNKNOWN) + ": " + rng.choice(V.TITLES)],
                           ["insertpre", rng.randrange(20), rng.choice(JUNK_LINES)],
                           ["set", rng.choice(UNKNOWN), rng.choice(V.TITLES)],
                           ["raw", field, rng.choice([field + ":" + field_value(rng, field), field,
                                                      field + "\t: x", field + ":: 1", field.upper() + ":"])],
                           ["append", field, rng.choice(["\x00", "\r", " \x1b[31m", "\udcff", "ok", ", 1h"])]])
    if kind < 0.89:
        return rng.choice([["crlf"], ["cr"], ["bom"], ["bom"], ["noeol"],
                           ["bytes", rng.random(), rng.choice(["\x00", "\r", "\udcc3", "\ufeff", "\n\n", "\x1b[0m",
                                                               "é"])],
                           ["flip", rng.randrange(1 << 20), rng.choice([1, 2, 8])], ["truncate", rng.random()],
                           ["cut", rng.choice([1, 2, 3, 10])],
                           ["long", field, rng.choice([300, 5000, 100000]), rng.choice(["x", "é", "1", "9:"])],
                           ["grow", rng.choice([1 << 20, (1 << 20) + 4096, 2 << 20])]])
    return rng.choice([["write", rng.choice(["", "title: replaced\n", "\x00" * 64, "note:\n" + "x\n" * 3,
                                             "at: 25:00\n", "\udcff\udcfe\n", "title: only\r\nnote: n\r\n"])],
                       ["empty"], ["fifo"], ["dir"], ["remove"], ["symlink", rng.choice(SYMLINKS)],
                       ["chmod", rng.choice([0, 0o200, 0o444])], ["exit", rng.choice([1, 2, 127, 255])],
                       ["kill", rng.choice([9, 15, 11, 6, 1])], ["sigint"]])


def roundtrip_operations(rng):
    """Operations that change only how the form is written: every field (or some) said another way, the lines
    moved about, their ends and case changed, comments and blank lines added."""
    ops = [["equiv", field, rng.randrange(60)] for field in rng.sample(FIELDS, rng.randint(1, len(FIELDS)))]
    for _ in range(rng.choice([0, 0, 1, 2, 3])):
        field = rng.choice([f for f in FIELDS if f != "note"])
        ops.append(rng.choice([["pad", field], ["upper", field], ["move", field, rng.randrange(20)], ["del", field],
                               ["comment", rng.randrange(20), rng.choice(COMMENTS)]]))
    rng.shuffle(ops)
    # Then how the file as a whole is written: its line ends, and a byte-order mark first.
    return ops + [[name] for name, chance in (("crlf", 0.2), ("noeol", 0.1), ("bom", 0.15)) if rng.random() < chance]


def concurrent_operation(rng, event, day):
    """Another cal changing the event (or the calendar) while it is in the editor."""
    return ["cal"] + rng.choice([["rm", str(event)], ["edit", str(event), "--title", "elsewhere"],
                                 ["edit", str(event), "--at", "7:00"], ["undo"], ["add", "2024-05-12", "new"],
                                 ["rm", str(event), "--on", day or "2024-05-21"],
                                 ["edit", str(event), "--on", day or "2024-05-21", "--title", "moved"],
                                 ["edit", str(event), "--title", "same"], ["calendar", "add", "other"]])


class EditorGenerator:
    name = "editor"

    def __init__(self, corpus):
        self.corpus = corpus
        self.mutator = Mutator(corpus)

    def setup(self, rng, files, steps):
        """Fills the calendar; returns (db, the number of events, the days of each series' occurrences by id,
        whether the ids are known)."""
        days, count = {}, 0
        if rng.random() < 0.15 and self.corpus:
            # What another program wrote (mutated a little at times): ids 1, 2 ... as many as it holds.
            source, data = rng.choice(self.corpus)
            if rng.random() < 0.3:
                data, _ = self.mutator.mutate(data, rng, 1)
            files["in.ics"] = data
            steps.append(step(["import", "@ROOT@/in.ics", "--skip-invalid", "--db", DB]))
            return "empty", 6, {}, False
        if rng.random() < 0.35:
            db, count = "template", TEMPLATE_COUNT
            days = dict(TEMPLATE_DAYS)
        else:
            db = "empty"
        if db == "empty" or rng.random() < 0.3:
            if rng.random() < 0.3:
                files["seed.ics"] = SEED_ICS
                steps.append(step(["import", "@ROOT@/seed.ics", "--db", DB]))
                days.update({count + n + 1: d for n, d in enumerate(SEED_DAYS) if d})
                count += len(SEED_DAYS)
            for argv, occurs in rng.sample(SETUP, rng.randint(1 if steps else 2, 5)):
                steps.append(step(argv + ["--db", DB]))
                count += 1
                if occurs:
                    days[count] = occurs
        return db, count, days, True

    def scenario(self, rng):
        env = {"CAL_TEST_NOW": NOW, "TZ": main_tz(rng), "TMPDIR": "@ROOT@/tmp"}
        files, steps = {}, []
        db, count, days, ids_known = self.setup(rng, files, steps)
        # Which clock the form's times are on, and how dates of numbers read.
        if rng.random() < 0.4:
            files["cal.conf"] = ("time-format = " + rng.choice(["12h", "12h", "24h", "locale"]) + "\n"
                                 + ("dates = " + rng.choice(["day-first", "month-first"]) + "\n"
                                    if rng.random() < 0.3 else "")).encode()
            env["CAL_CONFIG"] = "@ROOT@/cal.conf"
            if rng.random() < 0.3:
                env["LC_TIME"] = rng.choice(["en_US.UTF-8", "de_DE.UTF-8", "C.UTF-8"])
        # The event: one of them (mostly), an occurrence of a series, or an id that is not there.
        series = sorted(days)
        known, day = True, None
        if series and rng.random() < 0.4:
            event = rng.choice(series)
            handle = str(event)
            day = rng.choice(days[event]) if rng.random() < 0.9 else rng.choice(V.DATES_VALID + V.DATES_EDGE)
            known = day in days[event] and not (db == "template" and event == 3 and day == "2024-05-15")
            if rng.random() < 0.2:
                handle += "@" + day
                on = []
            else:
                on = ["--on", day] + (["--from-here"] if rng.random() < 0.3 else [])
        else:
            event = rng.randint(1, count) if count and rng.random() < 0.95 else rng.choice([0, count + 1, 99])
            known = 1 <= event <= count
            handle, on = str(event), []
        if rng.random() < 0.1:
            handle = "#" + handle
        argv = ["edit", handle] + on + ["--editor"]
        if rng.random() < 0.25:
            argv.append("--json")
        if rng.random() < 0.04:
            argv += ["--calendar", rng.choice(["personal", "nosuch"])]
            known = False
        argv += ["--db", DB]
        # The editor: the operations (changes, or changes only of how the text is written), or a command that is
        # none, another cal changing the event meanwhile.
        kind = rng.random()
        roundtrip = kind < 0.3
        ops = roundtrip_operations(rng) if roundtrip else \
            [operation(rng) for _ in range(rng.choice([0, 1, 1, 1, 2, 2, 3, 4, 6]))]
        roundtrip = roundtrip or not ops
        edit_env = {"EDITOR": EDITOR}
        others = kind > 0.95
        if others:
            ops.insert(rng.randrange(len(ops) + 1), concurrent_operation(rng, event, day))
            edit_env.update({"FUZZ_CAL": "@CAL@", "FUZZ_DB": DB})
            roundtrip = False
        choice = rng.random()
        if choice < 0.1:
            edit_env.update({"VISUAL": EDITOR, "EDITOR": rng.choice(["false", "vi", ""])})
        elif choice < 0.14:
            edit_env["EDITOR"] = rng.choice(["true", "false", "@ROOT@/nowhere 2>/dev/null", "exit 3 #",
                                             "kill -9 $$ #", "python3 -S @ROOT@/formedit.py 2>/dev/null"])
            roundtrip = edit_env["EDITOR"] == "true"
        elif choice < 0.17:
            edit_env["TMPDIR"] = rng.choice(["@ROOT@/nowhere", "@ROOT@/notdir", "@ROOT@/fifo", "/dev/null",
                                             "@ROOT@/tmp/", "tmp", "@ROOT@/" + "t" * 5000])
            roundtrip = roundtrip and edit_env["TMPDIR"] in ("@ROOT@/tmp/", "tmp")
        files["ops.txt"] = "".join(json.dumps(op) + "\n" for op in ops).encode()
        # An editor that changed nothing, or only how the text is written, must change nothing. (Of an imported
        # file's events, those there are.)
        unchanged = None
        if roundtrip and known:
            unchanged = True if ids_known else "if-exists"
        edit = len(steps)
        steps.append(step(argv, env=edit_env, unchanged=unchanged, others_write=True if others else None))
        if not (unchanged or others) and "--from-here" not in argv and "--calendar" not in argv:
            # The event as the edit left it, opened again and saved as it is, must be as it was: whatever the
            # edit wrote, the form says it so that it reads back.
            steps.append(step(argv, env={"EDITOR": "true"}, needs_ok=edit, unchanged=True))
        # What an edit wrote must read back: listed, exported, imported again, undone.
        after = lambda argv, **extra: step(argv, needs_ok=edit, require_ok="unreadable-after-edit", **extra)  # noqa
        steps.append(after(["list", rng.choice(["2024", "2024-05", "2024-01-01..2025-12-31"]), "--json", "--db", DB]))
        steps.append(after(["export", "@ROOT@/rt.ics", "--db", DB], export_file="rt.ics"))
        steps.append(step(["import", "@ROOT@/rt.ics", "--db", DB2], needs_ok=len(steps) - 1, require_ok="roundtrip"))
        if rng.random() < 0.4:
            steps.append(after(["undo", "--db", DB]))
            steps.append(after(["export", "--db", DB]))
            # And done again.
            steps.append(step(["redo", "--db", DB], needs_ok=len(steps) - 2, require_ok="unreadable-after-edit"))
            steps.append(after(["list", "2024", "--json", "--db", DB]))
        return {"generator": self.name, "kind": "roundtrip" if unchanged else "others" if others else "mutate",
                "db": db, "files": files, "fixtures": ["formedit", "tmp", "notdir", "fifo"], "env": env,
                "keep_env": ["EDITOR", "VISUAL"], "steps": steps}
