"""Reading paper records: encodings, delimiters, damaged names, every check and its place."""

from __future__ import annotations

import codecs
from typing import Any

import ftfy
import pytest

from remi_sheet.core.problems import Problem, RemiError
from remi_sheet.core.rules import HouseRules
from remi_sheet.i18n import Phrase, say
from remi_sheet.notebook.records import Records, read_csv, read_tables
from remi_sheet.notebook.records_game import sheet_rows
from remi_sheet.notebook.records_text import Table, decode, repair_text, sniff_delimiter
from remi_sheet.reading.grid import Grid
from remi_sheet.writing.filing import Status, plan_filing, sheet_title

RULES = HouseRules()

ROWS = [
    ["Játszma", "Leosztás", "Kovács Ödön", "Szűcs Éva", "Kőműves Győző", "Bíró Ilona"],
    ["2019-03-02 #1", "1", "-40", "60", "200", ""],
    ["2019-03-02 #1", "2", "10", "-20", "40", ""],
    ["2019-03-02 #1", "Összesen", "-30", "40", "240", ""],
    ["2019-03-02 #2", "1", "", "H", "27", "X"],
    ["2019-03-02 #2", "2", "", "12", "W", "K 9 Jo"],
]


def csv_bytes(rows: list[list[str]], delimiter: str = ";", encoding: str = "utf-8") -> bytes:
    """Rows as a spreadsheet program saves them: quoted where needed, CRLF line ends."""
    lines = []
    for row in rows:
        cells = [
            f'"{cell.replace(chr(34), chr(34) * 2)}"'
            if any(ch in cell for ch in (delimiter, '"', "\n"))
            else cell
            for cell in row
        ]
        lines.append(delimiter.join(cells))
    return ("\r\n".join(lines) + "\r\n").encode(encoding)


def read(rows: list[list[str]], **kwargs: Any) -> Records:
    return read_csv(csv_bytes(rows), "papir.csv", RULES, **kwargs)


def codes(records: Records) -> list[str]:
    return [p.code for p in records.all_problems()]


def only(records: Records, code: str) -> Problem:
    found = [p for p in records.all_problems() if p.code == code]
    assert len(found) == 1, records.all_problems()
    return found[0]


def summary(records: Records) -> list[tuple[str, tuple[str, ...], list[list[Any]]]]:
    return [(g.name, g.players, sheet_rows(g, "hu")) for g in records.games]


# -- encodings and delimiters -----------------------------------------------------------


@pytest.mark.parametrize("delimiter", [";", ",", "\t"])
@pytest.mark.parametrize(
    ("encoding", "label"),
    [
        ("utf-8", "UTF-8"),
        ("utf-8-sig", "UTF-8 (BOM)"),
        ("cp1250", "Windows-1250"),
        ("iso8859_2", "Windows-1250"),  # the same bytes for every Hungarian letter
        ("utf-16", "UTF-16"),  # Excel's "Unicode text"
    ],
)
def test_round_trip_in_every_encoding_and_delimiter(
    encoding: str, label: str, delimiter: str
) -> None:
    records = read_csv(csv_bytes(ROWS, delimiter, encoding), "papir.csv", RULES)
    assert records.encoding == label
    assert records.delimiter == delimiter
    assert records.all_problems() == []
    assert summary(records) == summary(read(ROWS))
    first, second = records.games
    assert first.players == ("Kovács Ödön", "Szűcs Éva", "Kőműves Győző")
    assert second.players == ("Szűcs Éva", "Kőműves Győző", "Bíró Ilona")
    assert first.score is not None and first.score.totals == (-30, 40, 240)
    assert second.score is not None and second.score.totals == (-30, 40, 240)


def test_ambiguous_bytes_are_read_as_hungarian() -> None:
    """ "Győző" in Windows-1250 is also valid Windows-1252 ("Gyõzõ"): Hungarian wins."""
    rows = [["Game", "Deal", "Győző", "Bob"], ["A", "1", "-20", "30"]]
    records = read_csv(csv_bytes(rows, encoding="cp1250"), "p.csv", RULES)
    assert records.encoding == "Windows-1250"
    assert records.games[0].players == ("Győző", "Bob")
    assert records.lang == "en"


def test_latin2_with_a_latin2_only_letter() -> None:
    data = csv_bytes([*ROWS[:2], ["x", "2", "ő", "ű", "Ő", "Ű"]], encoding="iso8859_2")
    assert decode(data).text.startswith("Játszma;Leosztás;Kovács Ödön")


@pytest.mark.parametrize("codec", ["iso8859_2", "cp1250"])
def test_latin2_and_windows_1250_are_told_apart_by_the_letters_they_differ_in(
    codec: str,
) -> None:
    """Šárka Žáková in Latin-2 was read as Windows-1250 (©árka ®áková), then "repaired"."""
    rows = [["Game", "Deal", "Šárka Žáková", "Kovács Ödön"], ["A", "1", "W", "30"]]
    records = read_csv(csv_bytes(rows, encoding=codec), "p.csv", RULES)
    labels = {"iso8859_2": "ISO-8859-2 (Latin-2)", "cp1250": "Windows-1250"}
    assert records.encoding == labels[codec]
    assert records.games[0].players == ("Šárka Žáková", "Kovács Ödön")
    assert not records.repairs


def test_encoding_option_overrides_detection() -> None:
    data = csv_bytes(ROWS, encoding="cp1250")
    forced = read_csv(data, "p.csv", RULES, encoding="latin-1", repair=False)
    assert forced.games[0].players[2] == "Kõmûves Gyõzõ"  # as the user asked
    with pytest.raises(RemiError) as stop:
        decode(data, "utf-8", "p.csv")
    assert stop.value.code == "records_wrong_encoding"
    # The "á" of "Játszma": line 1, its second byte, as an editor counts.
    assert (stop.value.params["byte"], stop.value.params["line"]) == ("0xE1", 1)
    assert stop.value.params["column"] == 2
    with pytest.raises(RemiError) as stop:
        decode(b"Game;Deal\r\nG;1;K\xe1\r\n", "utf-8", "p.csv")
    assert (stop.value.params["line"], stop.value.params["column"]) == (2, 6)


def test_binary_file_is_not_records() -> None:
    with pytest.raises(RemiError) as stop:
        decode(bytes(range(256)) * 40, path="kep.png")
    assert stop.value.code == "records_not_text"
    # A printed scorecard given as the records: said as a PDF.
    with pytest.raises(RemiError) as stop:
        decode(b"%PDF-1.7\n%\xb5\xed\xae\xfb\n" + bytes(range(256)) * 40, path="card.pdf")
    assert stop.value.code == "records_pdf"


def test_excel_sep_line_quotes_newlines_and_crlf() -> None:
    text = (
        'sep=,\r\nGame,Deal,"Kiss, Anna","Béla ""Öreg"" Nagy"\r\n'
        '"A, the first",1,-20,"30,0"\r\n,2,"10",-20\r\n'
    )
    records = read_csv(text.encode("utf-8"), "p.csv", RULES)
    assert records.delimiter == ","
    assert records.all_problems() == []
    game = records.games[0]
    assert game.name == "A, the first"
    assert game.players == ("Kiss, Anna", 'Béla "Öreg" Nagy')
    assert [deal.cells for deal in game.deals] == [(-20, 30), (10, -20)]  # numbers as numbers
    assert records.games[0].deals[1].row == 2


@pytest.mark.parametrize(
    ("line", "expected"),
    [("Game;Deal;Kiss, Anna;Béla", ";"), ("Game,Deal,Anna", ","), ("Game\tDeal\tA", "\t")],
)
def test_sniff_delimiter(line: str, expected: str) -> None:
    assert sniff_delimiter(line + "\n")[0] == expected


def test_broken_quotes_are_reported_with_their_line() -> None:
    data = b'Game;Deal;A;B\nx;1;-20;30\nx;2;"-20;30\nx;3;W;4\n'
    records = read_csv(data, "p.csv", RULES)
    problem = only(records, "records_csv_quote")
    assert (problem.cell, problem.line) == (None, 3)
    assert "never closed" in say(problem.code, "en", **problem.params)
    assert len(records.games[0].deals) == 1
    # Its rows may go on past the break: the game is not filed as if whole.
    cut = only(records, "records_game_cut")
    assert (cut.line, cut.params["line"]) == (2, 3) and records.games[0].has_errors
    # A game whose rows all came before the break is whole.
    data = b'Game;Deal;A;B\nx;1;-20;30\ny;1;W;4\ny;2;"-20;30\n'
    first, second = read_csv(data, "p.csv", RULES).games
    assert not first.has_errors and second.has_errors
    # An empty separator row between changes nothing.
    data = b'Game;Deal;A;B\nx;1;-20;30\n;;;\nx;2;"-20;30\nx;3;-20;30\n'
    assert read_csv(data, "p.csv", RULES).games[0].has_errors


# -- damaged names ----------------------------------------------------------------------

NAMES = [
    "Kovács Ödön",
    "KOVÁCS ÖDÖN",
    "Kőműves Győző",
    "Szűcs Éva",
    "Tóth Ármin",
    "Zsófi",
    "Pál",
    "Kő",
    "Úr Ubul",
    "Bíró Ilona",
    "Ürögi Ödön",
    "Őry Űrsula",
]


def misread(name: str, codec: str) -> str:
    """`name` saved as UTF-8 and opened as `codec`; an undefined byte shows as its own code
    point, as Windows does."""
    return "".join(
        bytes([byte]).decode(codec, errors="ignore") or chr(byte) for byte in name.encode()
    )


@pytest.mark.parametrize("codec", ["cp1250", "iso8859_2", "latin_1", "cp1252"])
@pytest.mark.parametrize("name", NAMES)
def test_utf8_read_as_a_single_byte_code_page_is_repaired(name: str, codec: str) -> None:
    assert repair_text(misread(name, codec)) == name


def test_the_issue_example_needs_more_than_ftfy() -> None:
    damaged = "KovĂĄcs Ă–dĂ¶n"  # Latin-2 and Windows-1250 artefacts mixed
    assert ftfy.fix_encoding(damaged) != "Kovács Ödön"  # ftfy alone says "Kovåcs Ödön"
    assert repair_text(damaged) == "Kovács Ödön"


@pytest.mark.parametrize(
    ("damaged", "name"),
    [("Gõz Ödön", "Gőz Ödön"), ("Szûcs", "Szűcs"), ("ÕRY ÛRSULA", "ŐRY ŰRSULA")],
)
def test_latin2_read_as_latin1_is_repaired(damaged: str, name: str) -> None:
    assert repair_text(damaged) == name


def test_twice_damaged_name_is_repaired() -> None:
    twice = misread(misread("Kovács Ödön", "cp1250"), "cp1250")
    assert repair_text(twice) == "Kovács Ödön"


@pytest.mark.parametrize(
    "name",
    [*NAMES, "Bălan Ștefan", "Müller", "José Muñoz", "Łukasz Wójcik", "Ångström", "Anna", "Čížek"],
)
def test_sound_names_are_left_alone(name: str) -> None:
    assert repair_text(name) == name


def test_repaired_names_are_listed_with_their_place() -> None:
    rows = [["Játszma", "Leosztás", "KovĂĄcs Ă–dĂ¶n", "Béla"], ["SzĹ±cs kupa", "1", "-20", "30"]]
    records = read(rows)
    assert [(r.original, r.repaired, r.place.line) for r in records.repairs] == [
        ("KovĂĄcs Ă–dĂ¶n", "Kovács Ödön", 1),
        ("SzĹ±cs kupa", "Szűcs kupa", 2),
    ]
    assert records.games[0].name == "Szűcs kupa"
    kept = read(rows, repair=False)
    assert kept.repairs == [] and kept.games[0].players[0] == "KovĂĄcs Ă–dĂ¶n"


def test_a_blank_date_goes_on_with_the_evenings_date_above() -> None:
    """The date is written on an evening's first row: the second game of that evening is
    of that date, not of none; a date in a game's own rows or in its name comes first."""
    rows = [
        ["Dátum", "Játszma", "Leosztás", "Anna", "Béla"],
        ["2019. 03. 14.", "Egy", "1", "-20", "10"],
        ["", "Kettő", "1", "-20", "10"],
        ["", "Kettő és fél", "1", "-20", "10"],  # a third game of the evening
        ["", "2019-03-15 Három", "1", "-20", "10"],
        ["2019. 03. 21.", "Négy", "1", "-20", "10"],
    ]
    dates = [str(game.date) for game in read(rows).games]
    assert dates == ["2019-03-14", "2019-03-14", "2019-03-14", "2019-03-15", "2019-03-21"]
    assert [str(game.date) for game in read([row[1:] for row in rows]).games][:2] == [
        "None",
        "None",
    ]


@pytest.mark.parametrize("codec", ["iso-8859-2", "cp1250"])
def test_a_whole_file_damaged_by_a_wrong_decoding_has_its_words_repaired(codec: str) -> None:
    # The header, the Total row's word and the entry words came through the damage too:
    # without their repair the header was not found, or the paper total was a bad deal.
    # The Notes column's heading too: unrepaired, it was taken for a player's name.
    rows = [
        ["Játszma", "Leosztás", "Kovács Ödön", "Szűcs Réka", "Dátum", "Megjegyzés"],
        ["Első", "1", "-20", "30", "2026. 11. 01.", "kezdő: Réka"],
        ["Első", "2", "kézből", "X", "", ""],
        ["Első", "Összesen", "-60", "230", "", ""],
    ]
    damaged = [
        [cell.encode("utf-8").decode(codec, errors="replace") for cell in row] for row in rows
    ]
    records = read(damaged)
    assert not records.problems, records.problems
    (game,) = records.games
    assert (game.name, game.players) == ("Első", ("Kovács Ödön", "Szűcs Réka"))
    assert not game.problems, game.problems
    assert str(game.date) == "2026-11-01"
    assert game.notes_heading == "Megjegyzés"
    assert {repair.repaired for repair in records.repairs} == {"Első", "Kovács Ödön", "Szűcs Réka"}
    assert read(damaged, repair=False).problems  # --no-repair: the header is not found


# -- checks -----------------------------------------------------------------------------


def game_rows(*deals: list[str], total: list[str] | None = None) -> list[list[str]]:
    rows = [["Game", "Deal", "Anna", "Béla", "Csaba"]]
    rows += [["G", str(n), *deal] for n, deal in enumerate(deals, start=1)]
    if total is not None:
        rows.append(["G", "Total", *total])
    return rows


def test_paper_total_against_the_deals() -> None:
    records = read(game_rows(["-20", "30", "40"], ["20", "-40", "200"], total=["0", "0", "240"]))
    problem = only(records, "records_total_mismatch")
    assert (problem.sheet, problem.line) == ("papir.csv", 4)
    assert problem.params["game"] == "G" and problem.params["player"] == "Béla"
    assert say(problem.code, "en", **problem.params) == "Béla: paper total 0, deals add up to -10."
    assert say(problem.code, "hu", **problem.params) == (
        "Béla: a papíron 0 az összeg, de a leosztások összege -10."
    )
    assert records.games[0].has_errors


def test_a_good_paper_total_is_kept() -> None:
    records = read(game_rows(["-20", "30", "40"], total=["-20", "30", "40"]))
    assert records.all_problems() == []
    assert records.games[0].totals == (-20, 30, 40)


@pytest.mark.parametrize("written", ["1 400", "1\u00a0400", "1\u202f400"])
def test_a_paper_total_grouped_by_spaces_is_that_number(written: str) -> None:
    """Excel shows and exports a number formatted with grouping as "1 400" (a no-break
    space in Hungarian): it is 1400, as the paper says."""
    deals = [["-40", "200", "200"]] * 7
    records = read(game_rows(*deals, total=["-280", written, "1400"]))
    assert records.all_problems() == []
    assert records.games[0].totals == (-280, 1400, 1400)
    # In a deal's cell it is no entry, as the live sheet reads it: refused as typed.
    records = read(game_rows(["-20", "30", written]))
    assert codes(records) == ["entry_unknown"]


@pytest.mark.parametrize(
    ("deal", "code", "line", "player"),
    [
        (["-20", "35", "40"], "score_not_ten", 2, "Béla"),
        (["-20", "200", "40"], "score_200_without_hand", 2, "Béla"),
        (["-20", "-40", "40"], "two_winners", 2, "Béla"),
        (["W", "Z", "4"], "entry_unknown", 2, "Béla"),
        (["10", "30", "40"], "no_winner", 2, None),
        (["-20", "W", "40"], "row_mixed", 2, "Anna"),
        (["-20", "30,5", "40"], "entry_not_whole", 2, "Béla"),
    ],
)
def test_every_row_is_checked_by_the_rules(
    deal: list[str], code: str, line: int, player: str | None
) -> None:
    records = read(game_rows(deal))
    problem = only(records, code)
    assert (problem.sheet, problem.line) == ("papir.csv", line)
    assert problem.params["game"] == "G"
    assert problem.params.get("player") == player
    assert records.games[0].has_errors


def test_deals_out_of_order_and_twice() -> None:
    rows = game_rows(["-20", "30", "40"], ["10", "-40", "200"], ["W", "3", "4"])
    rows[2][1], rows[3][1] = "3", "2"
    records = read(rows)
    problem = only(records, "records_deal_out_of_order")
    assert (problem.line, problem.params["deal"], problem.params["expected"]) == (3, 3, 2)
    assert say(problem.code, "hu", **problem.params).startswith(
        "A 3. leosztás áll ott, ahol a 2. következne"
    )
    rows[3][1] = "1"
    twice = only(read(rows), "records_deal_twice")
    assert (twice.line, twice.params["deal"]) == (4, 1)
    assert twice.params["first"] == Phrase("line", {"line": 2})


def test_a_deal_left_out_is_one_error_with_the_records_words() -> None:
    """Deals 1 and 3: the records' own error; not also the notebook's warning, whose advice
    (remi score renumbers a game remi made) is no help on paper."""
    rows = game_rows(["-20", "30", "40"], ["-20", "30", "40"])
    rows[2][1] = "3"
    assert codes(read(rows)) == ["records_deal_out_of_order"]


def test_a_note_written_in_the_game_column_among_the_deals_is_told_as_that() -> None:
    """A line with a text in the Game column and nothing else is one error at that line,
    not a game of no players whose deal number is ''; the game around it is read whole."""
    rows = game_rows(["-20", "30", "40"], ["-20", "30", "40"])
    rows.insert(2, ["Ödön későn jött, nem játszott", "", "", "", ""])
    records = read(rows)
    assert codes(records) == ["records_game_name_only"]
    assert only(records, "records_game_name_only").line == 3
    (game,) = records.games  # the note is no game: the records hold one, of two deals
    assert [deal.number for deal in game.deals] == [1, 2] and not game.has_errors


def test_deal_number_must_be_a_number() -> None:
    rows = game_rows(["-20", "30", "40"])
    rows[1][1] = "első"
    assert only(read(rows), "records_deal_not_number").params["value"] == "első"


def test_deal_after_total_and_second_total() -> None:
    rows = game_rows(["-20", "30", "40"], total=["-20", "30", "40"])
    rows += [["G", "2", "10", "-20", "30"], ["G", "Total", "1", "2", "3"]]
    records = read(rows)
    assert only(records, "records_deal_after_total").line == 4
    assert only(records, "records_total_twice").params["first"] == Phrase("line", {"line": 3})


def test_a_row_after_the_total_without_a_deal_number_is_no_deal_x() -> None:
    rows = game_rows(["-20", "30", "40"], total=["-20", "30", "40"])
    rows += [["G", "x", "10", "-20", "30"]]
    records = read(rows)
    assert only(records, "records_deal_not_number").line == 4
    assert only(records, "records_row_after_total").line == 4
    assert not [p for p in records.problems if p.code == "records_deal_after_total"]


def test_the_same_player_twice_in_a_game() -> None:
    rows = [
        ["Game", "Deal", "Kovács Ödön", "Béla", "KovĂĄcs Ă–dĂ¶n"],
        ["G", "1", "-20", "30", "40"],
        ["H", "1", "-20", "30", ""],  # another game using one column of the two: fine
    ]
    records = read(rows)
    problem = only(records, "records_player_twice")
    assert (problem.line, problem.params["game"], problem.params["player"]) == (
        1,
        "G",
        "Kovács Ödön",
    )
    assert not records.games[1].has_errors


def test_too_few_players_and_a_game_without_a_name() -> None:
    rows = [["Game", "Deal", "Anna", "Béla"], ["", "1", "-20", "30"], ["G", "1", "-20", ""]]
    records = read(rows)
    assert only(records, "records_game_missing").line == 2
    assert only(records, "records_players_too_few").params["count"] == 1


def test_long_names_and_control_characters_are_refused() -> None:
    long = "A" * 61
    rows = [["Game", "Deal", long, "Bé\x07la", "Csaba"], ["G", "1", "-20", "30", "40"]]
    records = read(rows)
    too_long = only(records, "records_name_too_long")
    assert too_long.params["length"] == 61 and too_long.params["game"] == "G"
    control = only(records, "records_name_control")
    assert control.params["found"] == "U+0007"
    assert "control characters (U+0007)" in say(control.code, "en", **control.params)
    assert records.games[0].has_errors
    sixty = read([["Game", "Deal", "A" * 60, "B"], ["G", "1", "-20", "30"]])
    assert sixty.all_problems() == []


def test_values_in_a_column_without_a_name() -> None:
    rows = [["Game", "Deal", "Anna", "Béla", ""], ["G", "1", "-20", "30", "megj."]]
    problem = only(read(rows), "records_unnamed_column")
    assert problem.params["column"] == 5


def test_no_header() -> None:
    records = read([["Név", "Pont"], ["Anna", "3"]])
    assert codes(records) == ["records_no_header"]


def test_header_without_a_game_column_is_said_at_its_deal_heading() -> None:
    # A paper sheet typed with its date beside the deals, but no Game column.
    records = read([["Date", "Deal", "Anna", "Béla"], ["2026-10-01", "1", "-20", "30"]])
    problem = only(records, "records_no_game_column")
    assert problem.line == 1
    assert codes(records) == ["records_no_game_column"]


def test_xlsx_grids_name_sheet_and_cell() -> None:
    rows = [
        ["Régi jegyzőkönyv"],
        ["Játszma", "Leosztás", "Anna", "Béla"],
        ["G", 1.0, -20.0, 35.0],
    ]
    records = read_tables(
        [Table("Jegyzet", [["csak megjegyzés"]]), Table("1998", rows)], "regi.xlsx", RULES
    )
    problem = only(records, "score_not_ten")
    assert (problem.sheet, problem.cell, problem.params["game"]) == ("1998", "D3", "G")
    assert records.lang == "hu"


@pytest.mark.parametrize("heading", ["Megjegyzés", "Notes"])
def test_a_notes_column_is_filed_beside_the_deals(heading: str) -> None:
    """A Notes column ends the players, as in the notebook: its notes go beside the deals
    of the filed sheet, under their heading, and the game is no game of four."""
    rows = [["Játszma", "Leosztás", "Anna", "Béla", "Csaba", heading]]
    rows += [["P1", "1", "-20", "10", "20", "Béla későn jött"], ["", "2", "10", "-20", "30", ""]]
    records = read(rows)
    assert records.all_problems() == []
    (game,) = records.games
    assert game.players == ("Anna", "Béla", "Csaba")
    assert sheet_rows(game, "hu")[2:] == [
        ["Leosztás", "Anna", "Béla", "Csaba", heading],
        [1, -20, 10, 20, "Béla későn jött"],
        [2, 10, -20, 30, None],
    ]
    rows.append(["", "Összesen", "-10", "-10", "50", "papíron javítva"])
    assert sheet_rows(read(rows).games[0], "hu")[-1] == [
        "Összesen", -10, -10, 50, "papíron javítva"
    ]  # fmt: skip
    plain = read([row[:5] for row in rows]).games[0]
    assert sheet_rows(plain, "hu")[2] == ["Leosztás", "Anna", "Béla", "Csaba"]


def test_a_filled_in_blank_scorecard_reads_as_it_is_laid_out() -> None:
    """`remi report --blank` prints a Σ column after each player's and a Rank row under
    the Total: typed in as the card shows them, they are passed over, not taken for a
    player named Σ and a deal named Rank."""
    rows = [["Játszma", "Leosztás", "Anna", "Σ", "Béla", "Σ"]]
    rows += [["P", "1", "-20", "-20", "30", "30"], ["", "2", "10", "-10", "-20", "10"]]
    rows += [["", "Összesen", "-10", "", "10", ""], ["", "Helyezés", "1", "", "2", ""]]
    records = read(rows)
    assert records.all_problems() == []
    (game,) = records.games
    assert (game.players, game.totals, len(game.deals)) == (("Anna", "Béla"), (-10, 10), 2)


def test_games_and_players_numbered_in_a_workbook_are_named_as_shown() -> None:
    """A sheet's numbers are read as floats: game 1 is "1", as a CSV's is, not "1.0"."""
    rows = [["Game", "Deal", 7.0, "B"], [1.0, 1, -20, 30], [43600.0, 1, -20, 30]]
    records = read_tables([Table("a", rows)], "r.xlsx", RULES)
    assert [game.name for game in records.games] == ["1", "43600"]
    assert records.games[0].players == ("7", "B")


def test_game_names_are_unique_across_sheets() -> None:
    rows = [["Game", "Deal", "A", "B"], ["G", 1, -20, 30]]
    records = read_tables([Table("a", rows), Table("b", rows)], "r.xlsx", RULES)
    twice = [p for p in records.all_problems() if p.code == "records_game_twice"]
    # Both are errors, neither filed: which one the name means cannot be told.
    assert [(p.sheet, p.params["first"]) for p in twice] == [("a", "b!A2"), ("b", "a!A2")]
    assert all(game.has_errors for game in records.games)


# -- filing -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "taken", "title"),
    [
        ("2019/03/02 [döntő]: 1?", set(), "2019-03-02 (döntő)- 1_"),
        ("x" * 40, set(), "x" * 31),
        ("G", {"g"}, "G (2)"),
        ("x" * 40, {"x" * 31}, "x" * 27 + " (2)"),
        ("Szabályok", set(), "Szabályok (2)"),
        ("standings", set(), "standings (2)"),
        ("'quoted'", set(), "quoted"),
        ("", set(), "Game"),
    ],
)
def test_sheet_titles(name: str, taken: set[str], title: str) -> None:
    assert sheet_title(name, taken) == title


def test_plan_skips_the_same_game_and_refuses_a_different_one() -> None:
    records = read(game_rows(["-20", "30", "40"], total=["-20", "30", "40"]))
    game = records.games[0]
    grids = {"G": Grid("G", sheet_rows(game, "en"))}
    assert [p.status for p in plan_filing(records.games, grids)] == [Status.ALREADY_FILED]
    other = read(game_rows(["-20", "30", "50"], total=["-20", "30", "50"]))
    placement = plan_filing(other.games, grids)[0]
    assert placement.status is Status.CONFLICT
    assert placement.problem is not None and placement.problem.code == "records_game_conflict"
    assert plan_filing(other.games, {})[0].status is Status.TO_FILE


def test_encoding_names_are_real_codecs() -> None:
    from remi_sheet.notebook.records_text import ENCODINGS

    for name in ENCODINGS:
        codecs.lookup(name)


# -- issue 21: names repaired are judged as repaired; Windows-1250 read without being told --


def test_a_name_damaged_as_utf8_read_as_latin2_is_repaired_and_filed() -> None:
    """ "Ö" in UTF-8 is C3 96; read as Latin-2 that is "Ă" and the control character U+0096,
    which the repair takes away: the repaired name is judged, not the damaged one."""
    damaged = "Kovács Ödön".encode().decode("iso8859_2")
    assert damaged == "KovĂĄcs Ă\x96dĂśn"
    rows = [["Játszma", "Leosztás", damaged, "Béla"], ["G", "1", "-20", "30"]]
    records = read(rows)
    assert records.all_problems() == []
    assert records.games[0].players == ("Kovács Ödön", "Béla")
    assert [(repair.original, repair.repaired) for repair in records.repairs] == [
        (damaged, "Kovács Ödön")
    ]
    game = read([["Játszma", "Leosztás", "A", "B"], [damaged, "1", "-20", "30"]])
    assert game.all_problems() == [] and game.games[0].name == "Kovács Ödön"
    unrepaired = read(rows, repair=False)
    assert [p.code for p in unrepaired.all_problems()] == ["records_name_control"]


FOUR = ["Őri Ülkü", "Kovács Ödön", "Bíró Győző", "Nagy Erzsébet"]


@pytest.mark.parametrize("delimiter", [";", ",", "\t"])
@pytest.mark.parametrize("header", [["Game", "Deal"], ["Játszma", "Leosztás"]])
def test_windows_1250_with_these_names_is_detected(delimiter: str, header: list[str]) -> None:
    rows = [
        [*header, *FOUR],
        ["A", "1", "-20", "30", "0", "50"],
        ["A", "2", "20", "-40", "200", "60"],
    ]
    records = read_csv(csv_bytes(rows, delimiter, "cp1250"), "p.csv", RULES)
    assert records.encoding == "Windows-1250"
    assert records.all_problems() == []
    assert records.games[0].players == tuple(FOUR)


def test_utf8_is_never_taken_for_windows_1250() -> None:
    """UTF-8 bytes are nearly always valid Windows-1250 too; this file was read as such."""
    rows = [
        ["Játszma", "Leosztás", "Tóth Ödön", "Kiss Győző", "Varga Ödön"],
        ["G0", "1", "10", "30", "0"],
        ["G0", "2", "10", "10", "60"],
    ]
    data = csv_bytes(rows, ";", "utf-8")
    assert decode(data).encoding == "utf_8"
    records = read_csv(data, "p.csv", RULES)
    assert records.encoding == "UTF-8" and records.games[0].players[1] == "Kiss Győző"
