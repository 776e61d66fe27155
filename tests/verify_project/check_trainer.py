from trainer import train


def test_losses_fall_to_zero_from_the_top():
    assert train(3) == [0.0, 1.0, 4.0]
