from tinyconf import parse


def test_sections_and_keys():
    config = parse("[server]\nhost = example.org\nport = 8080\n")
    assert config["server"] == {"host": "example.org", "port": 8080}


def test_comments_and_blank_lines_are_ignored():
    assert parse("# top\n\n[a]\n# inside\nx = 1\n")["a"] == {"x": 1}


def test_booleans():
    assert parse("debug = yes\nquiet = off\n")["DEFAULT"] == {"debug": True, "quiet": False}


def test_inline_comments_are_stripped():
    config = parse("[s]\nport = 8080  # default\nname = x ; old\ncolor = #fff\n")
    assert config["s"] == {"port": 8080, "name": "x", "color": "#fff"}
