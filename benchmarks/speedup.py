"""What the fixes buy: traces and time per call before and after, per example, with per-fix verdicts.

    python benchmarks/speedup.py [--repeats 5] [--markdown]

Fixes every module of ``examples/`` (unsafe fixes included), verifies each fix on
its own (``fix --verify``'s per-fix verdicts), then runs the original and the
fixed module compiled ``--repeats`` times each: traces per ``exercise()`` and the
median wall time of a call of its ``tf.function``s after the first call of each
run (the warm-up). Two TensorFlow processes for the verdicts, one for the timings.
The evidence a maintainer asks for before accepting a performance fix.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tfautofix.bulk import Overrides, execute, plan
from tfautofix.verify import Job, run_exercises
from tfautofix.verify.fixes import verify_results


def _per_call(runs: list[dict]) -> float | None:
    """Median seconds per call after each run's first call, summed over the functions."""
    calls: dict[str, list[float]] = {}
    for run in runs:
        for name, seconds in (run.get("seconds") or {}).items():
            calls.setdefault(name, []).extend(seconds[1:])
    medians = [median(seconds) for seconds in calls.values() if seconds]
    return sum(medians) if medians else None


def _ms(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    ms = seconds * 1000
    return f"{ms:.2g} ms" if ms < 10 else f"{ms:.0f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    examples = ROOT / "examples"
    results = [r for r in execute(plan([examples], Overrides(unsafe_fixes=True)), fix=True, jobs=1).results if r.changed and not r.error]
    checked = verify_results(results)
    with tempfile.TemporaryDirectory(prefix="tfautofix-speedup-") as workdir:
        jobs = []
        for index, result in enumerate(results):
            fixed = Path(workdir, str(index), Path(result.path).name)
            fixed.parent.mkdir()
            fixed.write_text(result.fixed or "", encoding="utf-8")
            root = str(Path(result.path).resolve().parent)
            for repeat in range(args.repeats):
                jobs += [Job(f"{index}/{repeat}", str(Path(result.path).resolve()), "graph", root=root, seed=1),
                         Job(f"{index}@fixed/{repeat}", str(fixed), "graph", root=root, seed=1)]
        runs = run_exercises(jobs)
    rows = []
    for index, result in enumerate(results):
        before = [runs[(f"{index}/{r}", "graph")] for r in range(args.repeats)]
        after = [runs[(f"{index}@fixed/{r}", "graph")] for r in range(args.repeats)]
        error = next((run["error"].splitlines()[0][:50] for run in before if run.get("error")), None)
        old, new = _per_call(before), _per_call(after)
        ratio = f"×{old / new:.0f}" if old and new and old / new >= 10 else f"×{old / new:.1f}" if old and new else "-"
        check = checked.get(result.path)
        fixes = "; ".join(f"{f.code} L{f.line}: {v.kind}" for f, v in (check.fixes if check else ()) if v is not None)
        rows.append((
            Path(result.path).name,
            fixes or (check.verdict.kind if check else "-"),
            f"{before[0]['traces']} → {after[0]['traces']}" if not error else f"raises ({error})",
            _ms(None if error else old), _ms(new), ratio if not error else "-",
        ))
    header = ("example", "per-fix verdicts", "traces per run", "per call before", "after", "speedup")
    if args.markdown:
        print("| " + " | ".join(header) + " |\n|" + "---|" * len(header))
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
        for row in [header, *rows]:
            print("  ".join(str(cell).ljust(width) for cell, width in zip(row, widths)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
