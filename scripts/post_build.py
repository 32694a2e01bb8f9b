#!/usr/bin/env python3
"""Trunk's post-build hook: splits the wasm (split_wasm.py), then gives the page its policy and
start-up scripts (content_security_policy.py), then minifies its style sheet (minify_css.py).

Trunk runs all the hooks of a stage at the same time; each of these rewrites index.html, and the
second reads what the first wrote there (the wasm's integrity hash), so they run in order here.
"""
import content_security_policy
import minify_css
import split_wasm

if __name__ == "__main__":
    split_wasm.main()
    content_security_policy.main()
    minify_css.main()
