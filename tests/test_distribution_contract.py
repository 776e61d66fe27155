"""The `distribution` contract (tfautofix.verify.same_distribution) on synthetic draws: no TensorFlow."""

import random

from tfautofix.verify import same_distribution


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
    assert "Kolmogorov" in same_distribution(normal, coin)


def test_vector_frozen_across_calls_fails():
    # One noise vector per call: it varies along the vector but repeats on every call.
    oracle = [draws(lambda r: r.gauss(0, 1), n=100, seed=call) for call in range(10)]
    frozen = [oracle[0]] * 10
    assert "frozen" in same_distribution(oracle, frozen)
    assert same_distribution(oracle, [draws(lambda r: r.gauss(0, 1), n=100, seed=50 + c) for c in range(10)]) is None
