"""Mutation test of the verifier itself: would its tests notice a verifier that lies?

``python benchmarks/verifier_mutants.py [--markdown]``

Each mutant patches one module of ``tfautofix/verify`` (in a temporary copy of the
package, one mutant at a time): a looser tolerance, a dropped distribution check,
a trace-count comparison turned around, coverage or error attribution switched off...
The (original, rewrite) pairs of ``tests/verifier/pairs.py`` are run once with
TensorFlow (one process per mode); each mutant then re-judges those runs with its
mutated verdict logic, and the verifier's TensorFlow-free unit tests run against it.
A mutant is *caught* when a pair gets another verdict than expected or a unit test
fails. Mutants of what the runner measures (trace counting, output capture) would
need the runs again; they are left out.
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
sys.path.insert(0, str(ROOT / "tests" / "verifier"))

from pairs import PAIRS  # noqa: E402

from tfautofix.verify.fixes import Candidate, run_rewrites  # noqa: E402

#: (name, module under tfautofix/verify, original text, mutated text): a bug a verifier author could make.
MUTANTS = [
    ("value tolerance 1e-5 → 1e-1", "contracts.py",
     "def equal(a, b, rtol: float = 1e-5, atol: float = 1e-6)", "def equal(a, b, rtol: float = 1e-1, atol: float = 1e-6)"),
    ("dtype ignored", "contracts.py",
     "    if len(a) == 2 and len(b) == 2:\n        return a == b", "    if len(a) == 2 and len(b) == 2:\n        return a[1] == b[1]"),
    ("moments within 50 standard errors", "contracts.py", "Z = 5.0", "Z = 50.0"),
    ("kurtosis not compared", "contracts.py", "if min(n, k) >= 500 and abs(k_o - k_s)", "if False and abs(k_o - k_s)"),
    ("Kolmogorov-Smirnov off", "contracts.py", "    return _kolmogorov_smirnov(oracle, subject)", "    return None"),
    ("integer support not checked", "contracts.py", "        if outside > max(3, 0.02 * k):", "        if False:"),
    ("frozen draws not detected", "contracts.py",
     '''    if len(set(subject)) == 1 and len(set(oracle)) > 1:
        return f"every draw is {subject[0]!r}: the value is frozen"''', ""),
    ("frozen vectors not detected", "contracts.py",
     "        outcome.problem = _frozen(oracles[0], afters[0])", "        outcome.problem = None"),
    ("draws pooled over positions", "contracts.py",
     'group + ("*" if sample else index,)', 'group + ("*",)'),
    ("too few draws to ever compare", "contracts.py", "MIN_DRAWS = 20", "MIN_DRAWS = 10**6"),
    ("a seeded stream may be lost", "contracts.py",
     "        if again is None or any(not equal(again.get(p), a) for p, _, a, _ in a_leaves if p in seeded):",
     "        if False:"),
    ("what the original shows compiled excuses anything", "contracts.py",
     "        if path in compiled and equal(compiled[path], a):", "        if path in compiled:"),
    ("stderr not compared", "contracts.py", '    for stream in ("stdout", "stderr"):', '    for stream in ("stdout",):'),
    ("printed values compared by count only", "contracts.py",
     "        if not _same_token(o, s):", "        if False:"),
    ("more traces accepted", "__init__.py",
     '    if after["traces"] > before["traces"]:\n        return Verdict("changed"', '    if False:\n        return Verdict("changed"'),
    ("equal traces called improved", "__init__.py",
     '    if after["traces"] < before["traces"]:', '    if after["traces"] <= before["traces"]:'),
    ("a rewrite that raises is excused", "__init__.py",
     '''            if whose == "fix":''', '''            if False:'''),
    ("a mode switch goes unnoticed", "__init__.py", '        if run.get("mode_switch"):', "        if False:"),
    ("an eager failure of the rewrite is ignored", "__init__.py",
     '        if before.get("error") and not eager_error:', '        if before.get("error"):'),
    ("coverage gate off", "fixes.py",
     "    if not lines or ran is None or lines & set(ran):", "    if True:"),
    ("a changed decorator is not a change of the function", "fixes.py",
     "            if written & set(range(first, node.body[0].lineno)):", "            if False:"),
    ("the rewrite's error is always the original's", "fixes.py",
     '        return "fix", f"at line {new}, a line the fix wrote"', '        return "original", ""'),
    ("an unfixed finding's line excuses nothing", "fixes.py",
     "    if line in candidate.pending:", "    if False:"),
]

_JUDGE = """
import json, sys
from tfautofix.verify.fixes import Candidate, changed_lines, judge_rewrites
data = json.loads(open(sys.argv[1]).read())
candidates = [Candidate(**c) for c in data["candidates"]]
runs = {(i, mode): result for i, mode, result in data["runs"]}
runnable = iter(c for c in candidates if data["sources"][c.path] is not None)
plans = [{**p, "lines": changed_lines(c.original, c.fixed)} for p, c in zip(data["plans"], runnable)]
checked = judge_rewrites(candidates, data["sources"], runs, plans)
print(json.dumps([[c.verdict.kind, c.verdict.detail] for c in checked]))
"""

#: The verifier's TensorFlow-free unit tests.
UNIT_TESTS = ["tests/test_distribution_contract.py", "tests/test_verify.py::test_verdict_kinds",
              "tests/test_verify.py::test_verdict_when_both_fail_compiled", "tests/test_verify.py::test_blame_from_where_each_run_raised",
              "tests/test_verify.py::test_command_verdicts"]


def _package(workdir: Path, module: str | None = None, old: str = "", new: str = "") -> Path:
    """A copy of the package and its tests, with ``old`` replaced by ``new`` in ``module``."""
    root = workdir / "package"
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(ROOT / "tfautofix", root / "tfautofix", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "tests", root / "tests", ignore=shutil.ignore_patterns("__pycache__", "golden", "adversarial", "realcode*"))
    if module is None:
        return root
    path = root / "tfautofix" / "verify" / module
    text = path.read_text(encoding="utf-8")
    if text.count(old) != 1:
        raise SystemExit(f"mutant no longer applies to {module}: {old!r}")
    path.write_text(text.replace(old, new), encoding="utf-8")
    return root


def _run_pairs(workdir: Path) -> Path:
    """Run every pair once with the real verifier; the runs as JSON for the mutants to judge."""
    candidates = []
    for name, contract, _, _, original, rewrite, pending in PAIRS:
        path = workdir / "pairs" / name / "module.py"
        path.parent.mkdir(parents=True)
        path.write_text(original, encoding="utf-8")
        candidates.append(Candidate(str(path), original, rewrite, contract, pending=pending))
    sources, runs, plans = run_rewrites(candidates)
    data = {
        "candidates": [c.__dict__ for c in candidates],
        "sources": sources,
        "runs": [[i, mode, result] for (i, mode), result in runs.items()],
        "plans": [{k: v for k, v in p.items() if k != "lines"} for p in plans],  # the lines are the judge's
    }
    dump = workdir / "runs.json"
    dump.write_text(json.dumps(data), encoding="utf-8")
    return dump


def _wrong_pairs(package: Path, dump: Path) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(package)}
    done = subprocess.run([sys.executable, "-c", _JUDGE, str(dump)], env=env, cwd=package, capture_output=True, text=True)
    if done.returncode:
        return [f"the verdicts raise: {done.stderr.strip().splitlines()[-1:]}"]
    wrong = []
    for (name, _, kind, detail, *_), (got, got_detail) in zip(PAIRS, json.loads(done.stdout)):
        if got != kind or detail not in got_detail:
            wrong.append(f"{name}: {got} ({got_detail[:80]}) instead of {kind}")
    return wrong


def _failing_tests(package: Path) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(package)}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-m", "not tensorflow", *UNIT_TESTS],
                          env=env, cwd=package, capture_output=True, text=True)
    return [line.split(" - ")[0] for line in done.stdout.splitlines() if line.startswith("FAILED")] if done.returncode else []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="tfautofix-verifier-mutants-") as tmp:
        workdir = Path(tmp)
        dump = _run_pairs(workdir)
        clean = _package(workdir)
        baseline = _wrong_pairs(clean, dump) + _failing_tests(clean)
        if baseline:  # the mutants are measured against a verifier that passes its own tests
            raise SystemExit(f"the unmutated verifier fails: {baseline}")
        for name, module, old, new in MUTANTS:
            package = _package(workdir, module, old, new)
            wrong, failing = _wrong_pairs(package, dump), _failing_tests(package)
            first = wrong[0] if wrong else failing[0] if failing else "-"
            rows.append((name, module, len(wrong), bool(failing), bool(wrong or failing), first))
    total = sum(1 for row in rows if row[4])
    if args.markdown:
        print("| verifier mutant | module | pairs judged wrongly | unit test fails | caught | first catch |\n|---|---|---:|---|---|---|")
        for name, module, pairs, unit, caught, how in rows:
            print(f"| {name} | {module} | {pairs} | {'yes' if unit else 'no'} | {'yes' if caught else '**no**'} | {how.replace('|', '/')[:120]} |")
    else:
        for name, module, pairs, unit, caught, how in rows:
            print(f"{'CAUGHT' if caught else 'MISSED'}  {module}  {name}  ({pairs} pair(s) wrong, unit tests {'fail' if unit else 'pass'})  {how[:120]}")
    print(f"\n{total} of {len(rows)} verifier mutants caught by the verifier's tests")
    return 0 if total == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
