#!/usr/bin/env python3
"""Trunk's post-build hook: splits the wasm (split_wasm.py), writes the style sheet into the page
(inline_css.py), then gives the page its policy and start-up scripts (content_security_policy.py).

Trunk runs all the hooks of a stage at the same time; each of these rewrites index.html, and each
reads what the one before wrote there (the wasm's integrity hash, the style to allow by its
hash), so they run in order here.
"""
import content_security_policy
import inline_css
import split_wasm

if __name__ == "__main__":
    split_wasm.main()
    inline_css.main()
    content_security_policy.main()
