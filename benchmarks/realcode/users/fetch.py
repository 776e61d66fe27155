"""Rebuild the user-code review set (issue 28) and notebook sweep corpus (issue 27).

    python benchmarks/realcode/users/fetch.py [DEST=/work/corpus/users] [--mirrors DIR] [--select]

`manifest.txt` lists `owner/repo commit path`, one file a line: TensorFlow 2 / Keras notebooks and
scripts from public tutorial, course, book and application repositories (none of the reserved
ones the issue measures on). Each file is written to DEST/<owner>+<repo>/<path>. Repositories are
read from `--mirrors` (bare git dirs `<owner>+<repo>/repo`, as the `fetch` tool leaves them) when
present, else cloned from GitHub into DEST/.git-cache. Third-party code: never commit DEST.

`--select` rewrites the manifest from the mirrors' HEADs: every .ipynb / .py that imports
tensorflow or keras, is TF2 (no `tf.Session`, `tf.placeholder`, `compat.v1`, `tf.contrib`), a
notebook that is JSON, and under 2 MB;
identical copies (same blob) are kept once.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
MANIFEST = HERE / "manifest.txt"
RESERVED = {"tensorflow/docs", "tensorflow/examples", "ageron/handson-ml2", "ageron/handson-ml3",
            "fchollet/deep-learning-with-python-notebooks", "dragen1860/TensorFlow-2.x-Tutorials",
            "YunYang1994/TensorFlow2.0-Examples", "keras-team/keras-io"}
REPOS = ["aymericdamien/TensorFlow-Examples", "rasbt/python-machine-learning-book-3rd-edition",
         "jeffheaton/t81_558_deep_learning", "trekhleb/machine-learning-experiments",
         "the-deep-learners/deep-learning-illustrated", "PacktPublishing/Advanced-Deep-Learning-with-Keras",
         "Hvass-Labs/TensorFlow-Tutorials", "lazyprogrammer/machine_learning_examples",
         "PacktPublishing/Deep-Learning-with-TensorFlow-2-and-Keras",
         "PacktPublishing/Hands-On-Computer-Vision-with-TensorFlow-2", "thushv89/packt_nlp_tensorflow_2",
         "GoogleCloudPlatform/asl-ml-immersion", "zaidalyafeai/Notebooks", "margaretmz/deep-learning",
         "lmoroney/dlaicourse", "https-deeplearning-ai/tensorflow-1-public", "aamini/introtodeeplearning",
         "davidADSP/GDL_code", "GoogleCloudPlatform/ml-design-patterns", "huggingface/notebooks"]
_IMPORTS = re.compile(r"^\s*(?:import|from)\s+(?:tensorflow|keras|tf_keras)\b", re.MULTILINE)
_TF1 = re.compile(r"tf\.Session\(|tf\.placeholder\(|compat\.v1|tf\.contrib\b|tensorflow\.contrib\b")
MAX_BYTES = 4_000_000  # the fetch store keeps no file of 4 MiB or more


def git(gitdir: Path, *args: str) -> bytes:
    return subprocess.run(["git", f"--git-dir={gitdir}", *args], check=True, capture_output=True).stdout


def source(text: str, path: str) -> str | None:
    """The code of a file (a notebook's code cells joined), or None when it is not readable."""
    if not path.endswith(".ipynb"):
        return text
    try:
        cells = json.loads(text).get("cells", [])
    except (ValueError, AttributeError):
        return None
    return "\n".join("".join(c.get("source", "")) if isinstance(c.get("source"), list) else str(c.get("source", ""))
                     for c in cells if isinstance(c, dict) and c.get("cell_type") == "code")


def selected(blob: bytes, path: str) -> bool:
    if len(blob) > MAX_BYTES:
        return False
    try:
        code = source(blob.decode("utf-8"), path)
    except UnicodeDecodeError:
        return False
    return bool(code and _IMPORTS.search(code) and not _TF1.search(code))


def select(mirrors: Path) -> None:
    lines, seen = [], set()
    for repo in REPOS:
        assert repo not in RESERVED, repo
        gitdir = mirrors / repo.replace("/", "+") / "repo"
        commit = git(gitdir, "rev-parse", "HEAD").decode().strip()
        for entry in git(gitdir, "ls-tree", "-r", "-l", "HEAD").decode().splitlines():
            meta, path = entry.split("\t", 1)
            _, _, blob, size = meta.split()
            if (path.endswith((".ipynb", ".py")) and "/.ipynb_checkpoints/" not in f"/{path}"
                    and size.isdigit() and int(size) <= MAX_BYTES and blob not in seen):
                seen.add(blob)
                if selected(git(gitdir, "show", f"{commit}:{path}"), path):
                    lines.append(f"{repo} {commit} {path}")
    MANIFEST.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} files from {len(REPOS)} repositories -> {MANIFEST}")


def gitdir_for(repo: str, mirrors: Path, dest: Path) -> Path:
    mirror = mirrors / repo.replace("/", "+") / "repo"
    if mirror.is_dir():
        return mirror
    cache = dest / ".git-cache" / repo.replace("/", "+")
    if not cache.is_dir():
        subprocess.run(["git", "clone", "--bare", "--filter=blob:limit=4m", f"https://github.com/{repo}", str(cache)],
                       check=True)
    return cache


def rebuild(dest: Path, mirrors: Path) -> None:
    count = 0
    for line in MANIFEST.read_text(encoding="utf-8").splitlines():
        repo, commit, path = line.split(" ", 2)
        target = dest / repo.replace("/", "+") / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(git(gitdir_for(repo, mirrors, dest), "show", f"{commit}:{path}"))
        count += 1
    print(f"wrote {count} files under {dest}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dest", nargs="?", type=Path, default=Path("/work/corpus/users"))
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--select", action="store_true", help="rewrite manifest.txt from the mirrors' HEADs")
    args = parser.parse_args(argv)
    if args.select:
        select(args.mirrors)
    rebuild(args.dest, args.mirrors)
    return 0


if __name__ == "__main__":
    sys.exit(main())
