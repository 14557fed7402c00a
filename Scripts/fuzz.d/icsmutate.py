"""Mutations of iCalendar files: bytes, lines, properties, rules, zones and structure."""

import re

BASE_EVENT = (b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//fuzz//EN\r\nBEGIN:VEVENT\r\nUID:1@fuzz\r\n"
              b"DTSTAMP:20240101T000000Z\r\nDTSTART:20240512T143000Z\r\nDTEND:20240512T151500Z\r\nSUMMARY:dentist\r\n"
              b"END:VEVENT\r\nEND:VCALENDAR\r\n")
BASE_SERIES = (b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//fuzz//EN\r\nBEGIN:VTIMEZONE\r\nTZID:Custom/Berlin\r\n"
               b"BEGIN:DAYLIGHT\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nTZNAME:CEST\r\nDTSTART:19700329T020000\r\n"
               b"RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\nEND:DAYLIGHT\r\nBEGIN:STANDARD\r\nTZOFFSETFROM:+0200\r\n"
               b"TZOFFSETTO:+0100\r\nTZNAME:CET\r\nDTSTART:19701025T030000\r\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\n"
               b"END:STANDARD\r\nEND:VTIMEZONE\r\nBEGIN:VEVENT\r\nUID:series@fuzz\r\nDTSTAMP:20240101T000000Z\r\n"
               b"DTSTART;TZID=Custom/Berlin:20240513T090000\r\nDURATION:PT15M\r\n"
               b"RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=20\r\nEXDATE;TZID=Custom/Berlin:20240515T090000\r\n"
               b"RDATE;TZID=Custom/Berlin:20240518T090000\r\nSUMMARY:standup\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\n"
               b"UID:series@fuzz\r\nDTSTAMP:20240101T000000Z\r\nRECURRENCE-ID;TZID=Custom/Berlin:20240517T090000\r\n"
               b"DTSTART;TZID=Custom/Berlin:20240517T100000\r\nDURATION:PT15M\r\nSUMMARY:standup moved\r\n"
               b"END:VEVENT\r\nEND:VCALENDAR\r\n")
BASE_ALLDAY = (b"BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//fuzz//EN\nX-WR-TIMEZONE:Europe/Berlin\nBEGIN:VEVENT\n"
               b"UID:allday@fuzz\nDTSTART;VALUE=DATE:20240229\nDURATION:P1D\nRRULE:FREQ=YEARLY\n"
               b"SUMMARY:leap\nDESCRIPTION:line1\\nline2\\, with comma\nLOCATION:here\nEND:VEVENT\nBEGIN:VEVENT\n"
               b"UID:monthly@fuzz\nDTSTART:20240131\nDTEND:20240201\nRRULE:FREQ=MONTHLY;BYMONTHDAY=-1;BYSETPOS=1\n"
               b"SUMMARY:month end\nEND:VEVENT\nEND:VCALENDAR\n")
BASE_EPOCH = (b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//fuzz//EN\r\nBEGIN:VEVENT\r\nUID:epoch@fuzz\r\n"
              b"DTSTART:19700101T000000Z\r\nDURATION:PT1H\r\nSUMMARY:epoch\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
BASES = [BASE_EVENT, BASE_SERIES, BASE_ALLDAY, BASE_EPOCH]

DATES = [b"00010101", b"99991231", b"00000101", b"10000101", b"20240229", b"20230229", b"20241301", b"20240001",
         b"20240100", b"20240132", b"2024-05-12", b"2024051", b"202405121", b"99999999", b"-0010101", b"+20240512",
         b"\xef\xbc\x92\xef\xbc\x90\xef\xbc\x92\xef\xbc\x94\xef\xbc\x90\xef\xbc\x95\xef\xbc\x91\xef\xbc\x92", b"",
         b"20240512T", b"20240512T000000", b"20240512T235959Z", b"20240512T240000", b"20240512T236000",
         b"20240512T235960", b"20240512T000000+0100", b"00010101T000000Z", b"99991231T235959Z", b"99991231T235959",
         b"19700101T000000Z", b"20240512T9", b"20240512T0000000", b"20240512t120000z", b"99999999999999999999T000000",
         b"00010101T000000", b"20240331T023000", b"20241027T023000", b"16010101T000000", b"19691231T235959Z"]
DURATIONS = [b"P99999999999999W", b"PT9223372036854775807S", b"P106751991167300D", b"PT153722867280912930M",
             b"PT9223372036854775748S", b"PT2562047788015215H", b"-P99999999999999W", b"P0D", b"PT0S", b"-PT1S",
             b"P", b"PT", b"P1Y", b"P1M", b"P1DT", b"P1W2D", b"+P1D", b"P1D1D", b"PT1H1H", b"P18446744073709551616D",
             b"P9223372036854775807D", b"PT-5M", b"P 1D", b"P1.5D", b"p1d", b"P3652059D", b"P3652060D",
             b"PT315537897600S", b"P521722W", b"P521723W", b"-P3652059D", b"P2147483648D", b"PT2147483648M",
             b"PT35791394H", b"P1DT1H1M1S", b"PT1H", b"P1D", b"P1W"]
OFFSETS = [b"+0100", b"-0000", b"+0000", b"+1400", b"-1200", b"+2359", b"-2359", b"+2400", b"+9999", b"-9999",
           b"+235959", b"+999999", b"+99999999999999999999", b"0100", b"+01", b"+1", b"abc", b"", b"+01:00",
           b"-2147483648", b"+1345", b"-0330", b"+0545", b"+240000", b"-235960"]
TEXTS = [b"", b"\x00x", b"x\x00", b"\x1b[31mred\x1b[0m", b"\xe2\x80\xaeevil", b"\xc2\x85", b"\xc2\x9b31m",
         b"a\\nb", b"a\\,b\\;c\\\\", b"\\", b"\\x", b"A" * 100000, b"\xff\xfe", b"\xc3", b"\xed\xa0\x80",
         b"\xf4\x90\x80\x80", b"\xc0\xaf", b"line\\Nnext", b"\t tab", b"x" * 75 + b"\xc3\xa9" * 40]
TZIDS = [b"Europe/Berlin", b"Pacific/Kiritimati", b"America/St_Johns", b"UTC", b"Nowhere/City",
         b"../../../../etc/passwd", b"/dev/zero", b"", b'"(UTC-05:00) Eastern Time (US & Canada)"',
         b"W. Europe Standard Time", b"Custom/Berlin", b"Bomb", b"\x1b[31m", b"A" * 5000,
         b"/mozilla.org/20050126_1/Europe/Berlin", b"ABC999999999999999999", b"EST5EDT", b"posixrules"]
RULE_PARTS = {
    b"FREQ": [b"DAILY", b"WEEKLY", b"MONTHLY", b"YEARLY", b"HOURLY", b"MINUTELY", b"SECONDLY", b"daily", b"XX", b""],
    b"COUNT": [b"0", b"1", b"2", b"-1", b"10", b"1000000", b"2147483647", b"2147483648", b"4294967296",
               b"9223372036854775807", b"9223372036854775808", b"99999999999999999999", b"", b"x"],
    b"INTERVAL": [b"0", b"1", b"2", b"7", b"100000", b"100001", b"2147483647", b"2147483648",
                  b"9223372036854775807", b"-1", b""],
    b"UNTIL": DATES,
    b"BYDAY": [b"MO", b"MO,WE,FR", b"1MO", b"-1FR", b"53MO", b"-53SU", b"54MO", b"0MO", b"+5FR",
               b"999999999999999999999TU", b"MO,MO,MO", b"XX", b"", b"1MO,-1SU,2TU", b"SU,MO,TU,WE,TH,FR,SA",
               b"-5TH", b"5TH", b"+1SU"],
    b"BYMONTHDAY": [b"1", b"31", b"-1", b"-31", b"0", b"32", b"-32", b"1,15,31", b"29", b"2147483648", b"30,31"],
    b"BYMONTH": [b"1", b"2", b"12", b"0", b"13", b"-1", b"1,2,3,4,5,6,7,8,9,10,11,12", b"2,2"],
    b"BYSETPOS": [b"1", b"-1", b"0", b"366", b"-366", b"367", b"-367", b"2147483647", b"-2147483648", b"1,2,3,-1",
                  b"9223372036854775808", b"53", b"-53"],
    b"BYYEARDAY": [b"1", b"366", b"-366", b"0", b"367", b"100"],
    b"BYWEEKNO": [b"1", b"53", b"-53", b"0", b"54", b"20"],
    b"BYHOUR": [b"0", b"23", b"24", b"9"],
    b"BYMINUTE": [b"0", b"59", b"60"],
    b"BYSECOND": [b"0", b"60", b"61"],
    b"WKST": [b"MO", b"SU", b"XX", b""],
    b"RSCALE": [b"GREGORIAN", b"HEBREW"],
    b"SKIP": [b"OMIT", b"FORWARD"],
}


def random_rule(rng):
    parts = [(b"FREQ", rng.choice(RULE_PARTS[b"FREQ"][:5] * 3 + RULE_PARTS[b"FREQ"]))]
    for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 4, 6])):
        name = rng.choice(sorted(RULE_PARTS))
        parts.append((name, rng.choice(RULE_PARTS[name])))
    if rng.random() < 0.2:
        rng.shuffle(parts)
    text = b";".join(n + b"=" + v if rng.random() > 0.03 else n + v for n, v in parts)
    if rng.random() < 0.05:
        text += b";"
    if rng.random() < 0.05:
        text = text.lower()
    return text


VALUES = {
    b"DTSTART": DATES, b"DTEND": DATES, b"RECURRENCE-ID": DATES, b"EXDATE": DATES, b"RDATE": DATES,
    b"DUE": DATES, b"DTSTAMP": DATES, b"DURATION": DURATIONS, b"TZOFFSETFROM": OFFSETS, b"TZOFFSETTO": OFFSETS,
    b"SUMMARY": TEXTS, b"DESCRIPTION": TEXTS, b"LOCATION": TEXTS, b"UID": TEXTS + [b"same@fuzz"],
    b"TZID": TZIDS, b"X-WR-TIMEZONE": TZIDS, b"STATUS": [b"CANCELLED", b"TENTATIVE", b"", b"x"],
    b"CHARSET": [b"ISO-8859-1", b"x"], b"VERSION": [b"1.0", b"2.0", b"", b"3"],
}
PARAMS = [b";VALUE=DATE", b";VALUE=DATE-TIME", b";VALUE=PERIOD", b";TZID=Europe/Berlin", b";TZID=",
          b';TZID="(UTC-05:00) Eastern Time (US & Canada)"', b";TZID=Nowhere", b";TZID=../../../../etc/passwd",
          b";TZID=/dev/zero", b';TZID="unterminated', b';X="a:b;c"', b";RANGE=THISANDFUTURE", b";TZID=Bomb",
          b";TZID=Custom/Berlin", b";TZID=a;TZID=b", b";", b";;", b";=x", b";X=" + b"y" * 10000,
          b";CHARSET=ISO-8859-1", b";ENCODING=BASE64", b";VALUE=TEXT", b";VALUE=BINARY"]
INSERTS = [b"\x00", b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xc0\xaf", b"\r", b"\n", b"\r\n ",
           b"\x1b[31m", b"\xe2\x80\xae", b"\xc2\x85", b"\\", b'"', b";", b":", b",", b"=", b"\r\n\t", b"\xef\xbb\xbf",
           b"\x0b", b"\x0c", b"\x7f"]
NAMES = sorted(VALUES)
LIMIT = 6 << 20  # bytes a mutated file may grow to


def split_lines(data):
    return data.splitlines(keepends=True)


def name_of(line):
    return re.split(rb"[;:]", line, 1)[0].strip().upper()


def eol_of(lines):
    for line in lines:
        if line.endswith(b"\r\n"):
            return b"\r\n"
        if line.endswith(b"\n"):
            return b"\n"
    return b"\r\n"


def components(lines, kind=None):
    """(start, end) line ranges of BEGIN..END blocks (of one kind when given), innermost last."""
    found, stack = [], []
    for index, line in enumerate(lines):
        upper = line.strip().upper()
        if upper.startswith(b"BEGIN:"):
            stack.append((upper[6:], index))
        elif upper.startswith(b"END:") and stack:
            name, start = stack.pop()
            if kind is None or name == kind:
                found.append((start, index + 1))
    return found


def event_insert_point(lines, rng):
    events = components(lines, b"VEVENT")
    if events:
        start, _ = rng.choice(events)
        return start + 1
    for index, line in enumerate(lines):
        if line.strip().upper() == b"END:VCALENDAR":
            return index
    return len(lines)


def calendar_insert_point(lines):
    for index in range(len(lines) - 1, -1, -1):
        if lines[index].strip().upper() == b"END:VCALENDAR":
            return index
    return len(lines)


class Mutator:
    """Applies named mutations; every choice comes from the given Random."""

    def __init__(self, corpus):
        self.corpus = corpus  # [(name, bytes)]
        self.operations = [
            (self.byte, 6), (self.insert, 5), (self.delete_line, 4), (self.duplicate_line, 4), (self.swap_lines, 3),
            (self.splice_lines, 3), (self.splice_component, 4), (self.value, 12), (self.rule, 10), (self.param, 5),
            (self.nest, 2), (self.fold, 2), (self.eol, 3), (self.truncate, 2), (self.vtimezone_bomb, 2),
            (self.vtimezone_odd, 4), (self.recurrence_id, 5), (self.many_events, 2), (self.date_list, 2),
            (self.case, 1), (self.same_uid, 2), (self.strip_value, 2), (self.no_colon, 1), (self.bom, 1),
            (self.period, 2),
        ]
        self.weights = [w for _, w in self.operations]

    def mutate(self, data, rng, count):
        applied = []
        for _ in range(count):
            operation = rng.choices([op for op, _ in self.operations], self.weights)[0]
            result = operation(data, rng)
            if len(result) <= LIMIT:
                data = result
                applied.append(operation.__name__)
        return data, applied

    # -- bytes

    def byte(self, data, rng):
        if not data:
            return data
        data = bytearray(data)
        for _ in range(rng.choice([1, 1, 2, 8])):
            position = rng.randrange(len(data))
            if rng.random() < 0.3:  # bytes that make a file not UTF-8 at all, which refuses it early
                data[position] = rng.choice([0, 0xFF, 0xC0, 0x80, rng.randrange(256)])
            else:
                data[position] = rng.choice([0x0D, 0x0A, 0x3A, 0x3B, 0x2C, 0x3D, 0x22, 0x5C, 0x20, 0x09, 0x2D, 0x2B,
                                             0x30, 0x39, 0x54, 0x5A, rng.randrange(0x20, 0x7F),
                                             data[position] ^ (1 << rng.randrange(7))])
        return bytes(data)

    def insert(self, data, rng):
        position = rng.randrange(len(data) + 1)
        return data[:position] + rng.choice(INSERTS) * rng.choice([1, 1, 3, 100]) + data[position:]

    def truncate(self, data, rng):
        return data[:rng.randrange(len(data) + 1)]

    def bom(self, data, rng):
        return (b"\xef\xbb\xbf" if rng.random() < 0.7 else b"\xff\xfe") + data

    # -- lines

    def delete_line(self, data, rng):
        lines = split_lines(data)
        if lines:
            del lines[rng.randrange(len(lines))]
        return b"".join(lines)

    def duplicate_line(self, data, rng):
        lines = split_lines(data)
        if lines:
            index = rng.randrange(len(lines))
            times = rng.choice([1, 1, 2, 10, 1000, 200001])  # past the lines one event may span
            lines[index:index] = [lines[index]] * min(times, max(1, LIMIT // (len(lines[index]) + 1)))
        return b"".join(lines)

    def swap_lines(self, data, rng):
        lines = split_lines(data)
        if len(lines) > 1:
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
        return b"".join(lines)

    def splice_lines(self, data, rng):
        lines = split_lines(data)
        other = split_lines(rng.choice(self.corpus)[1])
        if not other:
            return data
        start = rng.randrange(len(other))
        piece = other[start:start + rng.choice([1, 2, 5, 20])]
        position = rng.randrange(len(lines) + 1)
        return b"".join(lines[:position] + piece + lines[position:])

    def splice_component(self, data, rng):
        lines = split_lines(data)
        other = split_lines(rng.choice(self.corpus)[1])
        blocks = components(other)
        if not blocks:
            return data
        start, end = rng.choice(blocks)
        position = calendar_insert_point(lines) if rng.random() < 0.7 else rng.randrange(len(lines) + 1)
        return b"".join(lines[:position] + other[start:end] + lines[position:])

    def case(self, data, rng):
        lines = split_lines(data)
        for index in range(len(lines)):
            if rng.random() < 0.3:
                name, sep, rest = lines[index].partition(b":")
                lines[index] = (name.lower() if rng.random() < 0.5 else name.title()) + sep + rest
        return b"".join(lines)

    def eol(self, data, rng):
        lines = [line.rstrip(b"\r\n") for line in split_lines(data)]
        style = rng.choice(["lf", "cr", "crlf", "mixed", "none-at-end", "lfcr"])
        if style == "mixed":
            return b"".join(line + rng.choice([b"\r\n", b"\n", b"\r"]) for line in lines)
        ending = {"lf": b"\n", "cr": b"\r", "crlf": b"\r\n", "none-at-end": b"\r\n", "lfcr": b"\n\r"}[style]
        text = ending.join(lines)
        return text if style == "none-at-end" else text + ending

    # -- properties

    def value(self, data, rng):
        lines = split_lines(data)
        eol = eol_of(lines)
        candidates = [i for i, line in enumerate(lines) if name_of(line) in VALUES]
        if candidates and rng.random() < 0.8:
            index = rng.choice(candidates)
            name = name_of(lines[index])
            head = lines[index].split(b":", 1)[0] if b":" in lines[index] else name
            lines[index] = head + b":" + rng.choice(VALUES[name]) + eol
        else:
            name = rng.choice(NAMES)
            position = event_insert_point(lines, rng)
            lines.insert(position, name + b":" + rng.choice(VALUES[name]) + eol)
        return b"".join(lines)

    def strip_value(self, data, rng):
        lines = split_lines(data)
        if lines:
            index = rng.randrange(len(lines))
            lines[index] = lines[index].split(b":", 1)[0] + b":" + eol_of(lines)
        return b"".join(lines)

    def no_colon(self, data, rng):
        lines = split_lines(data)
        if lines:
            index = rng.randrange(len(lines))
            lines[index] = lines[index].replace(b":", b"", 1)
        return b"".join(lines)

    def rule(self, data, rng):
        lines = split_lines(data)
        eol = eol_of(lines)
        candidates = [i for i, line in enumerate(lines) if name_of(line) in (b"RRULE", b"EXRULE")]
        rule = b"RRULE:" + random_rule(rng) + eol
        if candidates and rng.random() < 0.7:
            lines[rng.choice(candidates)] = rule
        else:
            lines.insert(event_insert_point(lines, rng), rule)
            if rng.random() < 0.3:
                lines.insert(event_insert_point(lines, rng), rule)
        return b"".join(lines)

    def param(self, data, rng):
        lines = split_lines(data)
        candidates = [i for i, line in enumerate(lines) if b":" in line and not line[:1].isspace()]
        if not candidates:
            return data
        index = rng.choice(candidates)
        name, rest = lines[index].split(b":", 1)
        lines[index] = name + rng.choice(PARAMS) + b":" + rest
        return b"".join(lines)

    def same_uid(self, data, rng):
        return re.sub(rb"(?im)^UID:[^\r\n]*", b"UID:same@fuzz", data)

    def date_list(self, data, rng):
        lines = split_lines(data)
        eol = eol_of(lines)
        name = rng.choice([b"EXDATE", b"RDATE"])
        count = rng.choice([10, 1000, 50000, 100001])  # past the dates one event may list
        start = rng.choice([2024, 1, 9990])
        items = b",".join(b"%04d%02d%02dT090000" % (start + i // 365 % 9, i % 12 + 1, i % 28 + 1) for i in range(count))
        lines.insert(event_insert_point(lines, rng), name + b":" + items + eol)
        return b"".join(lines)

    def period(self, data, rng):
        lines = split_lines(data)
        eol = eol_of(lines)
        value = rng.choice([b"20240512T100000Z/20240512T120000Z", b"20240512T100000Z/PT2H",
                            b"20240512T100000Z/P99999999999999W", b"20240512T120000Z/20240512T100000Z",
                            b"20240512T100000Z/", b"/PT1H", b"20240512/20240513", b"20240512T100000Z/PT1H,x"])
        lines.insert(event_insert_point(lines, rng), b"RDATE;VALUE=PERIOD:" + value + eol)
        return b"".join(lines)

    # -- structure

    def nest(self, data, rng):
        lines = split_lines(data)
        eol = eol_of(lines)
        depth = rng.choice([64, 1000, 10000, 60000, 150000])
        name = rng.choice([b"X", b"VEVENT", b"VCALENDAR", b"VTIMEZONE", b"VALARM"])
        block = [b"BEGIN:" + name + eol] * depth
        if rng.random() < 0.5:
            block += [b"END:" + name + eol] * depth
        position = event_insert_point(lines, rng) if rng.random() < 0.6 else rng.randrange(len(lines) + 1)
        return b"".join(lines[:position] + block + lines[position:])

    def fold(self, data, rng):
        lines = split_lines(data)
        eol = eol_of(lines)
        length = rng.choice([1000, 100000, 1000000])
        width = rng.choice([1, 2, 74, 75])
        value = b"A" * length if rng.random() < 0.7 else ("é" * (length // 2)).encode()
        pieces = [value[i:i + width] for i in range(0, len(value), width)]
        folded = (eol + rng.choice([b" ", b"\t"])).join(pieces)
        if rng.random() < 0.3:
            folded = b"x" + (eol + b" ") * length
        name = rng.choice([b"SUMMARY", b"DESCRIPTION", b"X-LONG", b"DTSTART", b"RRULE:FREQ=DAILY;X"])
        lines.insert(event_insert_point(lines, rng), name + b":" + folded + eol)
        return b"".join(lines)

    def many_events(self, data, rng):
        lines = split_lines(data)
        events = components(lines, b"VEVENT")
        if not events:
            return data
        start, end = rng.choice(events)
        block = lines[start:end]
        copies = []
        size = sum(len(line) for line in block) + 1
        for n in range(min(rng.choice([10, 500, 5000]), max(1, LIMIT // size))):
            copies += [re.sub(rb"(?i)^UID:([^\r\n]*)", rb"UID:\1-%d" % n, line) for line in block]
        position = calendar_insert_point(lines)
        return b"".join(lines[:position] + copies + lines[position:])

    def vtimezone_bomb(self, data, rng):
        lines = split_lines(data)
        eol = eol_of(lines)
        observances = rng.choice([1, 10, 150, 1000])
        freq = rng.choice([b"DAILY", b"YEARLY", b"MONTHLY", b"WEEKLY"])
        start = rng.choice([b"00010101T000000", b"16010101T000000", b"19700101T000000"])
        block = [b"BEGIN:VTIMEZONE" + eol, b"TZID:Bomb" + eol]
        for n in range(observances):
            kind = b"STANDARD" if n % 2 == 0 else b"DAYLIGHT"
            block += [b"BEGIN:" + kind + eol, b"DTSTART:" + start + eol, b"RRULE:FREQ=" + freq + eol,
                      b"TZOFFSETFROM:+0100" + eol, b"TZOFFSETTO:" + (b"+0000" if n % 2 == 0 else b"+0100") + eol,
                      b"END:" + kind + eol]
        block.append(b"END:VTIMEZONE" + eol)
        events = []
        for n in range(rng.choice([1, 1, 10, 300])):
            events += [b"BEGIN:VEVENT" + eol, b"UID:bomb-%d@fuzz" % n + eol,
                       b"DTSTART;TZID=Bomb:20240512T%02d0000" % (n % 24) + eol, b"SUMMARY:bomb" + eol,
                       b"END:VEVENT" + eol]
        position = calendar_insert_point(lines)
        return b"".join(lines[:position] + block + events + lines[position:])

    def vtimezone_odd(self, data, rng):
        """A small VTIMEZONE at the edges: offsets, starts, rules, RDATE lists, missing parts."""
        lines = split_lines(data)
        eol = eol_of(lines)
        block = [b"BEGIN:VTIMEZONE" + eol, b"TZID:Odd" + eol]
        for n in range(rng.choice([0, 1, 2, 3])):
            kind = rng.choice([b"STANDARD", b"DAYLIGHT", b"X"])
            block += [b"BEGIN:" + kind + eol]
            if rng.random() < 0.9:
                block.append(b"DTSTART:" + rng.choice(DATES) + eol)
            if rng.random() < 0.6:
                block.append(b"RRULE:" + random_rule(rng) + eol)
            if rng.random() < 0.3:
                block.append(b"RDATE:" + b",".join(rng.choice(DATES) for _ in range(rng.choice([1, 3, 200]))) + eol)
            if rng.random() < 0.9:
                block.append(b"TZOFFSETFROM:" + rng.choice(OFFSETS) + eol)
            if rng.random() < 0.9:
                block.append(b"TZOFFSETTO:" + rng.choice(OFFSETS) + eol)
            block.append(b"END:" + kind + eol)
        block.append(b"END:VTIMEZONE" + eol)
        event = [b"BEGIN:VEVENT" + eol, b"UID:odd@fuzz" + eol,
                 b"DTSTART;TZID=Odd:" + rng.choice([b"20240512T100000", b"20240331T023000", b"00010101T000000",
                                                    b"99991231T235959", rng.choice(DATES)]) + eol]
        if rng.random() < 0.5:
            event.append(b"RRULE:" + random_rule(rng) + eol)
        if rng.random() < 0.5:
            event.append(b"DURATION:" + rng.choice(DURATIONS) + eol)
        event += [b"SUMMARY:odd" + eol, b"END:VEVENT" + eol]
        position = calendar_insert_point(lines)
        return b"".join(lines[:position] + block + event + lines[position:])

    def recurrence_id(self, data, rng):
        lines = split_lines(data)
        eol = eol_of(lines)
        uids = re.findall(rb"(?im)^UID:([^\r\n]*)", data) or [b"series@fuzz"]
        uid = rng.choice(uids) if rng.random() < 0.7 else b"orphan@fuzz"
        param = rng.choice([b"", b";TZID=Europe/Berlin", b";VALUE=DATE", b";RANGE=THISANDFUTURE", b";TZID=Bomb"])
        block = [b"BEGIN:VEVENT" + eol, b"UID:" + uid + eol, b"RECURRENCE-ID" + param + b":" + rng.choice(DATES) + eol]
        if rng.random() < 0.8:
            block.append(b"DTSTART:" + rng.choice(DATES) + eol)
        if rng.random() < 0.3:
            block.append(b"RRULE:" + random_rule(rng) + eol)
        if rng.random() < 0.3:
            block.append(b"STATUS:CANCELLED" + eol)
        block += [b"SUMMARY:override" + eol, b"END:VEVENT" + eol]
        position = rng.choice([calendar_insert_point(lines), min(len(lines), 3)])
        return b"".join(lines[:position] + block * rng.choice([1, 1, 2]) + lines[position:])
