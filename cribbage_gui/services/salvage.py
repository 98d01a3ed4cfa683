"""What can still be read of a damaged SQLite database, copied into a new one.

Two passes. First through SQLite, table by table in rowid order (past a damaged stretch, one
rowid at a time). That cannot reach rows below a damaged interior page, or any table once
the list of tables on page 1 is damaged: SQLite finds every row through those pages. So,
when the first pass met damage, the second reads the file's own pages, as the ``sqlite3``
shell's ``.recover`` does (which Python cannot call): every table leaf page is decoded, the
leaves are given to their table (by walking its tree, or, for a leaf cut off from it, by the
shape of its rows) and every row the first pass missed is added. A damaged page costs only
the rows on it. Nothing here writes to the damaged file.

The file format: https://www.sqlite.org/fileformat2.html
"""

from __future__ import annotations

import contextlib
import mmap
import sqlite3
import struct
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

LEAF, INTERIOR = 0x0D, 0x05  # table b-tree pages (index pages are 0x0A, 0x02)
# what reading a damaged file through SQLite raises: its errors, and UnicodeDecodeError when
# its message quotes bytes of a damaged schema that are not UTF-8
_UNREADABLE = (sqlite3.Error, UnicodeDecodeError)
MAX_MISSES = 1000  # unreadable rowids in a row before the first pass gives up on a table


@dataclass
class Salvaged:
    """One table's rows copied: their rowids, and whether SQLite read the table whole."""

    rowids: set[int] = field(default_factory=set)
    whole: bool = True


def salvage(old: Path, new: Path, schema: str = "") -> dict[str, Salvaged]:
    """Copy every row that can be read of each table of the database ``old`` into the new
    database ``new`` (its tables made as ``old`` made them); by table, what was copied.
    ``schema`` (CREATE TABLE statements) stands in for ``old``'s list of tables when that
    list is what was damaged."""
    copied: dict[str, Salvaged] = {}
    try:
        # (as a URI, every character of the path quoted: "#", "?" or "%" in a folder's
        # name would end or change the path SQLite opens)
        src = sqlite3.connect(f"{Path(old).resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return copied
    dst = sqlite3.connect(new)
    try:
        try:
            tables = src.execute("SELECT name, sql, rootpage FROM sqlite_master "
                                 "WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                                 ).fetchall()
        except _UNREADABLE:
            tables = None
        roots: dict[str, int] = {}
        if tables is None:
            with contextlib.suppress(sqlite3.Error):
                dst.executescript(schema)
            for (name,) in dst.execute("SELECT name FROM sqlite_master WHERE type = "
                                       "'table' AND name NOT LIKE 'sqlite_%'").fetchall():
                copied[name] = Salvaged(whole=False)
        for name, sql, root in tables or ():
            try:
                dst.execute(sql.replace("CREATE TABLE", "CREATE TABLE IF NOT EXISTS", 1))
            except sqlite3.Error:
                continue
            copied[name] = _copy_rows(src, dst, name, _shape(dst, name))
            if isinstance(root, int):
                roots[name] = root
        if not all(s.whole for s in copied.values()):
            src.close()  # (the file is read as bytes now)
            with contextlib.suppress(OSError):
                _from_pages(old, dst, copied, roots)
        dst.commit()
    finally:
        src.close()
        dst.close()
    return copied


def _insert(dst: sqlite3.Connection, table: str, columns: list[str], rows: list) -> set[int]:
    """INSERT OR IGNORE ``rows`` (the rowid first, then ``columns``) into ``table``; the
    rowids the new database took (not one it ignored: a NULL where NOT NULL is wanted, a
    key it holds already)."""
    if not rows:
        return set()
    names = ", ".join(["rowid", *(_quote(c) for c in columns)])
    marks = ", ".join("?" * (len(columns) + 1))
    try:
        cur = dst.executemany(f"INSERT OR IGNORE INTO {_quote(table)} ({names}) VALUES "
                              f"({marks})", rows)
        if cur.rowcount == len(rows):
            return {row[0] for row in rows}
        wanted = [row[0] for row in rows]
        return {r for (r,) in dst.execute(
            f"SELECT rowid FROM {_quote(table)} WHERE rowid IN "
            f"({', '.join('?' * len(wanted))})", wanted)}
    except sqlite3.Error:
        return set()


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _copy_rows(src: sqlite3.Connection, dst: sqlite3.Connection, table: str,
               shape: _Shape) -> Salvaged:
    """The first pass over ``table``: rows in rowid order, in chunks; past a damaged chunk,
    one rowid at a time (giving up after MAX_MISSES unreadable ones in a row). A row not
    of ``shape`` is left out: SQLite read it through a damaged page (an interior page's
    child pointing at another table's leaf gives that table's rows as this one's)."""
    out = Salvaged()
    last, misses = 0, 0
    quoted = _quote(table)

    def put(rows, cur) -> None:
        shaped = [row for row in rows if shape.holds(row[1:])]
        if len(shaped) < len(rows):
            out.whole = False
        out.rowids |= _insert(dst, table, [d[0] for d in cur.description[1:]], shaped)

    while misses < MAX_MISSES:
        try:
            cur = src.execute(f"SELECT rowid, * FROM {quoted} WHERE rowid > ? ORDER BY rowid "
                              f"LIMIT 200", (last,))
            rows = cur.fetchall()
        except _UNREADABLE:
            out.whole = False
            last += 1
            misses += 1
            try:
                cur = src.execute(f"SELECT rowid, * FROM {quoted} WHERE rowid = ?", (last,))
                row = cur.fetchone()
            except _UNREADABLE:
                continue
            if row is not None:
                put([row], cur)
                misses = 0
            continue
        if not rows:
            break
        put(rows, cur)
        if rows[0][0] <= last or any(a[0] >= b[0] for a, b in
                                         zip(rows, rows[1:], strict=False)):
            out.whole = False  # rowids out of order: SQLite read a damaged page as it is
        furthest = max(row[0] for row in rows)
        if furthest <= last:  # (the next chunk would be the same rows, for ever)
            break
        last, misses = furthest, 0
    if misses >= MAX_MISSES:
        out.whole = False
    return out


# --------------------------------------------------------------------------- the pages
class _File:
    """The pages of a database file, read-only; every read is checked against its size, so
    damaged numbers raise ValueError and never read past the file."""

    def __init__(self, data: mmap.mmap | bytes) -> None:
        self.data = data
        size = int.from_bytes(data[16:18], "big")
        size = 65536 if size == 1 else size
        if size < 512 or size > 65536 or size & (size - 1):
            size = 4096  # the header is damaged: SQLite's usual size
        self.page_size = size
        reserved = data[20] if len(data) > 20 else 0
        self.usable = size - (reserved if reserved < 64 else 0)
        self.pages = len(data) // size
        self.encoding = {2: "utf-16-le", 3: "utf-16-be"}.get(
            int.from_bytes(data[56:60], "big"), "utf-8")
        # the overflow pages read so far: each belongs to one record, so no page is read
        # twice, and the pass over a file (even a hostile one, whose every record claims a
        # huge size and the same long chain) reads each page at most once
        self.walked: set[int] = set()

    def page(self, number: int) -> bytes:
        if not 1 <= number <= self.pages:
            raise ValueError(f"no page {number}")
        start = (number - 1) * self.page_size
        return self.data[start:start + self.page_size]

    def kind(self, number: int) -> int:
        return self.data[(number - 1) * self.page_size + (100 if number == 1 else 0)]

    def free(self) -> set[int]:
        """The pages on the freelist (they may still hold rows deleted long ago)."""
        free: set[int] = set()
        trunk, seen = int.from_bytes(self.data[32:36], "big"), set()
        while trunk and trunk not in seen:
            seen.add(trunk)
            try:
                page = self.page(trunk)
            except ValueError:
                break
            free.add(trunk)
            count = min(int.from_bytes(page[4:8], "big"), (self.usable - 8) // 4)
            free.update(int.from_bytes(page[8 + 4 * i:12 + 4 * i], "big")
                        for i in range(count))
            trunk = int.from_bytes(page[:4], "big")
        return free

    def children(self, number: int) -> list[int]:
        """The child pages of the interior page ``number`` (ValueError if it is damaged)."""
        page = self.page(number)
        h = 100 if number == 1 else 0
        if page[h] != INTERIOR:
            raise ValueError("not an interior page")
        cells = int.from_bytes(page[h + 3:h + 5], "big")
        out = [int.from_bytes(page[h + 8:h + 12], "big")]
        for i in range(cells):
            at = int.from_bytes(page[h + 12 + 2 * i:h + 14 + 2 * i], "big")
            if not h + 12 <= at <= self.usable - 4:
                raise ValueError("a cell outside its page")
            out.append(int.from_bytes(page[at:at + 4], "big"))
        if any(not 2 <= c <= self.pages for c in out):
            raise ValueError("a child outside the file")
        return out

    def cells(self, number: int) -> Iterator[tuple[int, list[int], int, bytes, int]]:
        """Each readable cell of the leaf page ``number``: (rowid, the record's serial
        types, payload size, the local part of the payload, its first overflow page)."""
        page = self.page(number)
        h = 100 if number == 1 else 0
        count = int.from_bytes(page[h + 3:h + 5], "big")
        if page[h] != LEAF or count > (self.usable - h - 8) // 4:
            return
        most = self.usable - 35
        least = (self.usable - 12) * 32 // 255 - 23
        for i in range(count):
            try:
                at = int.from_bytes(page[h + 8 + 2 * i:h + 10 + 2 * i], "big")
                if not h + 8 + 2 * count <= at < self.usable:
                    continue
                size, at = _varint(page, at)
                rowid, at = _varint(page, at)
                if rowid >= 1 << 63:
                    rowid -= 1 << 64
                local = size
                if size > most:
                    local = least + (size - least) % (self.usable - 4)
                    local = local if local <= most else least
                if at + local + (4 if local < size else 0) > self.usable:
                    continue
                overflow = int.from_bytes(page[at + local:at + local + 4], "big") \
                    if local < size else 0
                head = page[at:at + local]
                types = _serial_types(head, size)
            except ValueError:
                continue
            yield rowid, types, size, head, overflow

    def payload(self, head: bytes, size: int, overflow: int) -> bytes:
        """The whole payload: its local part and its overflow pages (ValueError if they
        are not there, or were another record's, or the chain loops)."""
        if size > len(head) + self.pages * (self.usable - 4):
            raise ValueError("a record larger than the file")
        parts, have = [head], len(head)
        while have < size:
            if overflow in self.walked:
                raise ValueError("an overflow page read before: a chain that loops or "
                                 "runs into another record's")
            self.walked.add(overflow)
            page = self.page(overflow)
            part = page[4:min(self.usable, 4 + size - have)]
            parts.append(part)
            have += len(part)
            overflow = int.from_bytes(page[:4], "big")
        return b"".join(parts)

    def values(self, types: list[int], payload: bytes) -> list:
        """The record's values (ValueError if its text cannot be read)."""
        at, _ = _varint(payload, 0)  # (the values start past the header)
        out: list = []
        for t in types:
            n = _width(t)
            raw = payload[at:at + n]
            at += n
            if t == 0:
                out.append(None)
            elif t <= 6:
                out.append(int.from_bytes(raw, "big", signed=True))
            elif t == 7:
                out.append(struct.unpack(">d", raw)[0])
            elif t in (8, 9):
                out.append(t - 8)
            elif t % 2 == 0:
                out.append(bytes(raw))
            else:
                try:
                    out.append(raw.decode(self.encoding))
                except UnicodeDecodeError as exc:
                    raise ValueError("text that is not text") from exc
        return out


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = 0
    for i in range(9):
        if at + i >= len(data):
            raise ValueError("a number cut short")
        byte = data[at + i]
        if i == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    raise AssertionError  # (the loop returns)


def _width(serial_type: int) -> int:
    if serial_type >= 12:
        return (serial_type - 12) // 2
    return (0, 1, 2, 3, 4, 6, 8, 8, 0, 0)[serial_type]


def _serial_types(head: bytes, size: int) -> list[int]:
    """The serial types of a record, from its header (ValueError if they do not add up to
    the payload's size)."""
    length, at = _varint(head, 0)
    if not at <= length <= min(size, len(head)):
        raise ValueError("a record header outside its cell")
    types = []
    while at < length:
        t, at = _varint(head, at)
        if t in (10, 11):
            raise ValueError("a reserved serial type")
        types.append(t)
    if at != length or length + sum(_width(t) for t in types) != size:
        raise ValueError("a record that does not add up")
    return types


# --------------------------------------------------------------------------- the shapes
_SCHEMA = "sqlite_schema"


@dataclass(frozen=True)
class _Shape:
    """What a table's records look like: per column, the serial types it may hold."""

    columns: tuple[str, ...]
    allowed: tuple[frozenset[str], ...]  # per column: of "null", "int", "real", "text", "blob"
    least: int  # the fewest values a record holds (columns added later may be missing)
    alias: int | None  # the INTEGER PRIMARY KEY column, stored as NULL (the rowid is it)

    def fits(self, types: list[int]) -> bool:
        """Could a record of these serial types be one of this table's rows?"""
        if not self.least <= len(types) <= len(self.columns):
            return False
        return all(_kind(t) in allowed for t, allowed in zip(types, self.allowed,
                                                             strict=False))

    def holds(self, values: tuple) -> bool:
        """Could ``values``, a row as SQLite reads it (every column; the rowid in the
        INTEGER PRIMARY KEY's place), be one of this table's rows?"""
        return len(values) == len(self.columns) and all(
            isinstance(v, int) if i == self.alias else _KINDS.get(type(v)) in allowed
            for i, (v, allowed) in enumerate(zip(values, self.allowed, strict=True)))


_KINDS = {type(None): "null", int: "int", float: "real", str: "text", bytes: "blob"}


def _kind(serial_type: int) -> str:
    if serial_type == 0:
        return "null"
    if serial_type <= 6 or serial_type in (8, 9):
        return "int"
    if serial_type == 7:
        return "real"
    return "blob" if serial_type % 2 == 0 else "text"


def _shape(db: sqlite3.Connection, table: str) -> _Shape:
    """``table``'s shape, from its columns in ``db``: the kinds of value its declared types
    hold (SQLite's type affinity), NULL where a column allows it."""
    info = db.execute(f"PRAGMA table_info({_quote(table)})").fetchall()
    keys = [row for row in info if row[5]]
    alias = keys[0][0] if len(keys) == 1 and keys[0][2].upper() == "INTEGER" else None
    allowed, least = [], 1
    for cid, _name, declared, not_null, default, _pk in info:
        kind = declared.upper()
        if cid == alias:
            kinds = {"null"}
        elif "INT" in kind or any(word in kind for word in ("REAL", "FLOA", "DOUB")):
            kinds = {"int", "real"}
        elif any(word in kind for word in ("CHAR", "CLOB", "TEXT")):
            kinds = {"text", "blob"}
        else:
            kinds = {"int", "real", "text", "blob"}
        if not not_null and cid != alias:
            kinds.add("null")
        if not_null and default is None and cid != alias:
            least = cid + 1  # (a column added later has a default or allows NULL)
        allowed.append(frozenset(kinds))
    return _Shape(tuple(row[1] for row in info), tuple(allowed), least, alias)


# the schema's own rows: type, name, table, root page, sql
_SCHEMA_SHAPE = _Shape(("type", "name", "tbl_name", "rootpage", "sql"),
                       (frozenset({"text"}),) * 3 + (frozenset({"int"}),
                                                     frozenset({"text", "null"})), 5, None)


def _from_pages(old: Path, dst: sqlite3.Connection, copied: dict[str, Salvaged],
                roots: dict[str, int]) -> None:
    """The second pass: every row of ``old``'s table leaf pages that the first missed. A
    table the first pass read whole is left alone: its leaves all hang from its tree, so a
    leaf cut off belongs to one of the others."""
    shapes = {name: _shape(dst, name) for name, done in copied.items() if not done.whole}
    shapes[_SCHEMA] = _SCHEMA_SHAPE
    with open(old, "rb") as f:
        if not f.seek(0, 2):
            return
        with mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as data:
            file = _File(data)
            owners = _owners(file, {**roots, _SCHEMA: 1})
            free = file.free()
            for number in range(2, file.pages + 1):
                if number in free or file.kind(number) != LEAF:
                    continue
                reaching = owners.get(number, [])
                if any(table not in shapes for table in reaching):
                    continue  # (a table read whole reaches it: SQLite read it as that's)
                cells = list(file.cells(number))
                # its table: of the tables reaching it (else of all: it is cut off, or
                # reached through a damaged page), the one its records are all shaped as;
                # else, reached from one table only, that table, taking only its records
                # shaped as that table's (one damaged)
                fitting = [name for name in reaching
                           if all(shapes[name].fits(c[1]) for c in cells)] or \
                    [name for name in shapes if all(shapes[name].fits(c[1]) for c in cells)]
                if len(fitting) == 1:
                    table = fitting[0]
                elif len(reaching) == 1:
                    table = reaching[0]
                    cells = [c for c in cells if shapes[table].fits(c[1])]
                else:
                    continue
                if table != _SCHEMA:
                    _copy_cells(file, dst, table, shapes[table], cells, copied[table])


def _owners(file: _File, roots: dict[str, int]) -> dict[int, list[str]]:
    """The leaf pages reached from each table's root, through interior pages that read:
    by leaf, the tables reaching it (two, when a damaged page points into another tree)."""
    owner: dict[int, list[str]] = {}
    for name, root in roots.items():
        todo, seen = [root], set()
        while todo:
            number = todo.pop()
            if number in seen or not 1 <= number <= file.pages:
                continue
            seen.add(number)
            kind = file.kind(number)
            if kind == LEAF:
                owner.setdefault(number, []).append(name)
            elif kind == INTERIOR:
                with contextlib.suppress(ValueError):
                    todo.extend(file.children(number))
    return owner


def _copy_cells(file: _File, dst: sqlite3.Connection, table: str, shape: _Shape,
                cells: list, out: Salvaged) -> None:
    """The rows of a leaf's ``cells`` not copied yet, into ``table``."""
    for rowid, types, size, head, overflow in cells:
        if rowid in out.rowids:
            continue
        try:
            values = file.values(types, file.payload(head, size, overflow))
        except ValueError:
            continue
        columns = list(shape.columns[:len(values)])
        if shape.alias is not None and shape.alias < len(values):
            values[shape.alias] = rowid
        elif shape.alias is not None:  # (a record that ends before it: the rowid is it)
            columns.append(shape.columns[shape.alias])
            values.append(rowid)
        out.rowids |= _insert(dst, table, columns, [(rowid, *values)])
