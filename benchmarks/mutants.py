"""Mutation test of the fix generators: are planted semantic bugs caught by execution?

``python benchmarks/mutants.py [--markdown]``

Each mutant patches one rule module's source (in a temporary copy of the package,
one mutant at a time): a wrong distribution bound, swapped branches, a dropped
argument, a dtype change, a missing re-initialisation, a wrong axis... For every
golden case of that rule with an ``exercise()``, the mutated rule's ACTUAL output
on ``input.py`` is executed compiled and compared with the original run eagerly
(the oracle, under two ambient seeds), under the per-value contracts — as
``tests/test_golden.py`` does, without looking at ``expected.py``. A mutant is
*caught* when one of its cases is not ``verified``/``improved`` (or retraces more
than the rule allows). All runs share one TensorFlow process per mode.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from tfautofix.codemods import rule_by_code
from tfautofix.verify import Job, run_exercises, verdict

GOLDEN = ROOT / "tests" / "golden"

#: (name, rule, module, original text, mutated text): each a bug a rule author could make.
MUTANTS = [
    ("randint loses its inclusive bound", "TFA002", "tfa002_random.py",
     'return _integers(a, a.code("a"), _plus_one(a, "b"), "[]")', 'return _integers(a, a.code("a"), a.code("b"), "[]")'),
    ("gamma scale passed as rate", "TFA002", "tfa002_random.py",
     'f"1 / {a.operand(scale)}"', 'f"{a.operand(scale)}"'),
    ("uniform(a, b) drops its bounds", "TFA002", "tfa002_random.py",
     'lambda a: a.call("uniform", "[]", a.code("a"), a.code("b"))', 'lambda a: a.call("uniform", "[]")'),
    ("lognormal without exp", "TFA002", "tfa002_random.py",
     'return lambda a: f"{a.tf}.exp({normal(a)})"', "return lambda a: normal(a)"),
    ("poisson drops lam", "TFA002", "tfa002_random.py",
     'a.code("lam") or "1.0"', '"1.0"'),
    ("tf.cond branches swapped", "TFA003", "tfa003_tensor_branch.py",
     'self._tf("cond", pred, true_fn, false_fn)', 'self._tf("cond", pred, false_fn, true_fn)'),
    ("hoisted variable not re-initialised", "TFA001", "tfa001_variables.py",
     "if uses.mutated or (call_dependent and self.call_deps):", "if call_dependent and self.call_deps:"),
    ("print goes to stderr", "TFA008", "tfa008_print.py",
     'cst.parse_expression(f"{sys_name}.stdout")', 'cst.parse_expression(f"{sys_name}.stderr")'),
    ("print keeps only its first argument", "TFA008", "tfa008_print.py",
     "                values.append(arg)",
     "                values.append(arg) if not values else None"),
    ("np.mean becomes reduce_sum", "TFA010", "tfa010_numpy.py",
     '"mean": Equivalent("reduce_mean", 2,', '"mean": Equivalent("reduce_sum", 2,'),
    ("np.max becomes reduce_min", "TFA010", "tfa010_numpy.py",
     '"max": Equivalent("reduce_max", 2,', '"max": Equivalent("reduce_min", 2,'),
    ("concatenate on the wrong axis", "TFA010", "tfa010_numpy.py",
     'cst.Arg(cst.Integer("0"), keyword=cst.Name("axis")', 'cst.Arg(cst.Integer("1"), keyword=cst.Name("axis")'),
    ("scalar becomes a float64 tensor", "TFA007", "tfa007_python_scalar.py",
     'cst.parse_expression(f"{tf}.constant({value})")', 'cst.parse_expression(f"{tf}.constant({value}, {tf}.float64)")'),
    ("TensorArray collects the wrong dtype", "TFA012", "tfa012_side_effects.py",
     'f"{tf_name}.TensorArray({dtype}, size=0, dynamic_size=True{shapes})"', 'f"{tf_name}.TensorArray({tf_name}.int32, size=0, dynamic_size=True{shapes})"'),
]

_FIX_ALL = """
import json, sys
from pathlib import Path
from tfautofix.codemods import rule_by_code
from tfautofix.engine import fix_source
from tfautofix.tracing.log import load
out = {}
for case in json.loads(sys.argv[1]):
    case = Path(case)
    traces = load(case / "traces.json") if (case / "traces.json").exists() else None
    try:
        fixed, _, _ = fix_source((case / "input.py").read_text(), [rule_by_code(case.parent.name)], "input.py", unsafe_fixes=True, traces=traces)
    except Exception as error:  # the engine's gate refused the mutated fix
        fixed = {"error": f"{type(error).__name__}: {error}"}
    out[str(case)] = fixed
print(json.dumps(out))
"""


def _cases(code: str) -> list[Path]:
    return sorted(p.parent for p in (GOLDEN / code).glob("*/input.py") if "def exercise(" in p.read_text(encoding="utf-8"))


def _outputs(package_root: Path, cases: list[Path]) -> dict:
    """The rule's actual output on each case, computed with the package at ``package_root``."""
    env = {**os.environ, "PYTHONPATH": str(package_root)}
    done = subprocess.run([sys.executable, "-c", _FIX_ALL, json.dumps([str(c) for c in cases])], env=env, cwd=package_root, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def _mutated_package(workdir: Path, module: str, old: str, new: str) -> Path:
    root = workdir / "package"
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(ROOT / "tfautofix", root / "tfautofix", ignore=shutil.ignore_patterns("__pycache__"))
    path = root / "tfautofix" / "codemods" / module
    text = path.read_text(encoding="utf-8")
    if old not in text:
        raise SystemExit(f"mutant no longer applies to {module}: {old!r}")
    path.write_text(text.replace(old, new), encoding="utf-8")
    return root


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = parser.parse_args()
    codes = sorted({m[1] for m in MUTANTS})
    cases = {code: _cases(code) for code in codes}
    with tempfile.TemporaryDirectory(prefix="tfautofix-mutants-") as tmp:
        workdir = Path(tmp)
        clean = {code: _outputs(ROOT, cases[code]) for code in codes}
        planted: list[tuple[int, Path, object]] = []  # (mutant, case, mutated output) where it differs
        for index, (_, code, module, old, new) in enumerate(MUTANTS):
            mutated = _outputs(_mutated_package(workdir, module, old, new), cases[code])
            planted += [(index, c, mutated[str(c)]) for c in cases[code] if mutated[str(c)] != clean[code][str(c)]]
        jobs: list[Job] = []
        originals = sorted({c for _, c, _ in planted})
        for case in originals:
            source, root = str(case / "input.py"), str(case)
            jobs += [Job(str(case), source, "eager", root=root, seed=1), Job(str(case) + "#2", source, "eager", root=root, seed=2),
                     Job(str(case), source, "graph", root=root, seed=1)]
        for number, (index, case, output) in enumerate(planted):
            if isinstance(output, dict):
                continue
            path = workdir / "fixed" / str(number) / "input.py"
            path.parent.mkdir(parents=True)
            path.write_text(output, encoding="utf-8")
            jobs += [Job(f"m{number}", str(path), "graph", root=str(case), seed=1), Job(f"m{number}#2", str(path), "graph", root=str(case), seed=2)]
        runs = run_exercises(jobs)
    rows = []
    for index, (name, code, *_ ) in enumerate(MUTANTS):
        rule = rule_by_code(code)
        outcomes = []
        for number, (i, case, output) in enumerate(planted):
            if i != index:
                continue
            if isinstance(output, dict):
                outcomes.append((case.name, f"refused by the engine: {output['error'][:60]}"))
                continue
            oracle, before, after = runs[(str(case), "eager")], runs[(str(case), "graph")], runs[(f"m{number}", "graph")]
            if oracle.get("error"):
                continue
            result = verdict(rule.contract, oracle, before, after, more_oracles=[runs[(str(case) + "#2", "eager")]],
                             second_after=runs[(f"m{number}#2", "graph")], exempt=False)
            too_many = rule.max_traces is not None and any(n > rule.max_traces for n in after["traces_by_function"].values())
            if result.kind not in ("verified", "improved") or too_many:
                outcomes.append((case.name, str(result) if not too_many else f"retraces: {after['traces_by_function']}"))
        changed = sum(1 for i, _, _ in planted if i == index)
        caught = outcomes[0] if outcomes else None
        rows.append((name, code, changed, bool(caught), f"{caught[0]}: {caught[1]}" if caught else "-"))
    total = sum(1 for row in rows if row[3])
    if args.markdown:
        print("| mutant | rule | golden cases it changes | caught | first catch |\n|---|---|---:|---|---|")
        for name, code, changed, caught, how in rows:
            print(f"| {name} | {code} | {changed} | {'yes' if caught else '**no**'} | {how.replace('|', '/')[:140]} |")
    else:
        for name, code, changed, caught, how in rows:
            print(f"{'CAUGHT' if caught else 'MISSED'}  {code}  {name}  ({changed} case(s) changed)  {how[:140]}")
    print(f"\n{total} of {len(rows)} mutants caught by execution on the golden inputs")
    return 0 if total == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
