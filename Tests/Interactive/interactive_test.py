"""The cases of `cal interactive` run on a pseudo-terminal: `interactive_test.py CAL CASE` runs one and exits
0 when it passes; `--list` names them all. InteractiveTests.swift runs each, in parallel."""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from page import NOW, Page

CASES = {}


def case(function):
    CASES[function.__name__] = function
    return function


def prepare(cal, folder, *commands):
    """Runs `cal` commands on the calendar first, as a user would in another terminal."""
    env = {"PATH": "/usr/bin:/bin", "HOME": folder, "TZ": "Europe/Berlin", "LC_ALL": "C", "CAL_TEST_NOW": NOW}
    for command in commands:
        result = subprocess.run([cal] + command + ["--db", os.path.join(folder, "cal.db")], env=env,
                                capture_output=True, text=True)
        assert result.returncode == 0, result.stderr


def history(page):
    return [(entry["direction"], entry["from"], entry["to"]) for entry in page.cal_json("history")]


@case
def drag_directions(cal, folder):
    """Each of the four drags turns the way the swipe rule says, and is recorded as that flip."""
    prepare(cal, folder, ["goto", "2024-05"])
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        middle = (40, 12)
        for end, title, direction, months in [
            ((20, 4), "June 2024", "up-left", ("2024-05", "2024-06")),
            ((60, 4), "July 2024", "up-right", ("2024-06", "2024-07")),
            ((20, 20), "June 2024", "down-left", ("2024-07", "2024-06")),
            ((60, 20), "May 2024", "down-right", ("2024-06", "2024-05")),
        ]:
            page.drag(middle, end)
            page.settled(title)
            assert history(page)[0] == (direction,) + months, history(page)[0]
        page.key(b"q")
        assert page.wait_exit() == 0
    finally:
        page.close()


@case
def turn_animates(cal, folder):
    """A turn curls the page across the screen (the back of the page shows) and ends on the new month."""
    prepare(cal, folder, ["goto", "2024-05"])
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        page.key(b"n")
        page.wait_for(lambda p: "░" in p.text(), what="the back of the page")
        page.settled("June 2024")
    finally:
        page.close()


@case
def keys_and_wheel_turn(cal, folder):
    """n, p, N, P, PageDown, PageUp and the wheel turn the way the help says; moving past the page's edge turns
    it; turns sent faster than the animation are all made, in order."""
    prepare(cal, folder, ["goto", "2024-05"])
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        for key, title, direction in [
            (b"n", "June 2024", "up-left"), (b"N", "July 2024", "up-right"), (b"p", "June 2024", "down-right"),
            (b"P", "May 2024", "down-left"), (b"\x1b[6~", "June 2024", "up-left"),
            (b"\x1b[5~", "May 2024", "down-right"), (b"\x1b[<65;40;10M", "June 2024", "up-left"),
            (b"\x1b[<64;40;10M", "May 2024", "down-right"),
        ]:
            page.send(key)
            page.settled(title)
            assert history(page)[0][0] == direction, (key, history(page)[0])
        # Four wheel turns in one burst: every one is recorded, in order, and the page ends four months on.
        page.send(b"\x1b[<65;40;10M" * 4)
        page.settled("September 2024")
        assert [entry[1:] for entry in history(page)[:4]] == [
            ("2024-08", "2024-09"), ("2024-07", "2024-08"), ("2024-06", "2024-07"), ("2024-05", "2024-06")]
        # From 12 September, three weeks down and one more: past the page's bottom edge into October.
        page.key(b"jjjj")
        page.settled("October 2024")
        assert "Thu 10 October 2024" in page.text(), page.text()
        assert history(page)[0] == ("up-left", "2024-09", "2024-10")
    finally:
        page.close()


@case
def turns_during_animation(cal, folder):
    """Ten turns in one write while a turn curls: all made, in order, none lost, and the page ends on the last."""
    prepare(cal, folder, ["goto", "2024-05"])
    page = Page(cal, folder, rows=60, columns=200)
    try:
        page.settled("May 2024")
        page.send(b"n")
        page.wait_for(lambda p: "░" in p.text(), what="the curl")
        page.send(b"nnN\x1b[6~pP\x1b[<65;40;10M\x1b[<0;100;30M\x1b[<32;90;25M\x1b[<0;80;20m\x1b[5~n")
        page.settled("October 2024")
        assert history(page)[:11][::-1] == [
            ("up-left", "2024-05", "2024-06"), ("up-left", "2024-06", "2024-07"), ("up-left", "2024-07", "2024-08"),
            ("up-right", "2024-08", "2024-09"), ("up-left", "2024-09", "2024-10"),
            ("down-right", "2024-10", "2024-09"), ("down-left", "2024-09", "2024-08"),
            ("up-left", "2024-08", "2024-09"), ("up-left", "2024-09", "2024-10"),
            ("down-right", "2024-10", "2024-09"), ("up-left", "2024-09", "2024-10")], history(page)[:11]
    finally:
        page.close()


@case
def wide_titles(cal, folder):
    """Wide (CJK, emoji) and combining titles are cut by display width: every day stays in its column."""
    prepare(cal, folder, ["goto", "2024-05"], ["add", "2024-05-12", "🎉🎉 party e\u0301te\u0301", "--at", "19:00"],
            ["add", "2024-05-13", "会議の準備をする長いタイトルです"], ["add", "2024-05-14", "x"],
            ["add", "2024-05-15", "e\u0301" * 30])
    for rows, columns in [(24, 80), (12, 40), (60, 200)]:
        page = Page(cal, folder, rows=rows, columns=columns)
        try:
            page.settled("May 2024")
            cells = lambda row: [page.screen.buffer[row][column].data for column in range(columns)]
            grid = [row for row in range(rows) if "".join(cells(row)).startswith("12")][0]
            width = (columns - (0 if columns < 100 else min(48, max(30, columns // 3)) + 1)) // 7
            for day, number in enumerate(["12", "13", "14", "15", "16", "17", "18"]):
                assert "".join(cells(grid)[day * width:day * width + 2]) == number, (number, cells(grid))
            if rows > 12:
                titles = cells(grid + 1)
                assert titles[width] == "会" and titles[2 * width] == "x", titles
                assert titles[3 * width] in ("e\u0301", "\u00e9") and titles[3 * width - 1] in (" ", "…", ""), titles
                assert "".join(titles[:width]).startswith("19:00 🎉"), titles
            # The selected day's agenda: the wide title cut with an ellipsis inside the page.
            page.key(b"l")
            page.wait_text("Mon 13 May 2024")
            line = cells(page.find("Mon 13 May 2024")[1])  # the line below the agenda's header
            assert "会" in line, line
            assert line[-1] in (" ", "…", ""), line
            assert "…" in line or "です" in "".join(line), line
        finally:
            page.close()


@case
def monday_first(cal, folder):
    """--monday starts the page's weeks and the week view on Monday; a click still picks the day under it."""
    prepare(cal, folder, ["goto", "2024-05"])
    page = Page(cal, folder, args=["--monday"])
    try:
        page.settled("May 2024")
        assert page.lines()[1].split() == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], page.lines()[1]
        assert page.lines()[2].split() == ["1", "2", "3", "4", "5"], page.lines()[2]
        column, row = page.find("13", row_from=2)
        assert column == 1, page.text()
        page.click(column, row)
        page.wait_text("Mon 13 May 2024")
        page.key(b"w")
        page.wait_text("week 20")
        assert page.lines()[1].split()[:2] == ["Mon", "13"], page.lines()[1]
    finally:
        page.close()


@case
def configured_week_start(cal, folder):
    """The configuration file's week-start starts the page's weeks and the week view as --monday does."""
    prepare(cal, folder, ["goto", "2024-05"])
    config = os.path.join(folder, "config")
    with open(config, "w") as file:
        file.write("# as khal's firstweekday\nweek-start = monday\n")
    page = Page(cal, folder, env={"CAL_CONFIG": config})
    try:
        page.settled("May 2024")
        assert page.lines()[1].split() == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], page.lines()[1]
        page.key(b"w")
        page.wait_text("week 19")
        assert page.lines()[1].split()[:2] == ["Mon", "6"], page.lines()[1]
    finally:
        page.close()


@case
def configured_twelve_hour(cal, folder):
    """The configuration file's time-format = 12h writes the page's times as cal list does: the agenda, the
    cells, the week view's hours, and the edit form's time prompt, which cal edit reads back."""
    prepare(cal, folder, ["goto", "2024-05"], ["add", "2024-05-12", "dentist", "--at", "14:30", "--for", "45m"])
    config = os.path.join(folder, "config")
    with open(config, "w") as file:
        file.write("time-format = 12h\n")
    page = Page(cal, folder, env={"CAL_CONFIG": config})
    try:
        page.settled("May 2024")
        page.wait_text("  2:30pm-3:15pm  dentist")
        assert "\n2:30pm de…" in page.text(), page.text()
        page.key(b"e")
        page.wait_text("Edit “dentist”")
        page.key(b"i")
        page.wait_text("empty: all day): 2:30pm")
        page.key(b"\r")
        page.key(b"\x1b")
        page.wait_for(lambda p: "Edit “dentist”" not in p.text(), what="the form to close")
        assert page.cal_json("list", "2024-05-12")[0]["start"] == "2024-05-12T14:30:00+02:00"
        page.key(b"w")
        page.wait_text("week 20")
        column, row = page.find("2:30pm d")
        assert page.lines()[row - 1].startswith(" 2:00pm"), page.lines()[row - 1]
    finally:
        page.close()


@case
def click_selects(cal, folder):
    """A click (or a drag shorter than two cells) selects the day under it; nothing turns; a click on
    "? help" opens the help."""
    prepare(cal, folder, ["goto", "2024-05"])
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        assert "Sun 12 May 2024 · today" in page.text()
        column, row = page.find("20", row_from=2)
        page.click(column, row)
        page.wait_text("Mon 20 May 2024")
        column, row = page.find("28", row_from=2)
        page.drag((column, row), (column + 1, row))
        page.wait_text("Tue 28 May 2024")
        assert len(history(page)) == 1, "a click turned the page"
        # The title line's "? help" opens the help.
        page.click(*page.find("? help"))
        page.wait_text("Keys (any key closes)")
    finally:
        page.close()


@case
def keys_add_and_delete(cal, folder):
    """a adds an event on the selected day (title, time, length as cal add reads them); d deletes it after a
    yes; an occurrence of a series asks: this one or the whole series."""
    prepare(cal, folder, ["goto", "2024-05"], ["add", "2024-05-13", "standup", "--at", "09:00", "--for", "15m",
                                               "--repeat", "weekly", "--on", "mon"])
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        page.key(b"a")
        page.wait_text("Add on 2024-05-12 · title:")
        page.key("lunch with Zoë\r".encode())
        page.wait_text("at (9am, 21:30; empty: all day):")
        page.key(b"25:00\r")
        page.wait_text("Error:")
        page.key(b"\x15" + b"12:30pm\r")
        page.wait_text("Length")
        page.key(b"1h\r")
        page.wait_text("12:30-13:30 lunch with Zoë")
        events = page.cal_json("list", "2024-05-12")
        assert [(e["title"], e["start"], e["end"]) for e in events] == [
            ("lunch with Zoë", "2024-05-12T12:30:00+02:00", "2024-05-12T13:30:00+02:00")], events
        page.key(b"d")
        page.wait_text("Delete “lunch with Zoë”? (y/n)")
        page.key(b"y")
        page.wait_text("No events.")
        assert page.cal_json("list", "2024-05-12") == []
        # Monday the 13th: the standup's occurrence goes, the series stays.
        page.key(b"l")
        page.wait_text("Mon 13 May 2024")
        page.key(b"d")
        page.wait_text("(t)his occurrence, the whole (s)eries")
        page.key(b"t")
        page.wait_text("No events.")
        assert page.cal_json("list", "2024-05-13") == []
        assert [e["title"] for e in page.cal_json("list", "2024-05-20")] == ["standup"]
    finally:
        page.close()


@case
def undo_and_redo(cal, folder):
    """u undoes the newest change, as cal undo does (a page turn is one too), U and Ctrl-R make it again; with
    nothing to make again, an Error: line, and nothing changes."""
    prepare(cal, folder, ["goto", "2024-05"], ["add", "2024-05-12", "lunch"])
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        page.wait_text("lunch")
        page.key(b"d")
        page.wait_text("Delete “lunch”? (y/n)")
        page.key(b"y")
        page.wait_text("No events.")
        page.key(b"u")
        page.wait_text("Undid: removed #1")
        page.wait_text("all day     lunch")
        assert [e["title"] for e in page.cal_json("list", "2024-05-12")] == ["lunch"]
        page.key(b"U")
        page.wait_text("Redid: removed #1")
        page.wait_text("No events.")
        assert page.cal_json("list", "2024-05-12") == []
        page.key(b"\x12")  # Ctrl-R: nothing left to make again
        page.wait_text("Error: there is nothing to redo")
        page.key(b"n")
        page.wait_for(lambda p: p.lines()[0].strip().startswith("June 2024"), what="the turn to June")
        page.key(b"u")
        page.wait_text("Undid: flipped up-left from May 2024 to June 2024")
        page.wait_for(lambda p: p.lines()[0].strip().startswith("May 2024"), what="May again")
        page.key(b"\x12")
        page.wait_text("Redid: flipped up-left")
        page.wait_for(lambda p: p.lines()[0].strip().startswith("June 2024"), what="June again")
        assert page.cal_json("list", "2024-05-12") == []
    finally:
        page.close()


@case
def edit_and_search(cal, folder):
    """Enter opens the selected event's form, Enter again its first field; / searches, and Enter on a result
    goes to its day."""
    prepare(cal, folder, ["goto", "2024-05"], ["add", "2024-05-12", "dentist", "--at", "14:30"],
            ["add", "2024-08-02", "dentist again"])
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        page.key(b"\r")
        page.wait_text("Edit “dentist”")
        page.key(b"\r")
        page.wait_text("Title: dentist")
        page.key(b" appointment\r")
        page.wait_text("Edit “dentist appointment”")
        page.key(b"i")
        page.wait_text("empty: all day): 14:30")
        page.key(b"\x15" + b"3pm\r")
        page.key(b"l")
        page.key(b"30m\r")
        page.key(b"\x1b")
        page.wait_text("15:00-15:30 dentist appointment")
        assert [(e["title"], e["start"]) for e in page.cal_json("list", "2024-05-12")] == [
            ("dentist appointment", "2024-05-12T15:00:00+02:00")]
        page.key(b"/")
        page.key(b"again\r")
        page.wait_text("1 found")
        page.key(b"\r")
        page.settled("August 2024")
        page.wait_text("Fri 2 August 2024")
        assert history(page)[0] == (None, "2024-05", "2024-08")
    finally:
        page.close()


@case
def edit_in_editor(cal, folder):
    """E gives the terminal to the user's editor with the selected event as cal edit --editor writes it (here
    a script that changes the title and adds a note of two lines); the page comes back whole, the change
    shown. A series asks which part first; an editor that fails changes nothing and says so; an event removed
    by another cal while in the editor is said to be gone, though its text was saved unchanged."""
    prepare(cal, folder, ["goto", "2024-05"], ["add", "2024-05-12", "dentist", "--at", "14:30"],
            ["add", "2024-05-13", "standup", "--at", "9:00", "--repeat", "daily"])
    editor = os.path.join(folder, "editor.sh")
    with open(editor, "w") as file:
        file.write("#!/bin/sh\n"
                   "cp \"$1\" \"$(dirname \"$0\")/seen.txt\"\n"
                   "sed -i -e 's/^title: .*/title: dentist, edited/' \"$1\"\n"
                   "printf 'first line\\nsecond line\\n' >> \"$1\"\n")
    failing = os.path.join(folder, "failing.sh")
    with open(failing, "w") as file:
        file.write("#!/bin/sh\nexit 4\n")
    page = Page(cal, folder, env={"EDITOR": "sh " + editor, "TMPDIR": folder})
    try:
        page.settled("May 2024")
        page.wait_text("14:30 den…")
        page.key(b"E")
        page.wait_text("Changed in the editor: dentist, edited")
        page.wait_text("14:30       dentist, edited")
        with open(os.path.join(folder, "seen.txt")) as file:
            assert "title: dentist\nd" in file.read()
        event = page.cal_json("list", "2024-05-12")[0]
        assert (event["title"], event["note"]) == ("dentist, edited", "first line\nsecond line"), event
        page.key(b"l")
        page.wait_text("Mon 13 May 2024")
        page.key(b"E")
        page.wait_text("(t)his occurrence, the whole (s)eries, or (f)rom this one on?")
        page.key(b"t")
        page.wait_text("Changed in the editor: dentist, edited")
        titles = [e["title"] for e in page.cal_json("list", "2024-05-13..2024-05-14")]
        assert titles == ["dentist, edited", "standup"], titles
    finally:
        page.close()
    page = Page(cal, folder, env={"EDITOR": "sh " + failing, "TMPDIR": folder})
    try:
        page.settled("May 2024")
        page.key(b"E")
        page.wait_text("Error: the editor (sh ")
        assert page.cal_json("list", "2024-05-12")[0]["title"] == "dentist, edited"
    finally:
        page.close()
    removing = os.path.join(folder, "removing.sh")
    with open(removing, "w") as file:
        file.write("#!/bin/sh\n\"%s\" rm 1 --db \"%s\" >/dev/null\n" % (cal, os.path.join(folder, "cal.db")))
    page = Page(cal, folder, env={"EDITOR": "sh " + removing, "TMPDIR": folder})
    try:
        page.settled("May 2024")
        page.key(b"E")
        page.wait_text("Error: there is no event #1")
        assert page.cal_json("list", "2024-05-12") == []
    finally:
        page.close()


@case
def search_counts_honestly(cal, folder):
    """A search lists its first 500 results and says when there are more; exactly 500 are 500."""
    ics = os.path.join(folder, "many.ics")
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"]
    for index, title in enumerate(["alpha"] * 501 + ["beta"] * 500):
        lines += ["BEGIN:VEVENT", "UID:%d@test" % index, "DTSTAMP:20240101T000000Z",
                  "DTSTART;VALUE=DATE:2024%02d%02d" % (index // 28 % 12 + 1, index % 28 + 1), "SUMMARY:" + title,
                  "END:VEVENT"]
    with open(ics, "w") as file:
        file.write("\r\n".join(lines + ["END:VCALENDAR", ""]))
    prepare(cal, folder, ["goto", "2024-05"], ["import", ics])
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        page.key(b"/alpha\r")
        page.wait_text("More than 500 found for “alpha”")
        page.key(b"\x1b/beta\r")
        page.wait_text("500 found for “beta”")
        assert "More than" not in page.text(), page.text()
    finally:
        page.close()


def wait_prompt(page, label, value):
    """Waits for the prompt whose label starts with `label` (a long one is cut short), prefilled with `value`."""
    page.wait_for(lambda p: p.lines()[-1].startswith(label) and p.lines()[-1].rstrip().endswith(value),
                  what="%s... %s" % (label, value))


@case
def edit_every_field(cal, folder):
    """The edit form changes everything cal edit does, each prompt prefilled with the value it has: date,
    time, length, place, note, repeat, reminders and zone, in cal's grammar; a mistake is shown and asked again."""
    prepare(cal, folder, ["goto", "2024-05"],
            ["add", "2024-05-12", "dentist", "--at", "14:30", "--for", "45m", "--note", "bring card", "--remind", "15m"])
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        page.key(b"e")
        page.wait_text("Edit “dentist”")
        page.key(b"d")
        page.wait_text("Date (2024-05-12, 5-12, fri, +3d): 2024-05-12")
        page.key(b"\x15" + b"tue\r")
        page.wait_text("Changed “dentist”")
        page.key(b"l")
        page.wait_text("2d): 45m")
        page.key(b"\x15" + b"1h30\r")
        page.key(b"n")
        page.wait_text("Note (empty: none): bring card")
        page.key(b"\x15" + b"and the letter\r")
        page.key(b"o")
        page.key(b"Praxis Dr. Weiss\r")
        page.key(b"r")
        wait_prompt(page, "Repeat (", "none")
        page.key(b"\x15" + b"weekly on tue,thu until 6-30\r")
        page.key(b"m")
        wait_prompt(page, "Reminders (", "15m")
        page.key(b"\x15" + b"1d, end-5m, 2024-05-13 20:00\r")
        page.key(b"z")
        page.wait_text("your clock): local")
        page.key(b"\x15" + b"Mars/Olympus\r")
        page.wait_text("Error:")
        page.wait_text("your clock): Mars/Olympus")
        page.key(b"\x15" + b"Europe/London\r")
        page.key(b"i")
        page.key(b"\x15" + b"noon\r")
        page.wait_for(lambda p: "Error" not in p.text() and "noon" not in p.lines()[-1], what="the last change")
        event = page.cal_json("list", "2024-05-14")[0]
        assert (event["title"], event["note"], event["location"]) == ("dentist", "and the letter", "Praxis Dr. Weiss")
        assert (event["start"], event["end"]) == ("2024-05-14T13:00:00+02:00", "2024-05-14T14:30:00+02:00"), event
        assert (event["timeZone"], event["repeat"]) == ("Europe/London", "FREQ=WEEKLY;UNTIL=20240630;BYDAY=TU,TH")
        assert [(r["relativeTo"], r["offsetSeconds"], r["at"]) for r in event["reminders"]] == [
            ("start", -86400, None), ("end", -300, None), ("instant", None, "2024-05-13T20:00:00+02:00")], event
        # The form shows what it now is, in the words its prompts take.
        page.key(b"\x1b")
        page.wait_text("Tue 14 May 2024")  # the selection went with the event
        page.key(b"e")
        page.wait_text("(t)his occurrence, the whole (s)eries, or (f)rom this one on?")
        page.key(b"s")
        for line in ("Repeat     weekly on tue,thu until 2024-06-30", "Reminders  1d, end-5m, 2024-05-13 20:00",
                     "Length     1h30m", "Time zone  Europe/London"):
            page.wait_text(line)
        # One occurrence moved alone; the series keeps its days.
        page.key(b"\x1b")
        page.key(b"ll")
        page.key(b"e")
        page.key(b"t")
        page.key(b"d")
        page.key(b"\x15" + b"5-17\r")
        page.wait_text("Changed “dentist”")
        page.key(b"\x1b")
        assert [e["title"] for e in page.cal_json("list", "2024-05-16")] == []
        assert [e["title"] for e in page.cal_json("list", "2024-05-17")] == ["dentist"]
        assert [e["title"] for e in page.cal_json("list", "2024-05-21")] == ["dentist"]
    finally:
        page.close()


@case
def edit_keeps_rule(cal, folder):
    """A rule the repeat words cannot say (an imported BYMONTH) is prefilled as its RRULE text: Enter on it
    changes nothing (no edit, no undo step), and an edit of it keeps every other part."""
    ics = os.path.join(folder, "in.ics")
    with open(ics, "w") as file:
        file.write("\r\n".join([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:mothers-day@test",
            "DTSTAMP:20240101T000000Z", "DTSTART;VALUE=DATE:20240512", "SUMMARY:mothers day",
            "RRULE:FREQ=YEARLY;BYMONTH=5;BYDAY=2SU", "END:VEVENT", "END:VCALENDAR", ""]))
    prepare(cal, folder, ["goto", "2024-05"], ["import", ics])
    rules = lambda: [line for line in page.run_cal("export", "-").splitlines() if line.startswith("RRULE")]
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        page.key(b"e")
        page.wait_text("(t)his occurrence, the whole (s)eries, or (f)rom this one")
        page.key(b"s")
        page.wait_text("Repeat         rrule FREQ=YEARLY;BYMONTH=5;BYDAY=2SU")
        changes = len(page.cal_json("log"))
        page.key(b"r")
        wait_prompt(page, "Repeat (", "rrule FREQ=YEARLY;BYMONTH=5;BYDAY=2SU")
        page.key(b"\r")
        page.wait_for(lambda p: not p.lines()[-1].startswith("Repeat ("), what="the prompt closed")
        assert "Changed" not in page.text()
        assert rules() == ["RRULE:FREQ=YEARLY;BYMONTH=5;BYDAY=2SU"], rules()
        assert len(page.cal_json("log")) == changes
        page.key(b"r")
        wait_prompt(page, "Repeat (", "rrule FREQ=YEARLY;BYMONTH=5;BYDAY=2SU")
        page.key(b";COUNT=3\r")
        page.wait_text("Changed “mothers day”")
        page.wait_text("Repeat         rrule FREQ=YEARLY;COUNT=3;BYMONTH=5;BYDAY=2SU")
        assert rules() == ["RRULE:FREQ=YEARLY;COUNT=3;BYMONTH=5;BYDAY=2SU"], rules()
    finally:
        page.close()


@case
def go_to_prompt(cal, folder):
    """g goes to a day or a month typed as the commands take them, recorded as a jump; a mistake is shown."""
    prepare(cal, folder, ["goto", "2024-05"])
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        page.key(b"g")
        page.key(b"2024-8-15\r")
        page.settled("August 2024")
        page.wait_text("Thu 15 August 2024")
        page.key(b"g")
        page.key(b"next month\r")
        page.settled("June 2024")
        page.key(b"g")
        page.key(b"13\r")
        page.wait_text("Error: '13' is ambiguous")
        assert history(page)[:2] == [(None, "2024-08", "2024-06"), (None, "2024-05", "2024-08")], history(page)
    finally:
        page.close()


@case
def pastes_stay_in_the_prompt(cal, folder):
    """A paste of any size goes into the prompt as one line and nothing of it acts as a key (past 64 KiB the
    rest is dropped); a paste whose end never comes ends after a second, and the keys work again."""
    prepare(cal, folder, ["goto", "2024-05"], ["add", "2024-05-12", "dentist"])
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        page.key(b"/")
        page.send(b"\x1b[200~" + b"dy abc\nq\n" * 10000 + b"\x1b[201~")
        page.wait_for(lambda p: p.lines()[-1].startswith("Search: ") and "abc" in p.lines()[-1], what="the paste")
        page.pump(0.3)
        assert page.status is None and page.lines()[-1].startswith("Search: "), page.text()
        page.key(b"\x1b")
        page.send(b"\x1b[200~abc")
        page.pump(1.3)
        page.key(b"n")
        page.settled("June 2024")
        assert [e["title"] for e in page.cal_json("list", "2024-05-12")] == ["dentist"]
        assert [entry[0] for entry in history(page)] == ["up-left", None]
    finally:
        page.close()


@case
def todos(cal, folder):
    """T lists the to-dos as cal todo list orders them; x marks the chosen one done (and again open), a adds one
    (title, then a day it is due), d deletes one after a yes, Enter goes to its day; Esc closes."""
    prepare(cal, folder, ["goto", "2024-05"], ["todo", "add", "file taxes", "--due", "2024-06-03", "--priority", "high"],
            ["todo", "add", "buy stamps"], ["todo", "add", "renew passport", "--due", "2024-05-10"])
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        page.key(b"T")
        page.wait_text("To-dos · x: done")
        page.wait_text("[ ] 2024-05-10  renew passport (overdue)")
        lines = [line for line in page.lines() if "[ ]" in line]
        assert ["renew" in lines[0], "file taxes" in lines[1], "stamps" in lines[2]] == [True] * 3, lines
        page.key(b"x")
        page.wait_text("[x] 2024-05-10")
        assert [t["title"] for t in page.cal_json("todo", "list", "--done")] == ["renew passport"]
        page.key(b"x")
        page.wait_text("[ ] 2024-05-10")
        assert page.cal_json("todo", "list", "--done") == []
        page.key(b"a")
        page.wait_text("New to-do · title:")
        page.key("call Zoë\r".encode())
        page.wait_text("Due (2024-05-31, fri, +3d; empty: none):")
        page.key(b"2024-02-30\r")
        page.wait_text("Error:")
        page.key(b"\x15" + b"tomorrow\r")
        page.wait_text("[ ] 2024-05-13  call Zoë")
        todos = page.cal_json("todo", "list")
        assert [(t["title"], t["due"]) for t in todos][1] == ("call Zoë", "2024-05-13"), todos
        page.key(b"d")
        page.wait_text("Delete the to-do “call Zoë”? (y/n)")
        page.key(b"y")
        page.wait_text("Deleted the to-do")
        assert [t["title"] for t in page.cal_json("todo", "list")] == ["renew passport", "file taxes", "buy stamps"]
        # The one after the deleted one is chosen: file taxes, due 3 June.
        page.key(b"\r")
        page.settled("June 2024")
        page.wait_text("Mon 3 June 2024")
        page.key(b"T")
        page.wait_text("To-dos · x: done")
        page.key(b"\x1b")
        page.wait_for(lambda p: "To-dos ·" not in p.text(), what="the to-dos to close")
    finally:
        page.close()


@case
def week_view_and_help(cal, folder):
    """w shows the week with its timed events by hour; ? lists the keys and any key closes the list."""
    prepare(cal, folder, ["goto", "2024-05"], ["add", "2024-05-14", "review", "--at", "15:00", "--for", "2h"])
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        page.key(b"w")
        page.wait_text("week 20")
        column, row = page.find("15:00 re")
        assert page.lines()[row - 1].startswith("15:00"), page.lines()[row - 1]
        assert page.lines()[row][column - 1] == "│", "the two hours are not drawn"
        page.key(b"?")
        page.wait_text("Keys (any key closes)")
        page.key(b"x")
        page.wait_for(lambda p: "Keys (any key closes)" not in p.text(), what="the help to close")
    finally:
        page.close()


@case
def help_scrolls_when_small(cal, folder):
    """On the smallest page the help still lists every key with all of its words: descriptions wrap under
    their keys, j and k (and the wheel) scroll, any other key closes."""
    prepare(cal, folder, ["goto", "2024-05"])
    page = Page(cal, folder, rows=12, columns=40)
    try:
        page.settled("May 2024")
        page.key(b"?")
        page.wait_text("Keys (j k: scroll, others close)")
        seen = set()
        for _ in range(40):
            seen.update(" ".join(line[1:-1].split()) for line in page.lines()[2:-1])
            page.key(b"j")
        words = " ".join(sorted(seen))
        for text in ("h j k l", "(past the", "page's edge: turn)", "Tab Shift-Tab", "q Ctrl-C quit", "redraw; suspend", "(fg comes back)", "T to-dos: x done"):
            assert text in words, (text, seen)
        page.key(b"k")
        page.wait_for(lambda p: "? this help" in " ".join(p.text().split()) and "q Ctrl-C" not in p.text(),
                      what="scrolled back by one")
        # The wheel scrolls the help too, and turns no page behind it.
        page.send(b"\x1b[<65;20;6M" * 30)
        page.wait_for(lambda p: "q Ctrl-C quit" in " ".join(p.text().split()), what="the wheel at the end")
        page.key(b"x")
        page.wait_for(lambda p: "Keys (" not in p.text(), what="the help to close")
        assert page.lines()[0].strip().startswith("May 2024"), page.text()
        assert len(history(page)) == 1, history(page)
    finally:
        page.close()


@case
def week_view_shares_hours(cal, folder):
    """Several timed events in one hour all show in the week view: side by side where the column is wide
    enough, else the first with +N, and the one selected with Tab takes the first place."""
    prepare(cal, folder, ["goto", "2024-05"], ["add", "2024-05-14", "alpha", "--at", "09:00", "--for", "1h"],
            ["add", "2024-05-14", "bravo", "--at", "09:30"], ["add", "2024-05-14", "charlie", "--at", "09:45"])
    page = Page(cal, folder, rows=24, columns=240)
    try:
        page.settled("May 2024")
        page.key(b"w")
        page.wait_text("week 20")
        row = next(line for line in page.lines() if line.startswith("09:00"))
        for title in ("09:00 al", "09:30 br", "09:45 ch"):
            assert title in row, "%r is not in the 09:00 row: %r" % (title, row)
        page.resize(24, 80)
        page.wait_for(lambda p: "+2" in next(line for line in p.lines() if line.startswith("09:00")),
                      what="+2 in the 09:00 row")
        page.key(b"ll\t\t")
        page.wait_for(lambda p: "charl" in next(line for line in p.lines() if line.startswith("09:00")),
                      what="the selected charlie in the 09:00 row")
    finally:
        page.close()


@case
def resize_redraws(cal, folder):
    """A resize redraws at once at the new size; too small a terminal shows one line saying so."""
    prepare(cal, folder, ["goto", "2024-05"])
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        page.resize(30, 120)
        page.wait_for(lambda p: "│" in p.lines()[5] and "Sun 12 May 2024" in p.lines()[1], what="a wide page")
        assert p_status(page).startswith("n/p or drag a corner"), p_status(page)
        page.resize(8, 30)
        page.wait_text("Too small for the calendar")
        assert all(line.strip() == "" for line in page.lines()[1:]), page.text()
        page.resize(12, 40)
        page.settled("May 2024")
        page.key(b"q")
        assert page.wait_exit() == 0
    finally:
        page.close()


@case
def keys_on_any_screen(cal, folder):
    """Ctrl-Z suspends from a prompt too, and fg brings the prompt back as it was; on a screen too small for
    the page, a key opens nothing unseen, and q quits even with a prompt open."""
    prepare(cal, folder, ["goto", "2024-05"])
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        page.key(b"a")
        page.key(b"half typed")
        page.key(b"\x1a")
        page.wait_stopped()
        page.pump(0.2)
        page.assert_restored()
        page.screen.reset()
        page.fg()
        page.wait_text("title: half typed")
        page.key(b"\x1b")
        page.resize(8, 30)
        page.wait_text("Too small for the calendar")
        page.key(b"a")
        page.resize(24, 80)
        page.settled("May 2024")
        assert "title:" not in page.text(), page.text()
        page.key(b"g")
        page.wait_text("Go to (")
        page.resize(8, 30)
        page.wait_text("Too small for the calendar")
        page.key(b"q")
        assert page.wait_exit() == 0
        page.set_size(24, 80)  # as it was when the settings were first read
        page.assert_restored()
    finally:
        page.close()


@case
def narrow_week_shows_dates(cal, folder):
    """The week view on the smallest screen still says which day each column is: its number."""
    prepare(cal, folder, ["goto", "2024-05"])
    page = Page(cal, folder, rows=12, columns=40)
    try:
        page.settled("May 2024")
        page.key(b"w")
        page.wait_text("week 20")
        assert page.lines()[1].split() == ["12", "13", "14", "15", "16", "17", "18"], page.lines()[1]
        page.resize(12, 50)
        page.wait_for(lambda p: p.lines()[1].split()[:2] == ["Su", "12"], what="Su 12")
    finally:
        page.close()


@case
def calendar_file_replaced(cal, folder):
    """A calendar file replaced (another file renamed over it) or removed while the page is open: at the next
    key the page ends with one line saying so, before it writes anything where no one would find it."""
    prepare(cal, folder, ["goto", "2024-05"])
    other = os.path.join(folder, "other")
    os.mkdir(other)
    prepare(cal, other, ["add", "2024-05-12", "restored from the backup"])
    for replace in (lambda db: os.rename(os.path.join(other, "cal.db"), db), os.unlink):
        page = Page(cal, folder)
        try:
            page.settled("May 2024")
            page.key(b"a")
            page.key(b"kept in the old file\r\r")  # in the old file's log, not yet copied into it
            page.wait_text("Added")
            replace(page.db)
            page.key(b"a")
            page.key(b"lost\r\r")
            assert page.wait_exit() == 1, page.status
            page.assert_restored()
            tail = page.output[page.output.rindex(b"\x1b[?1049l"):]
            assert b"was removed or replaced while the page was open" in tail, tail
            if os.path.exists(page.db):  # the file put in its place is whole, and holds what it held
                listed = [e["title"] for e in page.cal_json("list", "2024-05-12")]
                assert listed == ["restored from the backup"], listed
        finally:
            page.close()
    assert not os.path.exists(os.path.join(folder, "cal.db"))


@case
def nonblocking_terminal(cal, folder):
    """A terminal another program left non-blocking, whose reader falls behind (a slow link): the page waits for
    room instead of taking the terminal for gone (it ended at once, in the alternate screen, mouse on)."""
    prepare(cal, folder, ["goto", "2024-05"])
    page = Page(cal, folder, rows=100, columns=300, nonblocking=True)
    try:
        page.settled("May 2024")
        page.send(b"nnnn")
        time.sleep(1.5)  # nothing read: the terminal's buffer fills
        page.settled("September 2024")
        page.key(b"q")
        assert page.wait_exit() == 0
        page.assert_restored()
    finally:
        page.close()


def p_status(page):
    return page.lines()[-1].strip()


@case
def starts_too_small(cal, folder):
    """Started on a terminal smaller than 40 by 12: the one-line message, and q still quits."""
    page = Page(cal, folder, rows=8, columns=30)
    try:
        page.wait_text("Too small for the calendar")
        page.key(b"q")
        assert page.wait_exit() == 0
        page.assert_restored()
    finally:
        page.close()


def ends_restored(cal, folder, end, status, env=None):
    page = Page(cal, folder, env=env)
    try:
        page.settled(" 2024")
        end(page)
        assert page.wait_exit() == status, page.status
        page.assert_restored()
    finally:
        page.close()


@case
def quit_with_q(cal, folder):
    ends_restored(cal, folder, lambda page: page.key(b"q"), 0)


@case
def quit_with_ctrl_c(cal, folder):
    ends_restored(cal, folder, lambda page: page.key(b"\x03"), 0)


@case
def sigterm_restores(cal, folder):
    ends_restored(cal, folder, lambda page: page.signal(signal.SIGTERM), 128 + signal.SIGTERM)


@case
def sighup_restores(cal, folder):
    ends_restored(cal, folder, lambda page: page.signal(signal.SIGHUP), 128 + signal.SIGHUP)


@case
def sigint_restores(cal, folder):
    ends_restored(cal, folder, lambda page: page.signal(signal.SIGINT), 128 + signal.SIGINT)


@case
def thrown_error_restores(cal, folder):
    """An error thrown out of the page (asked for by CAL_TEST_FAULT) gives the terminal back, then says so."""
    def fault(page):
        page.key(b"\x1b[24~")
    ends_restored(cal, folder, fault, 1, env={"CAL_TEST_FAULT": "throw"})


@case
def crash_restores(cal, folder):
    """A Swift runtime trap (fatalError, asked for by CAL_TEST_FAULT) gives the terminal back in its handler."""
    def fault(page):
        page.key(b"\x1b[24~")
    page = Page(cal, folder, env={"CAL_TEST_FAULT": "trap"})
    try:
        page.settled(" 2024")
        fault(page)
        assert page.wait_exit() in (128 + signal.SIGILL, 128 + signal.SIGTRAP), page.status
        page.assert_restored()
    finally:
        page.close()


@case
def sigsegv_restores(cal, folder):
    ends_restored(cal, folder, lambda page: page.signal(signal.SIGSEGV), 128 + signal.SIGSEGV)


@case
def sigabrt_restores(cal, folder):
    ends_restored(cal, folder, lambda page: page.signal(signal.SIGABRT), 128 + signal.SIGABRT)


@case
def sigkill_restored_by_watchdog(cal, folder):
    """SIGKILL leaves no handler a chance: the watchdog process gives the terminal back."""
    ends_restored(cal, folder, lambda page: page.signal(signal.SIGKILL), 128 + signal.SIGKILL)


@case
def suspend_and_resume(cal, folder):
    """Ctrl-Z gives the terminal back and stops the page as a job; fg continues it and it draws itself again."""
    prepare(cal, folder, ["goto", "2024-05"])
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        page.key(b"\x1a")
        page.wait_stopped()
        page.pump(0.2)
        page.assert_restored()
        page.screen.reset()
        resumed = len(page.output)
        page.fg()
        page.settled("May 2024")
        page.pump(0.3)
        # Taken again and drawn once, not twice (the SIGCONT that continued it is no second resume).
        assert page.output[resumed:].count(b"\x1b[?1049h") == 1, page.output[resumed:]
        page.key(b"n")
        page.settled("June 2024")
        page.key(b"q")
        assert page.wait_exit() == 0
        page.assert_restored()
    finally:
        page.close()


@case
def another_cal_shows(cal, folder):
    """An event added by another cal while the page is open shows at the next keypress."""
    prepare(cal, folder, ["goto", "2024-05"])
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        page.run_cal("add", "2024-05-12", "from elsewhere", "--at", "11:00")
        page.key(b"\x0c")
        page.wait_text("11:00 fro", timeout=1.8)
        page.wait_text("from elsewhere", timeout=1.8)
    finally:
        page.close()


def readme_page(cal, folder):
    """The page the README shows, as text."""
    prepare(cal, folder, ["goto", "2024-05"], ["add", "2024-05-12", "dentist", "--at", "14:30", "--for", "45m"],
            ["add", "2024-05-13", "standup", "--at", "09:00", "--for", "15m", "--repeat", "weekly", "--on",
             "mon,wed,fri"], ["add", "2024-05-20", "holiday", "--to", "2024-05-24"],
            ["add", "2024-05-12", "call Ana", "--at", "18:00"])
    page = Page(cal, folder)
    try:
        page.settled("May 2024")
        return [line.rstrip() for line in page.lines()]
    finally:
        page.close()


@case
def capture(cal, folder):
    """Not a test: prints the page the README shows."""
    print("\n".join(readme_page(cal, folder)))


@case
def readme_capture(cal, folder):
    """The README's picture of the page is what the page shows."""
    readme = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "README.md")).read()
    section = readme[readme.index("### The interactive page"):]
    block = section[section.index("```text\n") + len("```text\n"):]
    shown = block[:block.index("```")].rstrip("\n").split("\n")
    assert shown == readme_page(cal, folder), "the README's capture is out of date: run interactive_test.py CAL capture"


def main():
    if sys.argv[1:] == ["--list"]:
        print("\n".join(name for name in CASES if name != "capture"))
        return
    cal, name = sys.argv[1], sys.argv[2]
    folder = tempfile.mkdtemp(prefix="cal-interactive-")
    started = time.time()
    try:
        CASES[name](cal, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if name != "capture":
        print("%s passed in %.2f s" % (name, time.time() - started))


if __name__ == "__main__":
    main()
