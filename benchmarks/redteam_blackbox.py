"""Black-box red team: run tests/adversarial/*/bb_*.py through the tool's actual output.

For every case: the safe and the unsafe output of ``fix_source`` (all rules, as a
user's ``fix`` runs them) are executed in graph mode against the original run
eagerly (the oracle), and judged as tests/test_adversarial.py judges them (the
truth). Then ``tfautofix fix CASES --verify --unsafe-fixes --format json`` is run
on all cases at once and its verdict per file is compared with the truth of the
output it verified (safe + unsafe fixes).

    PYTHONPATH=$PWD python benchmarks/redteam_blackbox.py            # writes benchmarks/redteam_blackbox.md
    PYTHONPATH=$PWD python benchmarks/redteam_blackbox.py --no-cli TFA001   # quick: the truth only, some rules
    PYTHONPATH=../other python benchmarks/redteam_blackbox.py --no-cli --dump other.json   # another tree's tool on these cases
    PYTHONPATH=$PWD python benchmarks/redteam_blackbox.py --render rows.json --compare other=other.json
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from tfautofix.codemods import all_rules, rule_by_code
from tfautofix.engine import fix_source
from tfautofix.tracing.log import load as load_traces
from tfautofix.verify import Job, run_exercises, verdict

ROOT = Path(__file__).resolve().parent.parent
CASES_DIR = ROOT / "tests" / "adversarial"
ACCEPTED = ("verified", "improved")


def cases(codes: list[str]) -> list[Path]:
    found = sorted(CASES_DIR.glob("TFA*/bb_*.py"))
    return [c for c in found if not codes or any(case_id(c).startswith(code) for code in codes)]


def case_id(case: Path) -> str:
    return f"{case.parent.name}/{case.stem}"


def contract(case: Path, text: str) -> str:
    pinned = re.search(r"^# contract: (\S+)", text, re.MULTILINE)
    return pinned.group(1) if pinned else rule_by_code(case.parent.name).contract


def rewrites(case: Path) -> dict[str, tuple[str, list]]:
    source = case.read_text(encoding="utf-8")
    traces_path = case.with_suffix(".traces.json")
    traces = load_traces(traces_path) if traces_path.exists() else None
    out = {}
    for kind, unsafe in (("safe", False), ("unsafe", True)):
        fixed, applied, _ = fix_source(source, all_rules(), case.name, unsafe_fixes=unsafe, traces=traces)
        out[kind] = (fixed, applied)
    return out


def truths(selected: list[Path]) -> dict[str, dict]:
    jobs, info = [], {}
    tmp = Path(tempfile.mkdtemp(prefix="redteam_"))
    for case in selected:
        cid = case_id(case)
        source = case.read_text(encoding="utf-8")
        outs = rewrites(case)
        safe_text, safe_applied = outs["safe"]
        all_text, all_applied = outs["unsafe"]
        info[cid] = {
            "case": case,
            "contract": contract(case, source),
            "safe_codes": sorted({getattr(a, "code", str(a)) for a in safe_applied}) if safe_text != source else [],
            "unsafe_codes": sorted({getattr(a, "code", str(a)) for a in all_applied}) if all_text != safe_text else [],
            "texts": {"safe": safe_text if safe_text != source else None, "all": all_text if all_text != source else None},
            "hole": bool(re.search(r"^# known-hole:", source, re.MULTILINE)),
        }
        jobs += [Job(cid, str(case), "eager"), Job(cid, str(case), "graph")]
        for kind, text in info[cid]["texts"].items():
            if text is not None:
                target = tmp / kind / case.parent.name / case.name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
                jobs.append(Job(f"{cid}@{kind}", str(target), "graph", root=str(case.parent)))
    results = run_exercises(jobs)
    for cid, row in info.items():
        oracle, before = results[(cid, "eager")], results[(cid, "graph")]
        row["oracle_error"] = oracle.get("error")
        for kind in ("safe", "all"):
            if row["texts"][kind] is None:
                row[kind] = None
                continue
            after = results[(f"{cid}@{kind}", "graph")]
            row[kind] = verdict(row["contract"], oracle, before, after)
    return info


def cli_verdicts(selected: list[Path]) -> dict[str, dict]:
    """``fix --verify --unsafe-fixes --format json`` on every case in one run."""
    plain = [c for c in selected if not c.with_suffix(".traces.json").exists()]
    # a trace log's relative paths are relative to where it was recorded: the case's directory
    runs = [(plain, [], ROOT)] + [([c], ["--traces", c.with_suffix(".traces.json").name], c.parent) for c in selected if c.with_suffix(".traces.json").exists()]
    out = {}
    for files, extra, cwd in runs:
        if not files:
            continue
        names = [str(f.relative_to(cwd)) for f in files]
        command = [sys.executable, "-m", "tfautofix", "fix", *names, "--verify", "--unsafe-fixes", "--format", "json", "--no-cache", *extra]
        proc = subprocess.run(command, capture_output=True, text=True, cwd=cwd, env={**os.environ, "PYTHONPATH": os.environ.get("PYTHONPATH") or str(ROOT)})
        try:
            data = json.loads(proc.stdout)
        except json.JSONDecodeError:
            sys.stderr.write(proc.stdout[-2000:] + proc.stderr[-2000:])
            continue
        for entry in data:
            path = (cwd / entry.get("path", "")).resolve()
            for case in files:
                if case.resolve() == path:
                    out[case_id(case)] = entry
    return out


def cli_verdict_of(entry: dict | None) -> str:
    """The file's verdict: its fixes' verdicts, worst first (one verdict when they agree)."""
    if not entry:
        return "-"
    kinds = [fix.get("verdict") or "none" for fix in entry.get("applied", [])]
    order = ("broken", "changed", "unverifiable", "none", "verified", "improved")
    return "/".join(sorted(set(kinds), key=lambda k: order.index(k) if k in order else 0)) or "-"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("codes", nargs="*")
    parser.add_argument("--no-cli", action="store_true")
    parser.add_argument("--output", default=str(ROOT / "benchmarks" / "redteam_blackbox.md"))
    parser.add_argument("--dump", help="write the per-case rows as JSON here")
    parser.add_argument("--render", help="only write the markdown from rows dumped by an earlier run")
    parser.add_argument("--compare", action="append", default=[], help="NAME=DUMP: the truth of another tree's run (--no-cli --dump) for each hole")
    args = parser.parse_args()
    others = {name: {r["case"]: r for r in json.loads(Path(dump).read_text())} for name, dump in (c.split("=", 1) for c in args.compare)}
    if args.render:
        write_markdown(json.loads(Path(args.render).read_text()), Path(args.output), others)
        return
    selected = cases(args.codes)
    info = truths(selected)
    cli = {} if args.no_cli else cli_verdicts(selected)
    rows = []
    for cid, row in info.items():
        truth_all = row["all"]
        said = cli_verdict_of(cli.get(cid)) if not args.no_cli else "-"
        accepted_truth = truth_all is not None and truth_all.kind in ACCEPTED
        said_accepts = all(k in ACCEPTED for k in said.split("/"))
        truthful = "-" if said == "-" or truth_all is None else ("yes" if said_accepts == accepted_truth else "NO")
        rows.append({
            "case": cid,
            "safe": ",".join(row["safe_codes"]) or "",
            "unsafe": ",".join(row["unsafe_codes"]) or "",
            "oracle_error": row["oracle_error"],
            "safe_truth": str(row["safe"]) if row["safe"] else "",
            "wrong_safe": row["safe"] is not None and row["safe"].kind not in ACCEPTED,
            "all_truth": str(truth_all) if truth_all else "",
            "verdict": said,
            "truthful": truthful,
            "hole": row["hole"],
        })
        print(f"{cid:45} safe=[{rows[-1]['safe']}] {rows[-1]['safe_truth'][:90]!r} | all=[{rows[-1]['unsafe']}] {rows[-1]['all_truth'][:90]!r} | verdict={said} truthful={truthful}" + (f" ORACLE ERROR {row['oracle_error'][:200]}" if row["oracle_error"] else ""))
    if args.dump:
        Path(args.dump).write_text(json.dumps(rows, indent=1))
    if not args.no_cli and not args.codes:
        write_markdown(rows, Path(args.output), others)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")[:120]


def write_markdown(rows: list[dict], path: Path, others: dict[str, dict] | None = None) -> None:
    by_rule: dict[str, list[dict]] = {}
    for r in rows:
        by_rule.setdefault(r["case"].split("/")[0], []).append(r)
    lines = [
        "# Black-box red team (issue 26, item 6)",
        "",
        "Cases: `tests/adversarial/<CODE>/bb_*.py`, written from `tfautofix rules` and the README only.",
        "Truth: the tool's actual output (`fix_source`, all rules) run in graph mode against the original run",
        "eagerly, judged as `tests/test_adversarial.py` judges it. Verdict: `tfautofix fix CASES --verify",
        "--unsafe-fixes --format json` (one run; TFA004 cases one run each with their `--traces`), compared with the",
        "truth of the output it verified (safe + unsafe fixes): truthful when it accepts (verified/improved)",
        "exactly the outputs that are right.",
        "",
        "Regenerate: `PYTHONPATH=$PWD python benchmarks/redteam_blackbox.py` (writes this file; ~30 min on 2 busy cores).",
        "Every wrong safe rewrite is a case marked `# known-hole:` (a strict xfail in tests/test_adversarial.py);",
        "what each does, eager vs rewritten values: /work/notes/redteam_holes.md at the time of writing. One hole is",
        "debatable: TFA008/bb_dataset_map_print (tf.data traces map functions even eagerly, so the oracle prints once).",
        "",
        "| rule | cases | safe rewrites | wrong safe rewrites | unsafe rewrites | verdicts truthful |",
        "|---|---|---|---|---|---|",
    ]
    total = [0, 0, 0, 0, 0, 0]
    for rule, rs in sorted(by_rule.items()):
        n = len(rs)
        safe = sum(1 for r in rs if r["safe_truth"])
        wrong = sum(1 for r in rs if r["wrong_safe"])
        unsafe = sum(1 for r in rs if r["unsafe"])
        judged = [r for r in rs if r["truthful"] in ("yes", "NO")]
        ok = sum(1 for r in judged if r["truthful"] == "yes")
        for i, v in enumerate((n, safe, wrong, unsafe, ok, len(judged))):
            total[i] += v
        lines.append(f"| {rule} | {n} | {safe} | {wrong} | {unsafe} | {ok}/{len(judged)} |")
    lines.append(f"| **all** | {total[0]} | {total[1]} | {total[2]} | {total[3]} | {total[4]}/{total[5]} |")
    lines += ["", "## Per case", "", "| case | safe fixes | truth (safe output) | unsafe fixes | truth (all fixes) | `--verify` verdict | truthful |", "|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['case']} | {r['safe']} | {_cell(r['safe_truth'])} | {r['unsafe']} | {_cell(r['all_truth'])} | {r['verdict']} | {r['truthful']} |")
    for name, theirs in (others or {}).items():
        lines += ["", f"## The wrong safe rewrites on `{name}`", "", f"| case | here | on {name}: safe fixes | truth |", "|---|---|---|---|"]
        for r in rows:
            if r["wrong_safe"] and r["case"] in theirs:
                t = theirs[r["case"]]
                status = "still wrong" if t["wrong_safe"] else ("closed (no safe fix)" if not t["safe_truth"] else "closed (safe fix right)")
                lines.append(f"| {r['case']} | {_cell(r['safe_truth'])} | {t['safe'] or '-'} | {status} |")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
