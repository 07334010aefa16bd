//! A run's pipes: the first bytes of stdout and the last of stderr kept,
//! read without blocking, and `poll` over several of them at once.

use std::io::{self, Read};
use std::os::fd::{AsFd, BorrowedFd};
use std::time::Duration;

use nix::fcntl::{FcntlArg, OFlag, fcntl};
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};

/// The last `cap` bytes of a stream, and how many came before them.
pub(in crate::harness) struct Tail {
    pub(in crate::harness) buf: Vec<u8>,
    pub(in crate::harness) cap: usize,
    pub(in crate::harness) dropped: usize,
}

impl Tail {
    pub(in crate::harness) fn push(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
        if self.buf.len() > 2 * self.cap {
            self.trim();
        }
    }

    pub(in crate::harness) fn trim(&mut self) {
        let cut = self.buf.len().saturating_sub(self.cap);
        self.buf.drain(..cut);
        self.dropped += cut;
    }
}

/// The first `cap` bytes of a stream, and whether there were more.
pub(super) struct Head {
    pub(super) buf: Vec<u8>,
    pub(super) cap: usize,
    pub(super) over: bool,
}

impl Head {
    pub(super) fn push(&mut self, bytes: &[u8]) {
        let room = self.cap.saturating_sub(self.buf.len());
        self.buf.extend_from_slice(&bytes[..bytes.len().min(room)]);
        self.over |= bytes.len() > room;
    }
}

/// Most bytes one [`pump`] reads before it lets its caller look at what
/// came (a cap, a deadline): a process that writes without end cannot keep
/// the reader in one call.
const PUMP_BYTES: usize = 1 << 20;

/// Reads what `pipe` has now into `sink`, at most [`PUMP_BYTES`]; false
/// once it is closed.
pub(in crate::harness) fn pump(pipe: &mut impl Read, sink: &mut dyn FnMut(&[u8])) -> bool {
    let mut chunk = [0u8; 1 << 16];
    let mut read = 0;
    loop {
        if read >= PUMP_BYTES {
            return true;
        }
        match pipe.read(&mut chunk) {
            Ok(0) => return false,
            Ok(n) => {
                read += n;
                sink(&chunk[..n])
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => return true,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

pub(in crate::harness) fn nonblocking(fd: impl AsFd) -> io::Result<()> {
    fcntl(fd.as_fd(), FcntlArg::F_SETFL(OFlag::O_NONBLOCK)).map_err(io::Error::from)?;
    Ok(())
}

/// Waits up to `wait` for any of `fds`; which of them are ready (none
/// when interrupted by a signal).
pub(in crate::harness) fn ready<const N: usize>(
    fds: [Option<(BorrowedFd<'_>, PollFlags)>; N],
    wait: Duration,
) -> io::Result<[bool; N]> {
    let mut polled = Vec::with_capacity(N);
    let mut slots = [None; N];
    for (slot, fd) in slots.iter_mut().zip(fds) {
        if let Some((fd, flags)) = fd {
            polled.push(PollFd::new(fd, flags));
            *slot = Some(polled.len() - 1);
        }
    }
    let ms = u16::try_from(wait.as_millis() + 1).unwrap_or(u16::MAX);
    match poll(&mut polled, PollTimeout::from(ms)) {
        Ok(_) => {}
        Err(nix::errno::Errno::EINTR) => return Ok([false; N]),
        Err(e) => return Err(e.into()),
    }
    Ok(slots.map(|k| {
        k.and_then(|k| polled[k].revents())
            .is_some_and(|r| !r.is_empty())
    }))
}
