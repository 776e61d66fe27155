"""``check --format sarif|github``: the SARIF log validates against the official
SARIF 2.1.0 schema (tests/data, from the OASIS sarif-spec repository) and GitHub
annotations follow the workflow-command syntax. No TensorFlow needed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft7Validator, FormatChecker
from typer.testing import CliRunner

from tfautofix.cli import app
from tfautofix.codemods import all_rules
from tfautofix.engine import lint_source
from tfautofix.report.github import annotation, findings_github
from tfautofix.report.sarif import findings_sarif

SCHEMA = json.loads((Path(__file__).parent / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
VALIDATOR = Draft7Validator(SCHEMA, format_checker=FormatChecker())

HAZARDS = '''\
import numpy as np
import tensorflow as tf

history = []


@tf.function(experimental_relax_shapes=True)
def step(x):
    print("x", x)
    history.append(x)
    return np.mean(x)


for i in range(3):
    fn = tf.function(step)
'''


def _findings(path: str = "src/my model,v2.py"):
    return lint_source(HAZARDS, all_rules(), path)


def test_sarif_log_is_valid_and_carries_rule_metadata() -> None:
    findings = _findings()
    assert {f.code for f in findings} >= {"TFA006", "TFA008", "TFA009", "TFA010", "TFA012"}
    log = json.loads(findings_sarif(findings, all_rules(), [("broken.py", "cannot parse: invalid syntax (line 1, column 5)")]))
    VALIDATOR.validate(log)
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [rule.code for rule in all_rules()]
    assert all(r["shortDescription"]["text"] and r["help"]["markdown"] for r in rules)
    for result, finding in zip(run["results"], findings, strict=True):
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"] == finding.code
        region = result["locations"][0]["physicalLocation"]["region"]
        assert (region["startLine"], region["startColumn"]) == (finding.line, finding.column)
        assert result["locations"][0]["physicalLocation"]["artifactLocation"] == {
            "uri": "src/my%20model%2Cv2.py",
            "uriBaseId": "%SRCROOT%",
        }
    assert run["invocations"][0]["executionSuccessful"] is False
    assert run["invocations"][0]["toolExecutionNotifications"][0]["level"] == "error"


def test_schema_rejects_a_malformed_log() -> None:
    """The validation above can fail: a result without a message is not SARIF."""
    log = json.loads(findings_sarif(_findings(), all_rules()))
    del log["runs"][0]["results"][0]["message"]
    assert list(VALIDATOR.iter_errors(log))


def test_github_annotation_escapes_properties_and_data() -> None:
    finding = _findings("a,b:c.py")[0]
    finding.message = "50% of\ncalls"
    line = annotation(finding)
    assert line.startswith(f"::warning file=a%2Cb%3Ac.py,line={finding.line},col={finding.column},")
    assert f"title={finding.code} {finding.name}::" in line
    assert line.endswith("::50%25 of%0Acalls" + (f" [{finding.fix.applicability} fix]" if finding.fix else ""))
    assert "\n" not in line


def test_github_errors_are_error_annotations() -> None:
    text = findings_github([], [("bad.py", "cannot parse: x")])
    assert text == "::error file=bad.py,title=tfautofix::cannot parse: x"


@pytest.mark.parametrize("output_format", ["sarif", "github"])
def test_check_cli_formats(tmp_path: Path, output_format: str) -> None:
    (tmp_path / "model.py").write_text(HAZARDS, encoding="utf-8")
    (tmp_path / "clean.py").write_text("import tensorflow as tf\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(tmp_path), "--format", output_format, "--select", "TFA008,TFA012"])
    assert result.exit_code == 1, result.output
    if output_format == "sarif":
        log = json.loads(result.stdout)
        VALIDATOR.validate(log)
        assert [r["id"] for r in log["runs"][0]["tool"]["driver"]["rules"]] == ["TFA008", "TFA012"]
        assert sorted(r["ruleId"] for r in log["runs"][0]["results"]) == ["TFA008", "TFA012"]
    else:
        lines = result.stdout.splitlines()
        assert len(lines) == 2 and all(line.startswith("::warning file=") for line in lines)
