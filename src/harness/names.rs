//! Problem names as a person types them: an unknown name refused with the
//! closest known one ("did you mean") and the list of them all.

/// The message refusing the unknown problem `name`, `known` being every
/// problem's name (the registry's, handed down by the command line).
pub fn unknown_problem(name: &str, known: &[&str]) -> String {
    let closest = closest(name, known).map_or(String::new(), |k| format!("; did you mean {k:?}?"));
    format!(
        "unknown problem {name:?}{closest} (problems: {})",
        known.join(", ")
    )
}

/// The name of `known` closest to `name`, if at most 3 edits away.
pub fn closest<'a>(name: &str, known: &[&'a str]) -> Option<&'a str> {
    known
        .iter()
        .map(|k| (edit_distance(name, k), *k))
        .min()
        .filter(|(distance, _)| *distance <= 3)
        .map(|(_, k)| k)
}

/// Levenshtein distance over bytes (problem names are ASCII).
fn edit_distance(a: &str, b: &str) -> usize {
    let b = b.as_bytes();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.as_bytes().iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substituted = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substituted.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_near_name_is_suggested_and_a_far_one_is_not() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(closest("alpah", &["alpha", "beta"]), Some("alpha"));
        assert_eq!(closest("zzzzzzzz", &["alpha", "beta"]), None);
    }
}
