#!/bin/bash -eu
# Builds every target of fuzz/ (the list comes from the problem registry) and
# copies each binary, its seed corpus and dictionary where ClusterFuzzLite
# and OSS-Fuzz look for them. The base image's toolchain is nightly; on a
# stable toolchain RUSTC_BOOTSTRAP=1 lets cargo-fuzz pass its flags.
cd "$SRC/boardcheck"
export RUSTC_BOOTSTRAP=1
cargo fuzz build -O
out_dir=fuzz/target/x86_64-unknown-linux-gnu/release
for target in $(cargo fuzz list); do
    cp "$out_dir/$target" "$OUT/"
    if [ -d "fuzz/corpus/$target" ]; then
        (cd "fuzz/corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
    fi
    if [ -f "fuzz/dict/$target.dict" ]; then
        cp "fuzz/dict/$target.dict" "$OUT/$target.dict"
    fi
done
