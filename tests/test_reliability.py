"""Never corrupt code: interrupted and concurrent runs, fuzzed programs, unreadable files."""

from __future__ import annotations

import ast
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tfautofix.codemods import all_rules
from tfautofix.engine import FixError, Options, fix_source, lint_source, process_file

ROOT = Path(__file__).parents[1]
RULES = all_rules()


def _hazard(index: int) -> str:
    return (
        f"# file {index}\n"
        "import tensorflow as tf\n\n\n"
        "@tf.function(experimental_relax_shapes=True)\n"
        f"def step_{index}(x):\n"
        f"    print('step {index}', tf.reduce_sum(x))\n"  # a proven numeric scalar: a safe fix
        "    return x\n"
    )


def _project(tmp_path: Path, count: int) -> dict[Path, tuple[str, str]]:
    expected = {}
    for index in range(count):
        path = tmp_path / f"module_{index:04}.py"
        original = _hazard(index)
        path.write_text(original, encoding="utf-8")
        expected[path] = (original, fix_source(original, RULES)[0])
    return expected


def _fix_command(tmp_path: Path) -> list[str]:
    return [sys.executable, "-m", "tfautofix", "fix", "--write", "--jobs", "2", str(tmp_path)]


def _env() -> dict:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


@pytest.mark.parametrize("sig, delay", [(signal.SIGKILL, 1.2), (signal.SIGKILL, 2.5), (signal.SIGINT, 1.8)])
def test_killed_run_leaves_every_file_before_or_after(tmp_path: Path, sig: int, delay: float) -> None:
    expected = _project(tmp_path, 150)
    process = subprocess.Popen(_fix_command(tmp_path), env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(delay + random.Random(delay).uniform(0, 0.3))
    process.send_signal(sig)
    process.wait(timeout=60)
    states = {"before": 0, "after": 0}
    for path, (original, fixed) in expected.items():
        text = path.read_text(encoding="utf-8")
        assert text in (original, fixed), f"{path.name} is neither the original nor the fixed version"
        states["before" if text == original else "after"] += 1
    # SIGKILL runs no cleanup: only our own temporary file of the file being written may remain
    # (none where the system allows unnamed temporary files), and the next write removes it.
    leftovers = [p for p in tmp_path.iterdir() if p.suffix != ".py"]
    assert len(leftovers) <= (1 if sig == signal.SIGKILL else 0), leftovers
    assert all(p.name.startswith(".module_") and p.name.endswith(".tfautofix") for p in leftovers)
    assert _no_worker_left(tmp_path), "worker processes outlived the killed run"
    # A rerun completes the job.
    subprocess.run(_fix_command(tmp_path), env=_env(), capture_output=True, timeout=300, check=True)
    assert not [p for p in tmp_path.iterdir() if p.suffix != ".py"], "a temporary file outlived the rerun"
    assert all(path.read_text(encoding="utf-8") == fixed for path, (_, fixed) in expected.items())


def _no_worker_left(tmp_path: Path, timeout: float = 10) -> bool:
    if shutil.which("pgrep") is None:
        pytest.skip("pgrep is not available to look for leftover workers")
    deadline = time.time() + timeout
    while time.time() < deadline:
        alive = subprocess.run(["pgrep", "-f", str(tmp_path)], capture_output=True, text=True).stdout.split()
        if not alive:
            return True
        time.sleep(0.5)
    return False


def test_concurrent_runs_never_interleave(tmp_path: Path) -> None:
    expected = _project(tmp_path, 80)
    runs = [subprocess.Popen(_fix_command(tmp_path), env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for _ in range(2)]
    for run in runs:
        _, stderr = run.communicate(timeout=300)
        assert run.returncode == 0, stderr.decode()
    assert all(path.read_text(encoding="utf-8") == fixed for path, (_, fixed) in expected.items())


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads files whatever their mode")
def test_unreadable_file_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "secret.py"
    path.write_text(_hazard(0), encoding="utf-8")
    path.chmod(0)
    result = process_file(str(path), Options(rules=tuple(r.code for r in RULES)), fix=True)
    assert result.error is not None and result.error.startswith("cannot read")


def test_unreadable_file_is_reported_even_as_root(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "secret.py"
    path.write_text(_hazard(0), encoding="utf-8")

    def refuse(self):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "read_bytes", refuse)
    result = process_file(str(path), Options(rules=tuple(r.code for r in RULES)), fix=True)
    assert result.error == "cannot read: Permission denied"


# -- fuzzing ----------------------------------------------------------------------------

def _check_fix_is_safe(source: str) -> None:
    """The properties every fix must have, whatever the input."""
    try:
        fixed, applied, _ = fix_source(source, RULES, unsafe_fixes=True)
    except FixError as error:  # refusing is allowed; writing broken code is not
        pytest.fail(f"a fix was refused: {error}\n{source}")
    ast.parse(fixed)
    again, applied_again, _ = fix_source(fixed, RULES, unsafe_fixes=True)
    assert again == fixed and not applied_again, "not idempotent"
    if not lint_source(source, RULES):
        assert fixed == source, "a file without findings was changed"


TF_IMPORTS = st.sampled_from(
    ["import tensorflow as tf", "import tensorflow as tflow", "from tensorflow import function, print as tprint\nimport tensorflow as tf"]
)
DECORATORS = st.sampled_from(["@tf.function", "@tf.function(experimental_relax_shapes=True)", "@tf.function(reduce_retracing=True, experimental_relax_shapes=False)", ""])
STATEMENTS = st.sampled_from(
    [
        "print('value', x)",
        "print(x, sep='', end='')",
        "print('Tracing', x)",
        "y = print(x) or x",
        "x = x + 1",
        "if x is None:\n    print('none')",
        "for _ in range(2):\n    print(x)",
        "helper(x)",
        "z = tf.function(lambda v: v, experimental_relax_shapes=True)",
    ]
)


@st.composite
def tensorflow_programs(draw) -> str:
    imports = draw(TF_IMPORTS)
    alias = "tflow" if "tflow" in imports else "tf"
    body = draw(st.lists(STATEMENTS, min_size=1, max_size=5))
    helper_body = draw(st.lists(STATEMENTS.filter(lambda s: "helper" not in s), min_size=1, max_size=3))
    decorator = draw(DECORATORS).replace("tf.", f"{alias}.")
    in_class = draw(st.booleans())

    def block(lines: list[str], indent: str) -> str:
        return "\n".join(indent + line.replace("\n", "\n" + indent).replace("tf.", f"{alias}.") for line in lines)

    helper = "def helper(x):\n" + block(helper_body, "    ") + "\n    return x\n"
    if in_class:
        function = f"class Model:\n    {decorator}\n    def step(self, x):\n" + block(body, "        ") + "\n        return x\n"
    else:
        function = f"{decorator}\ndef step(x):\n" + block(body, "    ") + "\n    return x\n"
    return f"{imports}\n\n\n{helper}\n\n{function}"


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tensorflow_programs())
def test_fuzz_tensorflow_flavoured_programs(source: str) -> None:
    _check_fix_is_safe(source)


# hypothesmith's generation dominates the cost (seconds per program): few, varied examples.
@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
@pytest.mark.filterwarnings("ignore::SyntaxWarning")
def test_fuzz_arbitrary_python(data) -> None:
    hypothesmith = pytest.importorskip("hypothesmith")
    body = data.draw(hypothesmith.from_grammar())
    # Make the TensorFlow screen pass so the rules really run on arbitrary code.
    source = "import tensorflow as tf\n" + body
    try:
        ast.parse(source)
    except SyntaxError:
        return
    _check_fix_is_safe(source)
