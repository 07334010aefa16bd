//! Named rule sets (`--rules`): `ko=none|simple|positional|situational`
//! and `suicide=forbidden|multi|all`, comma-separated, either part
//! optional; a missing part is GTP's and GNU Go's default (`ko=simple`,
//! `suicide=forbidden`). Presets: `tromp-taylor` (positional, all),
//! `new-zealand` (situational, all), `japanese` (simple, forbidden).
//!
//! GNU Go's options: its defaults are `ko=simple,suicide=forbidden`;
//! `--no-ko` is `ko=none`; `--positional-superko` and
//! `--situational-superko` are the superkos; `--allow-suicide` is
//! `suicide=multi` and `--allow-all-suicide` `suicide=all`. Pachi refuses
//! every suicide (`suicide=forbidden`) whatever its rules. KataGo's
//! `kata-set-rules` names the same choices (`koRule` SIMPLE, POSITIONAL,
//! SITUATIONAL; `multiStoneSuicideLegal` for `suicide=multi`), but its
//! `play` is tolerant: the rules bind only `genmove`.
//!
//! A rule set's number is `4 * suicide + ko` over the orders of
//! [`Ko::ALL`] and [`Suicide::ALL`].

use super::{Case, GoGame, Ko, Rules, Suicide};
use crate::generation::RuleSets;

/// The number of a rule set.
pub fn number(rules: Rules) -> u32 {
    let ko = Ko::ALL.iter().position(|&k| k == rules.ko).unwrap_or(0);
    let suicide = Suicide::ALL
        .iter()
        .position(|&s| s == rules.suicide)
        .unwrap_or(0);
    (4 * suicide + ko) as u32
}

/// The rule set of a number (numbers past the last wrap around).
pub fn rules(number: u32) -> Rules {
    let number = number as usize % 12;
    Rules {
        ko: Ko::ALL[number % 4],
        suicide: Suicide::ALL[number / 4],
    }
}

/// Reads `--rules` text.
pub fn parse(text: &str) -> Result<Rules, String> {
    let text = text.trim();
    match text.to_ascii_lowercase().as_str() {
        "tromp-taylor" => {
            return Ok(Rules {
                ko: Ko::Positional,
                suicide: Suicide::All,
            });
        }
        "new-zealand" => {
            return Ok(Rules {
                ko: Ko::Situational,
                suicide: Suicide::All,
            });
        }
        "japanese" => {
            return Ok(Rules {
                ko: Ko::Simple,
                suicide: Suicide::Forbidden,
            });
        }
        _ => {}
    }
    let accepted = "expected ko=none|simple|positional|situational and/or \
                    suicide=forbidden|multi|all (comma-separated), or a preset: \
                    tromp-taylor, new-zealand, japanese";
    let mut rules = Rules {
        ko: Ko::Simple,
        suicide: Suicide::Forbidden,
    };
    let (mut ko_given, mut suicide_given) = (false, false);
    for part in text.split(',') {
        let part = part.trim();
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
            "ko" | "suicide" => return Err(format!("--rules {text:?}: {key} given twice")),
            _ => return Err(format!("--rules {text:?}: unknown key {key:?}; {accepted}")),
        }
    }
    Ok(rules)
}

/// The rule set in words: `ko=simple,suicide=forbidden`.
pub fn describe(rules: Rules) -> String {
    format!("ko={},suicide={}", rules.ko.word(), rules.suicide.word())
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
        for n in 0..12 {
            assert_eq!(number(rules(n)), n);
            assert_eq!(parse(&describe(rules(n))), Ok(rules(n)));
        }
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
