//! The fit, the schedule and the stopping rules on made-up timers.

use super::*;
use crate::generation::Generate;

fn power_law(c: f64, e: f64) -> Vec<(usize, f64)> {
    schedule(1_000_000)
        .into_iter()
        .map(|s| (s, c * (s as f64).powf(e)))
        .collect()
}

#[test]
fn a_start_up_cost_is_taken_off_before_the_fit() {
    // 0.1 s start-up plus a linear 4e-7 s per unit.
    let points: Vec<(usize, f64)> = [1_000_000, 2_000_000, 4_000_000]
        .iter()
        .map(|&s| (s, 0.1 + 4e-7 * s as f64))
        .collect();
    assert!(fit(&points).unwrap().exponent < 0.9);
    let f = fit_past_start_up(&points, 0.1).unwrap();
    assert!((f.exponent - 1.0).abs() < 0.01, "{f:?}");
    assert!((f.at(8_000_000) - 3.3).abs() < 1e-6, "{f:?}");
    // Times near the start-up are left as they are.
    let flat = [(10, 0.10), (20, 0.11), (40, 0.10)];
    assert_eq!(fit_past_start_up(&flat, 0.1), fit(&flat));
}

#[test]
fn exact_power_laws_are_recovered() {
    for e in [0.0, 1.0, 2.0, 3.0] {
        let f = fit(&power_law(3e-9, e)).unwrap();
        assert!((f.exponent - e).abs() < 0.05, "{e}: {f:?}");
        assert!(f.r2 > 0.999, "{e}: {f:?}");
        let want = 3e-9 * 1e6f64.powf(e);
        assert!((f.at(1_000_000) / want - 1.0).abs() < 1e-6, "{f:?}");
    }
}

#[test]
fn noise_lowers_r2() {
    let noisy: Vec<(usize, f64)> = power_law(1e-6, 1.0)
        .into_iter()
        .enumerate()
        .map(|(i, (s, t))| (s, t * if i % 2 == 0 { 3.0 } else { 0.3 }))
        .collect();
    let f = fit(&noisy).unwrap();
    assert!(f.r2 < 0.99, "{f:?}");
    assert!((f.exponent - 1.0).abs() < 0.3, "{f:?}");
}

#[test]
fn fits_need_two_sizes_and_positive_times() {
    assert_eq!(fit(&[(10, 1.0)]), None);
    assert_eq!(fit(&[(10, 1.0), (10, 2.0)]), None);
    assert_eq!(fit(&[(10, 1.0), (20, 0.0)]), None);
    assert!(fit(&[(10, 1.0), (20, 2.0)]).is_some());
}

#[test]
fn schedules_double_up_to_the_largest_size() {
    for max in [1, 2, 3, 14, 25, 100, 2000, 1_000_000, 1_000_000_000] {
        let sizes = schedule(max);
        assert_eq!(*sizes.last().unwrap(), max);
        assert!(sizes.iter().all(|&s| (1..=max).contains(&s)), "{sizes:?}");
        assert!(sizes[0] == (max >> 20).max(1), "{sizes:?}");
        for pair in sizes.windows(2) {
            assert!(pair[0] < pair[1], "{sizes:?}");
        }
        for pair in sizes[..sizes.len() - 1].windows(2) {
            assert_eq!(pair[1], 2 * pair[0], "{sizes:?}");
        }
        assert!(sizes.len() <= 22, "{max}: {} sizes", sizes.len());
    }
    assert_eq!(schedule(14), [1, 2, 4, 8, 14]);
}

#[test]
fn the_fit_drops_start_up_dominated_points_but_keeps_three() {
    // A start-up time of 20 ms, then linear.
    let times = [0.020, 0.020, 0.021, 0.030, 0.100, 0.500];
    assert_eq!(fitted(&times), [false, false, false, true, true, true]);
    let times = [0.020, 0.020, 0.021, 0.022, 0.100, 0.500];
    assert_eq!(fitted(&times), [false, false, false, true, true, true]);
    let times = [0.020, 0.021, 0.090, 0.100, 0.200, 0.500];
    assert_eq!(fitted(&times), [false, false, true, true, true, true]);
    assert_eq!(fitted(&[0.1, 0.1]), [true, true]);
}

#[test]
fn readings_name_the_usual_growths() {
    assert_eq!(reading(0.05), "constant");
    assert_eq!(reading(1.0), "linear");
    assert!(reading(1.2).starts_with("n log n"));
    assert_eq!(reading(2.0), "quadratic");
    assert_eq!(reading(3.0), "cubic");
}

use crate::harness::fixture::{Row, SortRow};

/// The test problem's pattern (one digit a cell), timed by the fake clock
/// `time`.
fn descending(time: impl FnMut(&Row) -> Result<Duration, Fault>, limit: Duration) -> Scaling {
    let extras = SortRow::extras();
    let pattern = extras.pattern("descending").unwrap();
    let config = ScaleConfig {
        budget: Duration::from_secs(5),
        time_limit: limit,
    };
    scale(pattern, time, &config)
}

#[test]
fn scale_stops_over_the_limit_and_fits_what_it_measured() {
    // A fake clock: the time is the number of cells, in µs, squared.
    let fake = |case: &Row| {
        let n = case.len() as u64;
        Ok(Duration::from_nanos(n * n))
    };
    let s = descending(fake, Duration::from_secs(1));
    // 1 s at 31 623 cells: 32768 is over the limit, 65536 projected over it.
    assert!(s.points.iter().all(|p| p.size <= 32768), "{:?}", s.points);
    assert!(
        matches!(s.stopped, Stop::Projected { .. } | Stop::OverLimit { .. }),
        "{:?}",
        s.stopped
    );
    let e = s.exponent.unwrap();
    assert!((e - 2.0).abs() < 0.05, "{e}");
    assert!(s.render().contains("quadratic in cells"), "{}", s.render());
}

/// A clock of a program that starts in 300 ms, give or take 60, then
/// spends `per_cell_pair` seconds per pair of cells and 20 µs per cell:
/// an O(n²) program whose start-up dominates the small sizes.
fn slow_start(per_cell_pair: f64) -> impl FnMut(&Row) -> Result<Duration, Fault> {
    let mut calls = 0u64;
    move |case| {
        calls += 1;
        let (n, k) = (case.len() as f64, case.len() as f64);
        let jitter = 0.06 * ((calls * 7919) % 11) as f64 / 10.0;
        Ok(Duration::from_secs_f64(
            0.3 + jitter + 20e-6 * k + per_cell_pair * n * k,
        ))
    }
}

#[test]
fn a_start_up_dominated_quadratic_reads_quadratic() {
    let s = descending(slow_start(25e-9), Duration::from_secs(2));
    let start_up = s.start_up.clone().unwrap();
    assert_eq!(start_up.runs, START_UP_RUNS);
    assert!(start_up.seconds >= 0.3 && start_up.max_seconds > start_up.seconds);
    let e = s.exponent.unwrap();
    assert!(e >= 1.6, "exponent {e}\n{}", s.render());
    // Fitted sizes are repeated, so their noise shows.
    assert!(s.points.iter().filter(|p| p.fitted).all(|p| p.runs >= 2));
    // The same times with the start-up left in read close to linear:
    // the bug this guards against.
    let raw: Vec<(usize, f64)> = s
        .points
        .iter()
        .filter(|p| p.size >= 512)
        .map(|p| (p.size, p.seconds))
        .collect();
    assert!(fit(&raw).unwrap().exponent < 1.3, "{raw:?}");
    // The linear part alone reads linear.
    let linear = descending(slow_start(0.0), Duration::from_secs(2));
    let e = linear.exponent.unwrap();
    assert!(
        (0.8..=1.2).contains(&e),
        "exponent {e}\n{}",
        linear.render()
    );
}

#[test]
fn nothing_is_projected_past_a_crash_or_a_time_out() {
    let crash = |case: &Row| {
        if case.len() >= 512 {
            return Err(Fault::Crashed {
                how: "SIGSEGV".into(),
                said: String::new(),
            });
        }
        Ok(Duration::from_nanos(1000 * case.len() as u64))
    };
    let s = descending(crash, Duration::from_secs(2));
    assert!(
        matches!(s.stopped, Stop::Failed { size: 512, .. }),
        "{:?}",
        s.stopped
    );
    assert_eq!(s.projected_seconds_at_max, None);
    assert_eq!(s.over_limit, None);
    let text = s.render();
    assert!(text.contains("crashed (SIGSEGV) at 512 cells"), "{text}");
    assert!(!text.contains("projected at"), "{text}");
    let hang = |case: &Row| match case.len() {
        n if n >= 4096 => Err(Fault::TimedOut),
        n => Ok(Duration::from_nanos(1000 * n as u64)),
    };
    let text = descending(hang, Duration::from_secs(2)).render();
    assert!(
        text.contains("timed out (over 2.00 s) at 4096 cells"),
        "{text}"
    );
    // A failure at the smallest size leaves nothing to fit.
    let s = descending(|_: &Row| Err(Fault::TimedOut), Duration::from_secs(2));
    assert!(s.start_up.is_none() && s.exponent.is_none(), "{s:?}");
}

#[test]
fn the_projection_names_the_contracts_maximum() {
    let linear = |case: &Row| Ok(Duration::from_nanos(1 + 100 * case.len() as u64));
    let s = descending(linear, Duration::from_secs(2));
    assert_eq!(s.stopped, Stop::MaxSize, "{}", s.render());
    let text = s.render();
    assert!(
        text.contains("projected at the contract's maximum, 1000000 cells"),
        "{text}"
    );
}
