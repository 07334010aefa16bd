//! `chomp-census` (the slab census) against the byte-table solver, which
//! counts the same boxes by another method: every box up to 10 x 10 here,
//! every box up to 16 x 16 with `CHOMP_CENSUS_UP_TO=16` (or `cargo test
//! --release --test chomp_census -- --ignored`); and a census split 8 ways
//! and merged by `boardcheck merge` equal to the unsplit one.

#[allow(dead_code, reason = "each test file uses some of the helpers")]
mod common;

use boardcheck::problems::chomp_solve::census::{Options, census};
use boardcheck::problems::chomp_solve::solver;
use common::{boardcheck, json};

/// Every box W x H with W, H <= n: the census equals the solver's count.
fn agree_up_to(n: u64) {
    for w in 1..=n {
        for h in 1..=n {
            let slabs = census(w, h, &Options::default()).unwrap().losing;
            assert_eq!(Ok(slabs), solver::census(w, h), "{w} x {h}");
        }
    }
}

#[test]
fn agrees_with_the_solver_on_every_box_up_to_10x10() {
    let n = std::env::var("CHOMP_CENSUS_UP_TO")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    agree_up_to(n);
}

#[test]
#[ignore = "minutes: every box up to 16 x 16 through both counts (run with --release)"]
fn agrees_with_the_solver_on_every_box_up_to_16x16() {
    agree_up_to(16);
}

#[test]
fn known_counts() {
    // The figures docs/chomp.md lists for the byte-table census.
    for (n, losing) in [(8, 322), (9, 867), (10, 2612), (11, 8037)] {
        assert_eq!(census(n, n, &Options::default()).unwrap().losing, losing);
    }
}

#[test]
fn a_census_split_8_ways_and_merged_equals_the_unsplit_one() {
    let dir = std::env::temp_dir().join(format!("chomp-census-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (w, h) in [("11", "9"), ("3", "14")] {
        let whole = json(&boardcheck(&["chomp-census", w, h, "--json"], ""));
        let files: Vec<String> = (1..=8)
            .map(|i| {
                let shard = format!("{i}/8");
                let out = boardcheck(&["chomp-census", w, h, "--json", "--shard", &shard], "");
                let part = json(&out);
                assert_eq!(part["shard"], shard.as_str());
                let file = dir.join(format!("{w}x{h}-{i}.json"));
                std::fs::write(&file, &out.stdout).unwrap();
                file.display().to_string()
            })
            .collect();
        let mut argv = vec!["merge"];
        argv.extend(files.iter().map(String::as_str));
        let merged = json(&boardcheck(&argv, ""));
        assert_eq!(merged["shards"], 8);
        assert_eq!(merged["count"], whole["count"], "{w} x {h}");
        let table = json(&boardcheck(
            &["chomp-census", w, h, "--json", "--table"],
            "",
        ));
        assert_eq!(table["count"], whole["count"], "{w} x {h}");
        // Not every shard is empty: the split is a real one.
        let nonzero = files
            .iter()
            .filter(|f| {
                let v: serde_json::Value =
                    serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
                v["count"].as_u64().unwrap() > 0
            })
            .count();
        assert!(nonzero >= 4, "{w} x {h}: {nonzero} nonempty shards");
        // One shard missing: merge refuses.
        let out = boardcheck(&argv[..8], "");
        assert!(!out.status.success());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
