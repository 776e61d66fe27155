"""The real-corpus sweep (benchmarks/sweep.py) over the installed tensorflow and keras packages.

Slow (minutes), but it is the evidence that bulk migration never corrupts code,
so CI runs it. Skip locally with ``-m "not slow"``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "benchmarks"))
import sweep  # noqa: E402


@pytest.mark.slow
@pytest.mark.skipif(not sweep.corpus_roots(), reason="tensorflow/keras are not installed")
def test_sweep_over_tensorflow_and_keras(tmp_path: Path, capsys) -> None:
    count = sweep.copy_corpus(tmp_path)
    assert count > 1000
    report = sweep.sweep(tmp_path, jobs=2)
    with capsys.disabled():
        print(f"\nsweep: {report['files']} files, {report['changed_files']} changed, {report['seconds']:.0f} s")
        for code in sorted(report["findings"]):
            print(f"  {code}: {report['findings'][code]} findings, {report['fixes'][code]} fixed")
    assert report["crashes"] == []
    assert report["invalid_outputs"] == []
    assert report["unstable"] == []
    assert report["focus_mismatches"] == []  # check sees only the screen's focus: same findings
