"""Per rule, how many findings have a safe fix, an unsafe fix, or none.

Over the golden inputs (tests/golden/*/*/input.py), the adversarial cases
(tests/adversarial/*/*.py) and the examples (examples/*.py): what the closed
world (issue 26) costs in safe fixes. Static only (no TensorFlow, no traces).

    PYTHONPATH=$PWD python benchmarks/fix_safety.py [--markdown]
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from tfautofix.codemods import all_rules
from tfautofix.engine import detect

ROOT = Path(__file__).resolve().parent.parent


def files() -> list[Path]:
    return sorted(
        [*ROOT.glob("tests/golden/*/*/input.py"), *ROOT.glob("tests/adversarial/*/*.py"), *ROOT.glob("examples/*.py")]
    )


def count() -> dict[str, Counter]:
    rules = list(all_rules())
    counts: dict[str, Counter] = {}
    for path in files():
        _, findings = detect(path.read_text(encoding="utf-8"), rules, str(path))
        for finding in findings:
            kind = "none" if finding.fix is None else finding.fix.applicability
            counts.setdefault(finding.code, Counter())[kind] += 1
    return counts


def main() -> None:
    counts = count()
    total = Counter()
    print("| rule | safe | unsafe | none |")
    print("|---|---:|---:|---:|")
    for code in sorted(counts):
        c = counts[code]
        total.update(c)
        print(f"| {code} | {c['safe']} | {c['unsafe']} | {c['none']} |")
    print(f"| all | {total['safe']} | {total['unsafe']} | {total['none']} |")


if __name__ == "__main__":
    sys.exit(main())
