import pytest

from tinyconf import parse


def test_reference_in_same_section():
    config = parse("[paths]\nroot = /srv\nlogs = ${root}/logs\n")
    assert config["paths"]["logs"] == "/srv/logs"


def test_reference_to_other_section():
    config = parse("[db]\nfile = ${paths:root}/db.sqlite\n[paths]\nroot = /srv\n")
    assert config["db"]["file"] == "/srv/db.sqlite"


def test_missing_reference_raises():
    with pytest.raises(KeyError, match="nope"):
        parse("[a]\nx = ${nope}\n")
