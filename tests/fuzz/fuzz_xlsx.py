"""Fuzz `remi check` with damaged workbooks: a benchmark-style script, not a test.

    .venv/bin/python tests/fuzz/fuzz_xlsx.py [--seconds 180] [--seed 1] [--fresh]

Starts from small valid notebooks (made here, plus a few files of `tests/corpus/`) and
mutates them: bit flips, truncation, duplicated and deleted chunks of the raw bytes, and
mutations of the XML inside the zip (cell references, types, values, names, tags) with the
zip packed again. Each input is checked by `remi check` in a child process with a time limit
and a memory limit (RLIMIT_AS). A child that stays alive between inputs runs the command
in-process, for speed (`--fresh`: a new `remi check` process per input instead); a child
that dies or hangs is replaced.

A crash is an exit code other than 0 or 1, a traceback in the output, a timeout, or the
child dying. An *internal* error is exit 1 with a Python error such as OverflowError or
KeyError shown as the reason why the file "is not an Excel workbook": the command line's
last-resort handler hid a bug. Every crash and internal error is confirmed by a fresh
`remi check` process and saved to `tests/fuzz/crashes/` (one file per distinct signature);
counts are printed at the end. Exit status: 0 when nothing was found, 1 otherwise.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import io
import json
import os
import random
import re
import resource
import select
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CRASHES = HERE / "crashes"
CORPUS = ROOT / "tests" / "corpus"
TIME_LIMIT = 20.0  # seconds per input
MEMORY = 1_500_000_000  # bytes of address space per child
RECYCLE = 500  # inputs per worker process
# Exceptions that no damaged file should cause: they are bugs, wherever they are raised.
INTERNAL = (
    "OverflowError",
    "TypeError",
    "AttributeError",
    "KeyError",
    "IndexError",
    "AssertionError",
    "ZeroDivisionError",
    "RecursionError",
    "UnboundLocalError",
    "NameError",
    "MemoryError",
    "UnicodeEncodeError",
    "StopIteration",
)
_REASON = re.compile(
    r"is not an Excel workbook \(\.xlsx\): (?P<kind>[A-Za-z_.]+(?:Error|Exception)?)"
)

# The child: reads one path per line, runs `remi check PATH` in-process, answers one JSON line.
WORKER = r"""
import json, sys, traceback
from typer.testing import CliRunner
from remi_sheet.cli.app import app
runner = CliRunner()
env = {"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
for line in sys.stdin:
    result = runner.invoke(app, ["check", line.strip()], env=env)
    output = result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        output += "".join(traceback.format_exception(result.exception))
    sys.stdout.write(json.dumps({"rc": result.exit_code, "out": output[-4000:]}) + "\n")
    sys.stdout.flush()
"""


def limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


# ----------------------------------------------------------------------------- seeds


def seeds() -> list[bytes]:
    """Small valid notebooks, and a few corpus files that hold the less common parts."""
    import openpyxl
    import xlsxwriter

    found = []
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "2026-11-29 #1"
    for row in [
        ["Dátum", "2026-11-29"],
        ["Leosztás", "Anna", "Béla", "Csaba"],
        [1, "H", "27", "X"],
        [2, 12, "W", "K 9 Jo"],
        [3, "3", "X 55", "W"],
        [4, "-20", "30", "0"],
        [5],
        ["Összesen", -50, 130, 220],
    ]:
        sheet.append(row)
    rules = book.create_sheet("Szabályok")
    for row in [["Szabály", "Érték"], ["jokers", 4], ["rounding", "tizesre"]]:
        rules.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    found.append(buffer.getvalue())

    buffer = io.BytesIO()
    writer = xlsxwriter.Workbook(buffer, {"in_memory": True})
    game = writer.add_worksheet("Game")
    game.write_row(0, 0, ["Deal", "A", "B", "C"])
    game.write_row(1, 0, [1, "W", 3])
    game.write_formula(1, 3, "=20+13", None, 33)
    game.write_row(2, 0, [2, "H", "X", "30"])
    writer.close()
    found.append(buffer.getvalue())

    for name in ("several-sheets.xlsx", "several-hungarian.xlsx", "formula_error.xlsx"):
        path = CORPUS / name
        if path.is_file():
            found.append(path.read_bytes())
    return found


# ------------------------------------------------------------------------------ mutations

WEIRD_VALUES = [
    b"9" * 400,
    b"-" + b"9" * 400,
    b"1e309",
    b"-1e309",
    b"inf",
    b"-inf",
    b"nan",
    b"NaN",
    b"1e-320",
    b"-0",
    b"2958466",
    b"-1",
    b"99999999999999999999",
    b"",
    b"x",
    b"#DIV/0!",
    b"TRUE",
    b"2",
    b"1048576",
    b"4294967296",
    b"-2147483649",
    b"&#0;",
    b"&amp;",
    b"\xff\xfe",
    b"\xc3(",
    b"Jo Jo Jo",
    "K♠ K♠ K♠".encode(),
    b"X 45",
]
WEIRD_REFS = [
    b"XFD1048576",
    b"A1048576",
    b"XFD1",
    b"A0",
    b"ZZZZ1",
    b"A99999999999",
    b"1",
    b"A",
    b"",
    b"a1",
    b"$A$1",
    b"AAA100000",
    b"B2",
    b"C3",
]
TYPES = [b"s", b"str", b"n", b"b", b"e", b"d", b"inlineStr", b"x", b""]


def bit_flips(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.choice([1, 1, 2, 4, 16])):
        at = rng.randrange(len(out))
        out[at] ^= 1 << rng.randrange(8)
    return bytes(out)


def truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data))]


def duplicate_chunk(data: bytes, rng: random.Random) -> bytes:
    start = rng.randrange(len(data))
    chunk = data[start : start + rng.randrange(1, 512)]
    at = rng.randrange(len(data))
    return data[:at] + chunk * rng.choice([1, 2, 8]) + data[at:]


def delete_chunk(data: bytes, rng: random.Random) -> bytes:
    start = rng.randrange(len(data))
    return data[:start] + data[start + rng.randrange(1, 256) :]


def _sub_one(pattern: bytes, xml: bytes, rng: random.Random, make: Callable[..., bytes]) -> bytes:
    matches = list(re.finditer(pattern, xml))
    if not matches:
        return xml
    match = rng.choice(matches)
    return xml[: match.start()] + make(match) + xml[match.end() :]


def xml_mutation(xml: bytes, rng: random.Random) -> bytes:
    """One structure-aware change to an XML part."""
    kind = rng.randrange(12)
    if kind == 0:  # a cell reference moved somewhere odd
        ref = rng.choice(WEIRD_REFS)
        return _sub_one(rb'\b(r|ref)="[^"]*"', xml, rng, lambda m: m[1] + b'="' + ref + b'"')
    if kind == 1:  # a cell's type changed
        kind_text = rng.choice(TYPES)
        return _sub_one(rb'\bt="[^"]*"', xml, rng, lambda m: b't="' + kind_text + b'"')
    if kind == 2:  # a value replaced
        value = rng.choice(WEIRD_VALUES)
        return _sub_one(rb"<v>[^<]*</v>", xml, rng, lambda m: b"<v>" + value + b"</v>")
    if kind == 3:  # a shared string or inline text replaced
        value = rng.choice(WEIRD_VALUES)
        return _sub_one(rb"(<t[^>]*>)[^<]*(</t>)", xml, rng, lambda m: m[1] + value + m[2])
    if kind == 4:  # an element duplicated
        return _sub_one(
            rb"<(row|c|si|sheet|Relationship)\b.*?(?:/>|</\1>)",
            xml,
            rng,
            lambda m: m[0] * rng.choice([2, 3, 50]),
        )
    if kind == 5:  # an element deleted
        return _sub_one(
            rb"<(row|c|si|sheet|Relationship|v|f)\b.*?(?:/>|</\1>)", xml, rng, lambda m: b""
        )
    if kind == 6:  # a closing tag dropped
        return _sub_one(rb"</[A-Za-z:]+>", xml, rng, lambda m: b"")
    if kind == 7:  # an attribute value changed to something odd
        value = rng.choice(WEIRD_VALUES + WEIRD_REFS)
        return _sub_one(rb'(\w+)="[^"]*"', xml, rng, lambda m: m[1] + b'="' + value + b'"')
    if kind == 8:  # a formula added to a cell
        formula = rng.choice([b"<f>1/0</f>", b"<f>A1</f>", b"<f/>", b'<f t="shared" si="0"/>'])
        return _sub_one(rb"<c\b[^>]*>", xml, rng, lambda m: m[0] + formula)
    if kind == 9:  # an entity or a DOCTYPE
        doctype = b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
        return _sub_one(rb"\?>", xml, rng, lambda m: m[0] + doctype)
    if kind == 10:  # the text of the part cut short
        return xml[: rng.randrange(max(1, len(xml)))]
    return bit_flips(xml, rng) if xml else xml


def zip_mutation(data: bytes, rng: random.Random) -> bytes:
    """Unpack, change one part's XML (or drop/rename/duplicate a part), pack again."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = [(info.filename, archive.read(info.filename)) for info in archive.infolist()]
    except Exception:  # noqa: BLE001 - an already broken zip: mutate its bytes instead
        return bit_flips(data, rng)
    names = [name for name, _ in members]
    preferred = [n for n in names if n.startswith("xl/worksheets/") or "sharedStrings" in n]
    target = rng.choice(preferred if preferred and rng.random() < 0.7 else names)
    action = rng.randrange(10)
    out = []
    for name, content in members:
        if name != target:
            out.append((name, content))
        elif action == 0:
            continue  # the part is missing
        elif action == 1:
            out.append((name + rng.choice(["x", "/", ".bak"]), content))
        else:
            changed = content
            for _ in range(rng.choice([1, 1, 1, 3])):
                changed = xml_mutation(changed, rng)
            out.append((name, changed))
    buffer = io.BytesIO()
    method = rng.choice([zipfile.ZIP_DEFLATED, zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED])
    with zipfile.ZipFile(buffer, "w", method) as archive:
        for name, content in out:
            archive.writestr(name, content)
    return buffer.getvalue()


MUTATORS: list[tuple[Callable[[bytes, random.Random], bytes], int]] = [
    (bit_flips, 2),
    (truncate, 1),
    (duplicate_chunk, 1),
    (delete_chunk, 1),
    (zip_mutation, 8),
]


def mutate(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    functions = [f for f, weight in MUTATORS for _ in range(weight)]
    steps = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        function = rng.choice(functions)
        steps.append(function.__name__)
        data = function(data, rng) if data else data
    return "+".join(steps), data


# ---------------------------------------------------------------------------- running


class Worker:
    """A child that runs `remi check` in-process for one path at a time."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            preexec_fn=limit_memory,  # noqa: PLW1509 - this script starts no threads
            cwd=ROOT,
        )

    def run(self, path: Path) -> dict[str, Any]:
        process = self.process
        assert process.stdin is not None and process.stdout is not None
        try:
            process.stdin.write(str(path).encode() + b"\n")
            process.stdin.flush()
        except BrokenPipeError:
            return self._died()
        ready, _, _ = select.select([process.stdout], [], [], TIME_LIMIT)
        if not ready:
            self.stop()
            return {"rc": None, "out": "timeout", "kind": "timeout"}
        line = process.stdout.readline()
        if not line:
            return self._died()
        return json.loads(line)

    def _died(self) -> dict[str, Any]:
        assert self.process.stderr is not None
        self.process.wait(timeout=5)
        error = self.process.stderr.read().decode(errors="replace")
        return {"rc": self.process.returncode, "out": error[-4000:], "kind": "died"}

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self) -> None:
        if self.alive:
            self.process.kill()
        self.process.wait()


def run_fresh(path: Path) -> dict[str, Any]:
    """`remi check PATH` in a new process, as a user runs it."""
    try:
        result = subprocess.run(
            [sys.executable, "-m", "remi_sheet", "check", str(path)],
            capture_output=True,
            text=True,
            timeout=TIME_LIMIT,
            preexec_fn=limit_memory,
            cwd=ROOT,
            env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"},
            check=False,
        )
    except subprocess.TimeoutExpired:
        return {"rc": None, "out": "timeout", "kind": "timeout"}
    return {"rc": result.returncode, "out": (result.stdout + result.stderr)[-4000:]}


def classify(result: dict[str, Any]) -> str | None:
    """None for a proper answer; else what went wrong (the crash signature)."""
    if result.get("kind") == "timeout":
        return "timeout"
    output = result["out"]
    if result["rc"] not in (0, 1):
        last = output.strip().splitlines()[-1:] or [""]
        first = next((line for line in output.splitlines() if "failed" in line), last[0])
        return f"exit {result['rc']}: {first[:120]}"
    if "Traceback" in output:
        lines = [line for line in output.strip().splitlines() if line and not line[0].isspace()]
        return f"traceback: {lines[-1][:120] if lines else '?'}"
    reason = _REASON.search(output)
    if reason and reason["kind"] in INTERNAL:
        detail = output[reason.end() :].splitlines()[0].strip(": ")
        detail = re.sub(r"\d+", "N", detail)[:80]
        return f"internal {reason['kind']}: {detail}"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=180.0)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--fresh", action="store_true", help="a new process per input")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pool = seeds()
    CRASHES.mkdir(exist_ok=True)
    counts: collections.Counter[str] = collections.Counter()
    found: dict[str, str] = {}
    outcomes: collections.Counter[str] = collections.Counter()
    worker = None if args.fresh else Worker()
    started = time.monotonic()
    print(f"fuzzing remi check for {args.seconds:g} s, seed {args.seed}, {len(pool)} seeds")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "input.xlsx"
        while time.monotonic() - started < args.seconds:
            steps, data = mutate(rng.choice(pool), rng)
            path.write_bytes(data)
            if worker is None:
                result = run_fresh(path)
            else:
                if not worker.alive or counts["inputs"] % RECYCLE == RECYCLE - 1:
                    worker.stop()  # dead, or long-lived: a fresh one sees edited library code
                    worker = Worker()
                result = worker.run(path)
            counts["inputs"] += 1
            if counts["inputs"] % 2000 == 0:
                print(
                    f"  {counts['inputs']} inputs, {time.monotonic() - started:.0f} s", flush=True
                )
            outcomes[f"exit {result['rc']}"] += 1
            signature = classify(result)
            if signature is None:
                if result["rc"] == 0 and rng.random() < 0.05 and len(pool) < 64:
                    pool.append(data)  # a mutant that still reads: mutate it further
                continue
            confirmed = run_fresh(path) if worker is not None else result
            signature = classify(confirmed) or signature + " (not reproduced by remi check)"
            counts["crashes" if not signature.startswith("internal") else "internal"] += 1
            if signature not in found:
                digest = hashlib.sha1(data).hexdigest()[:10]
                name = f"{re.sub(r'[^a-z0-9]+', '-', signature.lower())[:60]}-{digest}.xlsx"
                CRASHES.mkdir(parents=True, exist_ok=True)
                (CRASHES / name).write_bytes(data)
                found[signature] = name
                print(f"  NEW [{steps}] {signature} -> crashes/{name}", flush=True)
    if worker is not None:
        worker.stop()
    elapsed = time.monotonic() - started
    print(f"{counts['inputs']} inputs in {elapsed:.0f} s ({counts['inputs'] / elapsed:.1f}/s)")
    print("outcomes:", dict(outcomes))
    print(
        f"crashes: {counts['crashes']}, internal errors: {counts['internal']}, "
        f"distinct: {len(found)}"
    )
    for signature, name in found.items():
        print(f"  {signature}\n    crashes/{name}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
