"""How many hazards that have a right rewrite get one from `fix --write --verify` (issue 29).

Black box: every module is copied to a temporary directory and treated exactly as a
user would treat it — `tfautofix trace` records a run of its `exercise()` (one process
per suite), then `tfautofix fix DIR --write --verify --traces LOG` rewrites what the
eager oracle confirms. The tool's output is then judged on its own:

- a hazard is *written* when its lines changed and the rewritten module has no finding of
  that code left where they went (`judge`);
- the written module is run in graph mode against the original run eagerly (under a second
  ambient seed too where it draws) with the verifier's contracts (`tfautofix.verify.verdict`): `verified`
  or `improved` is *right*, `changed`/`broken` is *wrong* (attributed to every hazard
  written in that module), `unverifiable` is *unjudged*.

Hazards come from four suites (heldout only when named in --suites):
- golden: `tests/golden/*/*/input.py` with an `exercise()`; the findings in its
  `findings.txt`; a right rewrite exists when the case's reviewed `expected.py` fixes the
  finding, otherwise by the hand label in `benchmarks/rewrites/labels_suites.csv`;
- adversarial: `tests/adversarial/CODE/*.py`, the directory rule's findings on the
  original; a right rewrite exists when the tool offers one the case does not mark
  `# expect: unsafe-declined`, otherwise by the hand label;
- rewrites: `benchmarks/rewrites/*.py`, realistic modules, every hazard labelled
  by hand in `benchmarks/rewrites/labels.csv` (written without reading the rules' code);
- heldout: `benchmarks/heldout/*.py`, the same format, modelled on public users' code and
  kept out of the tool's development: not in the default run (`benchmarks/heldout/README.md`).

`--check-rewrites DIR` judges hand-written rewrites instead (`DIR/<module>.py`, the label's
rewrite written out): each is run compiled against its suite's original run eagerly.

    PYTHONPATH=$PWD python benchmarks/rewrite_coverage.py --markdown benchmarks/rewrite_coverage_after.md
    PYTHONPATH=$PWD python benchmarks/rewrite_coverage.py --suites rewrites --rules TFA007,TFA011
    PYTHONPATH=$PWD python benchmarks/rewrite_coverage.py --subset 'TFA00[47]*' --markdown -
    PYTHONPATH=$PWD python benchmarks/rewrite_coverage.py --from-json run.json --relabel --markdown -  # today's labels on a saved run
    PYTHONPATH=$PWD python benchmarks/rewrite_coverage.py --suites heldout --check-rewrites benchmarks/heldout/hand
"""

from __future__ import annotations

import argparse
import ast
import csv
import difflib
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REWRITES = ROOT / "benchmarks" / "rewrites"
LABELLED = {"rewrites": REWRITES, "heldout": ROOT / "benchmarks" / "heldout", "heldout2": ROOT / "benchmarks" / "heldout2"}  # suite → its directory of labelled modules
#: The judge's extra eager runs of a random module: with two seeds a die agrees with itself at a
#: position one time in six and passes for a fixed value there; with four, one time in 216.
EXTRA_ORACLE_SEEDS = (2, 3)
SUITES = ("golden", "adversarial", *LABELLED)
DEFAULT_SUITES = ("golden", "adversarial", "rewrites")  # heldout is measured only when asked for
TRACE_RULES = {"TFA003", "TFA004", "TFA007", "TFA015"}  # the rules `fix --traces` feeds (README)
DRIVER = '''\
import importlib.util, sys, traceback
for path in sys.argv[1:]:
    try:
        spec = importlib.util.spec_from_file_location(path.replace("/", "_")[:-3], path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.exercise()
    except BaseException:
        print(f"trace driver: {path} failed", file=sys.stderr)
        traceback.print_exc(limit=1)
'''


@dataclass
class Hazard:
    suite: str
    module: str  # the staged file name
    code: str
    line: int
    end_line: int
    right: str  # "yes" | "no" | "?" (unlabelled)
    rewrite: str = ""  # the right rewrite, in words
    why: str = ""  # why there is none
    tool: str = ""  # the tool's message on the original (before fixing)
    outcome: str = ""  # right | wrong | unjudged | declined
    verdict: str = ""


@dataclass
class Module:
    suite: str
    name: str  # staged file name (unique)
    source: Path
    hazards: list[Hazard] = field(default_factory=list)
    contract: str = "exact"


def read_labels(path: Path) -> dict[tuple[str, int, str], dict]:
    if not path.exists():
        return {}
    with path.open(encoding="utf-8") as f:
        return {(r["file"], int(r["line"]), r["code"]): r for r in csv.DictReader(f)}


def relabel(hazards: list[Hazard]) -> None:
    """Apply today's hand labels to saved hazards (`--from-json --relabel`): labels change without
    re-running the hour of fixing; a hazard no label names keeps what it was measured with."""
    suite_labels, rewrite_labels = read_labels(REWRITES / "labels_suites.csv"), read_labels(REWRITES / "labels.csv")
    for h in hazards:
        m = re.match(r"([ga])_(TFA\d+)_(.+)\.py$", h.module)
        if h.suite == "rewrites":
            label = rewrite_labels.get((h.module, h.line, h.code))
        elif m:
            source = f"tests/golden/{m.group(2)}/{m.group(3)}/input.py" if m.group(1) == "g" else f"tests/adversarial/{m.group(2)}/{m.group(3)}.py"
            label = suite_labels.get((source, h.line, h.code))
        else:
            label = None
        if label:
            h.right, h.rewrite, h.why = label["has_right_rewrite"], label.get("right_rewrite", ""), label.get("why", "")


def _has_exercise(path: Path) -> bool:
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except SyntaxError:
        return False
    return any(isinstance(n, ast.FunctionDef) and n.name == "exercise" for n in tree.body)


def changed_lines(before: str, after: str) -> dict[int, tuple[int, int]]:
    """Original line (1-based) → the range of rewritten lines that replaced it (pure insertions ignored)."""
    out = {}
    a, b = before.splitlines(), after.splitlines()
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag in ("replace", "delete"):
            for i in range(i1, i2):
                out[i + 1] = (j1 + 1, max(j1 + 1, j2))
    return out


def kept_lines(before: str, after: str) -> dict[int, int]:
    """Original line (1-based) → its line in the rewrite, for lines the rewrite kept."""
    out = {}
    matcher = difflib.SequenceMatcher(None, before.splitlines(), after.splitlines(), autojunk=False)
    for tag, i1, i2, j1, _ in matcher.get_opcodes():
        if tag == "equal":
            out.update({i1 + k + 1: j1 + k + 1 for k in range(i2 - i1)})
    return out


def _meets(finding: dict, lines) -> bool:
    return any(finding["line"] <= ln <= max(finding["end_line"], finding["line"]) for ln in lines)


def _relpath(path: Path) -> str:
    return str(path.relative_to(ROOT))


def collect(suites: list[str], rules: set[str] | None, subset: str | None) -> list[Module]:
    suite_labels = read_labels(REWRITES / "labels_suites.csv")
    modules: list[Module] = []
    if "golden" in suites:
        for case in sorted(ROOT.glob("tests/golden/TFA*/*/input.py")):
            code, name = case.parent.parent.name, case.parent.name
            if not _has_exercise(case) or not (case.parent / "findings.txt").exists():
                continue
            module = Module("golden", f"g_{code}_{name}.py", case)
            expected = case.parent / "expected.py"  # the fixes of findings.txt, reviewed right
            reviewed = expected.exists()
            changed = changed_lines(case.read_text(encoding="utf-8"), expected.read_text(encoding="utf-8")) if reviewed else {}
            for row in (case.parent / "findings.txt").read_text(encoding="utf-8").splitlines():
                m = re.match(r"(\d+):\d+ (TFA\d+) \[(safe|unsafe|no fix)\] (.*)", row)
                if not m:
                    continue
                line = int(m.group(1))
                fixed = reviewed and (m.group(3) != "no fix" or line in changed)  # a second pass may fix it
                label = suite_labels.get((_relpath(case), line, m.group(2)))
                right = label["has_right_rewrite"] if label else "yes" if fixed else "?"
                module.hazards.append(
                    Hazard("golden", module.name, m.group(2), line, line, right,
                           (label or {}).get("right_rewrite") or ("expected.py" if fixed else ""),
                           (label or {}).get("why", ""), f"[{m.group(3)}] {m.group(4)}")
                )
            modules.append(module)
    if "adversarial" in suites:
        for case in sorted(ROOT.glob("tests/adversarial/TFA*/*.py")):
            if case.name.startswith("_") or not _has_exercise(case):
                continue
            modules.append(Module("adversarial", f"a_{case.parent.name}_{case.stem}.py", case))
    for suite, directory in LABELLED.items():
        if suite not in suites:
            continue
        by_file: dict[str, list[dict]] = {}
        for row in read_labels(directory / "labels.csv").values():
            by_file.setdefault(row["file"], []).append(row)
        for case in sorted(directory.glob("*.py")):
            module = Module(suite, case.name, case)
            for row in sorted(by_file.get(case.name, []), key=lambda r: int(r["line"])):
                end = int(row.get("end_line") or row["line"])
                module.hazards.append(
                    Hazard(suite, case.name, row["code"], int(row["line"]), end, row["has_right_rewrite"],
                           row.get("right_rewrite", ""), row.get("why", ""))
                )
            modules.append(module)
    if subset:
        modules = [m for m in modules if fnmatch.fnmatch(m.name, subset) or fnmatch.fnmatch(m.name[2:], subset)]
    if rules:
        modules = [m for m in modules if m.suite == "adversarial" and m.source.parent.name in rules or any(h.code in rules for h in m.hazards)]
    return modules


def contract(m: Module, text: str) -> str:
    """How the judge compares runs: draws by distribution, prints as side effects, else exact (`# contract:` pins it)."""
    pinned = re.search(r"^# contract: (\S+)", text, re.MULTILINE)
    if pinned:
        return pinned.group(1)
    codes = {h.code for h in m.hazards}
    return "distribution" if "TFA002" in codes else "side-effect" if "TFA008" in codes else "exact"


def _uses_traces(module: Module) -> bool:
    """Only the rules that read a trace log get one (recording every module costs minutes)."""
    codes = {h.code for h in module.hazards} | ({module.source.parent.name} if module.suite == "adversarial" else set())
    return bool(codes & TRACE_RULES)


def tool(*args: str, cwd: Path, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tfautofix", *args], check=False, cwd=cwd, env=env, capture_output=True, text=True)


def findings(paths: list[str], cwd: Path, env: dict, traces: str | None) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    if not paths:
        return out
    args = ["check", *paths, "--format", "json", "--no-cache", "--exit-zero", "-q", "--isolated"]
    proc = tool(*args, *(["--traces", traces] if traces else []), cwd=cwd, env=env)
    for f in json.loads(proc.stdout or "[]"):
        out.setdefault(Path(f["path"]).name, []).append(f)
    return out


def run(modules: list[Module], work: Path, rules: set[str] | None, log) -> dict:
    """Trace, fix and judge in ``work``; a suite whose fix report is already there (``--work``) is only judged again."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    timings = {}
    suites = sorted({m.suite for m in modules})
    done = {s for s in suites if (work / f"{s}.report.json").exists()}
    originals = {m.name: m.source.read_text(encoding="utf-8") for m in modules}
    kept = {m.name: (work / m.suite / m.name).read_text(encoding="utf-8") for m in modules if m.suite in done}
    for suite in suites:
        (work / suite).mkdir(parents=True, exist_ok=True)
    for m in modules:
        (work / m.suite / m.name).write_text(originals[m.name], encoding="utf-8")
    traces = {s: f"{s}.traces.json" if (work / f"{s}.traces.json").exists() else None for s in done}
    for suite in [s for s in suites if s not in done]:
        t0 = time.time()
        (work / "_drive.py").write_text(DRIVER, encoding="utf-8")
        names = [f"{suite}/{m.name}" for m in modules if m.suite == suite and _uses_traces(m)]
        if not names:
            traces[suite] = None
            continue
        proc = tool("trace", "--output", f"{suite}.traces.json", "--", sys.executable, "_drive.py", *names, cwd=work, env=env)
        traces[suite] = f"{suite}.traces.json" if (work / f"{suite}.traces.json").exists() else None
        (work / f"{suite}.trace.log").write_text(proc.stdout + proc.stderr, encoding="utf-8")
        timings[f"trace {suite}"] = time.time() - t0
        log(f"trace {suite}: {len(names)} modules, {timings[f'trace {suite}']:.0f} s, exit {proc.returncode}")
    before = {}
    for suite in sorted({m.suite for m in modules}):
        before.update(findings([f"{suite}/{m.name}" for m in modules if m.suite == suite], work, env, traces[suite]))
    # adversarial hazards: the directory rule's findings on the original
    for m in modules:
        if m.suite == "adversarial":
            code = m.source.parent.name
            src = m.source.read_text(encoding="utf-8")
            declined_marked = re.search(r"^# expect: unsafe-declined\b", src, re.MULTILINE) is not None
            labels = read_labels(REWRITES / "labels_suites.csv")
            for f in before.get(m.name, []):
                if f["code"] != code:
                    continue
                label = labels.get((_relpath(m.source), f["line"], code))
                right = label["has_right_rewrite"] if label else ("yes" if f["fix"] and not declined_marked else "?")
                m.hazards.append(Hazard("adversarial", m.name, code, f["line"], f["end_line"], right,
                                        (label or {}).get("right_rewrite", "the tool's, not marked unsafe-declined" if right == "yes" and not label else ""),
                                        (label or {}).get("why", ""), f["message"]))
        else:
            for h in m.hazards:
                hit = [f for f in before.get(m.name, []) if f["code"] == h.code and _meets(f, range(h.line, h.end_line + 1))]
                if hit and not h.tool:
                    h.tool = hit[0]["message"]
                elif not hit and not h.tool:
                    h.tool = "(not reported)"
        m.contract = contract(m, originals[m.name])
    if rules:
        for m in modules:
            m.hazards = [h for h in m.hazards if h.code in rules]
    # the user's command
    for m in modules:
        if m.name in kept:
            (work / m.suite / m.name).write_text(kept[m.name], encoding="utf-8")
    for suite in [s for s in suites if s not in done]:
        t0 = time.time()
        proc = tool("fix", suite, "--write", "--verify", "--no-cache", "--isolated", "--color", "never",
                    *(["--traces", traces[suite]] if traces[suite] else []), "--report", f"{suite}.report.json", cwd=work, env=env)
        (work / f"{suite}.fix.log").write_text(proc.stdout + proc.stderr, encoding="utf-8")
        timings[f"fix {suite}"] = time.time() - t0
        log(f"fix --write --verify {suite}: {timings[f'fix {suite}']:.0f} s, exit {proc.returncode}")
    written = {m.name: (work / m.suite / m.name).read_text(encoding="utf-8") for m in modules}
    after = {}
    for suite in sorted({m.suite for m in modules}):
        changed = [f"{suite}/{m.name}" for m in modules if m.suite == suite and written[m.name] != originals[m.name]]
        after.update(findings(changed, work, env, traces[suite]))
    # the judge: original eagerly (two seeds) and compiled, the written module compiled (two seeds)
    from tfautofix.verify import run_exercises

    (work / "orig").mkdir(exist_ok=True)
    jobs = []
    for m in modules:
        if written[m.name] == originals[m.name] or not m.hazards:
            continue
        orig_dir = work / "orig" / m.suite
        orig_dir.mkdir(parents=True, exist_ok=True)
        orig = orig_dir / m.name
        orig.write_text(originals[m.name], encoding="utf-8")
        new = str(work / m.suite / m.name)
        jobs += judge_jobs(m, str(orig), new)
    t0 = time.time()
    saved = work / f"judge.{'+'.join(suites)}.json"
    ids = sorted(j.id + j.mode for j in jobs)
    if saved.exists() and json.loads(saved.read_text(encoding="utf-8"))["jobs"] == ids:
        runs = {tuple(k.split("\t")): v for k, v in json.loads(saved.read_text(encoding="utf-8"))["runs"].items()}
    else:
        runs = run_exercises(jobs) if jobs else {}
        saved.write_text(json.dumps({"jobs": ids, "runs": {"\t".join(k): v for k, v in runs.items()}}, default=repr), encoding="utf-8")
    timings["judge"] = time.time() - t0
    log(f"judge: {len(jobs)} runs, {timings['judge']:.0f} s")
    for m in modules:
        text, new = originals[m.name], written[m.name]
        module_verdict = None
        if new != text and m.hazards:
            module_verdict = judge_verdict(m, runs)
        for h in m.hazards:
            judge(h, text, new, before.get(m.name, []), after.get(m.name, []), module_verdict)
    return {"timings": timings}


def judge_jobs(m: Module, original: str, rewrite: str) -> list:
    """The judge's runs of one module: the original eagerly (the oracle) and compiled, the rewrite compiled;
    a random module's original under more ambient seeds, its rewrite under two."""
    from tfautofix.verify import Job

    jobs = [Job(m.name, original, "eager"), Job(m.name, original, "graph"), Job(m.name + "@new", rewrite, "graph")]
    if m.contract == "distribution":
        jobs += [Job(m.name + "#2", original, "eager", seed=1), Job(m.name + "@new#2", rewrite, "graph", seed=1)]
        jobs += [Job(m.name + f"#{seed + 1}", original, "eager", seed=seed) for seed in EXTRA_ORACLE_SEEDS]
    return jobs


def judge_verdict(m: Module, runs: dict):
    """The verifier's verdict on the runs of :func:`judge_jobs`."""
    from tfautofix.verify import verdict

    missing = {"error": "not run", "value": None, "traces": 0}
    return verdict(m.contract, runs.get((m.name, "eager"), missing), runs.get((m.name, "graph"), missing),
                   runs.get((m.name + "@new", "graph"), missing),
                   second_after=runs.get((m.name + "@new#2", "graph")),
                   more_oracles=[runs.get((m.name + f"#{seed}", "eager")) for seed in (2, *(s + 1 for s in EXTRA_ORACLE_SEEDS))])


def judge(h: Hazard, text: str, new: str, before: list[dict], after: list[dict], module_verdict) -> None:
    """Set ``h.outcome``: declined unless the rewrite changed the hazard's lines (or removed the tool's
    finding there); then right, wrong or unjudged by the module's verdict."""
    changes, kept = changed_lines(text, new), kept_lines(text, new)
    span = range(h.line, h.end_line + 1)
    if new == text:
        rewritten = False
    elif any(f["code"] == h.code and _meets(f, span) for f in before):  # the finding is gone from where its lines went
        where = [kept[i] for i in span if i in kept] + [ln for i in span if i in changes for ln in range(changes[i][0], changes[i][1] + 1)]
        rewritten = not any(f["code"] == h.code and _meets(f, where) for f in after)
    else:  # the tool does not see it: a line of the hazard changed
        rewritten = any(i in changes for i in span)
    if not rewritten:
        h.outcome = "declined"
        return
    h.verdict = str(module_verdict)
    kind = module_verdict.kind if module_verdict else "unverifiable"
    h.outcome = "right" if kind in ("verified", "improved") else "wrong" if kind in ("changed", "broken") else "unjudged"


def check_rewrites(modules: list[Module], hand: Path) -> int:
    """Judge hand-written rewrites (a label's rewrite written out) as the tool's are judged: each
    `hand/<module>` compiled against the original run eagerly, in one batch. Exit 1 unless all are right."""
    from tfautofix.verify import run_exercises

    chosen = [m for m in modules if (hand / m.name).exists()]
    jobs = []
    for m in chosen:
        m.contract = contract(m, m.source.read_text(encoding="utf-8"))
        new = str(hand / m.name)
        jobs += judge_jobs(m, str(m.source), new)
    runs = run_exercises(jobs) if jobs else {}
    bad = 0
    for m in chosen:
        v = judge_verdict(m, runs)
        bad += v.kind not in ("verified", "improved")
        print(f"{m.name}: {v.kind} ({m.contract}) {str(v)[:300]}")
    return 1 if bad else 0


def table(modules: list[Module]) -> tuple[list[dict], list[Hazard]]:
    rows: dict[str, dict] = {}
    for h in (h for m in modules for h in m.hazards):
        for key in (h.code, "all"):
            row = rows.setdefault(key, {"rule": key, "hazards": 0, "right_exists": 0, "written_right": 0, "written_wrong": 0,
                                        "unjudged": 0, "declined": 0, "gaps": 0, "unlabelled": 0, "written_no_right": 0})
            row["hazards"] += 1
            proven = h.right == "?" and h.outcome == "right"  # unlabelled, but the judge confirmed what was written
            row["right_exists"] += h.right == "yes" or proven
            row["unlabelled"] += h.right == "?" and not proven
            row["written_right"] += h.outcome == "right" and h.right != "no"
            row["written_no_right"] += h.outcome == "right" and h.right == "no"
            row["written_wrong"] += h.outcome == "wrong"
            row["unjudged"] += h.outcome == "unjudged"
            row["declined"] += h.outcome == "declined"
            row["gaps"] += h.outcome != "right" and h.right == "yes"
    ordered = [rows[k] for k in sorted(rows) if k != "all"] + ([rows["all"]] if "all" in rows else [])
    gaps = [h for m in modules for h in m.hazards if h.right == "yes" and h.outcome != "right"]
    return ordered, gaps


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.0f} %" if b else "-"


HEADER = """\
Reproduce (the whole benchmark, ~1 h on a loaded 2-core machine; `--suites rewrites`, `--rules TFA007,TFA011`
or `--subset 't011*'` for quick runs):

    PYTHONPATH=$PWD .venv/bin/python benchmarks/rewrite_coverage.py --markdown benchmarks/rewrite_coverage_after.md

Per hazard: *right rewrite exists* (labelled, reviewed in golden `expected.py`, or unlabelled but written and confirmed by the judge); *written right*: `fix --write
--verify` changed it and the rewritten module, run compiled, matches the original run eagerly (verified/improved);
*coverage* = written right / right rewrite exists (target ≥ 90 %); *written wrong*: changed or broken (target 0);
*unjudged*: written but the judge could not decide (unverifiable); *declined*: not written; *gaps*: right rewrite
exists, not written right; *unlabelled*: declined hazards nobody judged yet.
"""


def markdown(modules: list[Module], meta: dict) -> str:
    lines = [HEADER]
    present = [s for s in SUITES if any(m.suite == s for m in modules)]
    for suite in present + ["all"]:
        ms = [m for m in modules if suite in ("all", m.suite)]
        rows, _ = table(ms)
        lines += [f"### {suite} ({len(ms)} modules)", "",
                  "| rule | hazards | right rewrite exists | written right | coverage | written wrong | unjudged | declined | gaps | unlabelled |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for r in rows:
            name = f"**{r['rule']}**" if r["rule"] == "all" else r["rule"]
            lines.append(f"| {name} | {r['hazards']} | {r['right_exists']} | {r['written_right']} | {_pct(r['written_right'], r['right_exists'])} "
                         f"| {r['written_wrong']} | {r['unjudged']} | {r['declined']} | {r['gaps']} | {r['unlabelled']} |")
        lines.append("")
    _, gaps = table(modules)
    lines += ["### Gaps: hazards with a right rewrite that `fix --write --verify` did not write right", "",
              "| suite | module:line | rule | outcome | right rewrite | the tool said |", "|---|---|---|---|---|---|"]
    for h in gaps:
        said = (h.verdict if h.outcome != "declined" else h.tool).replace("|", "\\|").replace("\n", " ")[:220]
        lines.append(f"| {h.suite} | {h.module}:{h.line} | {h.code} | {h.outcome} | {h.rewrite.replace('|', '/')} | {said} |")
    wrong = [h for m in modules for h in m.hazards if h.outcome == "wrong"]
    if wrong:
        lines += ["", "### Written wrong", ""] + [f"- {h.suite} {h.module}:{h.line} {h.code}: {h.verdict}" for h in wrong]
    odd = [h for m in modules for h in m.hazards if h.outcome == "right" and h.right == "no"]
    if odd:
        lines += ["", "### Written right where the label says no right rewrite exists (check the label)", ""]
        lines += [f"- {h.suite} {h.module}:{h.line} {h.code}: {h.why}" for h in odd]
    unl = [h for m in modules for h in m.hazards if h.right == "?" and h.outcome != "right"]  # as the tables count them
    if unl:
        lines += ["", f"### Unlabelled ({len(unl)}): declined hazards whose right rewrite nobody judged yet", ""]
        lines += [f"- {h.suite} {h.module}:{h.line} {h.code} ({h.outcome}): {h.tool[:160]}" for h in unl]
    lines += ["", "Timings (s): " + ", ".join(f"{k} {v:.0f}" for k, v in meta["timings"].items())]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suites", default=",".join(DEFAULT_SUITES), help="comma-separated, of: " + ",".join(SUITES))
    parser.add_argument("--rules", help="only hazards of these codes, e.g. TFA004,TFA007")
    parser.add_argument("--subset", help="only modules whose staged name matches this glob (g_/a_ prefixes optional)")
    parser.add_argument("--markdown", default=None, help="write the tables here ('-': stdout; default: print the summary only)")
    parser.add_argument("--json", default=None, help="write every hazard with its outcome here")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory (printed)")
    parser.add_argument("--work", help="work in this directory (kept); suites already fixed there are only judged again")
    parser.add_argument("--from-json", nargs="+", help="render earlier --json results (merged) instead of running")
    parser.add_argument("--relabel", action="store_true", help="with --from-json: apply today's hand labels to the saved hazards")
    parser.add_argument("--check-rewrites", metavar="DIR", help="judge the hand-written rewrites DIR/<module>.py instead of the tool's")
    args = parser.parse_args(argv)
    if args.check_rewrites:
        modules = collect([s for s in args.suites.split(",") if s], None, args.subset)
        return check_rewrites(modules, Path(args.check_rewrites).resolve())  # the runner works elsewhere
    if args.from_json:
        saved = [json.loads(Path(p).read_text(encoding="utf-8")) for p in args.from_json]
        modules = []
        for hazard in (Hazard(**h) for s in saved for h in s["hazards"]):
            if not modules or modules[-1].name != hazard.module:
                modules.append(Module(hazard.suite, hazard.module, Path(hazard.module)))
            modules[-1].hazards.append(hazard)
        meta = {"timings": {k: v for s in saved for k, v in s["timings"].items()}}
        if args.relabel:
            relabel([h for m in modules for h in m.hazards])
    else:
        rules = set(args.rules.split(",")) if args.rules else None
        modules = collect([s for s in args.suites.split(",") if s], rules, args.subset)
        work = Path(args.work) if args.work else Path(tempfile.mkdtemp(prefix="rewrite_coverage_"))
        work.mkdir(parents=True, exist_ok=True)
        log = lambda msg: print(msg, file=sys.stderr, flush=True)
        log(f"{len(modules)} modules in {work}")
        try:
            meta = run(modules, work, rules, log)
        finally:
            if not args.keep and not args.work:
                shutil.rmtree(work, ignore_errors=True)
    text = markdown(modules, meta)
    if args.markdown == "-":
        print(text)
    elif args.markdown:
        Path(args.markdown).write_text(text, encoding="utf-8")
    else:
        print(text.split("### Gaps")[0])
    if args.json:
        hazards = [h.__dict__ for m in modules for h in m.hazards]
        Path(args.json).write_text(json.dumps({"timings": meta["timings"], "hazards": hazards}, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
