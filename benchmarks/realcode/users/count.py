"""The user-code set's tables: `../count.py` with one run per repository and notebook cells in locations.

    python benchmarks/realcode/users/count.py RUNS_DIR [--judgments benchmarks/realcode/users/judgments.csv]

RUNS_DIR holds one `<owner>+<repo>.check.json` per repository (README.md says how to make them).
A finding's location is its path inside the repository, then `:cell<N>` for a notebook (the
code cell the JSON's `cell` field names), then `:line` (the line in that cell). Exit 1 lists
findings nobody judged.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))
import count  # benchmarks/realcode/count.py (after the path insert above)


def location(finding: dict) -> str:
    path = finding["path"].replace("\\", "/").split("/", 1)[-1]  # drop the <owner>+<repo>/ directory
    cell = f":cell{finding['cell']}" if finding.get("cell") is not None else ""
    return f"{path}{cell}:{finding['line']}"


def load_runs(directory: Path) -> list[dict]:
    findings = []
    for file in sorted(directory.glob("*.check.json")):
        package = file.name[: -len(".check.json")]
        for finding in json.loads(file.read_text(encoding="utf-8") or "[]"):
            if finding["code"] is not None:
                findings.append({"package": package, "location": location(finding),
                                 "code": finding["code"], "message": finding["message"]})
    return findings


count.load_runs = load_runs
if __name__ == "__main__":
    sys.argv += [] if "--judgments" in sys.argv else ["--judgments", str(Path(__file__).with_name("judgments.csv"))]
    sys.exit(count.main())
