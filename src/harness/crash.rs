//! A crash's detail (its exit status or signal, then the end of its
//! stderr, as `exit_outcome` writes it), read: in a few words, and
//! whether two details tell of the same crash.

/// What a crash's detail says first and last: the exit status or signal,
/// and the last line of stderr (the error itself, in most languages).
pub fn words(detail: &str) -> String {
    let (status, rest) = detail.split_once(';').unwrap_or((detail, ""));
    let last = rest.rsplit(" | ").next().unwrap_or("").trim();
    // The stderr excerpt starts with "stderr: " or "stderr (N earlier lines cut): ".
    let last = match last
        .split_once("): ")
        .or_else(|| last.split_once("stderr: "))
    {
        Some((head, tail)) if head.trim_start().starts_with("stderr") => tail,
        _ => last,
    };
    if last.is_empty() {
        status.trim().to_string()
    } else {
        format!("{}: {last}", status.trim())
    }
}

/// Whether two crash details (exit status, then stderr's tail) tell of
/// the same crash: the exit status the same, and stderr the same once
/// every run of digits is one `#`, where a message quotes the input (a
/// parse error names the line it could not read: `'1 1'` on the smallest
/// input, `'7 9'` on the first). The tails are cut to a length from the
/// front, so the shorter, less its first few characters (a cut may fall
/// inside a number), must end the longer.
pub fn same(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    let split = |d: &str| -> (String, String) {
        match d.split_once("; stderr") {
            Some((status, rest)) => {
                let tail = rest.split_once(": ").map_or(rest, |(_, t)| t);
                (status.to_string(), masked(tail))
            }
            None => (d.to_string(), String::new()),
        }
    };
    let ((status_a, tail_a), (status_b, tail_b)) = (split(a), split(b));
    if status_a != status_b || tail_a.is_empty() != tail_b.is_empty() {
        return false;
    }
    let (short, long) = if tail_a.len() <= tail_b.len() {
        (&tail_a, &tail_b)
    } else {
        (&tail_b, &tail_a)
    };
    let skip = short.char_indices().nth(8).map_or(short.len(), |(i, _)| i);
    long.ends_with(&short[skip..])
}

/// `text` with every run of ASCII digits written as one `#`.
fn masked(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii_digit() {
            if !out.ends_with('#') {
                out.push('#');
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::same;

    #[test]
    fn a_crash_quoting_its_input_is_the_same_crash_on_any_input() {
        let first = "exit status 1; stderr (151 earlier bytes cut): es/x.py\", line 75, in main | \
                     t = int(next(lines)) | ValueError: invalid literal for int() with base 10: '17 93'";
        let smallest = "exit status 1; stderr (155 earlier bytes cut): x.py\", line 75, in main | \
                        t = int(next(lines)) | ValueError: invalid literal for int() with base 10: '1 1'";
        assert!(same(first, smallest));
        // Another line of the program, another exit status, another error:
        // not the same crash.
        assert!(!same(first, &smallest.replace("main", "parse")));
        assert!(!same(first, &smallest.replace("status 1", "status 2")));
        assert!(!same(first, &smallest.replace("ValueError", "IndexError")));
        assert!(!same(first, "exit status 1"));
    }
}
