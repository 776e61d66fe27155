"""Per-value contracts (tfautofix.verify.contracts) on synthetic values: no TensorFlow."""

import random

from tfautofix.verify import same_distribution
from tfautofix.verify.contracts import compare_values, printed_values


def draws(sample, n=600, seed=0):
    rng = random.Random(seed)
    return [sample(rng) for _ in range(n)]


def test_same_distribution_passes():
    assert same_distribution(draws(lambda r: r.gauss(1.0, 2.0)), draws(lambda r: r.gauss(1.0, 2.0), seed=1)) is None
    assert same_distribution(draws(lambda r: r.randint(1, 6)), draws(lambda r: r.randint(1, 6), seed=1)) is None


def test_frozen_scalar_fails():
    assert "frozen" in same_distribution(draws(lambda r: r.random()), [0.3] * 600)


def test_off_by_one_upper_bound_fails():
    # randint(1, 6) is inclusive; a rewrite drawing from [1, 6) loses the 6s.
    assert same_distribution(draws(lambda r: r.randint(1, 6)), draws(lambda r: r.randrange(1, 6), seed=1)) is not None


def test_same_moments_wrong_shape_fails():
    # A standard normal and a fair ±1 coin share mean and std: only the KS test tells them apart.
    normal = draws(lambda r: r.gauss(0.0, 1.0))
    coin = draws(lambda r: r.choice([-1.0, 1.0]), seed=1)
    assert "kurtosis" in same_distribution(normal, coin)


def test_vector_frozen_across_calls_fails():
    # One noise vector per call: it varies along the vector but repeats on every call.
    oracle = [draws(lambda r: r.gauss(0, 1), n=100, seed=call) for call in range(10)]
    frozen = [oracle[0]] * 10
    assert "frozen" in compare_values([oracle], None, [frozen], "distribution").problem
    fresh = [draws(lambda r: r.gauss(0, 1), n=100, seed=50 + c) for c in range(10)]
    assert compare_values([oracle], None, [fresh], "distribution").problem is None


def test_normal_and_uniform_with_equal_moments_differ():
    normal = draws(lambda r: r.gauss(0.0, 1.0), n=2000)
    uniform = draws(lambda r: r.uniform(-3**0.5, 3**0.5), n=2000, seed=1)
    assert same_distribution(normal, uniform) is not None


def test_draws_are_judged_per_position_never_pooled():
    # Pooled, a normal and a uniform swapped between two positions look the same.
    oracle = [[r, u] for r, u in zip(draws(lambda r: r.gauss(0, 1)), draws(lambda r: r.uniform(5, 6), seed=2))]
    swapped = [[u, r] for r, u in oracle]
    assert compare_values([oracle], None, [swapped], "distribution").problem is not None
    assert same_distribution(oracle, swapped) is None  # what one pooled test would say


def test_exact_value_next_to_draws_is_exact():
    oracle = {"noise": draws(lambda r: r.gauss(0, 1)), "mean": 0.5}
    second = {"noise": draws(lambda r: r.gauss(0, 1), seed=3), "mean": 0.5}
    rewrite = {"noise": draws(lambda r: r.gauss(0, 1), seed=4), "mean": 0.0}
    assert "['mean']: 0.0 instead of 0.5" in compare_values([oracle, second], None, [rewrite], "distribution").problem


def test_dtype_and_kind_are_part_of_the_value():
    array = lambda dtype, value: {"__array__": {"dtype": dtype, "shape": [], "value": value}}
    assert "float32[] instead of int32[]" in compare_values([[array("int32", 3)]], None, [[array("float32", 3.0)]]).problem
    assert "int instead of float" in compare_values([[0.5]], None, [[0]]).problem
    assert compare_values([[3]], None, [[array("int32", 3)]]).problem is None  # a tf.function returns 3 as int32


def test_printed_values_normalise_reprs_but_not_summaries():
    eager = "x tf.Tensor(\n[[0 1]\n [2 3]], shape=(2, 2), dtype=int32)\n"
    assert printed_values(eager) == printed_values("x [[0 1]\n [2 3]]\n")
    assert printed_values("[0 1 2 ... 7 8 9]") != printed_values("[0 1 2 3 4 5 6 7 8 9]")
    assert printed_values("WARNING:tensorflow:5 out of the last 5 calls triggered tf.function retracing\n") == []


def test_printed_warnings_name_files_and_lines_that_a_fix_moves():
    original = "/src/model.py:12: UserWarning: clipping\n  warnings.warn('clipping')\nloss 1.5\n"
    rewrite = "/tmp/fixed/model.py:14: UserWarning: clipping\n  warnings.warn('clipping')\nloss 1.5\n"
    assert printed_values(original) == printed_values(rewrite) == ["loss", 1.5]


def test_each_check_names_what_differs():
    """Each moment check is there for its own reason, not only as a backup of the KS test
    (benchmarks/verifier_mutants.py: a looser tolerance must be noticed)."""
    normal = draws(lambda r: r.gauss(0.0, 1.0), n=2000)
    assert same_distribution(normal, draws(lambda r: r.gauss(0.4, 1.0), n=2000, seed=1)).startswith("mean")
    assert same_distribution(normal, draws(lambda r: r.gauss(0.0, 1.6), n=2000, seed=1)).startswith("standard deviation")


def test_draws_outside_the_oracles_support_fail():
    # A die that now and then shows a 7: too rare for the moments and the KS test.
    dice = draws(lambda r: r.randint(1, 6))
    loaded = draws(lambda r: r.randint(1, 6), seed=1)
    loaded[::25] = [7] * len(loaded[::25])  # 4%
    assert "outside the oracle's" in same_distribution(dice, loaded)


def test_values_within_a_tolerance_of_1e_5_only():
    assert compare_values([[1.0, 2.0]], None, [[1.0, 2.0 * (1 + 1e-7)]]).problem is None
    assert compare_values([[1.0, 2.0]], None, [[1.0, 2.02]]).problem is not None


def test_a_few_draws_the_rewrite_changes_under_the_same_seed_are_unchecked_not_verified() -> None:
    """The black-box red team's TFA013/bb_dense_glorot: a Dense built per call draws fresh weights eagerly
    (the output varies with the seed), hoisted it reuses one set; two values cannot be compared by
    distribution, so `verified` would be a lie."""
    oracle, second = [[0.55, -0.12], [0.31, 0.08]], [[-0.52, 0.40], [0.11, -0.61]]
    reused = [[0.55, -0.12], [0.55, -0.12]]
    outcome = compare_values([oracle, second], None, [reused])
    assert outcome.problem is None and "too few to compare distributions" in outcome.unchecked
    assert compare_values([oracle, second], None, [oracle]).unchecked is None  # same seed, same draws: checked


def test_a_seeded_stream_is_compared_by_all_its_draws_not_only_those_that_differ() -> None:
    """A module seeding `random` draws the same die under both ambient seeds; the original compiled
    draws once (always 3). A rewrite drawing another reproducible stream equals the oracle at some
    positions by chance and the frozen original wherever it draws 3: comparing only the remaining
    positions leaves out its 3s (t002_seeded_choice: "standard deviation 0.824 instead of 1.158")."""
    oracle = draws(lambda r: r.choice([0, 1, 2, 3]), n=200, seed=7)
    rewrite = draws(lambda r: r.choice([0, 1, 2, 3]), n=200, seed=8)
    frozen = [3] * 200
    outcome = compare_values([oracle, oracle], frozen, [rewrite, rewrite], "distribution")
    assert outcome.problem is None, outcome.problem
    wrong = draws(lambda r: r.choice([0, 1, 2]), n=200, seed=8)  # randrange's off-by-one: never 3
    assert compare_values([oracle, oracle], frozen, [wrong, wrong], "distribution").problem is not None


def test_a_draw_that_repeats_in_two_oracle_runs_is_told_from_a_value_by_more_runs() -> None:
    # Two calls drawing three dice each: under seeds 1 and 2 the third die of the second call
    # came up 2 both times, which two runs cannot tell from a fixed 2; a third run can.
    first, second, third = [[0, 3, 2], [2, 1, 2]], [[1, 0, 3], [3, 2, 2]], [[2, 2, 0], [1, 3, 1]]
    rewrite = [[3, 1, 0], [0, 2, 3]]
    assert "value[1][2]" in compare_values([first, second], None, [rewrite], "distribution").problem
    assert compare_values([first, second, third], None, [rewrite], "distribution").problem is None
