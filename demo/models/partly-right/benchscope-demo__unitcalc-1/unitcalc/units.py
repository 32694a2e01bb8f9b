"""Conversion factors to the SI base unit of each dimension."""

LENGTH = {
    "m": 1.0,
    "km": 1000.0,
    "cm": 0.01,
    "mm": 0.001,
    "in": 0.0254,
    "ft": 0.3048,
    "mi": 1609.344,
}

MASS = {
    "kg": 1.0,
    "g": 0.001,
    "lb": 0.45359237,
    "oz": 0.028349523125,
}

TEMPERATURE = {
    "K": 1.0,
    "C": 1.0,
    "F": 5.0 / 9.0,
}

TABLES = {"length": LENGTH, "mass": MASS, "temperature": TEMPERATURE}
