from slugkit import build_query, parse_query


def test_parse_simple_query():
    assert parse_query("?a=1&b=two") == {"a": "1", "b": "two"}


def test_parse_decodes_plus_and_percent():
    assert parse_query("q=hello+world%21") == {"q": "hello world!"}


def test_build_sorts_keys():
    assert build_query({"b": 2, "a": "x y"}) == "a=x%20y&b=2"


def test_parse_repeated_keys_multi():
    assert parse_query("tag=a&tag=b&x=1", multi=True) == {"tag": ["a", "b"], "x": ["1"]}


def test_build_repeats_list_values():
    assert build_query({"tag": ["a", "b"]}) == "tag=a&tag=b"
