"""Removed in 2.0."""
