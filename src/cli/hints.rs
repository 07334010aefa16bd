//! One-line hints after a report, when a faster way to run the same check
//! exists.

use std::path::Path;

use boardcheck::harness::report::Timings;

/// Fewer runs than this say too little about where the time goes.
const MIN_RUNS: u64 = 50;

/// Runs adding up to less than this are quick enough as they are.
const SLOW_TOTAL_MS: f64 = 2000.0;

/// When every case started a process of its own and start-up dominated
/// (the fast runs, the 10th percentile, took at least half the median, so the time hardly
/// depends on the case), the forms that start once: `--py-func` for a
/// Python program, `--multi`, `--protocol jsonl`.
pub fn process_per_case(timings: &Timings, program: &str) -> Option<String> {
    let spread = timings.per_run_ms.as_ref()?;
    let total_ms = spread.mean * timings.runs as f64;
    if timings.cases_per_run != 1
        || timings.runs < MIN_RUNS
        || total_ms < SLOW_TOTAL_MS
        || fast_run_ms(timings) < spread.median / 2.0
    {
        return None;
    }
    let python = Path::new(program)
        .file_name()
        .is_some_and(|name| name.to_string_lossy().starts_with("python"));
    let function = if python {
        "--py-func FILE.py:NAME (the function itself, no main), "
    } else {
        ""
    };
    Some(format!(
        "hint: each case started a new process and start-up dominated (a run took {:.0} ms \
         at the median, {:.0} ms at the fastest; {:.1} s of runs in all): {function}--multi \
         (a program reading T cases) or --protocol jsonl (a long-lived process) start once \
         per batch (README, \"Check your own solution\")",
        spread.median,
        spread.min,
        total_ms / 1000.0
    ))
}

/// The 10th percentile of the run times: the runs on the smallest cases,
/// without the odd run that was lucky with a busy machine (the fastest run
/// where the times are not listed).
fn fast_run_ms(timings: &Timings) -> f64 {
    let mut ms = timings.run_ms.clone();
    if ms.is_empty() {
        return timings.per_run_ms.as_ref().map_or(0.0, |s| s.min);
    }
    ms.sort_by(f64::total_cmp);
    ms[ms.len() / 10]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timings(cases_per_run: usize, ms: &[f64]) -> Timings {
        Timings::of_runs(ms, cases_per_run)
    }

    #[test]
    fn start_up_bound_runs_get_the_hint_and_work_bound_ones_do_not() {
        let flat = vec![40.0; 100];
        let hint = process_per_case(&timings(1, &flat), "/usr/bin/python3").unwrap();
        assert!(
            hint.contains("--py-func") && hint.contains("--multi"),
            "{hint}"
        );
        assert!(
            !process_per_case(&timings(1, &flat), "./a.out")
                .unwrap()
                .contains("--py-func")
        );
        // Batches, few runs, a quick check, or time that grows with the case.
        assert_eq!(process_per_case(&timings(100, &flat), "python3"), None);
        assert_eq!(process_per_case(&timings(1, &flat[..20]), "python3"), None);
        assert_eq!(process_per_case(&timings(1, &[5.0; 100]), "python3"), None);
        let growing: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(process_per_case(&timings(1, &growing), "python3"), None);
        // One lucky run does not hide the start-up.
        let mut lucky = flat.clone();
        lucky[7] = 3.0;
        assert!(process_per_case(&timings(1, &lucky), "python3").is_some());
    }
}
