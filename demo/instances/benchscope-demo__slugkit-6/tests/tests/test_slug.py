import importlib

import pytest

from slugkit import slugify


def test_spaces_become_dashes():
    assert slugify("Hello World") == "hello-world"


def test_custom_separator():
    assert slugify("Hello World", sep="_") == "hello_world"


def test_punctuation_is_collapsed():
    assert slugify("  What?! No way...  ") == "what-no-way"


def test_legacy_module_is_gone():
    with pytest.raises(ImportError):
        importlib.import_module("slugkit.legacy")
