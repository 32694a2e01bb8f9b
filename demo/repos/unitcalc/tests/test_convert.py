import pytest

from unitcalc import convert


def test_meters_to_kilometers():
    assert convert(1500, "m", "km") == pytest.approx(1.5)


def test_pounds_to_grams():
    assert convert(1, "lb", "g") == pytest.approx(453.59237)


def test_unknown_unit_raises():
    with pytest.raises(ValueError, match="unknown unit"):
        convert(1, "parsec", "m")


def test_mixed_dimensions_raise():
    with pytest.raises(ValueError, match="cannot convert"):
        convert(1, "kg", "m")
