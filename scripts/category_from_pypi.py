#!/usr/bin/env python3
"""Prints the built-in category of PyPI packages by the rule in dataset-export/src/categories.rs:
their `Topic ::` classifiers, simplified as FEA-Bench's Table 5 does, the first match in order.

    scripts/category_from_pypi.py fastapi transformers mypy

Each package's newest release is fetched with `pip download --no-deps` into a temporary folder
and its metadata read; nothing is installed.
"""
import glob
import subprocess
import sys
import tarfile
import tempfile
import zipfile

# (category, classifier prefixes), in precedence order; nothing matching gives Other.
RULES = [
    ("Medical", ["Topic :: Scientific/Engineering :: Medical Science Apps."]),
    ("Physics", ["Topic :: Scientific/Engineering :: Physics", "Topic :: Scientific/Engineering :: Astronomy"]),
    ("AI", ["Topic :: Scientific/Engineering :: Artificial Intelligence"]),
    ("Mathematics", ["Topic :: Scientific/Engineering :: Mathematics"]),
    ("Database", ["Topic :: Database"]),
    ("Internet", ["Topic :: Internet"]),
    ("Build Tools", ["Topic :: Software Development :: Build Tools"]),
    ("Testing", ["Topic :: Software Development :: Testing"]),
    ("Libraries", ["Topic :: Software Development :: Libraries"]),
]


def metadata(path):
    if path.endswith(".whl"):
        archive = zipfile.ZipFile(path)
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        return archive.read(name).decode("utf-8", "replace")
    archive = tarfile.open(path)
    name = min((n for n in archive.getnames() if n.endswith("PKG-INFO")), key=len)
    return archive.extractfile(name).read().decode("utf-8", "replace")


def category(package):
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", folder, package], check=True)
        headers = metadata(glob.glob(f"{folder}/*")[0]).split("\n\n", 1)[0]
    topics = [line.split(":", 1)[1].strip() for line in headers.splitlines() if line.startswith("Classifier: Topic")]
    for name, prefixes in RULES:
        if any(topic.startswith(prefix) for topic in topics for prefix in prefixes):
            return name, topics
    return "Other", topics


if __name__ == "__main__":
    for package in sys.argv[1:]:
        name, topics = category(package)
        print(f"{package}\t{name}\t{'; '.join(topics)}")
