"""benchmarks/realcode/count.py: precision tables from check runs and judgments (no TensorFlow)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "benchmarks" / "realcode"))

import count


def _finding(path: str, line: int, code: str) -> dict:
    return {"path": path, "line": line, "code": code, "message": "m", "column": 1, "end_line": line, "end_column": 2, "fix": None}


def test_tables_count_each_finding_and_list_what_does_not_match(tmp_path: Path, capsys) -> None:
    wheel = "/x/src/pkg-1.0-py3-none-any/pkg"
    (tmp_path / "pkg.check.json").write_text(json.dumps([
        _finding(f"{wheel}/a.py", 3, "TFA010"), _finding(f"{wheel}/a.py", 3, "TFA010"),  # two calls, one judgment
        _finding(f"{wheel}/a_test.py", 9, "TFA012"),
        _finding(f"{wheel}/b.py", 5, "TFA008"),
    ]))
    (tmp_path / "tensorflow.check.json").write_text(json.dumps([
        _finding("/v/lib/python3.11/site-packages/tensorflow/python/x.py", 1, "TFA009"),
    ]))
    judgments = tmp_path / "judgments.csv"
    judgments.write_text(
        "package,location,code,class,reason\n"
        "pkg,pkg/a.py:3,TFA010,false,not a tensor\n"
        "pkg,pkg/a_test.py:9,TFA012,pointless,counts traces\n"
        "tensorflow,tensorflow/python/x.py:1,TFA009,advisory,deprecation\n"
        "pkg,pkg/gone.py:1,TFA001,real,fixed since\n"
    )
    assert count.main([str(tmp_path), "--judgments", str(judgments)]) == 1  # pkg/b.py:5 is not judged
    out, err = capsys.readouterr()
    assert "| pkg | 4 | 0 | 0 | 1 | 2 | 0 % |" in out  # one unjudged
    assert "| tensorflow | 1 | 0 | 1 | 0 | 0 | 100 % |" in out
    assert "- pkg `pkg/gone.py:1` TFA001 (real)" in out
    assert "- pkg `pkg/b.py:5` TFA008" in err
    judgments.write_text(judgments.read_text() + "pkg,pkg/b.py:5,TFA008,real,prints once\n")
    assert count.main([str(tmp_path), "--judgments", str(judgments), "--tests-recipe"]) == 0
    out, _ = capsys.readouterr()
    assert "| pkg | 3 | 1 | 0 | 0 | 2 | 33 % |" in out  # the test file's TFA012 is ignored by the recipe
    assert "| **total** | **4** | **1** | **1** | **0** | **2** | **50 %** |" in out
