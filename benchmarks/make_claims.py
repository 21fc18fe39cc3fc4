"""Writes benchmarks/claims.txt, the fixed claim suite of certify_bench.py.

Each line is ``expected | claim`` where ``expected`` is the claim's mathematical truth written as
the status a complete engine would return (``certified`` for a true claim, ``refuted`` for a false
one). ``# @ section`` lines name the section of the lines below them. Many instances are varied
programmatically from templates whose truth is known for every parameter; the output is committed,
so the suite is fixed and this script only documents how it was made.

    .venv/bin/python benchmarks/make_claims.py        # rewrites benchmarks/claims.txt
"""

from __future__ import annotations

import sys
from math import comb
from pathlib import Path

OUT = Path(__file__).with_name("claims.txt")

T, F = "certified", "refuted"


def poly(coeffs: dict[int, int], var: str = "x") -> str:
    """A polynomial in ``var`` from {degree: coefficient}, highest degree first."""
    parts: list[str] = []
    for deg in sorted(coeffs, reverse=True):
        c = coeffs[deg]
        if c == 0:
            continue
        mono = "" if deg == 0 else var if deg == 1 else f"{var}^{deg}"
        mag = abs(c)
        body = str(mag) if not mono else mono if mag == 1 else f"{mag}*{mono}"
        sign = "-" if c < 0 else "+"
        parts.append(("-" + body if sign == "-" else body) if not parts else f" {sign} {body}")
    return "".join(parts) or "0"


def binom_expansion(c: int, n: int) -> str:
    """(x + c)^n expanded."""
    return poly({k: comb(n, k) * c ** (n - k) for k in range(n + 1)})


def polynomial_identities() -> list[tuple[str, str]]:
    out = []
    for c in range(1, 9):
        out.append((T, f"forall x : Q, (x + {c})^2 = {binom_expansion(c, 2)}"))
    for c in range(1, 7):
        out.append((T, f"forall x : Q, (x - {c})^2 = {binom_expansion(-c, 2)}"))
    for c in range(1, 7):
        out.append((T, f"forall x : Q, (x + {c})^3 = {binom_expansion(c, 3)}"))
    for c in (2, 3):
        out.append((T, f"forall x : Q, (x + {c})^4 = {binom_expansion(c, 4)}"))
    for n in range(2, 7):
        terms = " + ".join(
            (f"{comb(n, k)}*" if comb(n, k) > 1 else "")
            + "*".join(
                p
                for p in (
                    f"a^{n - k}" if n - k > 1 else "a" if n - k == 1 else "",
                    f"b^{k}" if k > 1 else "b" if k == 1 else "",
                )
                if p
            )
            for k in range(n + 1)
        )
        out.append((T, f"forall a b : Q, (a + b)^{n} = {terms}"))
    out += [
        (T, "forall a b : Q, (a - b)^2 = a^2 - 2*a*b + b^2"),
        (T, "forall a b : Q, (a - b)^3 = a^3 - 3*a^2*b + 3*a*b^2 - b^3"),
        (T, "forall a b : Q, a^2 - b^2 = (a - b)*(a + b)"),
        (T, "forall a b : Q, a^3 + b^3 = (a + b)*(a^2 - a*b + b^2)"),
        (T, "forall a b : Q, a^3 - b^3 = (a - b)*(a^2 + a*b + b^2)"),
        (T, "forall a b : Q, a^4 - b^4 = (a - b)*(a + b)*(a^2 + b^2)"),
        (T, "forall a b : Q, (a + b)^2 - (a - b)^2 = 4*a*b"),
        (T, "forall a b : Q, (a + b)^2 + (a - b)^2 = 2*(a^2 + b^2)"),
        (T, "forall a b c : Q, (a + b + c)^2 = a^2 + b^2 + c^2 + 2*a*b + 2*b*c + 2*c*a"),
        (T, "forall a b c d : Q, (a + b)*(c + d) = a*c + a*d + b*c + b*d"),
        (T, "forall a b c d : Q, (a^2 + b^2)*(c^2 + d^2) = (a*c - b*d)^2 + (a*d + b*c)^2"),
        (T, "forall a b c d : Q, (a^2 + b^2)*(c^2 + d^2) = (a*c + b*d)^2 + (a*d - b*c)^2"),
        (T, "forall a b : Q, a^4 + 4*b^4 = (a^2 + 2*b^2 + 2*a*b)*(a^2 + 2*b^2 - 2*a*b)"),
        (T, "forall a b c : Q, a^3 + b^3 + c^3 - 3*a*b*c = (a + b + c)*(a^2 + b^2 + c^2 - a*b - b*c - c*a)"),
        (T, "forall x : Q, x^4 + 4 = (x^2 + 2*x + 2)*(x^2 - 2*x + 2)"),
        (T, "forall x y z : Q, x*(y - z) + y*(z - x) + z*(x - y) = 0"),
        (T, "∀ x y : ℝ, (x + y)*(x - y) + y^2 = x^2"),
    ]
    for c in range(1, 6):
        out.append((T, f"forall x : Q, x^2 - {c * c} = (x - {c})*(x + {c})"))
    for p, q in ((1, 2), (2, 3), (-1, 4), (3, -5), (-2, -7), (6, 1)):
        out.append((T, f"forall x : Z, (x + {p})*(x + {q}) = {poly({2: 1, 1: p + q, 0: p * q})}".replace("+ -", "- ")))
    for n in range(2, 8):
        geometric = " + ".join(f"x^{k}" if k > 1 else "x" if k == 1 else "1" for k in range(n - 1, -1, -1))
        out.append((T, f"forall x : Q, (x - 1)*({geometric}) = x^{n} - 1"))
    return out


def polynomial_mistakes() -> list[tuple[str, str]]:
    out = []
    for c in range(1, 7):
        out.append((F, f"forall x : Q, (x + {c})^2 = x^2 + {c * c}"))
    for c in range(1, 5):
        out.append((F, f"forall x : Q, (x + {c})^2 = {poly({2: 1, 1: c, 0: c * c})}"))
    for c in range(1, 5):
        out.append((F, f"forall x : Q, (x - {c})^2 = x^2 - {c * c}"))
    for c in range(1, 5):
        out.append((F, f"forall x : Q, (x + {c})^3 = x^3 + {c**3}"))
    for c in range(2, 5):  # the x coefficient written as 3c instead of 3c^2 (equal only for c = 1)
        out.append((F, f"forall x : Q, (x + {c})^3 = {poly({3: 1, 2: 3 * c, 1: 3 * c, 0: c**3})}"))
    for p, q in ((1, 3), (2, 5), (4, 7)):  # coefficients swapped: p+q != pq for these
        out.append((F, f"forall x : Z, (x + {p})*(x + {q}) = x^2 + {p * q}*x + {p + q}"))
    for n in range(2, 6):
        out.append((F, f"forall x : Q, x^{n} - 1 = (x - 1)^{n}"))
    out += [
        (F, "forall a b : Q, (a + b)^2 = a^2 + b^2"),
        (F, "forall a b : Q, (a - b)^2 = a^2 - b^2"),
        (F, "forall a b : Q, (a + b)^3 = a^3 + b^3"),
        (F, "forall a b : Q, a^2 - b^2 = (a - b)^2"),
        (F, "forall a b : Q, (a + b)*(a - b) = a^2 + b^2"),
        (F, "forall a b : Q, a^3 - b^3 = (a - b)^3"),
        (F, "forall a b c : Q, (a + b + c)^2 = a^2 + b^2 + c^2"),
        (F, "forall a b : Q, (a + b)^2 = a^2 + a*b + b^2"),
        (F, "forall a b : Q, a^3 + b^3 = (a + b)*(a^2 + a*b + b^2)"),
        (F, "forall a b c d : Q, (a^2 + b^2)*(c^2 + d^2) = (a*c + b*d)^2 + (a*d + b*c)^2"),
        (F, "forall x : Q, x^4 + 4 = (x^2 + 2)^2"),
        (F, "∀ x y : ℝ, (x + y)^2 = x^2 + 2*x*y + 2*y^2"),
    ]
    return out


def rational_functions() -> list[tuple[str, str]]:
    out = [
        (T, "forall x : Q, 1/x - 1/(x + 1) = 1/(x*(x + 1))"),
        (T, "forall x y : Q, 1/x + 1/y = (x + y)/(x*y)"),
        (T, "forall a b c d : Q, a/b + c/d = (a*d + b*c)/(b*d)"),
        (T, "forall a b c d : Q, (a/b)*(c/d) = (a*c)/(b*d)"),
        (T, "forall x : Q, (x^3 - 1)/(x - 1) = x^2 + x + 1"),
        (T, "forall x : Q, x/(x + 1) = 1 - 1/(x + 1)"),
        (T, "forall x : Q, 1/(x^2 - 1) = (1/(x - 1) - 1/(x + 1))/2"),
        (T, "forall x : Q, (x + 1/x)^2 = x^2 + 2 + 1/x^2"),
        (T, "forall x y : Q, (x - y)/(y - x) = -1"),
        (T, "forall x y : Q, (x^2 - y^2)/(x + y) = x - y"),
        (T, "forall r : R, (r^2 + 2*r + 1)/(r + 1) = r + 1"),
    ]
    for c in range(1, 6):
        out.append((T, f"forall x : Q, (x^2 - {c * c})/(x - {c}) = x + {c}"))
    for c in range(1, 5):
        out.append((T, f"forall x : Q, 1/(x + {c}) - 1/(x + {c + 1}) = 1/((x + {c})*(x + {c + 1}))"))
    out += [
        (F, "forall a b c d : Q, a/b + c/d = (a + c)/(b + d)"),
        (F, "forall x y : Q, 1/(x + y) = 1/x + 1/y"),
        (F, "forall a b c : Q, (a + b)/(a + c) = b/c"),
        (F, "forall x : Q, x/(x + 1) = 1 - 1/x"),
        (F, "forall x : Q, (x + 1/x)^2 = x^2 + 1/x^2"),
        (F, "forall x y : Q, (x^2 + y^2)/(x + y) = x + y"),
    ]
    for c in range(1, 5):
        out.append((F, f"forall x : Q, (x^2 + {c * c})/(x + {c}) = x + {c}"))
    return out


def matrix_identities() -> list[tuple[str, str]]:
    i2, z2 = "[[1,0],[0,1]]", "[[0,0],[0,0]]"
    out = [
        (T, "forall A B : Mat2(Q), det(A*B) = det(A)*det(B)"),
        (T, "forall A B : Mat2(Q), transpose(A*B) = transpose(B)*transpose(A)"),
        (T, "forall A B : Mat2(Q), trace(A*B) = trace(B*A)"),
        (T, "forall A : Mat2(Q), inverse(inverse(A)) = A"),
        (T, "forall A B : Mat2(Q), inverse(A*B) = inverse(B)*inverse(A)"),
        (T, "forall A : Mat2(Q), det(transpose(A)) = det(A)"),
        (T, "forall A B : Mat2(Q), trace(A + B) = trace(A) + trace(B)"),
        (T, "forall A B : Mat2(Q), transpose(A + B) = transpose(A) + transpose(B)"),
        (T, "forall A : Mat2(Q), transpose(transpose(A)) = A"),
        (T, "forall A B C : Mat2(Q), A*(B + C) = A*B + A*C"),
        (T, "forall A B C : Mat2(Q), (A + B)*C = A*C + B*C"),
        (T, "forall A B C : Mat2(Q), (A*B)*C = A*(B*C)"),
        (T, "forall A B C : Mat2(Q), trace(A*B*C) = trace(C*A*B)"),
        (T, "forall A : Mat2(Q), det(A^3) = det(A)^3"),
        (T, "forall A : Mat2(Q), det(inverse(A)) = 1/det(A)"),
        (T, f"forall A : Mat2(Q), A*A - trace(A)*A + det(A)*{i2} = {z2}"),
        (T, f"forall A : Mat2(Q), A*inverse(A) = {i2}"),
        (T, "forall A : Mat2(Q), inverse(transpose(A)) = transpose(inverse(A))"),
        (T, f"forall A : Mat2(Q), A*{i2} = A"),
        (T, "forall A B : Mat2(Q), (A + B)^2 = A^2 + A*B + B*A + B^2"),
        (T, "forall A B : Mat2(Q), det(A + B) + det(A - B) = 2*det(A) + 2*det(B)"),
        (T, "forall A B : Mat2(Q), trace(A*B - B*A) = 0"),
        (T, "forall a b c d : Q, det([[a, b], [c, d]]) = a*d - b*c"),
        (T, "forall A : Mat2(Q), trace(transpose(A)*A) >= 0"),
        (T, "forall A B : Mat2(Q), det(A*B) = det(B*A)"),
        (T, "forall A : Mat2(Q), det(A)*inverse(A)*A = det(A)*[[1,0],[0,1]]"),
    ]
    for c in range(2, 6):
        out.append((T, f"forall A : Mat2(Q), det({c}*A) = {c * c}*det(A)"))
    for c in range(2, 5):
        out.append((T, f"forall A : Mat2(Q), trace({c}*A) = {c}*trace(A)"))
    out += [
        (F, "forall A B : Mat2(Q), det(A + B) = det(A) + det(B)"),
        (F, "forall A B : Mat2(Q), A*B = B*A"),
        (F, "forall A B : Mat2(Q), transpose(A*B) = transpose(A)*transpose(B)"),
        (F, "forall A B : Mat2(Q), inverse(A*B) = inverse(A)*inverse(B)"),
        (F, "forall A B : Mat2(Q), trace(A*B) = trace(A)*trace(B)"),
        (F, "forall A B : Mat2(Q), (A + B)^2 = A^2 + 2*A*B + B^2"),
        (F, "forall A B C : Mat2(Q), trace(A*B*C) = trace(C*B*A)"),
        (F, "forall A B : Mat2(Q), det(A - B) = det(A) - det(B)"),
        (F, "forall A B : Mat2(Q), inverse(A + B) = inverse(A) + inverse(B)"),
        (F, "forall A : Mat2(Q), A*A = A"),
        (F, "forall A : Mat2(Q), det(A^2) = 2*det(A)"),
        (F, "forall A : Mat2(Q), A*transpose(A) = transpose(A)*A"),
        (F, "forall A B : Mat2(Q), (A - B)*(A + B) = A^2 - B^2"),
        (F, "forall A : Mat2(Q), inverse(A) = transpose(A)"),
        (F, f"forall A : Mat2(Q), A*A + det(A)*{i2} = trace(A)*A + {i2}"),
    ]
    for c in range(2, 5):
        out.append((F, f"forall A : Mat2(Q), det({c}*A) = {c}*det(A)"))
    return out


def inequalities() -> list[tuple[str, str]]:
    out = [
        (T, "forall x y : R, x^2 + y^2 >= 2*x*y"),
        (T, "forall x y : R, (x + y)^2 >= 4*x*y"),
        (T, "forall x : R, x^2 - x + 1 > 0"),
        (T, "forall a b c : R, a^2 + b^2 + c^2 >= a*b + b*c + c*a"),
        (T, "forall x : R, x > 0 -> x + 1/x >= 2"),
        (T, "forall x y : R, abs(x + y) <= abs(x) + abs(y)"),
        (T, "forall x y : R, abs(abs(x) - abs(y)) <= abs(x - y)"),
        (T, "forall x y : R, x^4 + y^4 >= x^3*y + x*y^3"),
        (T, "forall x : R, x^2 + 2*x + 2 > 0"),
        (T, "forall a b : R, a > 0 and b > 0 -> (a + b)*(1/a + 1/b) >= 4"),
        (T, "∀ x y : ℝ, x ≤ y → x + 1 ≤ y + 1"),
        (T, "forall x y : R, x < y -> x^3 < y^3"),
        (T, "forall x y : R, 0 <= x and x <= y -> x^2 <= y^2"),
        (T, "forall a b c d : R, (a^2 + b^2)*(c^2 + d^2) >= (a*c + b*d)^2"),
        (T, "forall x y : R, x^2*y^2 + 1 >= 2*x*y"),
        (T, "forall x : R, x^6 + 1 >= 2*x^3"),
        (T, "forall x y : R, x >= 0 -> y >= 0 -> (x + y)/2 >= sqrt(x*y)"),
        (T, "forall x y : R, x*y <= ((x + y)/2)^2"),
        (T, "forall x : Q, abs(x) >= 0"),
        (T, "forall x y : Z, min(x, y) <= max(x, y)"),
    ]
    for c in range(1, 7):
        out.append((T, f"forall x : R, x^2 + {c * c} >= {2 * c}*x"))
    out += [
        (F, "forall x : R, x^2 >= x"),
        (F, "forall x : R, x + 1/x >= 2"),
        (F, "forall x : R, x^3 >= x"),
        (F, "forall x y : R, abs(x - y) <= abs(x) - abs(y)"),
        (F, "forall x y : R, 2*x*y > x^2 + y^2"),
        (F, "forall x y : R, x < y -> x^2 < y^2"),
        (F, "forall x y : R, (x + y)/2 >= sqrt(x*y)"),
        (F, "forall x y : R, x^2 + y^2 > 2*x*y"),
        (F, "forall a b : R, a > b -> 1/a < 1/b"),
    ]
    for c in range(2, 6):  # minimum c - c^2 < 0
        out.append((F, f"forall x : R, x^2 + {c} >= {2 * c}*x"))
    return out


def sums() -> list[tuple[str, str]]:
    out = [
        (T, "forall r : Q, forall n : N, assume r != 1, sum(k, 0, n, r^k) = (r^(n+1) - 1)/(r - 1)"),
        (T, "forall n : N, sum(k, 1, n, k) = n*(n + 1)/2"),
        (T, "forall n : N, sum(k, 1, n, k^2) = n*(n + 1)*(2*n + 1)/6"),
        (T, "forall n : N, sum(k, 1, n, k^3) = (n*(n+1)/2)^2"),
        (T, "forall n : N, sum(k, 1, n, k^3) = sum(k, 1, n, k)^2"),
        (T, "forall n : N, sum(k, 1, n, 2*k - 1) = n^2"),
        (T, "forall n : N, sum(k, 1, n, 1/(k*(k+1))) = n/(n+1)"),
        (T, "forall n : N, sum(k, 0, n, 2^k) = 2^(n+1) - 1"),
        (T, "forall n : N, sum(k, 0, n, 3^k) = (3^(n+1) - 1)/2"),
        (T, "forall a d : Q, forall n : N, sum(k, 0, n, a + k*d) = (n + 1)*a + d*n*(n + 1)/2"),
        (T, "forall n : N, sum(k, 0, n, k*2^k) = (n-1)*2^(n+1) + 2"),
        (T, "forall n : N, sum(k, 0, n, (k + 1)^2 - k^2) = (n + 1)^2"),
        (T, "forall n : N, sum(k, 1, n, k*(k + 1)) = n*(n + 1)*(n + 2)/3"),
        (T, "forall a : Q, forall T : N, assume a != 1, sum(k, 0, T-1, a^k) = (a^T - 1)/(a - 1)"),
        (
            T,
            "forall a x0 u : Q, forall T : N, assume a != 1, a^T*x0 + u*sum(k, 0, T-1, a^k) = a^T*x0 + u*(a^T - 1)/(a - 1)",
        ),
        (T, "forall x0 u : Q, forall T : N, x0 + u*sum(k, 0, T-1, 1) = x0 + T*u"),
        (T, "forall u : Seq(Q), forall T : N, sum(k, 0, T, u(k)) - sum(k, 0, T-1, u(k)) = u(T)"),
        (T, "forall u : Seq(Q), forall T : N, sum(k, 0, T, u(k+1) - u(k)) = u(T+1) - u(0)"),
        (T, "forall n : N, assume n >= 1, sum(k, 1, n, k) >= n"),
        (T, "Σ_{k=1}^{10} k^2 = 385"),
    ]
    for c in (2, 3, 5):
        out.append((T, f"forall n : N, sum(k, 0, n, {c}) = {c}*(n + 1)"))
        out.append((T, f"forall n : N, sum(k, 0, n, {c}*k) = {c}*n*(n + 1)/2"))
    out += [
        (F, "forall n : N, sum(k, 1, n, k) = n^2/2"),
        (F, "forall n : N, sum(k, 1, n, k^2) = n*(n + 1)/2"),
        (F, "forall r : Q, forall n : N, assume r != 1, sum(k, 0, n, r^k) = (r^n - 1)/(r - 1)"),
        (F, "forall n : N, sum(k, 1, n, 2*k - 1) = n^2 - 1"),
        (F, "forall n : N, sum(k, 0, n, 2^k) = 2^n"),
        (F, "forall n : N, sum(k, 1, n, 1/(k*(k+1))) = 1/(n+1)"),
        (F, "forall a x0 u : Q, forall T : N, a^T*x0 + u*sum(k, 0, T-1, a^k) = x0 + T*u"),
        (F, "forall u : Seq(Q), forall T : N, sum(k, 0, T, u(k+1) - u(k)) = u(T) - u(0)"),
        (F, "forall u : Seq(Q), forall T : N, sum(k, 0, T, u(k)^2) = sum(k, 0, T, u(k))^2"),
        (F, "forall n : N, sum(k, 1, n, k^3) = n^2*(n+1)/2"),
        (F, "Σ_{k=1}^{10} k^2 = 386"),
    ]
    return out


def number_theory() -> list[tuple[str, str]]:
    out = [
        (T, "forall p : N, prime(p) -> 2 <= p"),
        (T, "forall p : N, prime(p) and p > 2 -> odd(p)"),
        (T, "forall n : Z, even(n) -> even(n^2)"),
        (T, "forall n : Z, odd(n) -> odd(n^2)"),
        (T, "forall n : Z, even(n^2) -> even(n)"),
        (T, "forall n : Z, even(n*(n + 1))"),
        (T, "forall n : Z, 2 | n*(n + 1)"),
        (T, "forall n : Z, 6 | n*(n + 1)*(n + 2)"),
        (T, "forall n : Z, 3 | n^3 - n"),
        (T, "forall n : N, coprime(n, n + 1)"),
        (T, "forall n : Z, square(n^2)"),
        (T, "forall n : N, gcd(n, n + 1) = 1"),
        (T, "forall n : Z, mod(n^2, 4) = 0 or mod(n^2, 4) = 1"),
        (T, "forall n : N, assume n <= 39, prime(n^2 + n + 41)"),
        (T, "forall a b : N, gcd(a, b) = gcd(b, a)"),
        (T, "forall a b : N, gcd(a, b)*lcm(a, b) = a*b"),
        (T, "forall n : Z, odd(n) -> 8 | n^2 - 1"),
        (T, "forall n : Z, even(n) or odd(n)"),
        (T, "forall n : Z, mod(n, 2) = 0 <-> even(n)"),
        (T, "forall n : N, assume n <= 30, 3 | n^3 + 2*n"),
    ]
    out += [
        (F, "forall p : N, prime(p) -> odd(p)"),
        (F, "forall n : N, prime(n^2 + n + 41)"),
        (F, "forall n : N, prime(2^n - 1)"),
        (F, "forall n : N, prime(n) -> prime(n + 2)"),
        (F, "forall n : Z, 4 | n^2 - 1"),
        (F, "forall n : Z, even(n^2 + n + 1)"),
        (F, "forall n : Z, 3 | n^2 + 1"),
        (F, "forall n : N, coprime(n, n + 2)"),
        (F, "forall n : N, square(n) -> even(n)"),
        (F, "forall n : N, odd(n) -> prime(n)"),
        (F, "forall a b : Z, gcd(a, b)*lcm(a, b) = a*b"),
        (F, "forall n : Z, 4 | n^4 - n"),
        (F, "forall n : N, assume n <= 50, prime(n^2 + n + 41)"),
        (F, "forall n : Z, even(n) -> 4 | n"),
    ]
    return out


def existential() -> list[tuple[str, str]]:
    out = [
        (F, "exists n : Z, n^2 = 2"),
        (T, "exists n : Z, n^2 = 49 and n < 0"),
        (T, "exists x : Q, 3*x = 1"),
        (T, "exists n : N, prime(n) and even(n)"),
        (F, "exists x : R, x^2 + 1 = 0"),
        (F, "exists x : Q, x^2 = 2"),
        (T, "exists A : Mat2(Q), A*A = [[0,0],[0,0]] and A != [[0,0],[0,0]]"),
        (T, "exists A B : Mat2(Q), A*B != B*A"),
        (T, "exists n : N, n > 100 and prime(n)"),
        (T, "exists p : N, prime(p) and prime(p + 2) and p > 10"),
        (F, "exists x y : Z, x^2 + y^2 = 3"),
        (F, "exists n : Z, 2*n = 7"),
        (T, "exists x : Q, 2*x = 7"),
        (T, "exists a b : N, a^2 + b^2 = 25 and a > 0 and b > 0"),
        (T, "exists A : Mat2(Q), det(A) = 0 and A != [[0,0],[0,0]]"),
        (T, "forall x : R, exists y : R, y > x"),
        (T, "forall x : Q, exists y : Q, x + y = 0"),
        (F, "exists x : R, forall y : R, y <= x"),
    ]
    for c in (4, 9, 16, 25, 36, 49, 64, 81, 100):
        out.append((T, f"exists n : N, n^2 = {c}"))
    for c in (2, 3, 5, 8, 10, 12):
        out.append((F, f"exists n : N, n^2 = {c}"))
    return out


def semantics_edges() -> list[tuple[str, str]]:
    """Exact semantics: ℕ subtraction does not truncate, / is exact, mod is Euclidean, partial
    operations restrict the domain (a point where the claim is undefined is no counterexample)."""
    return [
        (T, "forall n : N, (n - 1) + 1 = n"),
        (F, "forall n : N, n - 1 >= 0"),
        (T, "forall n : N, n/2 <= n"),
        (F, "forall n : N, n/2 <= n - 1"),
        (T, "forall n : Z, mod(n, 3) >= 0 and mod(n, 3) < 3"),
        (F, "forall n : Z, mod(-n, 3) = -mod(n, 3)"),
        (T, "forall x : Q, floor(x) <= x"),
        (T, "forall x : Q, x - 1 < floor(x)"),
        (F, "forall x : Q, floor(x) = x"),
        (T, "forall x : R, sqrt(x^2) = abs(x)"),
        (F, "forall x : R, sqrt(x^2) = x"),
        (T, "forall x : R, sqrt(x)*sqrt(x) = x"),
        (T, "forall x y : R, sqrt(x*y) = sqrt(x)*sqrt(y)"),
        (T, "forall x : Q, x/x = 1"),
        (F, "forall x : Q, x/x = x"),
        (T, "forall A : Mat2(Q), inverse(A)*A = A*inverse(A)"),
        (T, "forall n : N, factorial(n) >= n"),
        (F, "forall n : N, factorial(n) >= 2^n"),
        (T, "forall n : N, binomial(n, 2) = n*(n - 1)/2"),
        (T, "forall a b : N, min(a, b) + max(a, b) = a + b"),
        (T, "forall x : Q, max(x, -x) = abs(x)"),
        (T, "forall x : R, exp(x) > 0"),
        (T, "forall x : R, exp(x) >= x + 1"),
        (F, "forall x : R, exp(x) > x^2"),
        (T, "forall x y : R, x > 0 -> y > 0 -> log(x*y) = log(x) + log(y)"),
        (F, "forall x y : R, log(x + y) = log(x) + log(y)"),
        (T, "forall x : R, x > 0 -> log(x) < x"),
        (F, "forall x : R, x > 0 -> log(x) > 0"),
        (F, "forall x : Q, abs(x - 1) = abs(x) - 1"),
        (T, "forall x : Q, x^0 = 1"),
        (F, "forall x : Q, x^(-1) = -x"),
        (T, "forall x : Q, x^(-2) = 1/x^2"),
        (T, "forall A : Mat2(Q), A^(-1) = inverse(A)"),
        (F, "forall A : Mat2(Q), A^(-1) = transpose(A)"),
        (T, "forall a b : Z, a | b and b | a -> abs(a) = abs(b)"),
        (F, "forall a b : Z, a | b and b | a -> a = b"),
        (T, "forall n : N, 2^(n+1) = 2*2^n"),
        (F, "forall n : Z, 2^(n+1) = 2*2^n + 1"),
        (T, "forall x : Q, (x - 1)/(x^2 - 1) = 1/(x + 1)"),
        # 0^n is defined for n >= 0 (0^0 = 1, 0^1 = 0): these are false at the base 0
        (F, "forall x : Z, 0^x = 0"),
        (F, "forall n : Z, assume n >= 1, 0^n = 1"),
        (F, "forall a : Q, forall T : N, assume T >= 2, a^(T-1) != 0"),
        (T, "exists x n : Z, n >= 1 and x^n = 0"),
    ]


SECTIONS = {
    "polynomial identities": polynomial_identities,
    "polynomial mistakes": polynomial_mistakes,
    "rational-function identities and mistakes": rational_functions,
    "2x2 matrix identities and mistakes": matrix_identities,
    "inequalities": inequalities,
    "sums, series and recurrences": sums,
    "number theory": number_theory,
    "existential and mixed claims": existential,
    "exact semantics and partial operations": semantics_edges,
}


def main() -> int:
    from pyverify.logic import parse

    lines = [
        "# The certify benchmark's claim suite, written by benchmarks/make_claims.py (do not edit by hand).",
        "# expected | claim. 'expected' is the mathematical truth as a complete engine's status:",
        "# certified = true, refuted = false. '# @ name' starts a section.",
    ]
    seen: set[str] = set()
    total = 0
    for name, make in SECTIONS.items():
        lines.append(f"# @ {name}")
        for expected, text in make():
            if text in seen:
                raise SystemExit(f"duplicate claim: {text}")
            seen.add(text)
            parse(text)  # every line must parse
            lines.append(f"{expected:9s} | {text}")
            total += 1
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {total} claims to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
