"""Reading YAML and JSON with the line of every mapping key, for error messages.

Mappings come back as ``dict`` subclasses and sequences as ``list`` subclasses that
remember where they stood in the file; ``line_of`` reads that back.

Whatever a file holds, reading it either gives a document of bounded size or raises an
InputError naming the file and line: files are read as UTF-8 up to ``MAX_FILE_BYTES``;
a document may nest at most ``MAX_DEPTH`` levels and expand (aliases counted each time
they are used) to at most ``MAX_NODES`` values, so an alias bomb is refused at once;
mapping keys are names (strings).
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.composer import Composer
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.scanner import RoundTripScanner

from cardjudge.errors import InputError
from ruamel.yaml.comments import CommentedMap, CommentedSeq

MAX_FILE_BYTES = 8 * 1024 * 1024  # the largest shipped file is about 30 KB
MAX_DEPTH = 50  # levels of nesting; far below Python's recursion limit
MAX_NODES = 500_000  # values in the expanded document

_LINE_END = re.compile("[\n\0\r\x85\u2028\u2029]")


class _LinearCommentScanner(RoundTripScanner):
    """ruamel's round-trip scanner, reading comments in linear time.

    ruamel 0.19 builds each comment one character at a time (``comment += ch`` on a string
    that is shared, so every step copies it): a 1 MB comment line took 24 s. This scanner
    takes the comment out of the reader's buffer in one slice and returns the same tokens.
    """

    def scan_to_next_token(self) -> Any:
        """Skip spaces, line breaks and comments; a comment comes back as (text, start, end)."""
        reader = self.reader
        peek, forward = reader.peek, reader.forward
        if reader.index == 0 and peek() == "\uFEFF":
            forward()
        white_space = " \t" if self.flow_level > 0 else " "
        while True:
            while peek() in white_space:
                forward()
            ch = peek()
            if ch == "#":
                start_mark = reader.get_mark()
                begin = reader.pointer
                found = _LINE_END.search(reader.buffer, begin)
                end = found.start() if found else len(reader.buffer)
                comment = reader.buffer[begin:end]
                forward(end - begin)
                if peek() == "\0":  # end of the stream: the comment ends with a line break all the same
                    comment += "\n"
                else:  # the line break itself, as written (ruamel keeps it so)
                    comment += peek()
                    forward()
                breaks = self.scan_line_break()
                while breaks:
                    comment += breaks
                    breaks = self.scan_line_break()
                end_mark = reader.get_mark()
                if not self.flow_level:
                    self.allow_simple_key = True
                return comment, start_mark, end_mark
            if self.scan_line_break() == "":
                return None
            start_mark = reader.get_mark()
            if not self.flow_level:
                self.allow_simple_key = True
            if peek() == "\n":  # empty top-level lines
                comment = ""
                breaks = "\n"
                while breaks:
                    breaks = self.scan_line_break(empty_line=True)
                    comment += breaks
                if peek() == "#":  # an empty line followed by an indented comment
                    comment = comment.rsplit("\n", 1)[0] + "\n"
                return comment, start_mark, reader.get_mark()


class _TooDeep(Exception):
    def __init__(self, line: int):
        super().__init__(line)
        self.line = line


class _DepthLimitedComposer(Composer):
    """ruamel's composer, refusing nesting deeper than ``MAX_DEPTH`` before it recurses further."""

    depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        """Compose the next node, counting how deep it stands."""
        if parent is None:  # a document's root: a new count (an earlier document may have failed midway)
            self.depth = 0
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _TooDeep(self.parser.peek_event().start_mark.line + 1)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


_yaml = YAML(typ="rt")
_yaml.Scanner = _LinearCommentScanner
_yaml.Composer = _DepthLimitedComposer
# the same, keeping how each scalar was quoted: for files written back (``round_trip_text``)
_quoted_yaml = YAML(typ="rt")
_quoted_yaml.Scanner = _LinearCommentScanner
_quoted_yaml.Composer = _DepthLimitedComposer
_quoted_yaml.preserve_quotes = True


def load_text(text: str, source: str, keep_quotes: bool = False) -> Any:
    """Parse YAML (JSON is YAML too) from ``text``; ``source`` names it in errors. With
    ``keep_quotes`` the strings remember their quotes, for a document to be written back."""
    language = "JSON" if str(source).lower().endswith(".json") else "YAML"
    try:
        data = (_quoted_yaml if keep_quotes else _yaml).load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        raise InputError(f"malformed {language}: {exc.problem or exc.context}", source, line) from None
    except YAMLError as exc:  # the reader's errors: a character YAML does not allow
        line = _line_of_offset(text, getattr(exc, "position", None))
        character = getattr(exc, "character", None)
        what = f"character {character!r}" if character is not None else "a character"
        raise InputError(f"malformed {language}: {what} is not allowed in a YAML file", source, line) from None
    except _TooDeep as exc:
        raise InputError(f"nested more than {MAX_DEPTH} levels deep", source, exc.line) from None
    check_shape(data, source)
    return data


def load_file(path: str | Path, keep_quotes: bool = False) -> Any:
    """Parse the YAML or JSON file at ``path`` (UTF-8, at most ``MAX_FILE_BYTES``; ``keep_quotes``:
    see ``load_text``)."""
    path = Path(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror}", str(path)) from None
    if len(raw) > MAX_FILE_BYTES:
        raise InputError(f"file larger than {MAX_FILE_BYTES // (1024 * 1024)} MB; not read", str(path))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise InputError(
            f"not a UTF-8 text file (byte 0x{raw[exc.start]:02x} at offset {exc.start})", str(path), line
        ) from None
    return load_text(text.removeprefix("\ufeff"), str(path), keep_quotes)


def check_shape(data: Any, source: str) -> None:
    """Refuse a parsed document nested more than ``MAX_DEPTH`` deep, expanding to more than
    ``MAX_NODES`` values, or with a mapping key that is not a name (a string)."""
    stack = [(data, 1, data, None)]
    nodes = 0
    while stack:
        node, depth, parent, key = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise InputError(
                f"document too large: more than {MAX_NODES} values (aliases count each time they are used)",
                source, line_of(parent, key),
            )
        if isinstance(node, dict):
            if depth > MAX_DEPTH:
                raise InputError(f"nested more than {MAX_DEPTH} levels deep", source, line_of(parent, key))
            for name, value in node.items():
                if not isinstance(name, str):
                    raise InputError(f"key {name!r} must be a name (a string)", source, line_of(node, name))
                stack.append((value, depth + 1, node, name))
        elif isinstance(node, list):
            if depth > MAX_DEPTH:
                raise InputError(f"nested more than {MAX_DEPTH} levels deep", source, line_of(parent, key))
            for index, value in enumerate(node):
                stack.append((value, depth + 1, node, index))


def _line_of_offset(text: str, offset: int | None) -> int | None:
    if offset is None:
        return None
    return text.count("\n", 0, offset) + 1


def line_of(node: Any, key: Any = None) -> int | None:
    """The 1-based line of ``node`` (or of ``node[key]`` when a key or index is given), if known."""
    lc = getattr(node, "lc", None)
    if lc is None:
        return None
    try:
        if key is None:
            return lc.line + 1
        if isinstance(node, dict):
            return lc.key(key)[0] + 1
        return lc.item(key)[0] + 1
    except (KeyError, IndexError, TypeError, AttributeError):
        return lc.line + 1


def to_yaml(document: Any, header: "tuple | list" = (), block_keys: "tuple | list" = ()) -> str:
    """``document`` as block YAML, with mappings and lists of plain values written on one line.

    ``header`` lines become a leading comment (the text still loads); the top-level mappings
    under ``block_keys`` are written one field a line, for people to read.
    """

    def plain(value: Any) -> bool:
        return not isinstance(value, (Mapping, list, tuple))

    def convert(value: Any) -> Any:
        if isinstance(value, Mapping):
            node = CommentedMap((key, convert(item)) for key, item in value.items())
            if value and all(plain(item) or (isinstance(item, (list, tuple)) and all(map(plain, item)))
                             for item in value.values()):
                node.fa.set_flow_style()
            return node
        if isinstance(value, (list, tuple)):
            node = CommentedSeq(convert(item) for item in value)
            if all(map(plain, value)):
                node.fa.set_flow_style()
            return node
        return value

    yaml = YAML()
    yaml.default_flow_style = False
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.representer.add_representer(
        type(None), lambda representer, _: representer.represent_scalar("tag:yaml.org,2002:null", "null"))
    node = convert(document)
    if isinstance(node, CommentedMap):
        for key in block_keys:
            if isinstance(node.get(key), CommentedMap):
                node[key].fa.set_block_style()
        if header:
            node.yaml_set_start_comment("\n".join(header))
    out = io.StringIO()
    yaml.dump(node, out)
    return out.getvalue()


def round_trip_text(document: Any) -> str:
    """A document read by ``load_file(path, keep_quotes=True)`` written back as YAML with its comments, key order, quotes
    and flow style as they were (what a file holds comes back byte for byte when unchanged)."""
    writer = YAML(typ="rt")
    writer.preserve_quotes = True
    writer.width = 4096  # never fold a long line the file did not fold
    writer.indent(mapping=2, sequence=4, offset=2)
    writer.brace_single_entry_mapping_in_flow_sequence = True  # [{draw: 1}], not [draw: 1]
    writer.representer.add_representer(type(None), lambda r, _: r.represent_scalar("tag:yaml.org,2002:null", "null"))
    out = io.StringIO()
    writer.dump(document, out)
    return out.getvalue()
