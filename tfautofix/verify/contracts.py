"""Per-value contracts: each output leaf is judged by what the code that produced it promises.

The oracle (the original, eager) runs twice under two ambient seeds. A leaf that
is the same in both runs is *deterministic* (a computed value, or a draw the
user seeded): the rewrite must give it exactly, with its dtype and shape. A leaf
that differs is a *draw*: the rewrite's draws at the same output position (dict
key, tuple item; long lists are samples) must follow the oracle's distribution
there (:func:`same_distribution`, per position, never pooled over the output).
What was printed is compared by value, stdout and stderr apart, with tensor
reprs normalised. A difference the original already shows compiled, identically,
is not the fix's: it is noted, not blamed.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from statistics import median
from typing import Iterator, Sequence

from tfautofix.verify.runner import ARRAY

#: A list at least this long is a sample of draws; shorter ones are positions.
SAMPLE = 10
#: Fewer draws than this at one position cannot be compared by distribution.
MIN_DRAWS = 20
#: Moments must agree within this many standard errors (of their difference).
Z = 5.0
#: Kurtoses are compared in standard errors estimated from the draws (see same_distribution).
Z_KURTOSIS = 4.0


def _leaves(value, path: tuple = (), group: tuple = (), kind: tuple | None = None) -> Iterator[tuple[tuple, tuple, object, tuple]]:
    """``(path, group, leaf, kind)`` for every leaf: ``group`` is the path with sample
    indices as ``*``; ``kind`` is ``(dtype, shape)`` for an array element, else ``(type,)``."""
    if isinstance(value, dict) and set(value) == {ARRAY}:
        array = value[ARRAY]
        yield from _leaves(array["value"], path, group, (array["dtype"], tuple(array["shape"])))
    elif isinstance(value, dict):
        for key in sorted(value):
            yield from _leaves(value[key], path + (key,), group + (key,), kind)
    elif isinstance(value, list):
        sample = len(value) >= SAMPLE
        kinds = {(v[ARRAY]["dtype"], tuple(v[ARRAY]["shape"])) if isinstance(v, dict) and set(v) == {ARRAY} else None for v in value}
        if value and len(kinds) == 1 and None not in kinds and next(iter(kinds))[1]:  # like arrays: their stack
            dtype, shape = kinds.pop()
            kind, value = (dtype, (len(value), *shape)), [v[ARRAY]["value"] for v in value]
        for index, item in enumerate(value):
            yield from _leaves(item, path + (index,), group + ("*" if sample else index,), kind)
    else:
        yield path, group, value, kind or (type(value).__name__,)


def _python_kind(dtype: str) -> str:
    return "bool" if dtype == "bool" else "float" if "float" in dtype else "int" if "int" in dtype else dtype


def same_kind(a: tuple, b: tuple) -> bool:
    """Arrays: same dtype and shape. A Python scalar matches a 0-d array of its kind
    (a ``tf.function`` returns ``3`` as an int32 tensor)."""
    if len(a) == 2 and len(b) == 2:
        return a == b
    if len(a) == 2 or len(b) == 2:
        array, scalar = (a, b) if len(a) == 2 else (b, a)
        return array[1] == () and _python_kind(array[0]) == scalar[0]
    return a == b


def _loose(kind: tuple) -> tuple:
    return (_python_kind(kind[0]), kind[1]) if len(kind) == 2 else kind


def _kind_text(kind: tuple) -> str:
    return f"{kind[0]}{list(kind[1])}" if len(kind) == 2 else kind[0]


def _where(path: tuple) -> str:
    return "value" + "".join(f"[{p!r}]" for p in path)


def _number(value) -> float | None:
    if isinstance(value, bool):
        return float(value)
    return float(value) if isinstance(value, (int, float)) else None


def equal(a, b, rtol: float = 1e-5, atol: float = 1e-6) -> bool:
    """Same type (an int is not a float) and value within tolerance."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return math.isclose(a, b, rel_tol=rtol, abs_tol=atol) or (math.isnan(a) and math.isnan(b))
    return a == b


# -- distributions ------------------------------------------------------------------


def _moments(values: list[float]) -> tuple[float, float]:
    mean = sum(values) / len(values)
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))


def _kurtosis(values: list[float], mean: float, deviation: float) -> float:
    return sum(((v - mean) / deviation) ** 4 for v in values) / len(values)


def _fourth_power_variance(values: list[float], mean: float, deviation: float) -> float:
    fourth = [((v - mean) / deviation) ** 4 for v in values] if deviation else [0.0]
    average = sum(fourth) / len(fourth)
    return sum((f - average) ** 2 for f in fourth) / len(fourth)


def same_distribution(expected, actual) -> str | None:
    """None when the numbers of ``actual`` vary and follow those of ``expected`` (one position).

    Means, standard deviations and (with 500+ draws) kurtoses must agree within
    ``Z`` standard errors of their difference (they shrink with the number of
    draws at the position; never below 5% of the deviation); integer draws must stay inside the oracle's observed support;
    the draws must not all be equal; and the empirical distributions must pass a
    two-sample Kolmogorov-Smirnov test at the 0.1% level (a normal and a uniform
    with the same mean and deviation differ there).
    """
    oracle = [n for n in map(_number, _values(expected)) if n is not None]
    subject = [n for n in map(_number, _values(actual)) if n is not None]
    if len(subject) != len(oracle) or len(oracle) < 2:
        return f"{len(subject)} draws instead of {len(oracle)}"
    if len(set(subject)) == 1 and len(set(oracle)) > 1:
        return f"every draw is {subject[0]!r}: the value is frozen"
    (m_o, s_o), (m_s, s_s) = _moments(oracle), _moments(subject)
    n, k = len(oracle), len(subject)
    if s_o == 0:  # the oracle drew one value here: the rewrite must draw it too
        return None if all(v == m_o for v in subject) else f"draws {m_s:.4g} on average instead of always {m_o:.4g}"
    k_o, k_s = _kurtosis(oracle, m_o, s_o), (_kurtosis(subject, m_s, s_s) if s_s else 1.0)
    if abs(m_o - m_s) > Z * max(math.sqrt(s_o**2 / n + s_s**2 / k), 0.05 * s_o):
        return f"mean {m_s:.4g} instead of {m_o:.4g}"
    if abs(s_o - s_s) > Z * max(math.sqrt(s_o**2 * (k_o - 1) / (4 * n) + s_s**2 * (k_s - 1) / (4 * k)), 0.05 * s_o):
        return f"standard deviation {s_s:.4g} instead of {s_o:.4g}"
    # The shape. The kurtosis's standard error is estimated from the draws (the variance of
    # z**4): the normal-theory sqrt(24/n) is several times too small for skewed draws such as
    # max(x * U, N), and called correct rewrites "changed" in most runs.
    if min(n, k) >= 500 and abs(k_o - k_s) > Z_KURTOSIS * math.sqrt(
        _fourth_power_variance(oracle, m_o, s_o) / n + _fourth_power_variance(subject, m_s, s_s) / k
    ):
        return f"kurtosis {k_s:.3g} instead of {k_o:.3g}: another distribution with the same mean and deviation"
    if all(v == int(v) for v in oracle):
        if any(v != int(v) for v in subject):
            return "non-integer draws where the oracle drew integers"
        outside = sum(1 for v in subject if not min(oracle) <= v <= max(oracle))
        if outside > max(3, 0.02 * k):  # a few beyond the observed tail is chance (Poisson)
            return f"draws in [{min(subject):g}, {max(subject):g}] outside the oracle's [{min(oracle):g}, {max(oracle):g}]"
    return _kolmogorov_smirnov(oracle, subject)


def _values(value) -> list:
    return [leaf for _, _, leaf, _ in _leaves(value)]


def _kolmogorov_smirnov(oracle: list[float], subject: list[float], critical: float = 1.95) -> str | None:
    """Two-sample Kolmogorov-Smirnov test at the 0.1% level (c(alpha) = 1.95)."""
    left, right = sorted(oracle), sorted(subject)
    n, k = len(left), len(right)
    i = j = 0
    distance = 0.0
    while i < n and j < k:
        value = min(left[i], right[j])
        while i < n and left[i] == value:
            i += 1
        while j < k and right[j] == value:
            j += 1
        distance = max(distance, abs(i / n - j / k))
    limit = critical * math.sqrt((n + k) / (n * k))
    if distance > limit:
        return f"the draws' distribution differs from the oracle's (Kolmogorov-Smirnov D={distance:.3f} > {limit:.3f})"
    return None


def _frozen(oracle, subject, path: tuple = ()) -> str | None:
    """A list whose items all repeat one result where the oracle's vary (one noise
    vector per call that is the same on every call: frozen at trace time)."""
    if isinstance(oracle, dict) and isinstance(subject, dict):
        for key in sorted(set(oracle) & set(subject)):
            found = _frozen(oracle[key], subject[key], path + (key,))
            if found:
                return found
    elif isinstance(oracle, list) and isinstance(subject, list) and len(subject) == len(oracle) >= 2:
        vectors = all(isinstance(item, (list, dict)) for item in subject)  # scalars repeat by chance
        if len(subject) >= (3 if vectors else SAMPLE) and all(item == subject[0] for item in subject) and any(item != oracle[0] for item in oracle):
            return f"{_where(path)}: all {len(subject)} items are the same: the values are frozen"
        for index, (o, s) in enumerate(zip(oracle, subject)):
            found = _frozen(o, s, path + (index,))
            if found:
                return found
    return None


# -- values ------------------------------------------------------------------------


@dataclass
class Outcome:
    """What a comparison found: the difference blamed on the rewrite, and notes."""

    problem: str | None = None
    notes: list[str] = field(default_factory=list)
    #: A value the comparison could not check (it varies with the seed, too few draws to compare
    #: distributions, and the rewrite's differs under the same seed): the verdict cannot be `verified`.
    unchecked: str | None = None


def compare_values(oracles: Sequence, before, afters: Sequence, contract: str = "exact") -> Outcome:
    """Compare the rewrite's values (``afters``: one or two ambient seeds) with the oracle's.

    ``before`` (the original compiled, or None) exempts differences it shows identically.
    """
    outcome = Outcome()
    o_leaves, a_leaves = list(_leaves(oracles[0])), list(_leaves(afters[0]))
    o_paths, a_paths = [leaf[0] for leaf in o_leaves], [leaf[0] for leaf in a_leaves]
    if o_paths != a_paths:
        if len(oracles) > 1 and [leaf[0] for leaf in _leaves(oracles[1])] != o_paths:
            outcome.notes.append("the original's output structure varies from run to run: not compared")
            return outcome
        first = next((i for i, (o, a) in enumerate(zip(o_paths, a_paths)) if o != a), min(len(o_paths), len(a_paths)))
        where = _where((o_paths if first < len(o_paths) else a_paths)[first]) if max(len(o_paths), len(a_paths)) > first else _where(())
        outcome.problem = f"the output's structure differs at {where} ({len(a_paths)} values instead of {len(o_paths)})"
        return outcome
    if len(oracles) > 1:  # a position where any value varies is drawn (dice repeat by chance)
        others = [{leaf[0]: leaf[2] for leaf in _leaves(other)} for other in oracles[1:]]
        varying = {g for p, g, o, _ in o_leaves if any(p in other and not equal(o, other[p]) for other in others)}
        drawn = {p for p, g, _, _ in o_leaves if g in varying}
    else:  # one oracle run: under the distribution contract, numbers at positions where they vary
        values: dict[tuple, set] = {}
        for _, g, o, _ in o_leaves:
            values.setdefault(g, set()).add(_number(o))
        drawn = {p for p, g, o, _ in o_leaves if contract == "distribution" and _number(o) is not None and len(values[g]) > 1}
    for (path, _, o, o_kind), (_, _, a, a_kind) in zip(o_leaves, a_leaves):
        if path in drawn:  # a draw keeps its kind and shape; its precision is not its distribution
            o_kind, a_kind = _loose(o_kind), _loose(a_kind)
        if not same_kind(o_kind, a_kind):
            outcome.problem = f"{_where(path)}: {_kind_text(a_kind)} instead of {_kind_text(o_kind)}"
            return outcome
    compiled = {leaf[0]: leaf[2] for leaf in _leaves(before)} if before is not None else {}
    sizes: dict[tuple, int] = {}
    for _, group, _, _ in o_leaves:
        sizes[group] = sizes.get(group, 0) + 1
    seeded = []
    for (path, group, o, _), (_, _, a, _) in zip(o_leaves, a_leaves):
        if path in drawn or equal(o, a):
            continue
        if path in compiled and equal(compiled[path], a):
            outcome.notes.append(f"the original differs the same way compiled at {_where(path)}")
            continue
        reseeded = contract == "distribution" or (path in compiled and not equal(compiled[path], o))
        if reseeded and sizes[group] >= MIN_DRAWS and _number(o) is not None:
            seeded.append(path)  # a seeded draw: the rewrite may draw another reproducible stream
            continue
        outcome.problem = f"{_where(path)}: {a!r} instead of {o!r}"
        return outcome
    if seeded:
        again = {leaf[0]: leaf[2] for leaf in _leaves(afters[1])} if len(afters) > 1 else None
        if again is None or any(not equal(again.get(p), a) for p, _, a, _ in a_leaves if p in seeded):
            change = "change from run to run" if again is not None else "differ"
            outcome.problem = f"{_where(seeded[0])}: the original is reproducible (seeded), the rewrite's values {change}"
            return outcome
        # A seeded stream's every draw, not only those where the rewrite's differs from the oracle and
        # from the compiled original's frozen value: leaving those out skews the sample (a die that
        # froze on 3 loses the rewrite's 3s).
        seeded_groups = {g for p, g, _, _ in o_leaves if p in seeded}
        drawn |= {p for p, g, _, _ in o_leaves if g in seeded_groups}
    if drawn:
        outcome.problem = _frozen(oracles[0], afters[0])
        if outcome.problem:
            return outcome
    groups: dict[tuple, tuple[list, list]] = {}
    for (path, group, o, _), (_, _, a, _) in zip(o_leaves, a_leaves):
        if path in drawn:
            pair = groups.setdefault(group, ([], []))
            pair[0].append(o)
            pair[1].append(a)
    for group, (o_values, a_values) in groups.items():
        if len(o_values) < MIN_DRAWS:
            if contract != "distribution" and outcome.unchecked is None and not all(equal(o, a) for o, a in zip(o_values, a_values)):
                # same ambient seed, other values: a changed draw and a changed computation look alike here
                outcome.unchecked = f"{_where(group)} varies from run to run and the rewrite's differs under the same seed: {len(o_values)} draw(s), too few to compare distributions"
            outcome.notes.append(f"{len(o_values)} draw(s) at {_where(group)}: too few to compare distributions")
            continue
        difference = same_distribution(o_values, a_values)
        if difference:
            outcome.problem = f"{_where(group)}: {difference}"
            return outcome
    return outcome


# -- printed values ----------------------------------------------------------------------

#: TensorFlow's and absl's own log lines (graph mode warns about retracing; eager does not).
_LOG_LINE = re.compile(r"^(?:(?:WARNING|INFO|ERROR|DEBUG):(?:tensorflow|absl):|[IWEF]\d{4} |\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+: [IWEF] |WARNING: All log messages before absl)")
#: Python's warnings (``warnings.warn``), followed by the indented source line they quote.
_WARNING = re.compile(r"^\S.*:\d+: \w*Warning: ")
#: Tensor reprs around printed values: ``tf.Tensor(...)``, ``shape=``, ``dtype=``, ``numpy=``.
_REPR = re.compile(r"<tf\.Tensor: |<tf\.Variable '[^']*' |tf\.Tensor\(|\bshape=\([^)]*\)|\bdtype=[\w.]+|\bnumpy=|\barray\(")
#: A word ends at ``=``/``:`` so the number after it is a value of its own: eager
#: ``print(f"loss={loss}")`` shows ``loss=4.0`` where ``tf.print("loss=", loss)`` shows ``loss=4``.
_TOKEN = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)\b|\.\.\.|[^\s\[\](),<>=:]+[=:]?|[=:]")


def printed_values(text: str) -> list:
    """The values printed in ``text``: numbers as floats, other words as strings.

    Tensor reprs and line breaks are normalised (eager ``print`` and ``tf.print``
    of one value agree), ``...`` (``tf.print``'s summary) stays a token of its own."""
    lines, warning = [], False
    for line in (text or "").splitlines():
        if _WARNING.match(line):  # `path:line: UserWarning: ...` names the file run, and its line
            warning = True
        elif not (warning and line.startswith(" ")) and not _LOG_LINE.match(line):
            lines.append(line)
            warning = False
    tokens: list = []
    for token in _TOKEN.findall(_REPR.sub(" ", "\n".join(lines))):
        try:
            tokens.append(float(token.rstrip(".")) if token != "..." else token)
        except ValueError:
            tokens.append(token)
    return tokens


def _same_token(a, b) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-4, abs_tol=1e-6) or (math.isnan(a) and math.isnan(b))
    return a == b


def _stream_difference(oracles: Sequence[list], subject: list) -> str | None:
    oracle = oracles[0]
    if any(len(other) != len(oracle) for other in oracles[1:]):
        return None  # what the original prints varies in length: nothing to compare by position
    if len(subject) != len(oracle):
        shown = " ".join(map(_token_text, subject[:12]))
        return f"printed {len(subject)} value(s) instead of {len(oracle)} ({shown!r}...)" if subject else f"printed nothing instead of {len(oracle)} value(s)"
    for index, (o, s) in enumerate(zip(oracle, subject)):
        drawn = any(not _same_token(o, other[index]) for other in oracles[1:])
        if drawn and isinstance(o, float) and isinstance(s, float):
            continue
        if not _same_token(o, s):
            return f"printed {_token_text(s)!r} instead of {_token_text(o)!r} (value {index + 1})"
    return None


def _token_text(token) -> str:
    return f"{token:g}" if isinstance(token, float) else str(token)


def compare_printed(oracles: Sequence[dict], before: dict | None, after: dict, contract: str = "exact") -> Outcome:
    """Compare what the rewrite printed on stdout and stderr with the oracle, by value."""
    outcome = Outcome()
    for stream in ("stdout", "stderr"):
        expected = [printed_values(o.get(stream, "")) for o in oracles]
        actual = printed_values(after.get(stream, ""))
        difference = _stream_difference(expected, actual)
        if difference is None:
            continue
        compiled = before is not None and not before.get("error") and printed_values(before.get(stream, ""))
        if contract != "side-effect" and compiled is not False and _stream_difference([compiled], actual) is None:
            outcome.notes.append(f"the original prints the same compiled on {stream}")
            continue
        outcome.problem = f"{stream}: {difference}"
        return outcome
    return outcome


# -- speed --------------------------------------------------------------------------------


def per_call(result: dict) -> float | None:
    """Seconds per call of the compiled functions: the sum over functions of the
    median call after the first (warm-up); None when none was called twice."""
    medians = [median(calls[1:]) for calls in (result.get("seconds") or {}).values() if len(calls) >= 2]
    return sum(medians) if medians else None


def _ms(seconds: float) -> str:
    ms = seconds * 1000
    return f"{ms:.2g} ms" if ms < 10 else f"{ms:.0f} ms"


def speed(before: dict, after: dict) -> str:
    """``traces 8 → 1, 41 ms → 0.3 ms per call (×130)``."""
    text = f"traces {before.get('traces', 0)} → {after.get('traces', 0)}"
    old, new = per_call(before), per_call(after)
    if old is not None and new is not None and new > 0:
        ratio = old / new
        text += f", {_ms(old)} → {_ms(new)} per call (×{ratio:.0f})" if ratio >= 10 else f", {_ms(old)} → {_ms(new)} per call (×{ratio:.1f})"
    return text
