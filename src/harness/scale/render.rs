//! A scaling for people: the table of sizes, the fit and the projection.

use super::{Point, Scaling, Stop};

/// A time for people: three significant digits and a unit.
pub fn human_seconds(seconds: f64) -> String {
    let (value, unit) = match seconds {
        s if s >= 1.0 => (s, "s"),
        s if s >= 1e-3 => (s * 1e3, "ms"),
        s if s >= 1e-6 => (s * 1e6, "µs"),
        s => (s * 1e9, "ns"),
    };
    let digits = match value {
        v if v >= 100.0 => 0,
        v if v >= 10.0 => 1,
        _ => 2,
    };
    format!("{value:.digits$} {unit}")
}

impl Scaling {
    /// `OVER` or `within`, for a time against the limit.
    fn against_limit(&self, seconds: f64) -> &'static str {
        if seconds > self.limit_seconds {
            "OVER"
        } else {
            "within"
        }
    }

    /// A point's line of the table: the fastest run, the slowest, the runs.
    fn point_line(p: &Point) -> String {
        let spread = if p.runs > 1 {
            format!(
                "{:>10}  {:>4.0} %  {}",
                human_seconds(p.max_seconds),
                100.0 * p.spread(),
                p.runs
            )
        } else {
            format!("{:>10}  {:>6}  {}", "", "", p.runs)
        };
        format!(
            "  {:>12}  {:>10}  {spread}{}\n",
            p.size,
            human_seconds(p.seconds),
            if p.fitted { "  *" } else { "" }
        )
    }

    /// Why the sizes stopped, in a line (none if they ran to the end).
    fn stop_line(&self) -> String {
        let limit = human_seconds(self.limit_seconds);
        match &self.stopped {
            Stop::MaxSize => String::new(),
            Stop::Budget { next } => format!("  stopped before {next}: the budget is spent\n"),
            Stop::Projected { next, seconds } => format!(
                "  stopped before {next}: projected {}, over the {limit} limit\n",
                human_seconds(*seconds)
            ),
            Stop::OverLimit { size } => format!(
                "  over the {limit} limit at {size} {}: nothing projected past it\n",
                self.unit
            ),
            Stop::Failed { size, fault } => format!(
                "  {} at {size} {}: nothing projected past it\n",
                fault.describe(self.limit_seconds),
                self.unit
            ),
        }
    }

    /// The table and the fit, for people.
    pub fn render(&self) -> String {
        let mut out = format!(
            "pattern {} (size in {}; the contract's maximum is {})\n",
            self.pattern, self.unit, self.max_size
        );
        if let Some(s) = &self.start_up {
            out.push_str(&format!(
                "  start-up (the fixed cost of a run): {}, the fastest of {} runs at size {} (slowest {})\n",
                human_seconds(s.seconds),
                s.runs,
                s.size,
                human_seconds(s.max_seconds)
            ));
        }
        out.push_str(&format!(
            "  {:>12}  {:>10}  {:>10}  {:>6}  runs\n",
            "size", "fastest", "slowest", "spread"
        ));
        for p in &self.points {
            out.push_str(&Self::point_line(p));
        }
        out.push_str(&self.stop_line());
        if let Some(fit) = self.fit {
            let fitted = self.points.iter().filter(|p| p.fitted).count();
            out.push_str(&format!(
                "  exponent {:.2} (R² {:.3}, of the time past the start-up of {}, over the {fitted} sizes marked *): {}\n",
                fit.exponent,
                fit.r2,
                human_seconds(fit.fixed),
                self.reading
            ));
        } else {
            out.push_str(&format!("  {}\n", self.reading));
        }
        if let Some(projected) = self.projected_seconds_at_max {
            out.push_str(&format!(
                "  projected at the contract's maximum, {} {}: {} ({} the {} limit)\n",
                self.max_size,
                self.unit,
                human_seconds(projected),
                self.against_limit(projected),
                human_seconds(self.limit_seconds)
            ));
        }
        if let Some(measured) = self.measured_seconds_at_max {
            out.push_str(&format!(
                "  measured at the contract's maximum, {} {}: {} ({} the limit)\n",
                self.max_size,
                self.unit,
                human_seconds(measured),
                self.against_limit(measured),
            ));
        }
        out
    }
}
