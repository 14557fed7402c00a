"""The three generators: mutated iCalendar files, random command lines, hostile environments."""

import re

import values as V
from fixtures import tamper_sql
from icsmutate import BASES, Mutator

DB = "@ROOT@/db/cal.db"
DB2 = "@ROOT@/db2/cal.db"


def pick(rng, valid, edge=(), bad=(), weights=(0.6, 0.2, 0.2)):
    pools = [(valid, weights[0]), (edge, weights[1]), (bad, weights[2])]
    pools = [(p, w) for p, w in pools if p]
    pool = rng.choices([p for p, _ in pools], [w for _, w in pools])[0]
    return rng.choice(pool)


def step(argv, **extra):
    result = {"argv": argv}
    result.update({k: v for k, v in extra.items() if v is not None})
    return result


def main_tz(rng):
    return rng.choice(V.TZ_MAIN * 3 + V.TZ_MORE)


# ---------------------------------------------------------------------------------------------- 1: iCalendar


class IcsGenerator:
    name = "ics"

    def __init__(self, corpus):
        self.corpus = corpus
        self.mutator = Mutator(corpus)

    def scenario(self, rng):
        if rng.random() < 0.75:
            source, data = rng.choice(self.corpus)
        else:
            source, data = "synthetic", rng.choice(BASES)
        data, applied = self.mutator.mutate(data, rng, rng.choice([1, 1, 2, 2, 3, 4, 6]))
        db = rng.choice(["empty", "empty", "template"])
        skip = rng.random() < 0.5
        files = {"in.ics": data}
        if rng.random() < 0.2:
            # The same file arriving as a subscription's feed: subscribed to while it is a good one (a first
            # sync that fails keeps the calendar, by design), then synced once it became this one.
            files["good.ics"] = rng.choice(BASES)
            steps = [step(["calendar", "add", "feed", "--subscribe", "file://@ROOT@/feed.ics", "--db", DB],
                          env={"TZ": main_tz(rng)}, feed="good.ics"),
                     step(["sync", "feed"] + (["--json"] if rng.random() < 0.3 else []) + ["--db", DB],
                          env={"TZ": main_tz(rng)}, needs_ok=0, feed="in.ics")]
        else:
            argv = ["import", "-" if rng.random() < 0.15 else "@ROOT@/in.ics"]
            stdin = "in.ics" if argv[1] == "-" else None
            if skip:
                argv.append("--skip-invalid")
            if rng.random() < 0.3:
                argv.append("--json")
            argv += ["--db", DB]
            steps = [step(argv, env={"TZ": main_tz(rng)}, stdin=stdin)]
        years = sorted({int(y) for y in re.findall(rb"(?:DTSTART|RECURRENCE-ID)[^:\r\n]*:(\d{4})", data)
                        if 1 <= int(y) <= 9999}) or [2024]
        year = rng.choice(years)
        month = rng.randrange(1, 13)
        follow = rng.sample(["list", "list-json", "list-wide", "show", "search", "search-range", "export",
                             "export-file", "rm", "edit"], rng.choice([2, 3, 4, 5]))
        word = rng.choice(re.findall(rb"(?im)^SUMMARY[^:\r\n]*:([A-Za-z]{1,8})", data) or [b"x"]).decode()
        low, high = max(1, year - 5), min(9999, year + 5)
        # What a successful import (or sync) wrote, every command must read.
        imported = len(steps) - 1
        reads = {"list": ["list", f"{year:04d}-01-01..{year:04d}-12-31"],
                 "list-json": ["list", f"{year:04d}-{month:02d}", "--json"],
                 "list-wide": ["list", f"{low:04d}-01-01..{high:04d}-12-31"],
                 "show": ["show", f"{year:04d}-{month:02d}", "--agenda"], "search": ["search", word],
                 "search-range": ["search", "e", "--from", f"{year:04d}-01-01", "--to", f"{year:04d}-12-31", "--json"],
                 "export": ["export"], "export-file": ["export", "@ROOT@/out.ics"]}
        for kind in follow:
            env = {"TZ": main_tz(rng)}
            if kind in reads:
                steps.append(step(reads[kind] + ["--db", DB], env=env, needs_ok=imported, require_ok="unreadable-after-import",
                                  export_file="out.ics" if kind == "export-file" else None))
            else:
                title = ["--title", "edited"] if kind == "edit" else []
                steps.append(step([kind, str(rng.randrange(1, 20))] + title + ["--db", DB], env=env, needs_ok=imported))
            if kind == "export-file":
                index = len(steps) - 1
                steps.append(step(["import", "@ROOT@/out.ics", "--db", DB2], env={"TZ": main_tz(rng)},
                                  needs_ok=index, require_ok="roundtrip"))
                steps.append(step(["export", "--db", DB2], env={"TZ": main_tz(rng)}, needs_ok=index + 1,
                                  require_ok="roundtrip"))
        return {"generator": self.name, "source": source, "mutations": applied, "db": db, "files": files,
                "fixtures": ["sentinel"] if rng.random() < 0.3 else [], "env": {}, "steps": steps}


# ---------------------------------------------------------------------------------------------- 2: command lines


def date(rng):
    return pick(rng, V.DATES_VALID, V.DATES_EDGE, V.DATES_BAD)


def when(rng):
    if rng.random() < 0.2:
        return rng.choice(V.WHEN_WORDS)
    choice = rng.random()
    if choice < 0.4:
        return pick(rng, V.MONTHS_VALID + V.DATES_VALID, V.MONTHS_EDGE + V.DATES_EDGE, V.MONTHS_BAD + V.DATES_BAD)
    if choice < 0.97:
        return rng.choice(V.WHEN_EXTRA)
    return rng.choice(V.WHEN_HUGE)


def on_days(rng):
    return pick(rng, V.ON_WEEKLY + V.ON_MONTHLY, (), V.ON_BAD, (0.6, 0, 0.4))


RRULE_PARTS = ["FREQ=DAILY", "FREQ=WEEKLY", "FREQ=MONTHLY", "FREQ=YEARLY", "INTERVAL=2", "INTERVAL=100000",
               "INTERVAL=0", "COUNT=3", "COUNT=2147483648", "UNTIL=20241231", "UNTIL=20241231T235959Z", "UNTIL=00000101",
               "BYDAY=MO,WE", "BYDAY=-1FR", "BYDAY=5SU", "BYDAY=53MO", "BYDAY=99999999999999999999MO", "BYMONTHDAY=-1",
               "BYMONTHDAY=31,-32", "BYMONTH=2", "BYMONTH=13", "BYSETPOS=-1", "BYSETPOS=0", "WKST=SU", "WKST=XX",
               "BYWEEKNO=3", "BYYEARDAY=100", "FREQ=HOURLY", "X-NAME=1", "", "=", ";"]


def rrule(rng):
    """A recurrence rule for --rrule: a valid one, one made of random parts, or hostile text."""
    choice = rng.random()
    if choice < 0.35:
        return rng.choice(["FREQ=WEEKLY;BYDAY=MO,FR", "RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
                           "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "freq=daily;count=5", " FREQ=DAILY ",
                           "FREQ=MONTHLY;BYMONTHDAY=1,15;UNTIL=20250101"])
    if choice < 0.85:
        parts = [rng.choice(RRULE_PARTS) for _ in range(rng.randint(1, 5))]
        return ("RRULE:" if rng.random() < 0.1 else "") + ";".join(parts)
    return rng.choice(V.GARBAGE + V.TEXTS_BAD)


def repeat_phrase(rng):
    """A repeat in words for --repeat and the editor's repeat: line: a known good one, or one put together from
    parts (a lead, a count, a unit or days, days after on, now and then a word too many), apart by spaces, several
    or tabs, now and then with hostile text in it."""
    if rng.random() < 0.3:
        return rng.choice(V.PHRASES_VALID)
    parts = [rng.choice(V.PHRASE_LEADS), rng.choice(V.PHRASE_COUNTS), rng.choice(V.PHRASE_UNITS),
             rng.choice(V.PHRASE_ONS)]
    if rng.random() < 0.1:
        parts.append(rng.choice(V.PHRASE_TAILS))
    if rng.random() < 0.08:
        parts.insert(rng.randrange(1, len(parts) + 1), rng.choice(V.GARBAGE + V.TEXTS_BAD))
    separator = rng.choice([" "] * 8 + ["  ", "\t", " , "])
    return separator.join(part for part in parts if part)


def repeat(rng):
    """--repeat's value: a frequency, a phrase in words, or a word it does not take."""
    if rng.random() < 0.35:
        return repeat_phrase(rng)
    return pick(rng, V.REPEATS, (), V.REPEATS_BAD, (0.8, 0, 0.2))


VALUE_KINDS = {
    "date": date,
    "time": lambda rng: pick(rng, V.TIMES_VALID, (), V.TIMES_BAD, (0.7, 0, 0.3)),
    "length": lambda rng: pick(rng, V.LENGTHS_VALID, (), V.LENGTHS_BAD, (0.6, 0, 0.4)),
    "zone": lambda rng: pick(rng, V.ZONES_VALID, (), V.ZONES_BAD, (0.65, 0, 0.35)),
    "repeat": repeat,
    "count": lambda rng: pick(rng, V.COUNTS_VALID, V.COUNTS_EDGE, V.GARBAGE, (0.5, 0.4, 0.1)),
    "days": on_days,
    "rrule": rrule,
    "month": lambda rng: pick(rng, V.MONTHS_VALID, V.MONTHS_EDGE, V.MONTHS_BAD),
    "when": when,
    "id": lambda rng: pick(rng, V.IDS_VALID, (), V.IDS_BAD, (0.75, 0, 0.25)),
    "direction": lambda rng: pick(rng, V.DIRECTIONS, (), V.DIRECTIONS_BAD, (0.85, 0, 0.15)),
    "swipe": lambda rng: pick(rng, V.SWIPES, (), V.SWIPES_BAD, (0.5, 0, 0.5)),
    "color": lambda rng: pick(rng, V.COLORS, (), V.COLORS_BAD, (0.85, 0, 0.15)),
    "shell": lambda rng: pick(rng, V.SHELLS, (), V.SHELLS_BAD, (0.8, 0, 0.2)),
    "limit": lambda rng: pick(rng, V.LIMITS, V.COUNTS_EDGE, V.GARBAGE, (0.6, 0.3, 0.1)),
    "format": lambda rng: pick(rng, V.FORMATS, (), V.FORMATS_BAD + V.GARBAGE, (0.7, 0, 0.3)),
    "hours": lambda rng: pick(rng, V.HOURS, (), V.HOURS_BAD + V.GARBAGE, (0.7, 0, 0.3)),
    "text": lambda rng: pick(rng, V.TITLES, (), V.TEXTS_BAD + V.GARBAGE, (0.6, 0, 0.4)),
    "file": lambda rng: rng.choice(["@ROOT@/out.ics", "@ROOT@/out.ics", "@ROOT@/new/deeper/out.ics", "@ROOT@/adir",
                                    "/dev/null", "/dev/full", "/dev/stdout", "-", "", "@ROOT@/out.ics/",
                                    "@ROOT@/notdir/x.ics", "@ROOT@/in.ics", "@ROOT@/db/cal.db", "relative.ics",
                                    "@ROOT@/e\x1b[31m.ics", "@ROOT@/" + "n" * 300 + ".ics"]),
    "infile": lambda rng: rng.choice(["@ROOT@/in.ics", "@ROOT@/in.ics", "/dev/null", "/dev/zero", "@ROOT@/adir",
                                      "@ROOT@/nowhere.ics", "@ROOT@/db/cal.db", "-", "", "/proc/self/status",
                                      "@ROOT@/notdir/x.ics", "/etc/passwd"]),
    "command": lambda rng: rng.choice([name for name in GRAMMAR if " " not in name] + ["--man", "bogus", ""]),
    "priority": lambda rng: rng.choice(["high", "medium", "low", "none", "1", "5", "9", "0", "10", "-1", "urgent",
                                        "!!!", "", "99999999999999999999"]),
    "status": lambda rng: rng.choice(["open", "started", "done", "cancelled", "DONE", "finished", ""]),
}

# command: (positional kinds, {option: kind or None for a flag})
GRAMMAR = {
    "show": (["month?"], {"-3": None, "--three": None, "-y": None, "--year": None, "-n": "limit", "--months": "limit",
                          "-a": None, "--agenda": None, "--monday": None, "--sunday": None, "-w": None,
                          "--week-numbers": None, "--color": "color"}),
    "flip": (["direction?"], {"--swipe": "swipe", "--json": None, "--no-animation": None, "--monday": None,
                              "--sunday": None, "-w": None, "--color": "color"}),
    "goto": (["month"], {"--json": None, "--monday": None, "--sunday": None, "-w": None, "--color": "color"}),
    "add": (["date", "text", "text?"], {"--at": "time", "--for": "length", "--end": "time", "--to": "date",
                                        "--tz": "zone", "--note": "text", "--location": "text", "--repeat": "repeat",
                                        "--every": "count", "--count": "count", "--until": "date", "--on": "days",
                                        "--rrule": "rrule", "--json": None}),
    "edit": (["id"], {"--title": "text", "--date": "date", "--on": "date", "--from-here": None, "--at": "time",
                      "--for": "length", "--end": "time", "--to": "date", "--all-day": None, "--tz": "zone",
                      "--note": "text", "--location": "text", "--repeat": "repeat", "--every": "count",
                      "--count": "count", "--until": "date", "--repeat-on": "days", "--rrule": "rrule",
                      "--json": None}),
    "list": (["when?"], {"--from": "date", "--to": "date", "--json": None, "--format": "format", "-n": "limit"}),
    "agenda": (["when?"], {"--json": None, "--format": "format", "--limit": "limit"}),
    "free": (["when?"], {"--between": "hours", "--for": "length", "--on": "days", "--json": None}),
    "search": (["text", "text?"], {"--from": "date", "--to": "date", "--json": None, "--format": "format",
                                   "-n": "limit"}),
    "rm": (["id"], {"--on": "date", "--json": None}),
    "import": (["infile"], {"--skip-invalid": None, "--json": None}),
    "export": (["file?"], {"--from": "date", "--to": "date"}),
    "history": ([], {"--limit": "limit", "-n": "limit", "--json": None}),
    "help": (["command?"], {"--man": None}),
    "completion": (["shell"], {}),
    # cal todo's actions, each a command of its own here (one id each: --json prints one line for each).
    "todo list": (["date?"], {"--all": None, "--done": None, "--calendar": "text", "--json": None,
                              "--format": "format"}),
    "todo add": (["text", "text?"], {"--due": "date", "--at": "time", "--tz": "zone", "--priority": "priority",
                                    "--note": "text", "--location": "text", "--calendar": "text", "--json": None}),
    "todo done": (["id"], {"--json": None}),
    "todo reopen": (["id"], {"--json": None}),
    "todo cancel": (["id"], {"--json": None}),
    "todo edit": (["id"], {"--title": "text", "--due": "date", "--at": "time", "--tz": "zone",
                           "--priority": "priority", "--status": "status", "--note": "text", "--location": "text",
                           "--calendar": "text", "--json": None}),
    "todo rm": (["id?"], {"--done": None}),
}
WRITERS = {"add", "edit", "rm", "import", "flip", "goto", "todo add", "todo done", "todo reopen", "todo cancel",
           "todo edit", "todo rm"}
WEIGHTS = {"agenda": 3, "free": 2, "add": 10, "edit": 10, "rm": 5, "list": 8, "search": 4, "show": 4, "flip": 3, "goto": 3, "import": 2,
           "export": 4, "history": 2, "help": 1, "completion": 1, "todo list": 2, "todo add": 3, "todo done": 1,
           "todo reopen": 1, "todo cancel": 1, "todo edit": 3, "todo rm": 1}
SERIES_DAYS = ["2024-05-13", "2024-05-15", "2024-05-17", "2024-05-20", "2024-06-03", "2024-06-05", "2024-06-11",
               "2024-05-14", "2024-02-29", "2028-02-29", "2024-05-23", "2024-03-31", "2024-04-07", "2024-05-12"]


class CliGenerator:
    name = "cli"

    def __init__(self, corpus):
        self.corpus = corpus

    def command_line(self, rng, command):
        positionals, options = GRAMMAR[command]
        argv = command.split(" ")  # `todo add` is two words
        words = []
        for kind in positionals:
            optional = kind.endswith("?")
            kind = kind.rstrip("?")
            if optional and rng.random() < 0.4 or rng.random() < 0.03:
                continue
            words.append(VALUE_KINDS[kind](rng))
        chosen = []
        names = sorted(options)
        for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 4, 6]) if names else 0):
            name = rng.choice(names)
            kind = options[name]
            if kind is None:
                chosen.append([name])
                continue
            value = VALUE_KINDS[kind](rng)
            if command in ("edit", "rm") and name == "--on" and rng.random() < 0.6:
                value = rng.choice(SERIES_DAYS)
            form = rng.random()
            if form < 0.08:
                chosen.append([f"{name}={value}"])
            elif form < 0.11:
                chosen.append([name])  # the value is missing
            else:
                chosen.append([name, value])
        parts = [[w] for w in words] + chosen
        if rng.random() < 0.3:
            rng.shuffle(parts)
        for part in parts:
            argv += part
        if rng.random() < 0.08:
            argv.insert(rng.randrange(1, len(argv) + 1), "--")
        if rng.random() < 0.05:
            argv.insert(rng.randrange(len(argv) + 1), rng.choice(V.GARBAGE + ["--bogus", "-x", "-3yw", "-h", "--help"]))
        if rng.random() < 0.04 and len(argv) > 1:
            argv.insert(rng.randrange(len(argv) + 1), argv[rng.randrange(1, len(argv))])
        return argv

    def schedule(self, rng, edit):
        """add's and edit's options as a user combines them: a time with a length, a rule with its parts."""
        options = []
        count = lambda: pick(rng, V.COUNTS_VALID, V.COUNTS_EDGE, V.GARBAGE, (0.55, 0.4, 0.05))  # noqa: E731
        if rng.random() < 0.6:
            options.append(["--at", VALUE_KINDS["time"](rng)])
            length = rng.random()
            if length < 0.45:
                options.append(["--for", VALUE_KINDS["length"](rng)])
            elif length < 0.7:
                options.append(["--end", VALUE_KINDS["time"](rng)])
        elif rng.random() < 0.3:
            options.append(["--to", date(rng)])
        if rng.random() < 0.3:
            options.append(["--tz", VALUE_KINDS["zone"](rng)])
        if rng.random() < 0.1:
            options.append(["--rrule", rrule(rng)])
            if rng.random() < 0.3:
                options.append(["--count", count()] if rng.random() < 0.5 else ["--until", date(rng)])
        elif rng.random() < 0.55:
            repeat = VALUE_KINDS["repeat"](rng)
            options.append(["--repeat", repeat])
            # A phrase says how often and on which days itself: the options that say it again, now and then.
            phrase = repeat.lower().startswith(("every", "each"))
            if rng.random() < (0.1 if phrase else 0.5):
                options.append(["--every", count()])
            end = rng.random()
            if end < 0.3:
                options.append(["--count", count()])
            elif end < 0.5:
                options.append(["--until", date(rng)])
            if rng.random() < (0.1 if phrase else 0.45):
                days = rng.choice(V.ON_WEEKLY if repeat == "weekly" else V.ON_MONTHLY) if rng.random() < 0.7 \
                    else on_days(rng)
                options.append(["--repeat-on" if edit else "--on", days])
        if rng.random() < 0.2:
            options.append(["--note", VALUE_KINDS["text"](rng)])
        if rng.random() < 0.15:
            options.append(["--location", VALUE_KINDS["text"](rng)])
        if rng.random() < 0.25:
            options.append(["--json"])
        return options

    def semantic(self, rng, command):
        if command == "add":
            parts = [[date(rng)], [VALUE_KINDS["text"](rng) if rng.random() < 0.3 else rng.choice(V.TITLES[:9])]]
            if rng.random() < 0.4:
                # The date and time as words before the title (cal add may 12 9:00 10:00 x), one part so that a
                # shuffle keeps them in order.
                parts[0] = rng.choice(V.DAY_WORDS).split() + (rng.choice(V.TIME_WORDS).split()
                                                             if rng.random() < 0.7 else [])
            parts += self.schedule(rng, edit=False)
        else:
            parts = [[VALUE_KINDS["id"](rng)]]
            if rng.random() < 0.5:
                parts.append(["--on", rng.choice(SERIES_DAYS) if rng.random() < 0.8 else date(rng)])
                if rng.random() < 0.4:
                    parts.append(["--from-here"])
            if rng.random() < 0.3:
                parts.append(["--date", date(rng)])
            if rng.random() < 0.2:
                parts.append(["--title", VALUE_KINDS["text"](rng)])
            if rng.random() < 0.1:
                parts.append(["--all-day"])
            parts += self.schedule(rng, edit=True)
        if rng.random() < 0.15:
            rng.shuffle(parts)
        argv = [command] + [word for part in parts for word in part]
        if rng.random() < 0.05:
            argv.insert(rng.randrange(1, len(argv) + 1), rng.choice(V.GARBAGE + ["--", "--json", "--bogus"]))
        return argv

    def scenario(self, rng):
        command = rng.choices(list(WEIGHTS), list(WEIGHTS.values()))[0]
        if command in ("add", "edit") and rng.random() < 0.7:
            argv = self.semantic(rng, command)
        else:
            argv = self.command_line(rng, command)
        position = rng.choice([len(argv), len(argv), 1, 0])
        if "--" in argv[1:]:
            position = min(position, argv.index("--", 1))  # after -- it would be words, not the option
        env = {}
        if rng.random() < 0.9:
            argv[position:position] = ["--db", DB] if rng.random() < 0.9 else [f"--db={DB}"]
        else:
            env["CAL_DB"] = DB
        fixtures = ["adir", "notdir"] + (["sentinel"] if rng.random() < 0.5 else [])
        files = {"in.ics": rng.choice(self.corpus)[1]} if rng.random() < 0.7 else {}
        stdout = "/dev/full" if rng.random() < 0.03 else None
        steps = [step(argv, env={"TZ": main_tz(rng)}, stdout=stdout,
                      export_file="out.ics" if command == "export" and "@ROOT@/out.ics" in argv else None,
                      stdin="in.ics" if "-" in argv and command == "import" else None)]
        if command in WRITERS:
            # What one command writes, every command must read.
            # (Only a real month of the years 1 to 9999: a text value such as --note 2024-00-12 or 0000-01-05 is
            # a date-shaped word, not a day.)
            month = next((a[:7] for a in argv if re.fullmatch(r"(?!0000)\d{4}-(0[1-9]|1[0-2])-\d\d", a)), "2024-05")
            follows = [["list", month, "--json"], ["export"], ["search", "e"], ["show", month, "--agenda"]]
            if command.startswith("todo"):
                follows += [["todo", "list", "--all", "--json"], ["todo", "list", "--all"]]
            for follow in follows:
                steps.append(step(follow + ["--db", DB], env={"TZ": main_tz(rng)}, needs_ok=0,
                                  require_ok="unreadable-after-write"))
            steps.append(step(["export", "@ROOT@/rt.ics", "--db", DB], needs_ok=0, require_ok="unreadable-after-write",
                              export_file="rt.ics"))
            steps.append(step(["import", "@ROOT@/rt.ics", "--db", DB2], needs_ok=len(steps) - 1, require_ok="roundtrip"))
        return {"generator": self.name, "db": "template" if rng.random() < 0.85 else "empty", "files": files,
                "fixtures": fixtures, "env": env, "steps": steps}


# ---------------------------------------------------------------------------------------------- 3: environment


SIMPLE = [["show"], ["show", "2024-05"], ["show", "-3", "2024-03"], ["list", "2024-05"], ["list", "2024-03-31"],
          ["list", "2024-10-27", "--json"], ["add", "2024-05-12", "x", "--at", "02:30", "--for", "1h"],
          ["add", "2024-03-31", "dst", "--at", "02:30", "--tz", "Europe/Berlin"], ["flip", "up-left", "--no-animation"],
          ["goto", "2024-06"], ["export"], ["history"], ["search", "e"], ["rm", "1"], ["edit", "3", "--title", "y"],
          ["list", "today"], ["show", "-y", "2024"], ["import", "@ROOT@/in.ics"], ["list", "week"],
          ["add", "today", "x", "--at", "00:00", "--repeat", "daily"], ["list", "0001-01-01"],
          ["list", "9999-12-31", "--json"]]
DB_TARGETS = {"fifo": "@ROOT@/fifo", "adir": "@ROOT@/adir", "textfile": "@ROOT@/text.db",
              "emptyfile": "@ROOT@/empty.db", "randfile": "@ROOT@/rand.db", "sqlitejunk": "@ROOT@/junk.db",
              "truncated": "@ROOT@/trunc.db", "otherusers": "@ROOT@/otherusers.db", "otherrails": "@ROOT@/otherrails.db",
              "otheremptymig": "@ROOT@/otheremptymig.db", "otherview": "@ROOT@/otherview.db",
              "otherfullmig": "@ROOT@/otherfullmig.db", "otherappid": "@ROOT@/otherappid.db",
              "newer": "@ROOT@/newer.db", "dangling": "@ROOT@/dangling.db", "loop": "@ROOT@/loop1.db",
              "linkzero": "@ROOT@/zero.db", "linkdir": "@ROOT@/dirlink.db", "notdir": "@ROOT@/notdir/cal.db",
              None: None}
DB_PATHS = ["/dev/null", "@ROOT@/newdir/", "@ROOT@/a/b/c/cal.db", "", "@ROOT@/e\x1b[31m\n.db", "@ROOT@/" + "p" * 5000,
            "@ROOT@/db", "@ROOT@/db/", "relative.db", ".", "/", "/proc/self/mem", "@ROOT@/db/cal.db/x"]


class EnvGenerator:
    name = "env"

    def __init__(self, corpus, have_locales):
        self.corpus = corpus
        self.have_locales = have_locales

    def scenario(self, rng):
        env, fixtures, db, sql = {}, [], "template", []
        seed = rng.randrange(1 << 30)
        kind = rng.choice(["db", "db", "db", "home", "tz", "tz", "tzdir", "tzfile", "lang", "tamper", "tamper",
                           "corrupt", "term", "pty", "umask"])
        target = DB
        umask = None
        if kind == "db":
            fixture = rng.choice(sorted(k for k in DB_TARGETS if k) + [None] * 4)
            if fixture:
                fixtures.append(fixture)
                target = DB_TARGETS[fixture]
            else:
                target = rng.choice(DB_PATHS)
                fixtures.append("notdir")
        elif kind == "home":
            target = None
            fixtures += ["homefile", "homelocalfile", "fifo", "adir"]
            choice = rng.choice(["HOME", "XDG_DATA_HOME", "CAL_DB", "both"])
            odd = ["@ROOT@/homefile", "@ROOT@/home2", "@ROOT@/fifo", "/dev/null", "", "relative", "/nonexistent/x",
                   "@ROOT@/adir", "/", "@ROOT@/" + "h" * 4000, "@ROOT@/e\x1b[31m", None]
            if choice in ("HOME", "both"):
                env["HOME"] = rng.choice(odd)
            if choice in ("XDG_DATA_HOME", "both"):
                env["XDG_DATA_HOME"] = rng.choice(odd)
            if choice == "CAL_DB":
                env["CAL_DB"] = rng.choice(odd + ["@ROOT@/db/cal.db"])
        elif kind == "tz":
            env["TZ"] = rng.choice(V.TZ_HOSTILE + ["@ROOT@/fifo", ":@ROOT@/fifo"])
            fixtures.append("fifo")  # a FIFO for a zone file was waited on for ever
        elif kind == "tzdir":
            fixtures.append(f"tzdir:{seed}")
            env["TZDIR"] = rng.choice(["@ROOT@/zi"] * 4 + ["/dev", "/nonexistent", "@ROOT@/zi/zone.tab", "", "/"])
            env["TZ"] = rng.choice(["Europe/Berlin", "America/New_York", "Pacific/Kiritimati", "America/St_Johns",
                                    "UTC", "Europe/London", "Australia/Lord_Howe", "zone.tab", "null", "zero", "Etc"])
        elif kind == "tzfile":
            fixtures.append(f"tzfile:{seed}")
            env["TZ"] = rng.choice(["@ROOT@/tz.tzif", ":@ROOT@/tz.tzif"])
        elif kind == "lang":
            variable = rng.choice(["LANG", "LC_ALL", "LC_TIME"])
            env[variable] = rng.choice(V.LANGS)
            if self.have_locales or rng.random() < 0.5:
                fixtures.append(f"locale:{seed}")
                env["LOCPATH"] = "@ROOT@/loc"
                env[variable] = rng.choice(["fuzz_XX.UTF-8", "fuzz_YY.UTF-8", "fuzz_ZZ.UTF-8", "fuzz_JJ.UTF-8"])
        elif kind == "tamper":
            sql = tamper_sql(rng)
        elif kind == "corrupt":
            fixtures.append(f"corrupt:{seed}")
        elif kind == "term":
            env.update({rng.choice(["TERM", "NO_COLOR", "CAL_ANIMATION", "COLUMNS", "LINES"]):
                        rng.choice(["dumb", "", "xterm", "-1", "0", "99999999999999999999", "abc", "off", "1"])})
        elif kind == "umask":
            umask = rng.choice([0, 0o022, 0o077, 0o777])
            fixtures.append("dangling")
            target = rng.choice([DB, "@ROOT@/dangling.db", "@ROOT@/fresh/cal.db", "@ROOT@/fresh.db"])
            db = rng.choice(["template", "none"])
        if kind == "pty":
            rows, cols = rng.choice([(0, 0), (1, 1), (6, 30), (24, 80), (3, 200), (65535, 65535), (2, 10), (10, 2),
                                     (100, 300), (12, 22)])
            env.update({"TERM": rng.choice(["xterm", "xterm-256color", "dumb", "vt100"]),
                        "CAL_ANIMATION": rng.choice([None, "on", "off"])})
            argv = rng.choice([["flip", "up-left"], ["flip", "down-left"], ["flip", "--swipe", "5,-5"], ["show"],
                               ["show", "-y", "2024"], ["show", "-3", "--agenda"], ["goto", "2024-06"],
                               ["import", "@ROOT@/in.ics"], ["list", "2024-05"]])
            steps = [{"argv": argv + ["--db", DB], "pty": [rows, cols]}]
            return {"generator": self.name, "kind": kind, "db": db, "files": {"in.ics": rng.choice(self.corpus)[1]},
                    "fixtures": fixtures, "env": env, "steps": steps}
        steps = []
        for _ in range(rng.choice([1, 1, 2, 3])):
            argv = list(rng.choice(SIMPLE))
            if target is not None:
                argv += ["--db", target]
            steps.append({"argv": argv})
        if kind in ("tamper", "corrupt"):
            db = "template"
        return {"generator": self.name, "kind": kind, "db": db, "files": {"in.ics": rng.choice(self.corpus)[1]},
                "fixtures": fixtures, "sql": sql, "env": env, "umask": umask, "steps": steps}
