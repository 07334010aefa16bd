//! ARCHITECTURE.md stays true: every path it names in backticks exists.

#[test]
fn every_path_architecture_md_names_exists() {
    let map = std::fs::read_to_string("ARCHITECTURE.md").unwrap();
    let mut checked = 0;
    for (i, piece) in map.split('`').enumerate() {
        let looks_like_path = i % 2 == 1
            && !piece.contains(' ')
            && (piece.contains('/') || piece.ends_with(".rs") || piece.ends_with(".md"))
            && !piece.contains('*')
            && !piece.starts_with("--");
        if !looks_like_path {
            continue;
        }
        // Bare file names in a folder's row belong to that folder.
        let path = if piece.contains('/') {
            piece.to_string()
        } else {
            let row = map
                .lines()
                .find(|l| l.contains(&format!("`{piece}`")))
                .unwrap();
            let folder = row.split('`').nth(1).unwrap_or("");
            if folder.ends_with('/') {
                format!("{folder}{piece}")
            } else {
                piece.to_string()
            }
        };
        let path = path.trim_end_matches('/');
        assert!(
            std::path::Path::new(path).exists(),
            "ARCHITECTURE.md names `{piece}`, but {path} does not exist"
        );
        checked += 1;
    }
    assert!(
        checked > 20,
        "only {checked} paths found in ARCHITECTURE.md"
    );
}

#[test]
fn the_map_fits_one_screen() {
    let lines = std::fs::read_to_string("ARCHITECTURE.md")
        .unwrap()
        .lines()
        .count();
    assert!(lines <= 60, "ARCHITECTURE.md has {lines} lines");
}
