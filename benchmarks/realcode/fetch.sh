#!/bin/sh
# (the shared copy used for the merged-tree numbers is /work/realcode/src: see README.md; the last
# the last 26 packages are the hold-out sets of 2026-11-24, judged one set at a time: /work/realcode/holdout
# (5, with the installed tf_keras), holdout2 (8), holdout3 (8), holdout4 (5))
# Fetch the exact real TensorFlow packages of precision.md into ${1:-/tmp/realcode}/src/<name>/
# (wheels only, no dependencies; nothing is installed). Then, from the worktree root:
#   for p in /tmp/realcode/src/*/; do python -m tfautofix check --no-cache --format json "$p" > "$p.json"; done
# and for the installed packages:
#   python -m tfautofix check --no-cache --format json /work/venv/lib/python3.11/site-packages/{tensorflow,keras}
set -eu
DEST="${1:-/tmp/realcode}"
mkdir -p "$DEST/wheels" "$DEST/src"
for spec in tf-agents==0.19.0 tensorflow-recommenders==0.7.7 larq==0.14.0 keras-hub==0.32.0 \
        tensorflow-probability==0.25.0 tf-models-official==2.20.0 tensorflow-ranking==0.5.5 \
        tensorflow-model-optimization==0.8.1 \
        dm-sonnet==2.0.2 gpflow==2.11.2 tensorflow-addons==0.23.0 tensorflow-gnn==1.0.3 tensorflow-text==2.21.1 \
        keras-cv==0.9.0 neural-structured-learning==1.4.0 tensorflow-graphics==2021.12.3 tensorflow-hub==0.16.1 \
        tensorflow-lattice==2.1.1 tensorflow-privacy==0.9.0 tensorflow-similarity==0.17.1 tf-slim==1.1.0 \
        transformers==4.44.2 edward2==0.0.2 spektral==1.3.1 keras-tuner==1.4.8 \
        tensorflow-model-remediation==0.1.7.1 dopamine-rl==4.1.2 tensorflow-compression==2.14.1 \
        tensorflow-transform==1.21.0 tensorflow-datasets==4.9.10 tensorflow-decision-forests==1.12.0 \
        tensorflow-io==0.37.1 keras-nlp==0.32.0 tf-keras-vis==0.8.7; do
    pip download --no-deps --quiet -d "$DEST/wheels" "$spec"
done
for wheel in "$DEST"/wheels/*.whl; do
    name=$(basename "$wheel" | cut -d- -f1)
    mkdir -p "$DEST/src/$name"
    unzip -q -o "$wheel" -d "$DEST/src/$name"
done
echo "fetched into $DEST/src: $(ls "$DEST/src" | tr '\n' ' ')"
