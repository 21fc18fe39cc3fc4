"""Parsing claim text into :class:`Claim` objects.

The text is tokenized and parsed by lark (LALR, grammar in ``claim.lark``) with an inline
transformer, then names are resolved and sorts checked (rules in :mod:`pyverify.logic._sorts`).
Input text is never evaluated: the only things built from it are the frozen nodes of
:mod:`pyverify.logic._ast`.
"""

from __future__ import annotations

import difflib
import re
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from typing import Any, Callable

from pyverify.logic._ast import (
    CAST_TO,
    CASTS,
    INT,
    MAX_DEPTH,
    NAT,
    RAT,
    REAL,
    SEQ,
    Binder,
    BoolLit,
    Call,
    Claim,
    Conn,
    Index,
    MatLit,
    Node,
    Not,
    Num,
    Op,
    Pred,
    Rel,
    Sort,
    SumOf,
    Var,
    mat,
    walk,
)
from pyverify.logic._render import term_text
from pyverify.logic._sorts import (
    SortError,
    call_sort,
    entry_check,
    numeral_sort,
    op_sort,
    relation_check,
    sum_sort,
)

#: Longest claim text accepted.
MAX_LENGTH = 20_000


class ParseError(ValueError):
    """A claim (or value) that cannot be read: what is wrong and where (0-based ``pos``)."""

    def __init__(self, message: str, text: str = "", pos: int | None = None) -> None:
        self.message = message
        self.text = text
        self.pos = pos
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.pos is None or self.pos < 0:
            return self.message
        return f"{self.message} (at {_where(self.text, self.pos)})"


def _where(text: str, pos: int) -> str:
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return f"column {col}" if line == 1 else f"line {line}, column {col}"


# Built-in functions: name -> (arity, canonical name). Aliases are resolved at parse time, so the
# canonical name is what every renderer sees.
FUNCTIONS: dict[str, tuple[int, str]] = {
    "abs": (1, "abs"),
    "sqrt": (1, "sqrt"),
    "min": (2, "min"),
    "max": (2, "max"),
    "mod": (2, "mod"),
    "floor": (1, "floor"),
    "factorial": (1, "factorial"),
    "binomial": (2, "binomial"),
    "choose": (2, "binomial"),
    "gcd": (2, "gcd"),
    "lcm": (2, "lcm"),
    "exp": (1, "exp"),
    "log": (1, "log"),
    "det": (1, "det"),
    "trace": (1, "trace"),
    "tr": (1, "trace"),
    "transpose": (1, "transpose"),
    "inverse": (1, "inverse"),
    "inv": (1, "inverse"),
}
#: Named predicates and their arity; definitions are in :mod:`pyverify.logic._predicates`.
PREDICATES: dict[str, int] = {"prime": 1, "even": 1, "odd": 1, "coprime": 2, "square": 1}
RESERVED = set(FUNCTIONS) | set(PREDICATES) | {"sum", "forall", "exists", "assume", "assuming"}

_SORT_NAMES = {
    "N": NAT, "Nat": NAT, "ℕ": NAT,
    "Z": INT, "Int": INT, "ℤ": INT,
    "Q": RAT, "Rat": RAT, "ℚ": RAT,
    "R": REAL, "Real": REAL, "ℝ": REAL,
}  # fmt: skip

_FRIENDLY = {
    "NAME": "a name", "NUMBER": "a number", "LPAR": "'('", "RPAR": "')'", "COMMA": "','",
    "COLON": "':'", "RELOP": "a relation", "PLUS": "'+'", "MINUS": "'-'", "TIMES": "'*'",
    "DIVIDE": "'/'", "POW": "'^'", "QUANT": "a quantifier", "ASSUME": "'assume'", "AND": "'and'",
    "OR": "'or'", "IMP": "'->'", "IFF": "'<->'", "NOT": "'not'", "LSQB": "'['", "RSQB": "']'",
    "$END": "end of input", "SORTSYM": "a sort", "BAR": "'|'", "BANG": "'!'", "ROOT": "'√'",
    "LFLOOR": "'⌊'", "RFLOOR": "'⌋'", "SUP": "a superscript", "SIGMA": "'Σ'", "LBRACE": "'{'", "RBRACE": "'}'",
}  # fmt: skip

# Brackets whose opening token can be left unclosed at the end of a claim (error messages).
_OPENERS = {"LPAR": "(", "LSQB": "[", "LBRACE": "{", "LFLOOR": "⌊", "BAR": "|"}
_SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


class _Raw:
    """Placeholder pieces produced by the inline transformer before resolution."""

    __slots__ = ("kind", "payload", "pos")

    def __init__(self, kind: str, payload: Any, pos: int) -> None:
        self.kind, self.payload, self.pos = kind, payload, pos


_UNRESOLVED = Sort("?")
# What the transformer builds for (t : N): the resolver replaces it by t, which must be of sort N.
_CAST_NAT = "(: N)"


def _num(tok: Any) -> Num:
    text = str(tok)
    if len(text) > 2000:
        raise ParseError("numeral longer than 2000 digits", pos=tok.start_pos)
    return Num(Fraction(text))


def _checked(node: Node, pos: int) -> Node:
    if node.depth > MAX_DEPTH:
        raise ParseError(f"expression nested deeper than {MAX_DEPTH} levels", pos=pos)
    return node


class _Build:
    """Inline LALR callbacks: each rule reduces to a node as soon as it is recognized."""

    # lark calls these by rule name with the list of children
    def number(self, c: list[Any]) -> Num:
        return _num(c[0])

    def name(self, c: list[Any]) -> Var:
        return _name_var(str(c[0]), c[0].start_pos)

    def true(self, c: list[Any]) -> BoolLit:
        return BoolLit(True)

    def false(self, c: list[Any]) -> BoolLit:
        return BoolLit(False)

    def app(self, c: list[Any]) -> Node:
        return _checked(Call(str(c[0]), tuple(c[1:]), pos=c[0].start_pos), c[0].start_pos)

    def cast(self, c: list[Any]) -> Node:  # ( term : sort )
        term, sort = c
        found = [p for p in (getattr(n, "pos", -1) for n in walk(term)) if p >= 0]
        pos = min(found, default=-1)  # where the cast term starts (its first name or call)
        if sort.kind == "N":  # checked by the resolver: the identity on a natural-number term
            return _checked(Call(_CAST_NAT, (term,), pos=pos), pos)
        if sort.kind not in CAST_TO:
            raise ParseError(f"cannot cast to {sort} (a cast goes to N, Z, Q or R)", pos=pos)
        return _checked(Call(CAST_TO[sort.kind], (term,), pos=pos), pos)

    def row(self, c: list[Any]) -> tuple[Any, ...]:
        return tuple(c)

    def matrix(self, c: list[Any]) -> Node:
        return _checked(MatLit(tuple(c)), -1)

    def sigma(self, c: list[Any]) -> Node:
        # SIGMA NAME lo POW hi body
        return _checked(SumOf(str(c[1]), c[2], c[4], c[5]), c[0].start_pos)

    def abs(self, c: list[Any]) -> Node:  # BAR term BAR
        return _checked(Call("abs", (c[1],), pos=c[0].start_pos), c[0].start_pos)

    def floor(self, c: list[Any]) -> Node:  # ⌊ term ⌋
        return _checked(Call("floor", (c[1],), pos=c[0].start_pos), c[0].start_pos)

    def root(self, c: list[Any]) -> Node:  # √ power
        return _checked(Call("sqrt", (c[1],), pos=c[0].start_pos), c[0].start_pos)

    def factorial(self, c: list[Any]) -> Node:  # term !
        return _checked(Call("factorial", (c[0],), pos=c[1].start_pos), c[1].start_pos)

    def superscript(self, c: list[Any]) -> Node:  # term ⁻²
        tok = c[1]
        text = str(tok)
        if len(text) > 2000:
            raise ParseError("superscript exponent longer than 2000 digits", pos=tok.start_pos)
        exponent: Node = Num(Fraction(text.lstrip("⁻").translate(_SUPERSCRIPT_DIGITS)))
        if text.startswith("⁻"):
            exponent = Op("neg", (exponent,))
        return _checked(Op("^", (c[0], exponent)), tok.start_pos)

    def pow(self, c: list[Any]) -> Node:
        return _checked(Op("^", (c[0], c[2])), c[1].start_pos)

    def neg_term(self, c: list[Any]) -> Node:
        return _checked(Op("neg", (c[1],)), c[0].start_pos)

    def _nary(self, op: str, c: list[Any]) -> Node:
        left, right = c[0], c[2]
        if isinstance(left, Op) and left.op == op:
            return _checked(Op(op, left.args + (right,)), c[1].start_pos)
        return _checked(Op(op, (left, right)), c[1].start_pos)

    def add(self, c: list[Any]) -> Node:
        return self._nary("+", c)

    def mul(self, c: list[Any]) -> Node:
        return self._nary("*", c)

    def sub(self, c: list[Any]) -> Node:
        return _checked(Op("-", (c[0], c[2])), c[1].start_pos)

    def div(self, c: list[Any]) -> Node:
        return _checked(Op("/", (c[0], c[2])), c[1].start_pos)

    def relation(self, c: list[Any]) -> Node:
        op = _REL_CANON[str(c[1])]
        return _checked(Rel(op, c[0], c[2]), c[1].start_pos)

    def negation(self, c: list[Any]) -> Node:
        return _checked(Not(c[1]), c[0].start_pos)

    def _conn(self, op: str, c: list[Any], flatten: bool) -> Node:
        left, right = c[0], c[2]
        if flatten and isinstance(left, Conn) and left.op == op:
            return _checked(Conn(op, left.args + (right,)), c[1].start_pos)
        return _checked(Conn(op, (left, right)), c[1].start_pos)

    def conj(self, c: list[Any]) -> Node:
        return self._conn("and", c, True)

    def disj(self, c: list[Any]) -> Node:
        return self._conn("or", c, True)

    def implies(self, c: list[Any]) -> Node:
        return self._conn("->", c, False)

    def iff(self, c: list[Any]) -> Node:
        return self._conn("<->", c, False)

    def sort_name(self, c: list[Any]) -> Sort:
        name = str(c[0])
        if name not in _SORT_NAMES:
            raise ParseError(f"unknown sort '{name}' (use N, Z, Q, R, Mat2(Q) or Seq(Q))", pos=c[0].start_pos)
        return _SORT_NAMES[name]

    def sort_num(self, c: list[Any]) -> int:
        return int(str(c[0]))

    def sort_app(self, c: list[Any]) -> Sort:
        head, args = str(c[0]), c[1:]
        pos = c[0].start_pos
        size: int | None = None
        if head.startswith("Mat") and head[3:].isdigit() and args == [RAT]:
            size = int(head[3:])
        elif head == "Mat" and len(args) == 2 and isinstance(args[0], int) and args[1] == RAT:
            size = args[0]
        elif head == "Seq" and args == [RAT]:
            return SEQ
        if size is None:
            raise ParseError(f"unknown sort '{head}(...)' (use Mat2(Q), Mat(3, Q) or Seq(Q))", pos=pos)
        if not 1 <= size <= 8:
            raise ParseError(f"matrix size {size} is outside 1..8", pos=pos)
        return mat(size)

    def binder_group(self, c: list[Any]) -> list[tuple[str, int, Sort]]:
        *names, sort = c
        return [(str(n), n.start_pos, sort) for n in names]

    def binder_groups(self, c: list[Any]) -> list[Any]:
        return c

    def prefix(self, c: list[Any]) -> _Raw:
        quant = "forall" if str(c[0]) in ("forall", "∀") else "exists"
        groups = c[1] if c[1] and isinstance(c[1][0], list) else [c[1]]
        return _Raw("prefix", (quant, groups), c[0].start_pos)

    def assumption(self, c: list[Any]) -> _Raw:
        return _Raw("assume", c[1], c[0].start_pos)

    def start(self, c: list[Any]) -> tuple[list[_Raw], list[_Raw], Node]:
        *heads, body = c
        return [h for h in heads if h.kind == "prefix"], [h for h in heads if h.kind == "assume"], body


_REL_CANON = {
    "=": "=", "!=": "!=", "≠": "!=", "/=": "!=", "<": "<", "<=": "<=", "≤": "<=",
    ">": ">", ">=": ">=", "≥": ">=", "|": "dvd", "∣": "dvd",
}  # fmt: skip


def _name_var(name: str, pos: int) -> Var:
    return Var(name, _UNRESOLVED, pos=pos)


@lru_cache(maxsize=1)
def _parser() -> Any:
    from lark import Lark

    grammar = resources.files("pyverify.logic").joinpath("claim.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", transformer=_Build(), maybe_placeholders=False)


def _precheck(text: str) -> None:
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ParseError(f"brackets nested deeper than {MAX_DEPTH} levels", text, i)
        elif ch in ")]}":
            depth -= 1
    if len(text) > MAX_LENGTH:
        raise ParseError(f"claim is {len(text)} characters long; the limit is {MAX_LENGTH}")


def _syntax_error(exc: Exception, text: str, stack: list[Any]) -> ParseError:
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream or 0
        return ParseError(f"unexpected character {text[pos : pos + 1]!r}", text, pos)
    misplaced = _misplaced_quantifier(text)
    if misplaced is not None:
        word, pos = misplaced
        return ParseError(f"quantifier '{word}' must come first: claims are in prenex form", text, pos)
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        pos = tok.start_pos if tok.start_pos is not None else len(text)
        if tok.type == "$END":
            opener = None if "NAME" in exc.expected else _unclosed(stack)
            if opener is not None:
                where = _where(text, opener.start_pos)
                return ParseError(
                    f"unexpected end of claim: the '{opener}' at {where} is never closed", text, len(text)
                )
            return ParseError("unexpected end of claim", text, len(text))
        if tok.type in ("QUANT", "FORALL", "EXISTS") or str(tok) in ("forall", "exists"):
            return ParseError(f"quantifier '{tok}' must come first: claims are in prenex form", text, pos)
        if tok.type == "BANG" and text[:pos].rstrip().endswith("!"):
            return ParseError(
                "double factorial is not supported; write (n!)! for a factorial of a factorial", text, pos
            )
        # words ("a name", "a number") first, then symbols
        named = {_FRIENDLY.get(e, e) for e in exc.expected if not e.startswith("__")}
        expected = sorted(named, key=lambda e: (not e.startswith("a "), e))
        hint = f"; expected {', '.join(expected[:6])}" if expected else ""
        return ParseError(f"unexpected {str(tok)!r}{hint}", text, pos)
    if isinstance(exc, UnexpectedEOF):
        return ParseError("unexpected end of claim", text, len(text))
    return ParseError(f"cannot parse: {exc}", text, None)


def _unclosed(stack: list[Any]) -> Any:
    """The innermost opening bracket left on the parser's value stack, if any.

    A bar that follows a term on the stack is divisibility, not an opening |.
    """
    from lark import Token

    for i in range(len(stack) - 1, -1, -1):
        item = stack[i]
        if isinstance(item, Token) and item.type in _OPENERS:
            if item.type == "BAR" and i > 0 and isinstance(stack[i - 1], Node):
                continue
            return item
    return None


def _run(text: str) -> Any:
    """Lex and parse with lark: the start rule's value, or a :class:`ParseError` for bad syntax.

    The only departure from lark's own loop: ``||`` is "or" only where the parser can take a
    disjunction; elsewhere (as at the end of ``|x - |y||``) it is two bars, fed one by one.
    """
    from lark import Token
    from lark.exceptions import UnexpectedInput

    interactive = _parser().parse_interactive(text)
    state = interactive.parser_state
    last = None
    try:
        for tok in interactive.lexer_thread.lex(state):
            if tok.type == "OR" and tok == "||" and "OR" not in interactive.accepts():
                for i in (0, 1):
                    last = Token("BAR", "|", tok.start_pos + i, tok.line, tok.column + i, tok.end_line,
                                 tok.column + i + 1, tok.start_pos + i + 1)  # fmt: skip
                    interactive.feed_token(last)
                continue
            interactive.feed_token(tok)
            last = tok
        return interactive.feed_eof(last)
    except UnexpectedInput as exc:
        raise _syntax_error(exc, text, state.value_stack) from None


_QUANTIFIER_WORD = re.compile(r"(?<![A-Za-z0-9_'])(forall|exists)(?![A-Za-z0-9_'])|[∀∃]")


def _misplaced_quantifier(text: str) -> tuple[str, int] | None:
    """A quantifier that follows something other than the prefix (start of text or a comma)."""
    for match in _QUANTIFIER_WORD.finditer(text):
        before = text[: match.start()].rstrip()
        if before and not before.endswith(","):
            return match.group(0), match.start()
        if before.endswith(",") and re.search(r"\bassum(e|ing)\b", before):
            return match.group(0), match.start()
    return None


def parse(text: str) -> Claim:
    """Parse claim text (ASCII or Unicode) into a resolved, sort-checked :class:`Claim`.

    Raises :class:`ParseError` with a message and a position for anything it cannot accept.
    """
    from lark.exceptions import VisitError

    if not isinstance(text, str):
        raise ParseError(f"claim must be text, not {type(text).__name__}")
    _precheck(text)
    try:
        prefixes, assumptions, body = _run(text)
    except ParseError as exc:
        raise ParseError(exc.message, text, exc.pos) from None
    except VisitError as exc:
        orig = exc.orig_exc
        if isinstance(orig, ParseError):
            raise ParseError(orig.message, text, orig.pos) from None
        raise ParseError(f"cannot parse: {orig}", text, None) from None
    except RecursionError:
        raise ParseError(f"expression nested deeper than {MAX_DEPTH} levels", text, None) from None
    try:
        return _Resolver(text).claim(prefixes, assumptions, body)
    except RecursionError:
        raise ParseError(f"expression nested deeper than {MAX_DEPTH} levels", text, None) from None


# ---------------------------------------------------------------- resolution and sorts


class _Resolver:
    """Binds names to binders and checks sorts; returns new, fully resolved nodes."""

    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self, message: str, pos: int | None = None) -> ParseError:
        return ParseError(message, self.text, pos)

    def claim(self, prefixes: list[_Raw], assumptions: list[_Raw], body: Node) -> Claim:
        scope: dict[str, Sort] = {}
        binders = []
        for raw in prefixes:
            quant, groups = raw.payload
            for group in groups:
                names = []
                for name, pos, sort in group:
                    if name in RESERVED:
                        raise self.fail(f"'{name}' is a built-in name and cannot be bound", pos)
                    if name in scope:
                        raise self.fail(f"variable '{name}' is bound twice", pos)
                    scope[name] = sort
                    names.append(name)
                binders.append(Binder(quant, tuple(names), group[0][2]))
        resolved_assumptions = tuple(self.formula(a.payload, scope) for a in assumptions)
        return Claim(tuple(binders), resolved_assumptions, self.formula(body, scope))

    # formulas ---------------------------------------------------------

    def formula(self, node: Node, scope: dict[str, Sort]) -> Any:
        if isinstance(node, BoolLit):
            return node
        if isinstance(node, Not):
            return Not(self.formula(node.arg, scope))
        if isinstance(node, Conn):
            return Conn(node.op, tuple(self.formula(a, scope) for a in node.args))
        if isinstance(node, Rel):
            left, ls = self.term(node.left, scope)
            right, rs = self.term(node.right, scope)
            rel = Rel(node.op, left, right)
            self.sorted(relation_check, rel, ls, rs)
            return rel
        if isinstance(node, Call) and node.func in PREDICATES:
            arity = PREDICATES[node.func]
            if len(node.args) != arity:
                raise self.fail(f"predicate '{node.func}' takes {arity} argument(s), got {len(node.args)}", node.pos)
            args = []
            for a in node.args:
                term, sort = self.term(a, scope)
                if not sort.is_integral:
                    raise self.fail(f"predicate '{node.func}' needs an integer argument, got sort {sort}", node.pos)
                args.append(term)
            return Pred(node.func, tuple(args))
        if isinstance(node, Var) and node.name in PREDICATES:
            raise self.fail(f"predicate '{node.name}' needs arguments", node.pos)
        what = "a number" if isinstance(node, (Num, Op, SumOf)) else "this term"
        raise self.fail(f"expected a statement, found {what}: '{_show(node)}'", getattr(node, "pos", None))

    def sorted(self, rule: Callable[..., Any], *args: Any, pos: int | None = None) -> Any:
        """Apply a sort rule of :mod:`pyverify.logic._sorts`; its complaint becomes a ParseError."""
        try:
            return rule(*args)
        except SortError as exc:
            shown = "" if exc.node is None else f" in '{_show(exc.node)}'"
            raise self.fail(exc.message + shown, pos) from None

    # terms ------------------------------------------------------------

    def term(self, node: Node, scope: dict[str, Sort]) -> tuple[Any, Sort]:
        if isinstance(node, Num):
            return node, numeral_sort(node.value)
        if isinstance(node, Var):
            return self.var(node, scope)
        if isinstance(node, Op):
            pairs = [self.term(a, scope) for a in node.args]
            result = Op(node.op, tuple(p[0] for p in pairs))
            return result, self.sorted(op_sort, result, [p[1] for p in pairs])
        if isinstance(node, Call):
            return self.call(node, scope)
        if isinstance(node, SumOf):
            return self.sum(node.var, node.lo, node.hi, node.body, scope, None)
        if isinstance(node, MatLit):
            return self.matlit(node, scope)
        if isinstance(node, Index):
            return node, RAT
        if isinstance(node, (BoolLit, Rel, Not, Conn)):
            raise self.fail(f"expected a number, found a statement: '{_show(node)}'")
        raise self.fail(f"unexpected '{_show(node)}'")

    def var(self, node: Var, scope: dict[str, Sort]) -> tuple[Any, Sort]:
        name = node.name
        if node.sort != _UNRESOLVED:
            return node, node.sort
        if name in scope:
            sort = scope[name]
            if sort == SEQ:
                raise self.fail(f"sequence '{name}' must be applied to an index, as in {name}(k)", node.pos)
            return Var(name, sort), sort
        if name in FUNCTIONS or name == "sum":
            raise self.fail(f"function '{name}' needs arguments", node.pos)
        known = sorted(scope)
        close = difflib.get_close_matches(name, known, n=1)
        hint = f"; did you mean '{close[0]}'?" if close else (f"; bound: {', '.join(known)}" if known else "")
        raise self.fail(f"unknown name '{name}'{hint}", node.pos)

    def call(self, node: Call, scope: dict[str, Sort]) -> tuple[Any, Sort]:
        name = node.func
        if name == "sum":
            if len(node.args) != 4 or not isinstance(node.args[0], Var):
                raise self.fail("sum takes (index, low, high, body), as in sum(k, 0, n, k^2)", node.pos)
            return self.sum(node.args[0].name, node.args[1], node.args[2], node.args[3], scope, node.args[0].pos)
        if name in scope and scope[name] == SEQ:
            if len(node.args) != 1:
                raise self.fail(f"sequence '{name}' takes one index", node.pos)
            index, isort = self.term(node.args[0], scope)
            if not isort.is_integral:
                raise self.fail(f"index of '{name}' must be an integer term", node.pos)
            return Index(Var(name, SEQ), index), RAT
        if name in PREDICATES:
            raise self.fail(f"'{name}' is a statement, not a number", node.pos)
        if name in CASTS or name == _CAST_NAT:
            return self.cast(node, scope)
        if name not in FUNCTIONS:
            if name in scope:
                raise self.fail(f"'{name}' is a variable of sort {scope[name]}, not a function", node.pos)
            close = difflib.get_close_matches(name, list(FUNCTIONS) + list(PREDICATES) + ["sum"], n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            raise self.fail(f"unknown function '{name}'{hint}", node.pos)
        arity, canon = FUNCTIONS[name]
        if len(node.args) != arity:
            raise self.fail(f"function '{name}' takes {arity} argument(s), got {len(node.args)}", node.pos)
        pairs = [self.term(a, scope) for a in node.args]
        result = Call(canon, tuple(p[0] for p in pairs))
        return result, self.sorted(call_sort, canon, [p[1] for p in pairs], pos=node.pos)

    def cast(self, node: Call, scope: dict[str, Sort]) -> tuple[Any, Sort]:
        """``(t : T)``, an up-cast: ``t`` itself for T = N (when t is natural), else ``Call(cast_T, (t,))``."""
        if len(node.args) != 1:
            raise self.fail(f"a cast takes one term, got {len(node.args)}", node.pos)
        term, sort = self.term(node.args[0], scope)
        if node.func == _CAST_NAT:
            if sort != NAT:
                raise self.fail(f"cannot cast a term of sort {sort} down to N in '{_show(term)}'", node.pos)
            return term, NAT
        return Call(node.func, (term,)), self.sorted(call_sort, node.func, [sort], pos=node.pos)

    def sum(self, var: str, lo: Node, hi: Node, body: Node, scope: dict[str, Sort], pos: Any) -> tuple[Any, Sort]:
        if var in RESERVED:
            raise self.fail(f"'{var}' is a built-in name and cannot index a sum", pos)
        if var in scope:
            raise self.fail(f"sum index '{var}' is already bound", pos)
        lo_t, lo_s = self.term(lo, scope)
        hi_t, hi_s = self.term(hi, scope)
        body_t, body_s = self.term(body, {**scope, var: INT})
        return SumOf(var, lo_t, hi_t, body_t), self.sorted(sum_sort, var, lo_s, hi_s, body_s, pos=pos)

    def matlit(self, node: MatLit, scope: dict[str, Sort]) -> tuple[Any, Sort]:
        n = len(node.rows)
        if any(len(r) != n for r in node.rows) or not 1 <= n <= 8:
            raise self.fail(f"matrix literal must be square with 1..8 rows, got {n} row(s)")
        rows = []
        for r in node.rows:
            row = []
            for entry in r:
                t, s = self.term(entry, scope)
                self.sorted(entry_check, s)
                row.append(t)
            rows.append(tuple(row))
        return MatLit(tuple(rows)), mat(n)


def _show(node: Any) -> str:
    try:
        return term_text(node)
    except Exception:
        return type(node).__name__
