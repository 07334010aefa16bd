//! Named rule sets (`--rules`): `ko=none|simple|positional|situational`
//! and `suicide=forbidden|multi|all`, comma-separated, either part
//! optional; a missing part is GTP's and GNU Go's default (`ko=simple`,
//! `suicide=forbidden`). Presets: `tromp-taylor` (positional, all),
//! `new-zealand` (situational, all), `japanese` (simple, forbidden).
//!
//! GNU Go's options: its defaults are `ko=simple,suicide=forbidden`;
//! `--no-ko` is `ko=none`; `--positional-superko` and
//! `--situational-superko` are the superkos (the latter with
//! `conventions=gnugo`, below); `--allow-suicide` is
//! `suicide=multi` and `--allow-all-suicide` `suicide=all`. Pachi refuses
//! every suicide (`suicide=forbidden`) whatever its rules. KataGo's
//! `kata-set-rules` names the same choices (`koRule` SIMPLE, POSITIONAL,
//! SITUATIONAL; `multiStoneSuicideLegal` for `suicide=multi`), but its
//! `play` is tolerant: the rules bind only `genmove`.
//!
//! GNU Go's situational superko has two conventions of its own (read in
//! its engine/board.c; docs/gtp.md): bare words `simple-ko-too` and
//! `next-mover` switch them on (only with `ko=situational`), and
//! `conventions=gnugo` names GNU Go's for the ko rule given (both under
//! situational, none otherwise, where GNU Go follows §7);
//! `conventions=contract` is none.
//!
//! A rule set's number is `4 * suicide + ko + 12 * conventions` over the
//! orders of [`Ko::ALL`] and [`Suicide::ALL`], `conventions` being
//! `simple-ko-too` + 2 × `next-mover` (0 unless situational).

use super::{Case, Conventions, GoGame, Ko, Rules, Suicide};
use crate::generation::RuleSets;

/// The number of a rule set.
pub fn number(rules: Rules) -> u32 {
    let ko = Ko::ALL.iter().position(|&k| k == rules.ko).unwrap_or(0);
    let suicide = Suicide::ALL
        .iter()
        .position(|&s| s == rules.suicide)
        .unwrap_or(0);
    let c = rules.conventions;
    let conventions = usize::from(c.simple_ko_too) + 2 * usize::from(c.next_mover);
    (4 * suicide + ko + 12 * conventions) as u32
}

/// The rule set of a number (numbers past the last wrap around;
/// conventions are dropped but under situational superko).
pub fn rules(number: u32) -> Rules {
    let number = number as usize % 48;
    let mut rules = Rules::new(Ko::ALL[number % 4], Suicide::ALL[number % 12 / 4]);
    if rules.ko == Ko::Situational {
        rules.conventions = Conventions {
            simple_ko_too: number / 12 % 2 == 1,
            next_mover: number / 24 == 1,
        };
    }
    rules
}

/// Reads `--rules` text.
pub fn parse(text: &str) -> Result<Rules, String> {
    let text = text.trim();
    match text.to_ascii_lowercase().as_str() {
        "tromp-taylor" => return Ok(Rules::new(Ko::Positional, Suicide::All)),
        "new-zealand" => return Ok(Rules::new(Ko::Situational, Suicide::All)),
        "japanese" => return Ok(Rules::new(Ko::Simple, Suicide::Forbidden)),
        _ => {}
    }
    let accepted = "expected ko=none|simple|positional|situational and/or \
                    suicide=forbidden|multi|all, with ko=situational optionally \
                    simple-ko-too, next-mover or conventions=gnugo|contract \
                    (comma-separated), or a preset: tromp-taylor, new-zealand, japanese";
    let mut rules = Rules::new(Ko::Simple, Suicide::Forbidden);
    let (mut ko_given, mut suicide_given) = (false, false);
    let mut conventions: Option<&str> = None;
    let (mut simple_ko_too, mut next_mover) = (false, false);
    // An empty spec (or part) keeps the defaults: GTP's and GNU Go's
    // simple ko, no suicide.
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match part {
            "simple-ko-too" if !simple_ko_too => {
                simple_ko_too = true;
                continue;
            }
            "next-mover" if !next_mover => {
                next_mover = true;
                continue;
            }
            "simple-ko-too" | "next-mover" => {
                return Err(format!("--rules {text:?}: {part} given twice"));
            }
            _ => {}
        }
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| format!("--rules {text:?}: {part:?} is not key=value; {accepted}"))?;
        let (key, value) = (key.trim(), value.trim());
        match key {
            "ko" if !ko_given => {
                ko_given = true;
                rules.ko = *Ko::ALL
                    .iter()
                    .find(|k| k.word() == value)
                    .ok_or_else(|| format!("--rules {text:?}: no ko rule {value:?}; {accepted}"))?;
            }
            "suicide" if !suicide_given => {
                suicide_given = true;
                rules.suicide =
                    *Suicide::ALL
                        .iter()
                        .find(|s| s.word() == value)
                        .ok_or_else(|| {
                            format!("--rules {text:?}: no suicide rule {value:?}; {accepted}")
                        })?;
            }
            "conventions" if conventions.is_none() => match value {
                "gnugo" | "contract" => conventions = Some(value),
                _ => {
                    return Err(format!(
                        "--rules {text:?}: no conventions {value:?} (gnugo or contract)"
                    ));
                }
            },
            "ko" | "suicide" | "conventions" => {
                return Err(format!("--rules {text:?}: {key} given twice"));
            }
            _ => return Err(format!("--rules {text:?}: unknown key {key:?}; {accepted}")),
        }
    }
    if conventions.is_some() && (simple_ko_too || next_mover) {
        return Err(format!(
            "--rules {text:?}: conventions= and simple-ko-too/next-mover both given"
        ));
    }
    if (simple_ko_too || next_mover) && rules.ko != Ko::Situational {
        return Err(format!(
            "--rules {text:?}: simple-ko-too and next-mover need ko=situational"
        ));
    }
    if rules.ko == Ko::Situational {
        rules.conventions = if conventions == Some("gnugo") {
            Conventions {
                simple_ko_too: true,
                next_mover: true,
            }
        } else {
            Conventions {
                simple_ko_too,
                next_mover,
            }
        };
    }
    Ok(rules)
}

/// The rule set in words: `ko=simple,suicide=forbidden`.
pub fn describe(rules: Rules) -> String {
    let mut text = format!("ko={},suicide={}", rules.ko.word(), rules.suicide.word());
    for word in rules.conventions.words() {
        text.push(',');
        text.push_str(word);
    }
    text
}

/// The rule sets of go-game for `--rules`.
pub fn sets() -> RuleSets<GoGame> {
    RuleSets {
        parse: |text| parse(text).map(number),
        of: |case| number(case.rules),
        describe: |n| describe(rules(n)),
        with: |case: Case, n| Case {
            rules: rules(n),
            ..case
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_round_trip_and_presets_read() {
        for n in 0..48 {
            let r = rules(n);
            if r.ko == Ko::Situational || n < 12 {
                assert_eq!(number(r), n);
            }
            assert_eq!(parse(&describe(r)), Ok(r));
        }
        assert_eq!(
            describe(parse("ko=situational,conventions=gnugo").unwrap()),
            "ko=situational,suicide=forbidden,simple-ko-too,next-mover"
        );
        assert_eq!(
            describe(parse("ko=positional,conventions=gnugo").unwrap()),
            "ko=positional,suicide=forbidden"
        );
        assert_eq!(
            describe(parse("next-mover,ko=situational,suicide=all").unwrap()),
            "ko=situational,suicide=all,next-mover"
        );
        assert!(parse("ko=simple,next-mover").unwrap_err().contains("need"));
        assert!(
            parse("ko=situational,next-mover,next-mover")
                .unwrap_err()
                .contains("twice")
        );
        assert_eq!(
            describe(parse("tromp-taylor").unwrap()),
            "ko=positional,suicide=all"
        );
        assert_eq!(
            describe(parse("new-zealand").unwrap()),
            "ko=situational,suicide=all"
        );
        assert_eq!(
            describe(parse("japanese").unwrap()),
            "ko=simple,suicide=forbidden"
        );
        assert_eq!(
            describe(parse("suicide=multi").unwrap()),
            "ko=simple,suicide=multi"
        );
        assert_eq!(
            describe(parse("ko=none").unwrap()),
            "ko=none,suicide=forbidden"
        );
        assert!(parse("ko=super").unwrap_err().contains("no ko rule"));
        assert!(parse("ko=none,ko=simple").unwrap_err().contains("twice"));
        assert!(parse("colour=b").unwrap_err().contains("unknown key"));
    }
}
