"""(original, rewrite) pairs whose rewrite is subtly right or subtly wrong, with the verdict
the verifier must give. Each entry: name, contract, expected kind, a substring of the
detail (or ""), original source, rewrite source. Pairs are run in the order given, in one
TensorFlow process per mode (``mode_switch`` comes first: it must not affect the others)."""

HEAD = "import random\nimport sys\n\nimport numpy as np\nimport tensorflow as tf\n\n"


def pair(name, contract, kind, detail, original, rewrite, pending=()):
    """``pending``: lines of the original (after HEAD) where findings the rewrite leaves unfixed are."""
    return (name, contract, kind, detail, HEAD + original, HEAD + rewrite, tuple(line + HEAD.count("\n") for line in pending))


def _scalar_draws(expr):
    return f"@tf.function\ndef draw():\n    return {expr}\n\n\ndef exercise():\n    return [float(draw()) for _ in range(400)]\n"


_FROZEN = "@tf.function\ndef draw():\n    return tf.constant({expr}, tf.float32)\n\n\ndef exercise():\n    return [float(draw()) for _ in range(400)]\n"

PAIRS = [
    # -- isolation: a module switching the mode is reported, and the pairs after it keep their verdicts
    pair("mode_switch", "exact", "unverifiable", "run_functions_eagerly(False)",
         "@tf.function\ndef f(x):\n    return x + 1\n\n\ndef exercise():\n    tf.config.run_functions_eagerly(False)\n    return [float(f(tf.constant(1.0)))]\n",
         "@tf.function\ndef f(x):\n    return x + 1.0\n\n\ndef exercise():\n    tf.config.run_functions_eagerly(False)\n    return [float(f(tf.constant(1.0)))]\n"),
    pair("after_mode_switch_frozen_draw_is_caught", "distribution", "changed", "frozen",
         _FROZEN.format(expr="random.random()"), _FROZEN.format(expr="np.random.random()")),
    # -- dtypes and shapes
    pair("int_counter_as_float32", "exact", "changed", "float32[] instead of int32[]",
         "@tf.function\ndef count(n):\n    return tf.constant(3) * n\n\n\ndef exercise():\n    return [count(tf.constant(2))]\n",
         "@tf.function\ndef count(n):\n    return tf.cast(tf.constant(3) * n, tf.float32)\n\n\ndef exercise():\n    return [count(tf.constant(2))]\n"),
    pair("int_counter_kept", "exact", "verified", "",
         "@tf.function\ndef count(n):\n    return tf.constant(3) * n\n\n\ndef exercise():\n    return [count(tf.constant(2))]\n",
         "@tf.function\ndef count(n):\n    return n * 3\n\n\ndef exercise():\n    return [count(tf.constant(2))]\n"),
    pair("shape_gains_a_dimension", "exact", "changed", "structure differs",
         "@tf.function\ndef f(x):\n    return x * 2.0\n\n\ndef exercise():\n    return f(tf.ones([3]))\n",
         "@tf.function\ndef f(x):\n    return tf.expand_dims(x * 2.0, 0)\n\n\ndef exercise():\n    return f(tf.ones([3]))\n"),
    pair("python_int_mean_truncates", "exact", "changed", "int instead of float",
         "def mean(values):\n    return sum(values) / len(values)\n\n\ndef exercise():\n    return {'mean': mean([0, 1])}\n",
         "def mean(values):\n    return sum(values) // len(values)\n\n\ndef exercise():\n    return {'mean': mean([0, 1])}\n"),
    pair("float_rounding_within_tolerance", "exact", "verified", "",
         "@tf.function\ndef f(x):\n    return (x + 0.1) + 0.2\n\n\ndef exercise():\n    return f(tf.constant([1.0, 2.0]))\n",
         "@tf.function\ndef f(x):\n    return x + (0.1 + 0.2)\n\n\ndef exercise():\n    return f(tf.constant([1.0, 2.0]))\n"),
    # -- distributions: per position, never pooled
    pair("uniform_rewrite_right", "distribution", "verified", "",
         _scalar_draws("random.random()").replace("def draw():\n    return random.random()", "def draw():\n    return tf.constant(random.random())"),
         _scalar_draws("tf.random.uniform([])")),
    pair("normal_replaced_by_uniform_same_moments", "distribution", "changed", "kurtosis",
         "def exercise():\n    return [random.gauss(0.0, 1.0) for _ in range(2000)]\n",
         "def exercise():\n    return [float(v) for v in tf.random.uniform([2000], -3 ** 0.5, 3 ** 0.5)]\n"),
    pair("randint_upper_bound_exclusive", "distribution", "changed", "",
         "def roll():\n    return random.randint(1, 6)\n\n\ndef exercise():\n    return [roll() for _ in range(600)]\n",
         "def roll():\n    return int(tf.random.uniform([], 1, 6, tf.int32))\n\n\ndef exercise():\n    return [roll() for _ in range(600)]\n"),
    pair("exact_regression_next_to_draws", "distribution", "changed", "['mean']",
         "def exercise():\n    return {'noise': [random.gauss(0, 1) for _ in range(300)], 'mean': sum([0, 1]) / 2}\n",
         "def exercise():\n    return {'noise': [float(tf.random.normal([])) for _ in range(300)], 'mean': float(sum([0, 1]) // 2)}\n"),
    pair("positions_swapped", "distribution", "changed", "",
         "def exercise():\n    return [(random.gauss(0, 1), random.uniform(5, 6)) for _ in range(300)]\n",
         "def exercise():\n    return [(random.uniform(5, 6), random.gauss(0, 1)) for _ in range(300)]\n"),
    pair("keys_right", "distribution", "verified", "",
         "def exercise():\n    return {'a': [random.uniform(0, 1) for _ in range(300)], 'b': [random.gauss(3, 1) for _ in range(300)]}\n",
         "def exercise():\n    return {'a': [float(tf.random.uniform([])) for _ in range(300)], 'b': [float(tf.random.normal([], 3.0)) for _ in range(300)]}\n"),
    pair("vector_frozen_across_calls", "distribution", "changed", "frozen",
         "@tf.function\ndef noise(x):\n    return x + tf.random.normal([50])\n\n\ndef exercise():\n    return [noise(tf.zeros([50])) for _ in range(10)]\n",
         "NOISE = np.random.normal(size=[50]).astype('float32')\n\n\n@tf.function\ndef noise(x):\n    return x + NOISE\n\n\ndef exercise():\n    return [noise(tf.zeros([50])) for _ in range(10)]\n"),
    # -- seeds: the user's own seeds are kept, not masked
    pair("seeded_stream_lost", "distribution", "changed", "reproducible",
         "random.seed(7)\n\n\ndef exercise():\n    return [random.random() for _ in range(300)]\n",
         "random.seed(7)\n\n\ndef exercise():\n    return [float(tf.random.uniform([])) for _ in range(300)]\n"),
    pair("seeded_stream_kept_with_generator", "distribution", "verified", "",
         "random.seed(7)\n\n\ndef exercise():\n    return [random.random() for _ in range(300)]\n",
         "GENERATOR = tf.random.Generator.from_seed(7)\n\n\ndef exercise():\n    return [float(GENERATOR.uniform([])) for _ in range(300)]\n"),
    # -- printed values, stdout and stderr
    pair("print_to_tf_print_multiline_repr", "side-effect", "verified", "",
         "def show(x):\n    print('x', x)\n    return x\n\n\ndef exercise():\n    return [show(tf.reshape(tf.range(4), [2, 2]))]\n",
         "def show(x):\n    tf.print('x', x, output_stream=sys.stdout)\n    return x\n\n\ndef exercise():\n    return [show(tf.reshape(tf.range(4), [2, 2]))]\n"),
    pair("tf_print_to_stderr", "side-effect", "changed", "stdout",
         "@tf.function\ndef step(x):\n    tf.print('loss', x, output_stream=sys.stdout)\n    return x\n\n\ndef exercise():\n    return [step(tf.constant(float(i))) for i in range(3)]\n",
         "@tf.function\ndef step(x):\n    tf.print('loss', x)\n    return x\n\n\ndef exercise():\n    return [step(tf.constant(float(i))) for i in range(3)]\n"),
    pair("tf_print_summarised", "side-effect", "changed", "...",
         "def show(x):\n    print(x.numpy())\n    return 0\n\n\ndef exercise():\n    return [show(tf.range(40) % 3)]\n",
         "def show(x):\n    tf.print(x, output_stream=sys.stdout)\n    return 0\n\n\ndef exercise():\n    return [show(tf.range(40) % 3)]\n"),
    pair("tf_print_summarize_all", "side-effect", "verified", "",
         "def show(x):\n    print(x.numpy())\n    return 0\n\n\ndef exercise():\n    return [show(tf.range(40) % 3)]\n",
         "def show(x):\n    tf.print(x, output_stream=sys.stdout, summarize=-1)\n    return 0\n\n\ndef exercise():\n    return [show(tf.range(40) % 3)]\n"),
    pair("trace_time_fstring", "side-effect", "changed", "Tensor",
         "def step(loss):\n    print(f'loss={float(loss)}')\n    return loss\n\n\ndef exercise():\n    return [step(tf.constant(1.5)) for _ in range(2)]\n",
         "@tf.function\ndef step(loss):\n    tf.print(f'loss={loss}', output_stream=sys.stdout)\n    return loss\n\n\ndef exercise():\n    return [step(tf.constant(1.5)) for _ in range(2)]\n"),
    pair("print_argument_dropped", "side-effect", "changed", "",
         "@tf.function\ndef step(x):\n    tf.print('step', x, output_stream=sys.stdout)\n    return x\n\n\ndef exercise():\n    return [step(tf.constant(i)) for i in range(3)]\n",
         "@tf.function\ndef step(x):\n    tf.print('step', output_stream=sys.stdout)\n    return x\n\n\ndef exercise():\n    return [step(tf.constant(i)) for i in range(3)]\n"),
    pair("stderr_value_changed", "side-effect", "changed", "stderr",
         "def warn(x):\n    print('clipped', x, file=sys.stderr)\n    return x\n\n\ndef exercise():\n    return [warn(3)]\n",
         "def warn(x):\n    print('clipped', x + 1, file=sys.stderr)\n    return x\n\n\ndef exercise():\n    return [warn(3)]\n"),
    # -- coverage: a fix exercise() never runs is not verified
    pair("uncovered_broken_fix", "exact", "unverifiable", "not exercised",
         "def used(x):\n    return x + 1\n\n\ndef unused(x):\n    return x * 2\n\n\ndef exercise():\n    return [used(1)]\n",
         "def used(x):\n    return x + 1\n\n\ndef unused(x):\n    return x * 3\n\n\ndef exercise():\n    return [used(1)]\n"),
    pair("uncovered_decorator", "exact", "unverifiable", "not exercised",
         "def used(x):\n    return x + 1\n\n\ndef unused(x):\n    return x * 2\n\n\ndef exercise():\n    return [used(1)]\n",
         "def used(x):\n    return x + 1\n\n\n@tf.function(reduce_retracing=True)\ndef unused(x):\n    return x * 2\n\n\ndef exercise():\n    return [used(1)]\n"),
    pair("covered_through_map_fn", "distribution", "verified", "",
         "def jitter(x):\n    return x + np.float32(np.random.uniform(-1, 1))\n\n\ndef exercise():\n    return [float(v) for v in tf.map_fn(jitter, tf.zeros([300]))]\n",
         "def jitter(x):\n    return x + tf.random.uniform([], -1.0, 1.0)\n\n\ndef exercise():\n    return [float(v) for v in tf.map_fn(jitter, tf.zeros([300]))]\n"),
    # -- tf.data: the oracle runs Dataset.map functions eagerly (debug mode)
    pair("dataset_map_draw_right", "distribution", "verified", "",
         "def brighten(x):\n    return x + random.random()\n\n\ndef exercise():\n    return [float(v) for v in tf.data.Dataset.from_tensor_slices(tf.zeros([300])).map(brighten)]\n",
         "def brighten(x):\n    return x + tf.random.uniform([])\n\n\ndef exercise():\n    return [float(v) for v in tf.data.Dataset.from_tensor_slices(tf.zeros([300])).map(brighten)]\n"),
    pair("dataset_map_prints_while_tracing", "distribution", "verified", "",
         "def brighten(x):\n    noise = random.random()\n    print('noise', noise)\n    return x + noise\n\n\ndef exercise():\n    return [float(v) for v in tf.data.Dataset.from_tensor_slices(tf.zeros([300])).map(brighten)]\n",
         "def brighten(x):\n    noise = tf.random.uniform([])\n    print('noise', noise)\n    return x + noise\n\n\ndef exercise():\n    return [float(v) for v in tf.data.Dataset.from_tensor_slices(tf.zeros([300])).map(brighten)]\n"),
    pair("dataset_map_draw_still_frozen", "distribution", "changed", "frozen",
         "def brighten(x):\n    return x + random.random()\n\n\ndef exercise():\n    return [float(v) for v in tf.data.Dataset.from_tensor_slices(tf.zeros([300])).map(brighten)]\n",
         "def brighten(x):\n    return x + np.float32(np.random.random())\n\n\ndef exercise():\n    return [float(v) for v in tf.data.Dataset.from_tensor_slices(tf.zeros([300])).map(brighten)]\n"),
    # -- traces and errors
    pair("scalar_argument_improved", "exact", "improved", "traces 5 → 1",
         "@tf.function\ndef f(x, n):\n    return x * n\n\n\ndef exercise():\n    return [f(tf.constant(2.0), n) for n in range(5)]\n",
         "@tf.function\ndef f(x, n):\n    return x * n\n\n\ndef exercise():\n    return [f(tf.constant(2.0), tf.constant(float(n))) for n in range(5)]\n"),
    pair("more_traces", "exact", "changed", "more traces",
         "@tf.function\ndef f(x):\n    return x * 2.0\n\n\ndef exercise():\n    return [f(tf.constant(float(n))) for n in range(3)]\n",
         "@tf.function\ndef f(x):\n    return x * 2.0\n\n\ndef exercise():\n    return [f(float(n)) for n in range(3)]\n"),
    pair("rewrite_raises", "exact", "broken", "TypeError",
         "@tf.function\ndef f(x):\n    return x + 1.0\n\n\ndef exercise():\n    return [f(tf.constant(1.0, tf.float64))]\n",
         "@tf.function\ndef f(x):\n    return x + tf.constant(1.0)\n\n\ndef exercise():\n    return [f(tf.constant(1.0, tf.float64))]\n"),
    # A fix that alone leaves the file failing compiled where the original failed (or at another
    # finding's line) is not blamed; one whose rewrite raises elsewhere, or in its own lines, is broken.
    pair("remaining_finding_still_fails", "exact", "changed", "still fails compiled as the original does",
         "@tf.function\ndef normalise(x):\n    centred = x - np.mean(x)\n    return centred / tf.math.reduce_std(x.numpy())\n\n\ndef exercise():\n    return [normalise(tf.constant([1.0, 2.0, 4.0]))]\n",
         "@tf.function\ndef normalise(x):\n    centred = x - np.mean(x)\n    return centred / tf.math.reduce_std(x)\n\n\ndef exercise():\n    return [normalise(tf.constant([1.0, 2.0, 4.0]))]\n"),
    pair("one_of_two_needed_fixes", "exact", "changed", "line 10 where another finding",
         "@tf.function\ndef normalise(x):\n    centred = x - np.mean(x)\n    return centred / tf.math.reduce_std(x.numpy())\n\n\ndef exercise():\n    return [normalise(tf.constant([1.0, 2.0, 4.0]))]\n",
         "@tf.function\ndef normalise(x):\n    centred = x - tf.reduce_mean(x)\n    return centred / tf.math.reduce_std(x.numpy())\n\n\ndef exercise():\n    return [normalise(tf.constant([1.0, 2.0, 4.0]))]\n",
         pending=(4,)),
    pair("one_of_two_needed_fixes_alone", "exact", "broken", "where the original compiled did not",
         "@tf.function\ndef normalise(x):\n    centred = x - np.mean(x)\n    return centred / tf.math.reduce_std(x.numpy())\n\n\ndef exercise():\n    return [normalise(tf.constant([1.0, 2.0, 4.0]))]\n",
         "@tf.function\ndef normalise(x):\n    centred = x - tf.reduce_mean(x)\n    return centred / tf.math.reduce_std(x.numpy())\n\n\ndef exercise():\n    return [normalise(tf.constant([1.0, 2.0, 4.0]))]\n"),
    pair("fix_own_error_where_the_original_failed", "exact", "broken", "a line the fix wrote",
         "@tf.function(autograph=False)\ndef clip(x):\n    if x > 0:\n        return x\n    return tf.constant(0)\n\n\ndef exercise():\n    return [clip(tf.constant(2.0))]\n",
         "@tf.function(autograph=False)\ndef clip(x):\n    return tf.cond(x > 0, lambda: x, lambda: tf.constant(0))\n\n\ndef exercise():\n    return [clip(tf.constant(2.0))]\n"),
    pair("fix_raises_even_eagerly", "exact", "broken", "even eagerly",
         "@tf.function\ndef centre(x):\n    return x - np.mean(x)\n\n\ndef exercise():\n    return [centre(tf.constant([1.0, 2.0, 4.0]))]\n",
         "@tf.function\ndef centre(x):\n    return x - tf.reduce_mean(x, axis=3)\n\n\ndef exercise():\n    return [centre(tf.constant([1.0, 2.0, 4.0]))]\n"),
    # a Dense built per call draws fresh weights eagerly; hoisted, one set is reused: two draws per position
    # cannot be compared by distribution, and the rewrite's differ under the same seed (red team's TFA013/bb_dense_glorot)
    pair("few_draws_changed_under_the_same_seed", "exact", "unverifiable", "too few to compare distributions",
         "@tf.function\ndef project(x):\n    return tf.keras.layers.Dense(2)(x)\n\n\ndef exercise():\n    x = tf.ones([1, 3])\n    return [project(x), project(x)]\n",
         "_dense = tf.keras.layers.Dense(2)\n\n\n@tf.function\ndef project(x):\n    return _dense(x)\n\n\ndef exercise():\n    x = tf.ones([1, 3])\n    return [project(x), project(x)]\n"),
    pair("original_raises_eagerly", "exact", "unverifiable", "raises eagerly",
         "def exercise():\n    raise KeyError('data')\n",
         "def exercise():\n    return 1\n"),
    # -- several fixes in one file: the branch fix is right, the draw fix wrong
    pair("two_fixes_one_wrong", "distribution", "changed", "['draw']",
         "@tf.function\ndef clip(x):\n    return tf.where(x > 0.0, x, 0.0)\n\n\ndef exercise():\n    return {'clip': clip(tf.constant([-1.0, 2.0])), 'draw': [random.uniform(0, 1) for _ in range(300)]}\n",
         "@tf.function\ndef clip(x):\n    return tf.maximum(x, 0.0)\n\n\ndef exercise():\n    return {'clip': clip(tf.constant([-1.0, 2.0])), 'draw': [float(tf.random.uniform([], 0.0, 2.0)) for _ in range(300)]}\n"),
    pair("two_fixes_both_right", "distribution", "verified", "",
         "@tf.function\ndef clip(x):\n    return tf.where(x > 0.0, x, 0.0)\n\n\ndef exercise():\n    return {'clip': clip(tf.constant([-1.0, 2.0])), 'draw': [random.uniform(0, 1) for _ in range(300)]}\n",
         "@tf.function\ndef clip(x):\n    return tf.maximum(x, 0.0)\n\n\ndef exercise():\n    return {'clip': clip(tf.constant([-1.0, 2.0])), 'draw': [float(tf.random.uniform([])) for _ in range(300)]}\n"),
]
