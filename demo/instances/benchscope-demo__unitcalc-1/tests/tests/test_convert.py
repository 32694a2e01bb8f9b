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


def test_celsius_to_fahrenheit():
    assert convert(100, "C", "F") == pytest.approx(212.0)


def test_kelvin_to_celsius():
    assert convert(0, "K", "C") == pytest.approx(-273.15)
