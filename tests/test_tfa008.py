"""TFA008 decisions that today's line-counting verdict cannot see (no TensorFlow needed)."""

from pathlib import Path

from tfautofix.codemods import rule_by_code
from tfautofix.engine import lint_source

RULE = rule_by_code("TFA008")
ADVERSARIAL = Path(__file__).parent / "adversarial" / "TFA008"


def _labels(source: str) -> list[tuple[str | None, str]]:
    return [(f.fix.applicability if f.fix else None, f.message) for f in lint_source(source, [RULE])]


def test_python_state_rebound_between_calls_is_unsafe() -> None:
    # tf.print would print the trace-time value of `self.epoch` on every call: as many lines as
    # eager print, other values. Run as an adversarial case once the verdict compares values.
    [(label, message)] = _labels((ADVERSARIAL / "stale_python_state.py").read_text(encoding="utf-8"))
    assert label == "unsafe" and "`self.epoch`" in message


def test_rebound_global_is_unsafe_and_variables_are_safe() -> None:
    source = (
        "import tensorflow as tf\n\nSTEP = 0\n\n\nclass C(tf.Module):\n"
        "    def __init__(self):\n        self.total = tf.Variable(0.0)\n\n"
        "    @tf.function\n    def a(self, x):\n        print('total', tf.reduce_sum(self.total))\n        return x\n\n"
        "    @tf.function\n    def b(self, x):\n        print('step', STEP)\n        return x\n\n\n"
        "def bump():\n    global STEP\n    STEP += 1\n"
    )
    (total, _), (step, message) = _labels(source)
    assert total == "safe"
    assert step == "unsafe" and "`STEP`" in message


PERCENT = """\
import tensorflow as tf


@tf.function
def step(x):
    loss = tf.reduce_mean(x)
    n = tf.cast(tf.size(x), tf.int64)
    print({text})
    return loss
"""


def _fixed(text: str):
    from tfautofix.engine import detect, apply_fixes

    ctx, [finding] = detect(PERCENT.format(text=text), [RULE], "m.py")
    return finding, (apply_fixes(ctx, [finding.fix]).code if finding.fix else None)


def _flat(code: str) -> str:
    return "".join(line.strip() for line in code.splitlines()).replace(",]", "]").replace(",)", ")")


def test_literal_percent_formats_become_pieces_printed_alike() -> None:
    # With a `%f`, one string tensor (tf.print quotes string tensors beside other values)
    finding, code = _fixed('"loss: %.4f after %d steps (100%%)" % (loss, n)')
    assert finding.fix.applicability == "safe", finding.message
    assert ('tf.print(tf.strings.join(["loss: ", tf.strings.as_string(tf.cast(loss, tf.float64), precision=4), " after ", '
            'tf.strings.as_string(n), " steps (100%)"]), output_stream=sys.stdout)') in _flat(code), code
    finding, code = _fixed('"after %d steps (100%%)" % n')
    assert finding.fix.applicability == "safe", finding.message
    assert 'tf.print("after ", n, " steps (100%)", sep="", output_stream=sys.stdout)' in _flat(code), code


def test_percent_s_of_a_tensor_is_unsafe_and_unsupported_formats_decline() -> None:
    finding, _ = _fixed('"loss %s" % loss')
    assert finding.fix.applicability == "unsafe" and "repr" in finding.message
    for text in ('"loss: %8.3f" % loss', '"loss: %d" % loss', '"%(a)s" % {"a": loss}', '"%s %s" % (loss,)', '"%s: %.2f" % ("a", loss)'):
        finding, code = _fixed(text)
        # no tf.print: the one candidate runs Python's print on every call, unsafe
        assert "not fixed as tf.print: `%` formats the text at trace time" in finding.message, text
        assert not finding.alternatives and finding.fix.applicability == "unsafe" and "tf.py_function(lambda loss" in code, text


def test_a_print_of_unknown_size_offers_tf_prints_summary_as_a_candidate() -> None:
    source = (ADVERSARIAL / "bb_large_tensor_print.py").read_text(encoding="utf-8")
    [finding] = lint_source(source, [RULE], "m.py")
    assert "summarize=-1" in finding.fix.label and [f.label for f in finding.alternatives] == [
        "tf.print's summary (above 1000 elements)", "Python's print in tf.py_function"]
    assert all(f.applicability == "unsafe" for f in finding.candidates)


def _candidates(source: str) -> list[tuple[str, str]]:
    from tfautofix.engine import apply_fixes, detect

    ctx, [finding] = detect(source, [RULE], "m.py")
    return [(fix.label, apply_fixes(ctx, [fix]).code) for fix in finding.candidates]


def test_python_print_in_py_function_passes_tensor_locals_and_reads_the_rest_when_it_runs() -> None:
    # Eager print showed `self.epoch` and `STEP` as they are on each call: the lambda reads them then.
    [*_, (label, code)] = _candidates((ADVERSARIAL / "stale_python_state.py").read_text(encoding="utf-8"))
    assert label == "Python's print in tf.py_function"
    assert 'tf.py_function(lambda: print("epoch", self.epoch, "step", STEP), [], [])' in code
    # A bool and a string tensor: passed by value, printed by Python as eager print showed them
    [*_, (_, code)] = _candidates((ADVERSARIAL / "bb_bool_string_print.py").read_text(encoding="utf-8"))
    assert "tf.py_function(lambda ok, name: print(ok, name), [ok, name], [])" in code


def test_python_print_in_py_function_for_a_helpers_format() -> None:
    # `msg % args` in a logging helper: the text stays Python's, the `*args` are passed as tensors
    [(label, code)] = _candidates((ADVERSARIAL / "logging_helper_percent.py").read_text(encoding="utf-8"))
    assert "tf.py_function(lambda *args: print(msg % args, flush=True), [*args], [])" in code, code


def test_a_print_whose_none_is_dropped_by_or_becomes_a_statement() -> None:
    [(_, code), *rest] = _candidates((ADVERSARIAL / "python_value_used.py").read_text(encoding="utf-8"))
    assert 'tf.print("x", x, summarize=-1, output_stream=sys.stdout)\n    return x\n' in code, code
    assert any('tf.py_function(lambda x: print("x", x), [x], [])\n    return x\n' in c for _, c in rest)
    # any other use of the value: not fixed
    source = "import tensorflow as tf\n\n\n@tf.function\ndef f(x):\n    return print('x', x) is None\n"
    assert _labels(source) == [(None, "`print` runs only when the function is traced (decorated with tf.function); "
                                      "use `tf.print` to print on every call (not fixed: the value of `print(...)` is used)")]


def test_no_python_print_candidate_in_a_dataset_function() -> None:
    # tf.data traces its functions even eagerly: eager print ran once there, tf.py_function would print per element
    source = ("import tensorflow as tf\n\n\ndef show(x):\n    print('x', x)\n    return x\n\n\n"
              "ds = tf.data.Dataset.range(3).map(show)\n")
    assert all("py_function" not in code for _, code in _candidates(source))
