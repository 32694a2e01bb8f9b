from unitcalc.registry import dimensions, known_units


def test_known_units_are_sorted():
    units = known_units()
    assert units == sorted(units)
    assert "km" in units and "lb" in units
    assert known_units("mass") == ["g", "kg", "lb", "oz"]


def test_dimensions():
    assert dimensions() == ["length", "mass"]
