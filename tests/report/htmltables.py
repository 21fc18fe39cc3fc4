"""Read tables and attributes back out of a rendered (or browser-dumped) report with the stdlib parser."""

from __future__ import annotations

from html.parser import HTMLParser


class _Tables(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: dict[str, list[list[str]]] = {}
        self.row_attrs: dict[str, list[dict[str, str]]] = {}
        self.elements: dict[str, dict[str, str]] = {}  # id -> attributes
        self.tags: list[tuple[str, dict[str, str]]] = []
        self._table: list[str | None] = []
        self._in_body = False
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {k: v or "" for k, v in attrs}
        self.tags.append((tag, attributes))
        if "id" in attributes:
            self.elements[attributes["id"]] = attributes
        if tag == "table":
            self._table.append(attributes.get("id"))
            if attributes.get("id"):
                self.tables[attributes["id"]] = []
                self.row_attrs[attributes["id"]] = []
        elif tag == "tbody":
            self._in_body = True
        elif tag == "tr" and self._in_body and self._table and self._table[-1]:
            self.tables[self._table[-1]].append([])
            self.row_attrs[self._table[-1]].append(attributes)
        elif tag in ("td", "th") and self._in_body and self._table and self._table[-1]:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "table" and self._table:
            self._table.pop()
        elif tag == "tbody":
            self._in_body = False
        elif tag in ("td", "th") and self._cell is not None and self._table and self._table[-1]:
            self.tables[self._table[-1]][-1].append(" ".join("".join(self._cell).split()))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def parse(html: str) -> _Tables:
    """Tables by id (body rows as lists of cell texts), row attributes, elements by id, every start tag."""
    parser = _Tables()
    parser.feed(html)
    parser.close()
    return parser
