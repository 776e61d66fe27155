"""Turn `tfautofix check --format json` runs and a judgments file into precision.md's tables.

    python benchmarks/realcode/count.py RUNS_DIR [--judgments benchmarks/realcode/judgments.csv]
        [--tests-recipe]

RUNS_DIR holds one `<package>.check.json` per package (README.md says how to make them).
`judgments.csv` has one row per judged finding: `package,location,code,class,reason`, with
`location` = `path:line` (path from the package's top directory, as printed below) and
`class` one of real / advisory / pointless / false. One row judges every finding of that
package, location and code (two NumPy calls on one line are two findings, one judgment).

Prints the table per package, per package and rule, every finding with its class, then what
does not match: findings nobody judged (to judge; the run fails) and judgments of findings
no longer reported (removed since: the merge of another branch, a fix). `--tests-recipe`
drops the findings README's per-file-ignores recipe for test code would switch off.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

import pathspec
import tomllib

CLASSES = ("real", "advisory", "pointless", "false")
_TOP = re.compile(r"^.*?(?:/site-packages/|/[^/]+-(?:py|cp)[0-9.]+[^/]*/)")


def location(path: str) -> str:
    """A finding's path from its package's top directory (``keras_hub/src/...``, ``official/...``)."""
    return _TOP.sub("", path.replace("\\", "/"))


def load_runs(directory: Path) -> list[dict]:
    """Every rule's finding of every run (files that do not parse are reported without a code:
    not findings to judge)."""
    findings = []
    for file in sorted(directory.glob("*.check.json")):
        package = file.name[: -len(".check.json")]
        for finding in json.loads(file.read_text(encoding="utf-8") or "[]"):
            if finding["code"] is None:
                continue
            findings.append({"package": package, "location": f"{location(finding['path'])}:{finding['line']}",
                             "code": finding["code"], "message": finding["message"]})
    return findings


def load_judgments(path: Path) -> dict[tuple[str, str, str], tuple[str, str]]:
    judged = {}
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            if row["class"] not in CLASSES:
                raise SystemExit(f"{path}: unknown class {row['class']!r} for {row['location']}")
            judged[(row["package"], row["location"], row["code"])] = (row["class"], row["reason"])
    return judged


def tests_recipe() -> list[tuple[pathspec.GitIgnoreSpec, frozenset[str]]]:
    """README.md's ``per-file-ignores`` block for test code (the one tests/test_bulk.py applies)."""
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    block = readme.split("```toml\n", 1)[1].split("```", 1)[0]
    table = tomllib.loads(block)["tool"]["tfautofix"]["per-file-ignores"]
    return [(pathspec.GitIgnoreSpec.from_lines([pattern]), frozenset(codes)) for pattern, codes in table.items()]


def ignored_by(recipe, finding: dict) -> bool:
    path = finding["location"].rsplit(":", 1)[0]
    return any(finding["code"] in codes and spec.match_file(path) for spec, codes in recipe)


def _precision(counts: Counter) -> str:
    total = sum(counts[c] for c in CLASSES)
    return f"{100 * (counts['real'] + counts['advisory']) / total:.0f} %" if total else "–"


def tables(findings: list[dict], judged: dict, packages: list[str]) -> str:
    by_package: dict[str, Counter] = defaultdict(Counter)
    by_rule: dict[tuple[str, str], Counter] = defaultdict(Counter)
    rows = []
    for f in findings:
        cls, reason = judged.get((f["package"], f["location"], f["code"]), ("unjudged", f["message"]))
        by_package[f["package"]][cls] += 1
        by_rule[(f["package"], f["code"])][cls] += 1
        rows.append((f["package"], f["location"], f["code"], cls, reason))
    out = ["| package | findings | real | advisory | pointless | false | precision (real + advisory) |",
           "|---|---:|---:|---:|---:|---:|---:|"]
    total: Counter = Counter()
    for package in packages:
        counts = by_package.get(package, Counter())
        total.update(counts)
        out.append(f"| {package} | {sum(counts.values())} | " + " | ".join(str(counts[c]) for c in CLASSES)
                   + f" | {_precision(counts)} |")
    out.append(f"| **total** | **{sum(total.values())}** | " + " | ".join(f"**{total[c]}**" for c in CLASSES)
               + f" | **{_precision(total)}** |")
    out += ["", "| package | rule | findings | real | advisory | pointless | false |", "|---|---|---:|---:|---:|---:|---:|"]
    for (package, code), counts in sorted(by_rule.items()):
        out.append(f"| {package} | {code} | {sum(counts.values())} | " + " | ".join(str(counts[c]) for c in CLASSES) + " |")
    out += ["", "| package | file:line | rule | class | why |", "|---|---|---|---|---|"]
    for package, loc, code, cls, reason in sorted(rows, key=lambda r: (r[0], r[1].rsplit(":", 1)[0], int(r[1].rsplit(":", 1)[1]), r[2])):
        out.append(f"| {package} | `{loc}` | {code} | {cls} | {reason} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", type=Path)
    parser.add_argument("--judgments", type=Path, default=Path(__file__).with_name("judgments.csv"))
    parser.add_argument("--tests-recipe", action="store_true", help="drop what README's recipe for test code ignores")
    args = parser.parse_args(argv)
    findings = load_runs(args.runs)
    packages = sorted(p.name[: -len(".check.json")] for p in args.runs.glob("*.check.json"))
    recipe = tests_recipe() if args.tests_recipe else []
    findings = [f for f in findings if not ignored_by(recipe, f)]
    judged = load_judgments(args.judgments)
    print(tables(findings, judged, packages))
    found = {(f["package"], f["location"], f["code"]) for f in findings}
    missing = sorted({(f["package"], f["location"], f["code"]) for f in findings} - judged.keys())
    gone = sorted(key for key in judged if key not in found and not ignored_by(recipe, {"location": key[1], "code": key[2]}))
    if gone:
        print("\nJudged but no longer reported:\n" + "\n".join(f"- {p} `{loc}` {code} ({judged[(p, loc, code)][0]})" for p, loc, code in gone))
    if missing:
        print("\nNot judged (add them to the judgments file):\n" + "\n".join(f"- {p} `{loc}` {code}" for p, loc, code in missing),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
