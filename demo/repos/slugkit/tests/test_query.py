from slugkit import build_query, parse_query


def test_parse_simple_query():
    assert parse_query("?a=1&b=two") == {"a": "1", "b": "two"}


def test_parse_decodes_plus_and_percent():
    assert parse_query("q=hello+world%21") == {"q": "hello world!"}


def test_build_sorts_keys():
    assert build_query({"b": 2, "a": "x y"}) == "a=x%20y&b=2"
