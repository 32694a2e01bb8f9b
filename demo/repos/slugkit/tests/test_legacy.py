import pytest

from slugkit.legacy import old_slugify


def test_old_slugify_warns():
    with pytest.warns(DeprecationWarning):
        assert old_slugify("A B") == "a_b"
