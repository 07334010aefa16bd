//! Narrowing a failing batch of the multi-case form: which of its cases to
//! run alone first, and delta debugging down to the smallest failing part.

use super::judging::Judged;
use super::verdict::Verdict;

/// The cases of a batch to try alone, most likely culprit first: the first
/// case judged wrong, then the one before it (an answer with a line too
/// many is read as right and shifts the blame to the next case), then the
/// other cases judged wrong.
pub(super) fn suspects(judged: &[Judged]) -> Vec<usize> {
    let wrong: Vec<usize> = (0..judged.len())
        .filter(|&i| judged[i].verdict != Verdict::Ok)
        .collect();
    let Some(&first) = wrong.first() else {
        return wrong;
    };
    let mut order = vec![first];
    order.extend(first.checked_sub(1));
    order.extend(wrong.iter().skip(1));
    order
}

/// Smallest sub-list of `cases` (keeping their order) for which `fails`
/// holds, by delta debugging: halves, then finer parts and their
/// complements. `fails(cases)` must hold on entry.
pub(super) fn ddmin<C: Clone>(
    mut cases: Vec<C>,
    mut fails: impl FnMut(&[C]) -> Option<bool>,
) -> Vec<C> {
    let mut parts = 2;
    while cases.len() >= 2 {
        let size = cases.len().div_ceil(parts);
        let chunks: Vec<Vec<C>> = cases.chunks(size).map(<[C]>::to_vec).collect();
        let mut next = None;
        for chunk in &chunks {
            match fails(chunk) {
                Some(true) => {
                    next = Some((chunk.clone(), 2));
                    break;
                }
                Some(false) => {}
                None => return cases,
            }
        }
        if next.is_none() && chunks.len() > 2 {
            for skip in 0..chunks.len() {
                let rest: Vec<C> = chunks
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| *k != skip)
                    .flat_map(|(_, c)| c.iter().cloned())
                    .collect();
                match fails(&rest) {
                    Some(true) => {
                        next = Some((rest, (chunks.len() - 1).max(2)));
                        break;
                    }
                    Some(false) => {}
                    None => return cases,
                }
            }
        }
        match next {
            Some((smaller, p)) => {
                cases = smaller;
                parts = p;
            }
            None if parts >= cases.len() => break,
            None => parts = (parts * 2).min(cases.len()),
        }
    }
    cases
}

#[cfg(test)]
mod tests {
    use super::ddmin;

    #[test]
    fn ddmin_finds_the_smallest_failing_pair() {
        // Fails when both 3 and 7 are present.
        let cases: Vec<u32> = (0..20).collect();
        let got = ddmin(cases, |c| Some(c.contains(&3) && c.contains(&7)));
        assert_eq!(got, vec![3, 7]);
    }

    #[test]
    fn ddmin_finds_a_single_culprit() {
        let got = ddmin((0..100).collect::<Vec<u32>>(), |c| Some(c.contains(&42)));
        assert_eq!(got, vec![42]);
    }
}
