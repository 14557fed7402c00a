"""Values that are valid, at the edges, or hostile, for every kind of input cal takes."""

ESC = "\x1b"
HUGE_NUMBERS = ["2147483647", "2147483648", "4294967295", "4294967296", "9223372036854775807", "9223372036854775808",
                "18446744073709551616", "99999999999999999999", "-2147483648", "-9223372036854775808",
                "-9223372036854775809"]
GARBAGE = ["", " ", "-", "--", "-1", "0", "x", "%s%n%x", "'", '"', "\\", "../../../etc/passwd", "/dev/zero",
           ESC + "[31mred" + ESC + "[0m", ESC + "]0;title\x07", ESC + "[2J", "\u202eevil", "\u0085", "\u009b31m",
           "\x7f", "a\nb", "a\rb", "tab\there", "\udcff\udcfe", "\udcc3", "Ｘ", "ﬃ", "İ", "ß", "e\u0301",
           "😀" * 3, "A" * 5000, "−1", "٣", "NaN", "inf", "1e9", "0x10", "+5", " 5", "5 "] + HUGE_NUMBERS

DATES_VALID = ["2024-05-12", "2024-05-13", "2024-05-14", "2024-05-15", "2024-05-17", "2024-02-29", "today",
               "tomorrow", "yesterday", "2024-12-31", "2025-01-01", "2024-03-31", "2024-10-27", "2024-03-10",
               "2024-11-03", "2024-06-03", "2024-07-01", "2024-01-31"]
DATES_EDGE = ["0001-01-01", "9999-12-31", "0001-01-02", "9999-12-30", "1970-01-01", "1969-12-31", "2038-01-19",
              "2000-02-29", "2100-02-28", "1752-09-03", "1582-10-10", "0001-12-31", "9999-01-01"]
DATES_BAD = ["0000-12-31", "0000-01-01", "10000-01-01", "2024-13-01", "2024-00-10", "2024-02-30", "2023-02-29",
             "1900-02-29", "2024-5-12", "24-05-12", "2024/05/12", "20240512", "2024-05-12T10:00", "-2024-05-12",
             "+2024-05-12", "２０２４-０５-１２", "2024-05-12 ", " 2024-05-12", "2024-05-12\n", "todayy", "TODAY",
             "now", "٢٠٢٤-٠٥-١٢", "2024-05-1٢", "99999999999999999999-01-01", "2024-99999999999999999999-01",
             "2024-05-99999999999999999999", "-0001-01-01", "2024-05-00", "2024-04-31", "2024--05-12",
             "2024-05-12..2024-05-13"]
TIMES_VALID = ["09:00", "14:30", "00:00", "23:59", "12:00", "02:30", "03:30", "01:30", "23:30", "00:01"]
TIMES_BAD = ["24:00", "23:60", "25:00", "9:00", "09:0", "0900", "09:00:00", "-01:00", "99999999999999999999:00",
             "09:99999999999999999999", "٠٩:٠٠", "09:00pm", "noon", "00:-1", ":", "1:", "24:01", "-0:00"]
LENGTHS_VALID = ["45m", "1h", "1h30m", "2d", "1d", "30m", "90m", "24h", "1m", "10d"]
LENGTHS_BAD = ["0m", "0h", "0d", "1440m", "3652059d", "3652060d", "99999999999999999999m", "9223372036854775807m",
               "153722867280912930m", "2562047788015215h", "106751991167300d", "35791394h", "2147483647m",
               "2147483648m", "-1h", "1h-30m", "m", "h", "1x", "1h1h", "1.5h", "1H", "1 h", "1d1h1m1s", "1w",
               "5256000m", "87600h", "3650d", "1d0m", "00000000000000000000001m"]
ZONES_VALID = ["Europe/Berlin", "America/New_York", "Pacific/Kiritimati", "America/St_Johns", "UTC",
               "Etc/GMT+12", "Etc/GMT-14", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham",
               "America/Sao_Paulo", "Africa/Casablanca", "Antarctica/Troll", "Pacific/Honolulu", "Asia/Kolkata",
               "Europe/Dublin", "Pacific/Apia", "America/Caracas"]
ZONES_BAD = ["local", "Local", "LOCAL", "", "Nowhere/City", "../../../etc/passwd", "/etc/localtime", "/dev/zero",
             "Europe/", "Europe//Berlin", "EST5EDT", "EST5EDT,M3.2.0,M11.1.0", "ABC999999999999999999",
             "<+14>-14", "posixrules", "right/UTC", "zone.tab", "tzdata.zi", "leapseconds", "iso3166.tab",
             "Europe/Berlin\x1b[31m", "A" * 300, "Europe/Berlin/", "europe/berlin", "Etc", "Factory",
             "posix/Europe/Berlin", ".", "..", "Europe/.", "-", "XXX-25", "UTC0UTC1,J0/0,J365/25"]
REPEATS = ["daily", "weekly", "monthly", "yearly"]
REPEATS_BAD = ["none", "", "hourly", "DAILY", "Daily", "weekly,monthly", "fortnightly", "secondly", "minutely"]
# Repeats in words (cal add --repeat "every 2 weeks on mon,fri"): parts a phrase is put together from, each list
# with words that read and words that do not.
PHRASE_LEADS = ["every", "every", "each", "EVERY", "Every", "everyday", "evry", "every,", "each,"]
PHRASE_COUNTS = ["", "", "", "2", "3", "other", "second", "third", "sixth", "2nd", "3rd", "10th", "21st", "1", "0",
                 "100000", "100001", "50001", "99999999999999999999", "-1", "+2", "1st", "12nd", "0th", "2.5", "٣",
                 "２", "other other", "2 2", "0002"]
PHRASE_UNITS = ["day", "days", "week", "weeks", "month", "months", "year", "years", "fortnight", "fortnights",
                "weekday", "weekdays", "workday", "workdays", "mon", "monday", "mondays", "tue and thu",
                "mon, wed & fri", "tue,thu", "mon-fri", "sat-sun", "fri-mon", "sun-sat", "tues", "thurs", "weekend",
                "", "and", ",", "&", "on", "blue moon", "week week", "day and", "mo", "MON", "Friday"]
PHRASE_ONS = ["", "", "", "on mon,fri", "on mon and fri", "on the 2nd-tue", "on 2nd-tue", "on 1, 15", "on last",
              "on the last", "on 2nd-last", "on", "on the", "on ,", "on mon on fri", "on 2nd tue",
              "on the second tuesday", "on last fri", "on mon-fri", "on 6th-mon", "on 32", "on 0", "on tue",
              "on every", "on mon and", "on 5th-fri", "on the 31st"]
PHRASE_TAILS = ["3 times", "until fri", "every 2", "and", ",", "on", "until", "0 times", "x"]
PHRASES_VALID = ["every day", "every weekday", "every 2 weeks", "every other month", "every tue and thu",
                 "every month on 2nd-tue", "every 2 weeks on mon,fri", "each fortnight", "every third year",
                 "every other friday", "every mon, wed & fri", "every week on mon and fri", "every month on 1, 15",
                 "every mon-fri", "every sat-sun", "EVERY  Third\tMonth", "every 100000 years"]
COUNTS_VALID = ["1", "2", "3", "5", "10", "52", "100"]
COUNTS_EDGE = ["0", "-1", "100000", "100001", "100001", "2147483648", "1000", "10000", "99999", "1000000000", "2147483647", "2147483648", "4294967296",
               "9223372036854775807", "9223372036854775808", "99999999999999999999", "1e3", "0x10", "+5", " 5",
               "٥", "", "3652059", "3652060", "1000000", "65535", "65536"]
ON_WEEKLY = ["mon", "mon,wed,fri", "tue", "sun,sat", "mon,tue,wed,thu,fri,sat,sun"]
ON_MONTHLY = ["2nd-tue", "last-fri", "1,15", "last", "31", "1", "1st-mon", "-1", "5th-fri", "4th-thu",
              "2nd-tue,last-fri", "29", "30"]
ON_BAD = ["MON", "monday", "mo", "mon,mon", "", ",", "mon,", "xyz", "0", "32", "-32", "6th-mon", "0th-mon",
          "-1st-mon", "99999999999999999999th-mon", "1,1,1", "last,1", "1-15", "99999999999999999999", "mon wed",
          "last-last", "1st", "-tue", "2nd-", "53rd-mon", "-5th-fri", "last-mon,first-mon"]
MONTHS_VALID = ["2024-05", "2024-06", "2024-02", "2024-12", "2025-01", "today", "2024"]
MONTHS_EDGE = ["0001-01", "9999-12", "0001", "9999", "1970-01", "1752-09"]
MONTHS_BAD = ["0000-12", "10000-01", "2024-13", "2024-00", "2024-5", "24-05", "10000", "0", "-1",
              "99999999999999999999", "2024-05-12", "2024/05", "May", "tomorrow", "week"]
WHEN_EXTRA = ["week", "today", "tomorrow", "yesterday", "2024-05-01..2024-06-15", "0001-01-01..0001-12-31",
              "9999-01-01..9999-12-31", "2024-05-12..2024-05-01", "..2024-05-01", "2024-05-01..",
              "2024-05..2024-06", "2024-05-01...2024-05-02", "2024-05-01..2024-05-01..2024-05-02", "..",
              "9999-12-31..9999-12-31", "0001-01-01..0001-01-01", "2024-01-01..2024-12-31", "1970-01-01..2035-12-31",
              "today..tomorrow", "week..week"]
WHEN_HUGE = ["0001-01-01..9999-12-31", "1900-01-01..2100-12-31"]
IDS_VALID = [str(n) for n in range(1, 16)] + ["#1", "#3", "#4", "#8"]
IDS_BAD = ["0", "-1", "#", "##3", "3.0", "x", "", "#0", "3@2024-05-22", "#3@2024-05-22", "#3@2024-05-13",
           "3@", "@2024-05-13", "#3@9999-12-31", "#3@0000-01-01", "+3", " 3", "3 ", "٣", "#-1"] + HUGE_NUMBERS
DIRECTIONS = ["up-left", "up-right", "down-right", "down-left"]
DIRECTIONS_BAD = ["UP-LEFT", "left", "", "up-left,down-right", "up", "upleft", "up_left", "↖"]
SWIPES = ["-5,-5", "5,5", "0,0", "0,-1", "-1,0", "3,-4"]
SWIPES_BAD = ["9223372036854775807,-9223372036854775808", "-9223372036854775808,0", "0,-9223372036854775808",
              "-9223372036854775808,-9223372036854775808", "99999999999999999999,1", "1", "1,2,3", ",", "a,b",
              "1.5,2", "nan,inf", "", "-,-", "5,", ",5", "1 ,2", "１,２", "2147483648,-2147483649"]
COLORS = ["auto", "always", "never"]
COLORS_BAD = ["", "ALWAYS", "yes", "true", "1"]
SHELLS = ["bash", "zsh", "fish"]
SHELLS_BAD = ["", "powershell", "sh", "BASH", "tcsh"]
LIMITS = ["0", "1", "10", "100"]
# --format: fields and braces as they should be, and as they should be refused.
FORMATS = ["{title}", "{date} {time} {title}", "{start-time}-{end-time} {title}{running}", "{handle}\\t{note}",
           "{{{location}}}", "{start} {end} {repeat} {calendar} {weekday} {id}", "x", "", "\\n{note}\\n", "\\x{title}\\"]
FORMATS_BAD = ["{", "}", "{nope}", "{title", "a}b", "{{}", "{Title}", "{ title}", "{" * 1000, "{" + "a" * 100000 + "}"]
# --between for cal free.
HOURS = ["9-17", "8:30-18:00", "9am-5pm", "0-24", "20-midnight", "23:59-24", "0-0:01", "noon-13"]
HOURS_BAD = ["17-9", "9", "9-9", "-", "9-25", "24-24", "9-17-18", "9am-17pm", "１-２", "9 - 17"]
TITLES = ["x", "dentist", "Müller", "standup", "board meeting", "e", "日本語", "call with Ana", "2024-05-12", "-x",
          "--", "--db", "'; DROP TABLE events; --", "%", "_", "[x]", "*", "?", "NULL", "\\0"]
TEXTS_BAD = [ESC + "[31mred" + ESC + "[0m", ESC + "]0;pwned\x07", "\u202eevil", "\u2066iso\u2069", "\u0085next",
             "\u009b31m", "\x7fdel", "line1\nline2", "tab\tbed", "cr\rhere", " ", "", "   ", "A" * 100000,
             "🎉" * 1000, "\udcff\udcfe", "ﬃ", "İstanbul", "STRASSE", "ǅ", "\u200b", "\ufeff", "Ω", "Ꭰ",
             "\U0001f1e9\U0001f1ea", "a" + "\u0301" * 500]


def tz_values():
    """TZ values for a run: the brief's four, others with odd offsets, and hostile ones."""
    return ["UTC", "Europe/Berlin", "Pacific/Kiritimati", "America/St_Johns"]


TZ_MAIN = ["UTC", "Europe/Berlin", "Pacific/Kiritimati", "America/St_Johns"]
TZ_MORE = ["Pacific/Honolulu", "Asia/Kolkata", "Australia/Lord_Howe", "America/Sao_Paulo", "Etc/GMT+12",
           "Etc/GMT-14", "Pacific/Chatham", "Asia/Kathmandu", "America/New_York", "Antarctica/Troll"]
TZ_HOSTILE = ["", ":", ":/etc/passwd", "ABC999999999999999999", "EST5EDT,M3.2.0,M11.1.0", "<+14>-14",
              "XXX-25", "XXX+24:59:59", "UTC0UTC1,J0/0,J365/25", "/dev/zero", ":/dev/zero", "/dev/null", "/",
              "/etc", "../../../etc/passwd", "Europe/../../../../dev/urandom", "A" * 300, "Europe/Berlin\x1b[31m",
              "UTC+99999999999999999999", "<ABCDEFGHIJKLMNOPQRSTUVWXYZ>5", "ABC5DEF,M13.6.7,M0.0.0",
              "ABC5DEF,M3.5.0/-167,M10.5.0/167", "ABC5DEF,J60,J60", "ABC5DEF,M3.2.0/999999999999,M11.1.0",
              "ABC-14DEF-15,0/0,365/25", "ABC5DEF4,M1.1.0,M12.5.6/24", ":UTC", "UTC0", "GMT+0", "Etc/GMT+13",
              "posixrules", "right/UTC", "zone.tab", "tzdata.zi", "Factory", "ABC+1:2:3", "ABC99:99:99",
              "ABC5DEF,M3.2.0/-0:00:01,M11.1.0", "<>5", "<+14", "ABC", "ABC5DEF,,", "ABC5DEF,M3.2.0",
              "ABC5DEF6,J1/0,J1/0", "ABC24:59:59DEF-24:59:59,M3.2.0/167,M3.2.1/-167", "\u00e9t\u00e9"]
POSIX_NAMES = ["UTC", "ABC", "<+14>", "<-1130>", "A", "<>", "<ABCDEFGHIJKLMNOPQRSTUVWXYZ>", "AB", "EST", "<+0545>"]
POSIX_OFFSETS = ["0", "-14", "25", "167", "-167", "24:59:59", "999999999999999999", "+1:2:3", "99:99:99",
                 "-0:00:01", "5", "-5:30", "12", "-12", "24", "-24", "4294967296", "1:60", "1:00:60"]
POSIX_RULES = [",M3.2.0,M11.1.0", ",J0/0,J365/25", ",0/0,365/25", ",M13.6.7,M0.0.0", ",M3.5.0/-167,M10.5.0/167",
               ",J60,J60", ",M3.2.0/999999999999,M11.1.0", ",M3.5.0,M10.5.0/3", ",J1,J365", ",0,365",
               ",M1.1.0,M12.5.6/24", ",M3.2.0/2:00:60,M11.1.0", ",M2.5.0,M2.5.0", ",366,0", ",M3.2.0",
               ",M3.0.0,M11.6.0", ",J366,J0", ",M12.5.6/25,M1.1.0/-25", ""]
LANGS = ["C", "POSIX", "C.UTF-8", "C.utf8", "en_US.UTF-8", "de_DE.UTF-8", "zh_CN.UTF-8", "ar_EG.UTF-8",
         "tr_TR.UTF-8", "xx_YY.garbage", "../../../etc", "/etc/passwd", "A" * 5000, "en_US.UTF-8@euro", "", "=",
         "en_US.ISO-8859-1", "de_DE@euro", "fuzz_XX.UTF-8", "fuzz_XX", "C.UTF-8@" + "x" * 300]

# The words add, list and agenda take since the date/time grammar grew (may 12, 12. mai, fri 14:30, 9am-10:30am).
DAY_WORDS = ["may 12", "12 may", "12. mai", "may 12 2025", "12 may 2025", "feb 29", "feb 29 2023", "feb 29 2028",
             "dec 31 9999", "jan 1 0001", "may 12 0000", "may 0", "may 32", "may 99999999999999999999", "12. dez. 9999",
             "next fri", "in 3 days", "+999999999d", "-999999999d", "fri", "tomorrow", "1 jan 1",
             # Dates of numbers: dots day first, slashes in the locale's order (LANGS above).
             "18.05.", "29.2.", "31.12.9999", "1.1.0001", "0.0.", "99.99.", "18.05.24", "18.05", "5/20", "20/5",
             "6/1", "6/1/2025", "12/31/9999", "5/6/7", "1/2/3/4", "18.05...25.05.", "..."]
TIME_WORDS = ["14:30", "9am-10:30am", "9:00 10:00", "10:00 1h30", "noon", "midnight", "11pm-midnight", "23:30 1h30",
              "1:30 3:30", "1:30-3:30", "2:30", "9", "9-10", "25:00", "1:1", "9:00 8am", "9:00 99999999h",
              "9:00 0h", "9:00 1h99999999", "12am-12pm", "23:59 1m", "0:00 1440m", "9:00 9:00", "9:00-"]
WHEN_WORDS = ["next week", "last week", "this week", "may 12", "12 may 2025", "june", "next month", "fri",
              "12. mai", "may..june", "dec 31 9999", "jan 1 0001"]
