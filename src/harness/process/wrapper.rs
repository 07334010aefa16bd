//! The `/bin/sh` wrapper every run starts in: it joins the run's cgroups,
//! sets the `ulimit`s and `exec`s the program, so no `unsafe` `pre_exec`
//! hook is needed.

use std::time::Duration;

use super::RunLimits;

/// The `/bin/sh` wrapper's script: join the cgroups (`$1`..`$k`), set the
/// limits, `exec` the rest of the arguments.
pub(super) fn wrapper_script(limits: &RunLimits, cgroups: usize, cpu: Duration) -> String {
    let mut script = String::new();
    for i in 1..=cgroups {
        script.push_str(&format!(
            "echo $$ 2>/dev/null > \"${i}\" || {{ echo 'boardcheck: cannot join the cgroup '\"${i}\" >&2; exit 125; }}; "
        ));
    }
    if cgroups > 0 {
        script.push_str(&format!("shift {cgroups}; "));
    }
    // RLIMIT_CPU: SIGXCPU at the soft limit, SIGKILL a second later. With
    // cgroups the harness measures the whole run and stops it first; the
    // rlimit is only a backstop then.
    let whole = cpu.as_secs() + u64::from(cpu.subsec_nanos() > 0);
    let soft = if cgroups > 0 || limits.cpu.is_none() {
        whole + 1
    } else {
        whole.max(1)
    };
    let file_blocks = (limits.output_bytes as u64 / 512).max(1 << 17);
    // A ulimit that cannot be set (hard limit already lower) leaves the
    // lower one. Soft first: a hard limit below the soft one is refused.
    script.push_str(&format!(
        "ulimit -S -t {soft} 2>/dev/null; ulimit -H -t {} 2>/dev/null; \
         ulimit -f {file_blocks} 2>/dev/null; ulimit -s {} 2>/dev/null; ",
        soft + 1,
        limits.stack_in_force() / 1024
    ));
    if cgroups == 0 {
        script.push_str(&format!(
            "ulimit -v {} 2>/dev/null; ",
            limits.memory_bytes / 1024
        ));
    }
    script.push_str("exec \"$@\"");
    script
}
