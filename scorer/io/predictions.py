"""Reading ``predictions.jsonl``: one JSON object per line.

``{"id": "...", "response": "raw model text"}`` answers a question row;
``{"id": "...", "episode": {...}}`` is an episode log line. An optional
``"model"`` string is kept; any other field is ignored.

A bad line never stops the run: it becomes an ``InputProblem`` and the rest of
the file is scored (a model that garbles one reply should lose that row, not
the benchmark). Only whole-file problems raise ``PredictionsFileError``: a file
that cannot be read, or one where no line is a JSON object at all (a CSV, a
JSON array, an empty file), since scoring it would just report every row
missing.

The file is read as a stream: ``index_predictions`` keeps, per id, only where its line
is (one integer), so memory does not grow with the responses; ``take`` reads a line
back when its row is scored. ``read_predictions`` holds every prediction at once.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Container, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from scorer.io.errors import PlanariumError

EXPECTED = 'expected JSON Lines: one {"id": ..., "response": ...} object per line'
LINE_EXPECTED = 'expected {"id": "...", "response": "..."} or {"id": "...", "episode": {...}}'
UTF8_BOM = b"\xef\xbb\xbf"
# Ids and excerpts are quoted in messages; a multi-megabyte one would flood the terminal.
MAX_QUOTED_CHARS = 60
# The longest reply a reading reads (about 50,000 tokens: room for a long reasoning trace).
# Past it a question's row is invalid at once and an episode's reply reads as no action, so
# no parser's work, and no score's time, grows with a flood of text.
MAX_REPLY_CHARS = 200_000
# An episode's bounds, here where score reads its lines, and in the rollout server, which takes no
# step beyond them: so neither one's memory, nor a log line, grows with a client that never stops.
# Real runs are long: the longest episode of a paper's released runs of real models holds 3,052
# replies (299,831 characters), and a cap of 1,000 dropped episodes of 12 of those runs.
MAX_EPISODE_REPLIES = 10_000
MAX_EPISODE_REPLY_CHARS = 4_000_000  # twenty replies of MAX_REPLY_CHARS
# The longest line read (longer ones are skipped unread, in chunks): a whole episode at the bounds
# above, each character escaped as JSON at most 12 bytes, with a megabyte for its other fields.
MAX_LINE_BYTES = 12 * MAX_EPISODE_REPLY_CHARS + (1 << 20)
# A model name longer than this is cut where it is read (with CUT_NAME after it).
MAX_MODEL_CHARS = 256
CUT_NAME = "…"

PROBLEM_KINDS = ("malformed", "duplicate", "unknown_id", "not_selected", "not_utf8")
# Which line of a repeated id counts: the first (the default), the last, none (the file is refused),
# or each, in file order, as another sample of its row (scorer.scoring.samples).
SAMPLES = "samples"
DUPLICATE_POLICIES = ("first", "last", "error", SAMPLES)
# A line's place in the file is one integer, offset << LINE_BITS | line number: an index of a
# million ids costs a third of what (offset, line) tuples would.
LINE_BITS = 32


@dataclass(frozen=True)
class Prediction:
    id: str
    line: int  # 1-based line number in the file
    response: str | None  # set for a question answer ...
    episode: dict | None  # ... or for an episode log line, never both
    model: str | None


@dataclass(frozen=True)
class InputProblem:
    line: int
    kind: str  # one of PROBLEM_KINDS
    message: str


@dataclass
class PredictionSet:
    predictions: dict[str, Prediction]  # by id, the occurrence the duplicate policy keeps
    problems: list[InputProblem]
    sha256: str  # of the exact file bytes, BOM and line endings included
    lines: int  # non-blank lines read


class PredictionsFileError(PlanariumError):
    """The file as a whole is unusable; the message is one line saying what was expected."""


class _MalformedLine(ValueError):
    """One line is not a usable prediction; the message says why."""


@dataclass
class PredictionIndex:
    """Where the line of each id (the one the duplicate policy keeps) is, not the lines:
    ``take`` reads a prediction back from the file, once, and what no row took is left in
    ``places`` (``mark_untaken`` turns it into problems). Close it (or use ``with``)."""

    handle: IO[bytes]
    places: dict[str, int]  # id -> offset << LINE_BITS | line number
    problems: list[InputProblem]
    sha256: str  # of the exact file bytes, BOM and line endings included
    lines: int  # non-blank lines read
    models: set[str] = field(default_factory=set)  # of the predictions taken
    # Under --duplicates samples: the places of each id's later lines, in file order
    repeats: dict[str, list[int]] = field(default_factory=dict)

    @property
    def samples(self) -> int:
        """The most lines any id has (1 unless repeats are kept as samples)."""
        return 1 + max((len(places) for places in self.repeats.values()), default=0)

    def take(self, prediction_id: str) -> Prediction | None:
        """The prediction for ``prediction_id`` (None if the file has none), read from its line."""
        place = self.places.pop(prediction_id, None)
        if place is None:
            return None
        return self._read(place)

    def take_samples(self, prediction_id: str) -> list[Prediction]:
        """Every line of ``prediction_id``, in file order (empty if the file has none)."""
        first = self.take(prediction_id)
        repeats = [self._read(place) for place in self.repeats.pop(prediction_id, [])]
        return [first, *repeats] if first is not None else []

    def _read(self, place: int) -> Prediction:
        self.handle.seek(place >> LINE_BITS)
        line = _without_line_end(self.handle.readline())
        # The line was read once already: it is valid, and a bad byte was reported then.
        prediction = _prediction(_parse_json(line.decode("utf-8", errors="replace")), place & _LINE_MASK)
        if prediction.model:
            self.models.add(prediction.model)
        return prediction

    def mark_untaken(self, why: Callable[[str], tuple[str, str]]) -> None:
        """Every id no row took becomes a problem (``why(id)``: its kind and what to say of
        the id); the problems are then put in file order."""
        for prediction_id, place in self.places.items():
            self.problems.append(_not_scored(prediction_id, place & _LINE_MASK, why))
        self.places.clear()
        self.repeats.clear()
        self.problems.sort(key=lambda problem: problem.line)

    def close(self) -> None:
        self.handle.close()

    def __enter__(self) -> PredictionIndex:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


_LINE_MASK = (1 << LINE_BITS) - 1


def index_predictions(path: Path, duplicates: str = "first") -> PredictionIndex:
    """Read ``path`` once, line by line: every usable line's place, and the problems of the
    others; ``duplicates`` says which line of a repeated id counts (``error``: a
    PredictionsFileError at the first repeat)."""
    if duplicates not in DUPLICATE_POLICIES:
        raise ValueError(f"duplicates must be one of {', '.join(DUPLICATE_POLICIES)}, got {duplicates!r}")
    index = PredictionIndex(_open(path), {}, [], "", 0)
    try:
        _fill(index, path, duplicates)
    except BaseException:
        index.close()
        raise
    return index


def read_predictions(path: Path, duplicates: str = "first") -> PredictionSet:
    """Every usable line of ``path``, held at once (``index_predictions`` for a stream)."""
    with index_predictions(path, duplicates) as index:
        predictions = {prediction_id: index.take(prediction_id) for prediction_id in list(index.places)}
        return PredictionSet(
            {i: p for i, p in predictions.items() if p is not None}, index.problems, index.sha256, index.lines
        )


def _fill(index: PredictionIndex, path: Path, duplicates: str) -> None:
    digest = hashlib.sha256()
    saw_json_object = False
    first_complaint: str | None = None  # quoted if the file turns out not to be JSON Lines at all
    for line_number, offset, raw_line in _numbered_lines(index.handle, digest):
        index.lines += 1
        try:
            if isinstance(raw_line, int):
                raise _MalformedLine(f"{raw_line:,} bytes long; a line has at most {MAX_LINE_BYTES:,}")
            value = _parse_json(_decode_line(raw_line, line_number, index.problems))
            saw_json_object = saw_json_object or isinstance(value, dict)
            _keep(index, _prediction(value, line_number).id, offset << LINE_BITS | line_number, duplicates, path)
        except _MalformedLine as why:
            first_complaint = first_complaint or f"line {line_number}: {why}"
            message = f"line {line_number}: {why}; {LINE_EXPECTED}"
            index.problems.append(InputProblem(line_number, "malformed", message))
    index.sha256 = digest.hexdigest()
    if not saw_json_object:
        reason = f"no line is a JSON object ({first_complaint})" if first_complaint else "the file is empty"
        raise PredictionsFileError(f"{path}: {reason}; {EXPECTED}")


def not_in_dataset(prediction_id: str) -> tuple[str, str]:
    return "unknown_id", "is not in the dataset"


def mark_unknown(
    pset: PredictionSet, known_ids: Container[str], why: Callable[[str], tuple[str, str]] = not_in_dataset
) -> None:
    """Move predictions whose id is not in ``known_ids`` out of ``pset.predictions`` into its
    problems; ``why(id)`` gives the problem's kind and what to say of the id."""
    for prediction_id in [i for i in pset.predictions if i not in known_ids]:
        prediction = pset.predictions.pop(prediction_id)
        pset.problems.append(_not_scored(prediction_id, prediction.line, why))
    # Keep problems in file order so a report reads top to bottom.
    pset.problems.sort(key=lambda problem: problem.line)


def _not_scored(prediction_id: str, line: int, why: Callable[[str], tuple[str, str]]) -> InputProblem:
    kind, reason = why(prediction_id)
    return InputProblem(line, kind, f"line {line}: id {_quoted(prediction_id)} {reason}; the line is ignored")


def _open(path: Path) -> IO[bytes]:
    try:
        return path.open("rb")
    except FileNotFoundError:
        raise PredictionsFileError(f"{path}: no such file; {EXPECTED}") from None
    except OSError as error:
        raise PredictionsFileError(f"{path}: cannot read it ({error.strerror or error}); {EXPECTED}") from None


def _numbered_lines(handle: IO[bytes], digest: Any) -> Iterator[tuple[int, int, bytes | int]]:
    """Non-blank lines with their 1-based numbers and byte offsets, BOM and CR line endings
    removed (a line over MAX_LINE_BYTES: its length instead); every byte read goes into ``digest``."""
    offset = 0
    for line_number, raw_line in enumerate(_read_lines(handle, digest), start=1):
        if isinstance(raw_line, int):
            start, offset = offset, offset + raw_line
            yield line_number, start, raw_line
            continue
        digest.update(raw_line)
        start, offset = offset, offset + len(raw_line)
        if line_number == 1 and raw_line.startswith(UTF8_BOM):
            raw_line, start = raw_line[len(UTF8_BOM) :], start + len(UTF8_BOM)
        line = _without_line_end(raw_line)
        if line.strip():
            yield line_number, start, line


def _read_lines(handle: IO[bytes], digest: Any) -> Iterator[bytes | int]:
    """Each line's bytes; for a line over MAX_LINE_BYTES, its length, read in chunks into ``digest``
    and never held whole (a 390 MB line once took score to 1.55 GB)."""
    try:
        while line := handle.readline(MAX_LINE_BYTES + 1):
            if len(line) <= MAX_LINE_BYTES:
                yield line
                continue
            size = len(line)
            digest.update(line)
            while not line.endswith(b"\n") and (line := handle.readline(1 << 20)):
                size += len(line)
                digest.update(line)
            yield size
    except OSError as error:
        name = getattr(handle, "name", "the predictions file")
        raise PredictionsFileError(f"{name}: cannot read it ({error.strerror or error}); {EXPECTED}") from None


def _without_line_end(raw_line: bytes) -> bytes:
    return raw_line.removesuffix(b"\n").removesuffix(b"\r")


def _decode_line(raw_line: bytes, line_number: int, problems: list[InputProblem]) -> str:
    try:
        return raw_line.decode("utf-8")
    except UnicodeDecodeError as error:
        # A stray byte in a model's reply should not cost the row: replace it and say so.
        message = (
            f"line {line_number}: not valid UTF-8 (byte {raw_line[error.start]:#04x} at byte offset "
            f"{error.start}); invalid bytes were replaced with U+FFFD and the line was still read"
        )
        problems.append(InputProblem(line_number, "not_utf8", message))
        return raw_line.decode("utf-8", errors="replace")


def json_error_text(error: json.JSONDecodeError) -> str:
    """``Expecting value at column 7``; json's own words may end with "at" already
    ("Unterminated string starting at"), which must not read "at at"."""
    return f"{error.msg.removesuffix(' at')} at column {error.colno}"


def _parse_json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise _MalformedLine(f"not valid JSON ({json_error_text(error)})") from None
    except RecursionError:
        # json.loads recurses once per nesting level; "[[[[..." a few thousand deep overflows.
        raise _MalformedLine("not valid JSON (nested too deeply)") from None
    except ValueError as error:
        # Python refuses to convert an integer literal of more than 4,300 digits (a DoS guard).
        reason = "an integer with more than 4300 digits" if "digits" in str(error) else str(error)[:120]
        raise _MalformedLine(f"not usable JSON ({reason})") from None


def _prediction(value: Any, line_number: int) -> Prediction:
    if not isinstance(value, dict):
        raise _MalformedLine(f"a JSON {_json_type(value)}, not an object")
    prediction_id = _required_id(value)
    response, episode = _response_or_episode(value)
    model = value.get("model")
    # "model" is informational only; a non-string one is dropped rather than costing the row,
    # and a long one is cut (every table and chart prints it).
    named = model[:MAX_MODEL_CHARS] + CUT_NAME if isinstance(model, str) and len(model) > MAX_MODEL_CHARS else model
    return Prediction(prediction_id, line_number, response, episode, named if isinstance(named, str) else None)


def _required_id(value: dict[str, Any]) -> str:
    if "id" not in value:
        raise _MalformedLine('has no "id" field')
    prediction_id = value["id"]
    if not isinstance(prediction_id, str):
        raise _MalformedLine(f'"id" must be a string, got {_a_json_type(prediction_id)}')
    if not prediction_id:
        raise _MalformedLine('"id" is empty')
    return prediction_id


def _response_or_episode(value: dict[str, Any]) -> tuple[str | None, dict | None]:
    # A null field counts as absent, so {"response": null, "episode": {...}} is an episode line.
    response, episode = value.get("response"), value.get("episode")
    if response is not None and episode is not None:
        raise _MalformedLine('has both "response" and "episode"; a line is one or the other')
    if response is None and episode is None:
        raise _MalformedLine('has neither a "response" string nor an "episode" object')
    if response is not None and not isinstance(response, str):
        raise _MalformedLine(f'"response" must be a string, got {_a_json_type(response)}')
    if episode is not None and not isinstance(episode, dict):
        raise _MalformedLine(f'"episode" must be an object, got {_a_json_type(episode)}')
    if episode is not None:
        _check_episode_bounds(episode)
    return response, episode


def _check_episode_bounds(episode: dict[str, Any]) -> None:
    replies = episode.get("replies")
    if not isinstance(replies, list):
        return  # the episode's judge says what is wrong with it
    if len(replies) > MAX_EPISODE_REPLIES:
        raise _MalformedLine(f'"episode" has {len(replies):,} replies; an episode has at most {MAX_EPISODE_REPLIES:,}')
    chars = sum(len(reply) for reply in replies if isinstance(reply, str))
    if chars > MAX_EPISODE_REPLY_CHARS:
        raise _MalformedLine(
            f'"episode" replies have {chars:,} characters in all; an episode has at most {MAX_EPISODE_REPLY_CHARS:,}'
        )


def _keep(index: PredictionIndex, prediction_id: str, place: int, duplicates: str, path: Path) -> None:
    earlier = index.places.setdefault(prediction_id, place)
    if earlier == place:
        return
    line, earlier_line = place & _LINE_MASK, earlier & _LINE_MASK
    repeat = f"line {line}: id {_quoted(prediction_id)} already appeared on line {earlier_line}"
    if duplicates == SAMPLES:
        index.repeats.setdefault(prediction_id, []).append(place)
        return
    if duplicates == "error":
        raise PredictionsFileError(
            f"{path}: {repeat} (--duplicates error); give each id once, "
            "or --duplicates first|last to keep one of its lines"
        )
    kept, ignored = (earlier_line, line) if duplicates == "first" else (line, earlier_line)
    if duplicates == "last":
        index.places[prediction_id] = place
    message = f"{repeat}; keeping line {kept}, ignoring line {ignored}"
    index.problems.append(InputProblem(line, "duplicate", message))


def _json_type(value: Any) -> str:
    names = {dict: "object", list: "array", str: "string", bool: "boolean", int: "number", float: "number"}
    return "null" if value is None else names.get(type(value), type(value).__name__)


def _a_json_type(value: Any) -> str:
    name = _json_type(value)
    if name == "null":
        return name
    return f"an {name}" if name[0] in "aeiou" else f"a {name}"


def _quoted(text: str) -> str:
    if len(text) <= MAX_QUOTED_CHARS:
        return repr(text)
    return repr(text[:MAX_QUOTED_CHARS]) + f"... ({len(text)} characters)"
