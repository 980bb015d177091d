"""The conditions and levels of a lights file: a small expression language, parsed once, read
against a seat's context (lights/context.py), never `eval`.

    expr = parse("ship.shields[0] <= 0 and not asked.roll")
    expr.value({"ship": {...}, "asked": {...}})      # -> True / False / a number / None

What it has: paths into the context (`ship.shields[0]`, `panel.values[ship.weapons[1].id]`),
numbers, 'strings', true, false, none; `+ - * /` (a division by 0 is 0), comparisons
`== != < <= > >=`, `in`, `and or not`, parentheses, and a few functions (FUNCTIONS). A path
that is not there reads as none, and a comparison with none is false: a condition that cannot
be read does not hold, it never raises. Sizes are capped (MAX_TEXT, MAX_DEPTH), so a hostile
file cannot make a parse or a reading run away.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

MAX_TEXT = 400
"""Characters in one expression."""
MAX_DEPTH = 24
"""Nesting of parentheses, brackets, calls and operators."""

Value = bool | int | float | str | None | Sequence[object] | Mapping[str, object]


class ExprError(ValueError):
    """An expression that does not parse: the message says where and what is expected."""


_TOKEN = re.compile(r"""\s*(?:
    (?P<num>\d+(?:\.\d+)?) |
    (?P<str>'[^'\\]*'|"[^"\\]*") |
    (?P<name>[A-Za-z_][A-Za-z0-9_]*) |
    (?P<op>==|!=|<=|>=|[<>()\[\].,+\-*/])
)""", re.VERBOSE)
WORDS = ("and", "or", "not", "in", "true", "false", "none")


@dataclass(frozen=True, slots=True)
class Token:
    kind: str   # num, str, name, op, end
    text: str
    at: int


def tokens(text: str) -> list[Token]:
    out: list[Token] = []
    at = 0
    while at < len(text):
        if text[at:].strip() == "":
            break
        m = _TOKEN.match(text, at)
        if m is None or m.end() == at:
            raise ExprError(f"at {at + 1}: {text[at:at + 12].strip()!r} is not understood")
        kind = m.lastgroup or "op"
        out.append(Token(kind, m.group(kind), m.start(kind)))
        at = m.end()
    out.append(Token("end", "", len(text)))
    return out


# -- the tree ---------------------------------------------------------------------------------
class Expr:
    """A parsed expression: `value(ctx)` reads it against a context."""

    def value(self, ctx: Mapping[str, object]) -> Value:
        raise NotImplementedError

    def names(self) -> tuple[str, ...]:
        """The first part of every path it reads (for the checker)."""
        return ()

    def calls(self) -> tuple[tuple[str, tuple[Value, ...]], ...]:
        """Every call with constant arguments (the checker's `held("...")`)."""
        return ()


@dataclass(frozen=True)
class Const(Expr):
    const: Value

    def value(self, ctx: Mapping[str, object]) -> Value:
        return self.const


@dataclass(frozen=True)
class Path(Expr):
    head: str
    parts: tuple[Expr, ...]   # each a Const name/number or an expression in brackets

    def value(self, ctx: Mapping[str, object]) -> Value:
        got: object = ctx.get(self.head)
        for part in self.parts:
            got = step(got, part.value(ctx))
            if got is None:
                return None
        return got  # type: ignore[return-value]

    def names(self) -> tuple[str, ...]:
        return (self.head, *(n for p in self.parts for n in p.names()))

    def calls(self) -> tuple[tuple[str, tuple[Value, ...]], ...]:
        return tuple(c for p in self.parts for c in p.calls())


def step(got: object, key: Value) -> object:
    """One step of a path: a key of a mapping, an index of a list (from 0; negative from the
    end), or None."""
    if isinstance(got, Mapping):
        return got.get(key) if isinstance(key, str) else None
    if isinstance(key, float) and key.is_integer():
        key = int(key)
    if isinstance(got, list | tuple) and isinstance(key, int) and not isinstance(key, bool):
        return got[key] if -len(got) <= key < len(got) else None
    return None


@dataclass(frozen=True)
class Unary(Expr):
    op: str
    arg: Expr

    def value(self, ctx: Mapping[str, object]) -> Value:
        v = self.arg.value(ctx)
        if self.op == "not":
            return not truth(v)
        n = number(v)
        return None if n is None else -n

    def names(self) -> tuple[str, ...]:
        return self.arg.names()

    def calls(self) -> tuple[tuple[str, tuple[Value, ...]], ...]:
        return self.arg.calls()


@dataclass(frozen=True)
class Binary(Expr):
    op: str
    left: Expr
    right: Expr

    def value(self, ctx: Mapping[str, object]) -> Value:
        if self.op == "and":
            return truth(self.left.value(ctx)) and truth(self.right.value(ctx))
        if self.op == "or":
            return truth(self.left.value(ctx)) or truth(self.right.value(ctx))
        return OPERATORS[self.op](self.left.value(ctx), self.right.value(ctx))

    def names(self) -> tuple[str, ...]:
        return self.left.names() + self.right.names()

    def calls(self) -> tuple[tuple[str, tuple[Value, ...]], ...]:
        return self.left.calls() + self.right.calls()


@dataclass(frozen=True)
class FunctionCall(Expr):
    name: str
    args: tuple[Expr, ...]

    def value(self, ctx: Mapping[str, object]) -> Value:
        if self.name == "held":   # a named state's condition: the evaluator's `held` in ctx
            held = ctx.get("held")
            arg = self.args[0].value(ctx) if self.args else None
            return bool(callable(held) and isinstance(arg, str) and held(arg))
        return FUNCTIONS[self.name](*(a.value(ctx) for a in self.args))

    def names(self) -> tuple[str, ...]:
        return tuple(n for a in self.args for n in a.names())

    def calls(self) -> tuple[tuple[str, tuple[Value, ...]], ...]:
        here = ((self.name, tuple(a.value({}) for a in self.args)),) \
            if all(isinstance(a, Const) for a in self.args) else ()
        return here + tuple(c for a in self.args for c in a.calls())


# -- reading values -----------------------------------------------------------------------------
def truth(v: object) -> bool:
    return bool(v) if isinstance(v, bool | int | float | str | list | tuple | dict) else False


def number(v: object) -> float | None:
    if isinstance(v, bool):
        return float(v)
    if isinstance(v, int | float) and v == v:
        return float(v)
    return None


def _arith(f: Callable[[float, float], float]) -> Callable[[Value, Value], Value]:
    def op(a: Value, b: Value) -> Value:
        x, y = number(a), number(b)
        return None if x is None or y is None else f(x, y)
    return op


def _order(f: Callable[[float, float], bool]) -> Callable[[Value, Value], Value]:
    def op(a: Value, b: Value) -> Value:
        if isinstance(a, str) and isinstance(b, str):
            return f(float(a > b) - float(a < b), 0.0)
        x, y = number(a), number(b)
        return False if x is None or y is None else f(x, y)
    return op


def _equal(a: object, b: object) -> bool:
    x, y = number(a), number(b)
    if x is not None and y is not None:
        return x == y
    return a == b


def _within(a: Value, b: Value) -> bool:
    if isinstance(b, str):
        return isinstance(a, str) and a in b
    if isinstance(b, Mapping):
        return isinstance(a, str) and a in b
    if isinstance(b, list | tuple):
        return any(_equal(a, x) for x in b)
    return False


OPERATORS: dict[str, Callable[[Value, Value], Value]] = {
    "+": _arith(lambda x, y: x + y),
    "-": _arith(lambda x, y: x - y),
    "*": _arith(lambda x, y: x * y),
    "/": _arith(lambda x, y: x / y if y else 0.0),
    "<": _order(lambda x, y: x < y),
    "<=": _order(lambda x, y: x <= y),
    ">": _order(lambda x, y: x > y),
    ">=": _order(lambda x, y: x >= y),
    "==": _equal,
    "!=": lambda a, b: not _equal(a, b),
    "in": _within,
}


def _items(v: Value) -> list[object]:
    if isinstance(v, Mapping):
        return list(v.values())
    return list(v) if isinstance(v, list | tuple) else []


def _numbers(v: Value) -> list[float]:
    return [n for x in _items(v) if (n := number(x)) is not None]


def _keys(m: Value, value: Value = True) -> Value:
    """The keys of mapping `m` whose value is `value` (`keys(ship.system_stations, seat.station)`)."""
    return [k for k, v in m.items() if _equal(v, value)] if isinstance(m, Mapping) else []


def _pick(m: Value, keys: Value) -> Value:
    """The values of mapping `m` at `keys`, in order (those not there are left out)."""
    if not isinstance(m, Mapping):
        return []
    return [m[k] for k in _items(keys) if isinstance(k, str) and k in m]


def _column(v: Value, key: Value) -> Value:
    """`key` of every table in list `v` (`column(view.ships, 'cloaked')`)."""
    return [x.get(key) for x in _items(v) if isinstance(x, Mapping)] if isinstance(key, str) \
        else []


def _lower(v: Value) -> Value:
    return v.lower() if isinstance(v, str) else None


FUNCTIONS: dict[str, Callable[..., Value]] = {
    "min": lambda v: min(_numbers(v), default=None),
    "max": lambda v: max(_numbers(v), default=None),
    "sum": lambda v: sum(_numbers(v)),
    "len": lambda v: len(_items(v)) if not isinstance(v, str) else len(v),
    "count": lambda v: sum(1 for x in _items(v) if truth(x)),
    "any": lambda v: any(truth(x) for x in _items(v)),
    "all": lambda v: bool(_items(v)) and all(truth(x) for x in _items(v)),
    "abs": lambda v: None if (n := number(v)) is None else abs(n),
    "clamp": lambda v: None if (n := number(v)) is None else max(0.0, min(1.0, n)),
    "starts": lambda v, s: isinstance(v, str) and isinstance(s, str) and v.startswith(s),
    "lower": _lower,
    "keys": _keys,
    "pick": _pick,
    "column": _column,
    "held": lambda name: False,   # read by FunctionCall itself (a named state of the file)
}
ARITY = {"starts": 2, "keys": 2, "pick": 2, "column": 2}


# -- the parser -----------------------------------------------------------------------------
class _Parser:
    def __init__(self, text: str) -> None:
        if len(text) > MAX_TEXT:
            raise ExprError(f"{len(text)} characters: an expression is at most {MAX_TEXT}")
        self.toks = tokens(text)
        self.i = 0
        self.depth = 0

    @property
    def tok(self) -> Token:
        return self.toks[self.i]

    def take(self, text: str | None = None) -> Token:
        t = self.tok
        if text is not None and t.text != text:
            got = "the end" if t.kind == "end" else repr(t.text)
            raise ExprError(f"at {t.at + 1}: {text!r} expected, not {got}")
        self.i += 1
        return t

    def deeper(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ExprError(f"nested more than {MAX_DEPTH} deep")

    def whole(self) -> Expr:
        e = self.either()
        if self.tok.kind != "end":
            raise ExprError(f"at {self.tok.at + 1}: {self.tok.text!r} was not expected here")
        return e

    def either(self) -> Expr:
        self.deeper()
        e = self.both()
        while self.tok.text == "or":
            self.take()
            e = Binary("or", e, self.both())
        self.depth -= 1
        return e

    def both(self) -> Expr:
        e = self.negation()
        while self.tok.text == "and":
            self.take()
            e = Binary("and", e, self.negation())
        return e

    def negation(self) -> Expr:
        if self.tok.text == "not":
            self.take()
            self.deeper()
            inner = self.negation()
            self.depth -= 1
            return Unary("not", inner)
        return self.comparison()

    def comparison(self) -> Expr:
        e = self.sum()
        if self.tok.text in ("==", "!=", "<", "<=", ">", ">=", "in"):
            op = self.take().text
            e = Binary(op, e, self.sum())
            if self.tok.text in ("==", "!=", "<", "<=", ">", ">="):
                raise ExprError(f"at {self.tok.at + 1}: one comparison at a time "
                                f"(join two with and)")
        return e

    def sum(self) -> Expr:
        e = self.product()
        while self.tok.text in ("+", "-"):
            op = self.take().text
            e = Binary(op, e, self.product())
        return e

    def product(self) -> Expr:
        e = self.unary()
        while self.tok.text in ("*", "/"):
            op = self.take().text
            e = Binary(op, e, self.unary())
        return e

    def unary(self) -> Expr:
        if self.tok.text == "-":
            self.take()
            self.deeper()
            inner = self.unary()
            self.depth -= 1
            return Unary("-", inner)
        return self.atom()

    def atom(self) -> Expr:
        t = self.tok
        if t.kind == "num":
            self.take()
            return Const(float(t.text) if "." in t.text else int(t.text))
        if t.kind == "str":
            self.take()
            return Const(t.text[1:-1])
        if t.text == "(":
            self.take()
            e = self.either()
            self.take(")")
            return e
        if t.kind == "name":
            self.take()
            word = {"true": True, "false": False, "none": None}
            if t.text in word:
                return Const(word[t.text])
            if t.text in WORDS:
                raise ExprError(f"at {t.at + 1}: {t.text!r} needs something before it")
            if self.tok.text == "(":
                return self.call(t)
            return self.path(t.text)
        got = "the end" if t.kind == "end" else repr(t.text)
        raise ExprError(f"at {t.at + 1}: a value was expected, not {got}")

    def call(self, name: Token) -> Expr:
        if name.text not in FUNCTIONS:
            raise ExprError(f"at {name.at + 1}: no function {name.text!r} (there are: "
                            f"{', '.join(sorted(FUNCTIONS))})")
        self.take("(")
        self.deeper()
        args: list[Expr] = []
        if self.tok.text != ")":
            args.append(self.either())
            while self.tok.text == ",":
                self.take()
                args.append(self.either())
        self.take(")")
        self.depth -= 1
        want = ARITY.get(name.text, 1)
        if len(args) != want:
            raise ExprError(f"at {name.at + 1}: {name.text}() takes {want} "
                            f"argument{'s' if want > 1 else ''}, not {len(args)}")
        return FunctionCall(name.text, tuple(args))

    def path(self, head: str) -> Expr:
        parts: list[Expr] = []
        while self.tok.text in (".", "["):
            if self.take().text == ".":
                t = self.tok
                if t.kind == "name":
                    parts.append(Const(self.take().text))
                elif t.kind == "num" and "." not in t.text:
                    parts.append(Const(int(self.take().text)))
                else:
                    raise ExprError(f"at {t.at + 1}: a name is expected after '.'")
            else:
                self.deeper()
                parts.append(self.either())
                self.take("]")
                self.depth -= 1
        return Path(head, tuple(parts))


def parse(text: str) -> Expr:
    """The expression `text`, or ExprError saying where it is wrong."""
    if not isinstance(text, str):
        raise ExprError(f"an expression is written in quotes, not {text!r}")
    if not text.strip():
        raise ExprError("an empty expression")
    return _Parser(text).whole()
