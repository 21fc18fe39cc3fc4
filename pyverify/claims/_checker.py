"""The label-blind checker: does a model's counterexample refute the task's claim?

It reads only the public task (its formal claim) and the model's audit; it cannot import or open
references (``tests/claims/test_label_blind.py`` inspects its import graph and runs it with no
reference file anywhere). Recurrence and matrix states are evaluated with exact rationals; optimizer
states exactly except for the square root, which is evaluated with 60 significant digits and compared
with the spec's tolerance (relative 1e-10, absolute 1e-12). Messages name the fields involved and are
reproducible from label-free records.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from typing import Any, Mapping

from pyverify.claims import _families as fam
from pyverify.claims._records import CheckResult

REL_TOL = Fraction(1, 10**10)
ABS_TOL = Fraction(1, 10**12)
#: Longest number text accepted in a witness (a 10,000-digit rational is refused, not computed).
MAX_DIGITS = 400
MAX_HORIZON = 10_000


class _Reject(Exception):
    """A witness that cannot refute the claim, with the reason naming the fields involved."""


def number(value: Any, field: str) -> Fraction:
    """An exact rational from a JSON value: int, Decimal/float, or text 'p/q', '-3', '0.25'."""
    if isinstance(value, bool) or value is None:
        raise _Reject(f"{field} must be a number, not {json_type(value)}")
    if isinstance(value, int):
        if abs(value).bit_length() > MAX_DIGITS * 4:
            raise _Reject(f"{field} is too large")
        return Fraction(value)
    if isinstance(value, Fraction):
        return value
    if isinstance(value, (Decimal, float)):
        if isinstance(value, float) and not math.isfinite(value):
            raise _Reject(f"{field} must be finite")
        if isinstance(value, Decimal) and not value.is_finite():
            raise _Reject(f"{field} must be finite")
        if isinstance(value, Decimal) and (
            len(value.as_tuple().digits) > MAX_DIGITS or abs(value.adjusted()) > MAX_DIGITS
        ):
            raise _Reject(f"{field} has too many digits")
        return Fraction(value)
    if isinstance(value, str):
        text = value.strip()
        if len(text) > MAX_DIGITS:
            raise _Reject(f"{field} has too many digits")
        try:
            if "/" in text:
                num, _, den = text.partition("/")
                if int(den) == 0:
                    raise _Reject(f"{field} divides by zero")
                return Fraction(int(num), int(den))
            parsed = Decimal(text)
        except (ValueError, ArithmeticError):
            raise _Reject(
                f"{field} must be an exact rational such as '3', '-2/3' or '0.25', got '{text[:40]}'"
            ) from None
        if not parsed.is_finite():
            raise _Reject(f"{field} must be finite")
        return Fraction(parsed)
    raise _Reject(f"{field} must be a number, not {json_type(value)}")


def integer(value: Any, field: str) -> int:
    """A JSON integer (the schema's ``step`` and ``horizon``); 2.0, "2" and booleans are refused."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Reject(f"{field} must be an integer, not {json_type(value)}")
    if value.bit_length() > 64:
        raise _Reject(f"{field} is too large")
    return value


def json_type(value: Any) -> str:
    names = {bool: "a boolean", type(None): "null", list: "a list", dict: "an object", str: "text",
             Decimal: "a decimal number", float: "a decimal number"}  # fmt: skip
    return names.get(type(value), type(value).__name__)


def _state(audit: Mapping[str, Any]) -> Mapping[str, Any]:
    witness = audit.get("counterexample")
    if witness is None:
        raise _Reject("the verdict is invalid but the counterexample is null")
    if not isinstance(witness, Mapping):
        raise _Reject(f'counterexample must be an object {{"state": {{...}}}}, not {json_type(witness)}')
    state = witness.get("state")
    if not isinstance(state, Mapping):
        raise _Reject('counterexample must hold a "state" object')
    return state


def _keys(state: Mapping[str, Any], wanted: tuple[str, ...]) -> None:
    missing = [k for k in wanted if k not in state]
    extra = [k for k in state if k not in wanted]
    if missing:
        raise _Reject(f"state is missing {', '.join(missing)}")
    if extra:
        raise _Reject(f"state has unknown field(s) {', '.join(str(k) for k in extra)}")


# ---------------------------------------------------------------- optimizer


def _check_optimizer(claim: Mapping[str, Any], state: Mapping[str, Any]) -> tuple[bool, str]:
    _keys(state, fam.OPTIMIZER_KEYS)
    values = {k: number(state[k], k) for k in fam.OPTIMIZER_KEYS if k != "step"}
    step = integer(state["step"], "step")
    if step < 1:
        raise _Reject(f"step must be an integer >= 1, got {step}")
    if step > 10**6:
        raise _Reject("step is too large")
    v, alpha, eta, b1, b2, eps = (values[k] for k in ("v", "alpha", "eta", "beta1", "beta2", "epsilon"))
    problems = []
    if v < 0:
        problems.append("v must be >= 0")
    if alpha <= 0:
        problems.append("alpha must be > 0")
    if eta <= 0:
        problems.append("eta must be > 0")
    if not 0 < b1 < 1:
        problems.append("beta1 must lie in (0, 1)")
    if not 0 <= b2 < 1:
        problems.append("beta2 must lie in [0, 1)")
    if eps < 0:
        problems.append("epsilon must be >= 0")
    if not problems and v == 0 and eps == 0:
        problems.append("Q = sqrt(v/(1 - beta2^step)) + epsilon must be > 0 (v and epsilon are both 0)")
    if problems:
        raise _Reject("state outside the admissible domain: " + "; ".join(problems))
    condition = claim["condition"]
    lam_m, lam_a = values["lambda_m"], values["lambda_a"]
    violated = {
        "equal_learning_rates": (alpha != eta, "alpha = eta"),
        "first_step": (step != 1, "step = 1"),
        "zero_epsilon": (eps != 0 or v <= 0, "epsilon = 0 and v > 0"),
        "matched_decay": (alpha * lam_m != eta * lam_a, "alpha*lambda_m = eta*lambda_a"),
    }.get(condition, (False, ""))
    if violated[0]:
        raise _Reject(f"state violates the task's condition {violated[1]}")
    env = {fam.OPTIMIZER_VARS[k]: values[k] for k in values}
    env["t"] = Fraction(step)
    actual_node, expected_node = _optimizer_nodes(claim["transport"], claim["protocol"], claim["quantity"])
    actual = _numeric(actual_node, env)
    expected = _numeric(expected_node, env)
    gap = abs(actual - expected)
    tolerance = max(float(ABS_TOL), float(REL_TOL) * max(abs(actual), abs(expected)))
    what = "eta*A vs alpha*D" if claim["quantity"] == "optimizer_direction" else "W' vs W_M"
    shown = f"{what}: {_show(actual)} vs {_show(expected)}"
    if gap > tolerance:
        return True, f"the claim fails at this state ({shown}, difference {_show(gap)})"
    return False, f"the claim holds at this state within tolerance ({shown})"


_OPT_CACHE: dict[tuple[str, str, str], tuple[Any, Any]] = {}


def _optimizer_nodes(transport: str, protocol: str, quantity: str) -> tuple[Any, Any]:
    key = (transport, protocol, quantity)
    if key not in _OPT_CACHE:
        _OPT_CACHE[key] = fam.optimizer_discrepancy(
            {"transport": transport, "protocol": protocol, "quantity": quantity}
        )
    return _OPT_CACHE[key]


_NUMERIC: dict[int, tuple[Any, Any]] = {}


def _numeric(node: Any, env: Mapping[str, Fraction]) -> Any:
    """Evaluate with mpmath at 60 digits: inputs are exact, only sqrt (and big powers) round."""
    import mpmath

    hit = _NUMERIC.get(id(node))
    if hit is None or hit[0] is not node:
        hit = (node, _compile_numeric(node))
        _NUMERIC[id(node)] = hit
    with mpmath.workdps(60):
        values = {k: mpmath.mpf(v.numerator) / v.denominator for k, v in env.items()}
        return hit[1](values)


def _compile_numeric(node: Any) -> Any:
    """A closure tree over mpmath values (compiled once per claim; no text is evaluated)."""
    import mpmath

    from pyverify.logic import Call, Num, Op, Var
    from pyverify.logic._convert import _const_int

    if isinstance(node, Num):
        value = node.value
        return lambda env: mpmath.mpf(value.numerator) / value.denominator
    if isinstance(node, Var):
        name = node.name
        return lambda env: env[name]
    if isinstance(node, Call) and node.func == "sqrt":
        inner = _compile_numeric(node.args[0])

        def root(env: Any) -> Any:
            value = inner(env)
            if value < 0:
                raise _Reject("the claim takes the square root of a negative number at this state")
            return mpmath.sqrt(value)

        return root
    if isinstance(node, Op):
        if node.op == "^":
            base = _compile_numeric(node.args[0])
            constant = _const_int(node.args[1])
            exponent = _compile_numeric(node.args[1])
            if constant is not None:
                return lambda env: base(env) ** constant
            return lambda env: base(env) ** int(exponent(env))
        fns = [_compile_numeric(a) for a in node.args]
        if node.op == "neg":
            return lambda env: -fns[0](env)
        if node.op == "-":
            return lambda env: fns[0](env) - fns[1](env)
        if node.op == "/":

            def divide(env: Any) -> Any:
                denominator = fns[1](env)
                if denominator == 0:
                    raise _Reject("the claim divides by zero at this state")
                return fns[0](env) / denominator

            return divide
        if node.op == "+":
            return lambda env: mpmath.fsum(f(env) for f in fns)

        def product(env: Any) -> Any:
            out = fns[0](env)
            for f in fns[1:]:
                out = out * f(env)
            return out

        return product
    raise _Reject("the claim uses an operation the optimizer checker does not evaluate")


def _show(value: Any) -> str:
    import mpmath

    return mpmath.nstr(value, 12)


# ---------------------------------------------------------------- recurrence


def _check_recurrence(claim: Mapping[str, Any], state: Mapping[str, Any]) -> tuple[bool, str]:
    _keys(state, ("rho", "x0", "inputs", "horizon"))
    rho, x0 = number(state["rho"], "rho"), number(state["x0"], "x0")
    inputs_raw = state["inputs"]
    if not isinstance(inputs_raw, list):
        raise _Reject(f"inputs must be a list, not {json_type(inputs_raw)}")
    horizon = integer(state["horizon"], "horizon")
    if horizon < 0:
        raise _Reject(f"horizon must be >= 0, got {horizon}")
    if horizon > MAX_HORIZON or len(inputs_raw) > MAX_HORIZON:
        raise _Reject(f"horizon and inputs are limited to {MAX_HORIZON}")
    if horizon != len(inputs_raw):
        plural = "input" if len(inputs_raw) == 1 else "inputs"
        raise _Reject(
            f"horizon must equal the number of supplied inputs (horizon {horizon}, {len(inputs_raw)} {plural})"
        )
    inputs = [number(x, f"inputs[{i}]") for i, x in enumerate(inputs_raw)]
    condition = claim["condition"]
    if fam.condition_is_constant(condition) and len(set(inputs)) > 1:
        raise _Reject("state violates the task's condition: the inputs must all be equal (constant input)")
    if condition == "rho_not_one_constant" and rho == 1:
        raise _Reject("state violates the task's condition rho != 1")
    if condition == "rho_one_constant" and rho != 1:
        raise _Reject("state violates the task's condition rho = 1")
    x = x0
    for u in inputs:
        x = rho * x + u
        if max(x.numerator.bit_length(), x.denominator.bit_length()) > 100_000:
            raise _Reject("the iterated value grows too large to check")
    from flint import fmpq

    from pyverify.certify._exact import EvalError, Sequence, compile_node, to_fraction

    env = {"rho": fmpq(rho.numerator, rho.denominator), "x0": fmpq(x0.numerator, x0.denominator),
           "T": fmpq(horizon), "us": Sequence([fmpq(u.numerator, u.denominator) for u in inputs]),
           "u": fmpq(inputs[0].numerator, inputs[0].denominator) if inputs else fmpq(0)}  # fmt: skip
    try:
        piece = next(p for p in fam.recurrence_pieces(claim) if p.when is None or compile_node(p.when)(env))
        claimed = to_fraction(compile_node(piece.value)(env))
    except StopIteration:
        raise _Reject("no piece of the claimed formula applies at this state") from None
    except EvalError as exc:
        return True, f"the claimed formula is undefined at this state ({exc.reason}), so the claim fails there"
    if claimed != x:
        return (
            True,
            f"iteration gives x_{horizon} = {fam.fraction_text(x)}; the claimed formula gives {fam.fraction_text(claimed)}",
        )
    return False, f"the claim holds at this state: iteration and the claimed formula both give {fam.fraction_text(x)}"


# ---------------------------------------------------------------- linear algebra


def _matrix(value: Any, field: str) -> list[list[Fraction]]:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(r, list) and len(r) == 2 for r in value)):
        raise _Reject(f"{field} must be a 2x2 matrix [[a, b], [c, d]]")
    return [[number(value[i][j], f"{field}[{i}][{j}]") for j in range(2)] for i in range(2)]


def _check_matrix(claim: Mapping[str, Any], state: Mapping[str, Any]) -> tuple[bool, str]:
    _keys(state, ("A", "B"))
    a, b = _matrix(state["A"], "A"), _matrix(state["B"], "B")
    from flint import fmpq, fmpq_mat

    from pyverify.certify._exact import EvalError, compile_node
    from pyverify.certify._witness import format_value

    env = {
        name: fmpq_mat(2, 2, [fmpq(x.numerator, x.denominator) for row in m for x in row])
        for name, m in (("A", a), ("B", b))
    }
    for requirement in fam.condition_requirements("linear_algebra", claim["condition"]):
        from pyverify.logic import term_text

        if not compile_node(requirement)(env):
            raise _Reject(f"state violates the task's condition {term_text(requirement)}")
    lhs_node, rhs_node = fam.matrix_sides(claim)
    try:
        lhs, rhs = compile_node(lhs_node)(env), compile_node(rhs_node)(env)
    except EvalError as exc:
        raise _Reject(f"the claim is undefined at this state ({exc.reason})") from None
    shown = f"left side {_plain(format_value(lhs))}, right side {_plain(format_value(rhs))}"
    if lhs != rhs:
        return True, f"the identity fails at this state ({shown})"
    return False, f"the identity holds at this state ({shown})"


def _plain(value: Any) -> str:
    return str(value).replace("'", "")


_FAMILY_CHECKS = {
    "optimizer_transport": _check_optimizer,
    "affine_recurrence": _check_recurrence,
    "linear_algebra": _check_matrix,
}


def check(task: Mapping[str, Any], audit: Mapping[str, Any] | None) -> CheckResult:
    """Check one parsed audit against its public task. Never raises on bad input."""
    task_id = str(task.get("task_id", ""))
    if audit is None or not isinstance(audit, Mapping):
        return CheckResult(task_id, "unavailable", "the response held no parseable audit")
    verdict = audit.get("verdict")
    if not isinstance(verdict, str) or verdict.strip().lower() != "invalid":
        return CheckResult(
            task_id, "not_applicable", "the verdict is not 'invalid': there is no counterexample to check"
        )
    family = task.get("family")
    if family not in _FAMILY_CHECKS:
        return CheckResult(task_id, "rejected", f"unknown family '{family}'")
    try:
        state = _state(audit)
        refutes, message = _FAMILY_CHECKS[family](task["claim"], state)
    except _Reject as exc:
        return CheckResult(task_id, "rejected", str(exc))
    except (KeyError, TypeError, ValueError, ArithmeticError, OverflowError, RecursionError) as exc:
        return CheckResult(task_id, "rejected", f"the counterexample could not be evaluated: {type(exc).__name__}")
    return CheckResult(task_id, "verified" if refutes else "rejected", message)
