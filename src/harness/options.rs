//! A check's options fitted to its problem before it runs: what the
//! command line gives as text (`--shape`, `--rules`) read by the problem,
//! and every option the problem cannot honour refused with why.

use std::path::Path;

use super::check::CheckConfig;
use crate::generation::Shape;
use crate::problem::read_input;
use crate::suite::Suite;

/// `--shape` as problem `P` reads it, if given.
pub fn shape<P: Suite>(text: Option<&str>) -> Result<Option<Shape>, String> {
    let Some(text) = text else {
        return Ok(None);
    };
    let shapes = P::extras()
        .shapes
        .ok_or_else(|| format!("--shape: {} has no board of a fixed shape", P::NAME))?;
    shapes.kind.parse(text, P::MAX_SIZE).map(Some)
}

/// What of a check's options only the problem can read or refuse.
pub struct Asked<'a> {
    /// `--shape`.
    pub shape: Option<&'a str>,
    /// `--rules`.
    pub rules: Option<&'a str>,
    /// Whether the candidate speaks GTP (`--gtp`).
    pub gtp: bool,
    /// The problems played over GTP, named when `--gtp` is refused.
    pub played_over_gtp: &'a [&'static str],
    /// Where the given inputs came from, for messages.
    pub given_file: &'a Path,
}

/// Fits `config` to problem `P`: the shape and rule set read, the given
/// inputs read as `P`'s, the pattern and the enumeration known to exist.
pub fn fit<P: Suite>(config: &mut CheckConfig, asked: &Asked) -> Result<(), String> {
    config.shape = shape::<P>(asked.shape)?;
    let extras = P::extras();
    if let Some(spec) = asked.rules {
        let sets = extras
            .rules
            .as_ref()
            .ok_or_else(|| format!("--rules: {} has no rule sets to choose from", P::NAME))?;
        config.rules = Some((sets.parse)(spec).map_err(|e| format!("--rules: {e}"))?);
    } else if asked.gtp {
        // An engine plays one rule set, the one it starts with: without
        // --rules that is the problem's default (an empty spec), never a mix.
        if let Some(sets) = extras.rules.as_ref() {
            config.rules = (sets.parse)("").ok();
        }
    }
    #[cfg(all(unix, feature = "process"))]
    if asked.gtp && P::gtp_form().is_none() {
        return Err(super::gtp::summary::not_played::<P>(asked.played_over_gtp));
    }
    // A saved input that no longer reads (another problem's file, an
    // edited entry) is an error, not something to skip silently.
    for entry in &config.given {
        if let Err(e) = read_input::<P>(&entry.input, entry.multi) {
            return Err(format!(
                "{}: entry {:?} is not a {} input: {e}",
                asked.given_file.display(),
                entry.name,
                P::NAME
            ));
        }
    }
    if let Some(name) = &config.pattern {
        extras.pattern(name)?;
    }
    if config.exhaustive.is_some() && extras.enumerate.is_none() {
        return Err(format!("{} has no exhaustive enumeration", P::NAME));
    }
    Ok(())
}

/// The problem's picture of a wrong answer in `report`'s failure, if it
/// draws one.
pub fn picture<P: Suite>(report: &super::report::Report) -> Option<String> {
    match (&report.failure, P::extras().picture) {
        (Some(f), Some(draw)) if f.verdict == super::verdict::Verdict::WrongAnswer => {
            draw(&f.input, &f.got)
        }
        _ => None,
    }
}
