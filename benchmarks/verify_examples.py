"""Cost of `tfautofix fix --verify` on the examples directory.

    python benchmarks/verify_examples.py [--copies N]

Copies examples/ N times into a temporary directory (N=1: the examples as
shipped; N=10 turns 2 fixes into 20), computes the fixes, verifies them and
reports wall time, verdicts and how many processes imported TensorFlow — the
cost that dominates. Verification batches every module into one process per
mode, so the count stays at 2 however many fixes there are (plus one per
exercise that kills its process). One bare `import tensorflow` is timed for scale.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tfautofix.bulk import Overrides, execute, plan  # noqa: E402
from tfautofix.verify import STATS  # noqa: E402
from tfautofix.verify.fixes import verify_results  # noqa: E402


def _import_seconds() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import tensorflow"], check=True, capture_output=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        for copy in range(args.copies):
            for example in sorted((ROOT / "examples").glob("*.py")):
                shutil.copy(example, Path(workdir, f"{example.stem}_{copy}.py"))
        started = time.perf_counter()
        results = execute(plan([Path(workdir)], Overrides()), fix=True, jobs=1).results
        fixing = time.perf_counter() - started
        started = time.perf_counter()
        checked = verify_results(results)
        verifying = time.perf_counter() - started
    fixes = sum(len(r.applied) for r in results)
    verdicts = Counter(c.verdict.kind for c in checked.values())
    one_import = _import_seconds()
    print(f"files changed            {len(checked)}")
    print(f"fixes                    {fixes}")
    print(f"verdicts                 {dict(sorted(verdicts.items()))}")
    print(f"fix (static)             {fixing:.2f} s")
    print(f"verify (each fix alone + whole) {verifying:.2f} s")
    print(f"TensorFlow processes     {STATS['tensorflow_processes']}  (one per fix per side would be {3 * len(checked)})")
    print(f"one `import tensorflow`  {one_import:.2f} s")


if __name__ == "__main__":
    main()
