#!/usr/bin/env python3
"""The explorer's wasm by crate: what each crate's functions weigh (issue 15's size profile).

Reads the wasm cargo leaves before wasm-bindgen and wasm-opt (it still has its function names:
target/wasm32-unknown-unknown/web-release/benchscope-web.wasm, written by `scripts/build_web.sh`),
adds up each function body's size under the crate its name starts with (a generic
function counts under the crate whose code it is, `core::slice::sort` under core), and prints the
crates' shares. The shipped files are smaller (wasm-opt) and split (scripts/split_wasm.py), so the
shares are applied to nothing: each shipped module's size and gzipped size are printed beside
them, from dist/.

    python3 scripts/bundle_profile.py [--top N] [--json FILE] [--wasm FILE --dist DIR]
"""
import argparse
import gzip
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
NAMED = ROOT / "target/wasm32-unknown-unknown/web-release/benchscope-web.wasm"


def leb(data, at):
    """An unsigned LEB128 at `at`: (value, next offset)."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, at
        shift += 7


def sections(data):
    """(id, name or None, payload) of each section."""
    at = 8
    while at < len(data):
        kind = data[at]
        size, at = leb(data, at + 1)
        payload = data[at:at + size]
        name = None
        if kind == 0:
            length, start = leb(payload, 0)
            name = payload[start:start + length].decode("utf-8", "replace")
            payload = payload[start + length:]
        yield kind, name, payload
        at += size


def imported_functions(payload):
    count, at = leb(payload, 0)
    functions = 0
    for _ in range(count):
        for _ in range(2):  # module and field names
            length, at = leb(payload, at)
            at += length
        kind = payload[at]
        at += 1
        if kind == 0:  # function: a type index
            _, at = leb(payload, at)
            functions += 1
        elif kind == 1:  # table: element type, limits
            at += 1
            flags, at = leb(payload, at)
            _, at = leb(payload, at)
            if flags & 1:
                _, at = leb(payload, at)
        elif kind == 2:  # memory: limits
            flags, at = leb(payload, at)
            _, at = leb(payload, at)
            if flags & 1:
                _, at = leb(payload, at)
        elif kind == 3:  # global: type, mutability
            at += 2
        else:
            at += 1
    return functions


def body_sizes(payload):
    count, at = leb(payload, 0)
    sizes = []
    for _ in range(count):
        size, at = leb(payload, at)
        sizes.append(size)
        at += size
    return sizes


def function_names(payload):
    at = 0
    names = {}
    while at < len(payload):
        kind = payload[at]
        size, at = leb(payload, at + 1)
        if kind == 1:
            count, inner = leb(payload, at)
            for _ in range(count):
                index, inner = leb(payload, inner)
                length, inner = leb(payload, inner)
                names[index] = payload[inner:inner + length].decode("utf-8", "replace")
                inner += length
        at += size
    return names


def demangle_first_segment(name):
    """The first path segment of a legacy-mangled Rust name (`_ZN<len><ident>...E`), with its
    escapes (`$LT$`, `..`) undone; names that are not mangled are returned as they are."""
    match = re.match(r"_ZN(\d+)", name)
    if not match:
        return name
    start = match.end()
    segment = name[start:start + int(match.group(1))]
    for escaped, plain in (("$LT$", "<"), ("$GT$", ">"), ("$u20$", " "), ("$RF$", "&"), ("$BP$", "*"), ("$C$", ","), ("..", "::")):
        segment = segment.replace(escaped, plain)
    return segment.lstrip("_")


def crate_of(name):
    """The crate whose code a function is: the first crate path in its name (`<T as
    tachys::view::Render>::build` is tachys's, `core::slice::sort::...` is core's)."""
    v0 = re.match(r"_R.*?C(?:s[0-9A-Za-z]*_)?(\d+)", name)
    if v0:  # the v0 mangling (the standard library's): the first crate root `C<hash>_<len><name>`
        return name[v0.end():v0.end() + int(v0.group(1))]
    segment = demangle_first_segment(name)
    match = re.search(r"([A-Za-z_][A-Za-z0-9_]*)::", segment)
    if match:
        return match.group(1)
    return segment if re.fullmatch(r"[a-z_][a-z0-9_]*", segment) else "(other)"


def profile(path):
    data = path.read_bytes()
    imports, sizes, names, data_bytes = 0, [], {}, 0
    for kind, name, payload in sections(data):
        if kind == 2:
            imports = imported_functions(payload)
        elif kind == 10:
            sizes = body_sizes(payload)
        elif kind == 11:
            data_bytes = len(payload)
        elif name == "name":
            names = function_names(payload)
    by_crate = {}
    for offset, size in enumerate(sizes):
        name = names.get(imports + offset, "")
        if name.startswith("__wbindgen_describe"):
            continue  # run by wasm-bindgen to learn the bindings' types, then removed
        crate = crate_of(name)
        by_crate[crate] = by_crate.get(crate, 0) + size
    by_crate["(data)"] = data_bytes
    return by_crate


def print_shipped(dist):
    """Each wasm module of the built site, gzipped: the main one (what the first screen loads)
    and the split ones (each loaded when a page that needs it first opens)."""
    modules = sorted(dist.glob("*.wasm"), key=lambda p: (not p.name.endswith("_bg.wasm"), p.name))
    if not modules:
        return
    gzipped = {m: len(gzip.compress(m.read_bytes(), 9)) for m in modules}
    for module in modules:
        role = "main (first screen)" if module.name.endswith("_bg.wasm") else "split"
        print(f"shipped: {module.name}: {module.stat().st_size / 1e3:.0f} KB, {gzipped[module] / 1e3:.0f} KB gzipped, {role}")
    print(f"shipped in all: {sum(m.stat().st_size for m in modules) / 1e6:.2f} MB, {sum(gzipped.values()) / 1e3:.0f} KB gzipped")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--wasm", type=pathlib.Path, default=NAMED, help="the named wasm (default: %(default)s)")
    parser.add_argument("--dist", type=pathlib.Path, default=ROOT / "dist", help="the built site (default: %(default)s)")
    parser.add_argument("--json", type=pathlib.Path)
    args = parser.parse_args()
    if not args.wasm.exists():
        sys.exit(f"{args.wasm} is absent: run `scripts/build_web.sh` first")
    by_crate = profile(args.wasm)
    total = sum(by_crate.values())
    print_shipped(args.dist)
    print(f"code and data before wasm-opt (what the shares are of): {total / 1e6:.2f} MB; by crate:")
    ranked = sorted(by_crate.items(), key=lambda item: -item[1])
    for crate, size in ranked[: args.top]:
        print(f"  {size / 1e3:8.0f} KB  {100 * size / total:5.1f} %  {crate}")
    rest = sum(size for _, size in ranked[args.top:])
    print(f"  {rest / 1e3:8.0f} KB  {100 * rest / total:5.1f} %  ({len(ranked) - args.top} more)")
    if args.json:
        args.json.write_text(json.dumps({"total": total, "by_crate": dict(ranked)}, indent=1))


if __name__ == "__main__":
    main()
