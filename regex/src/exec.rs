//! The backtracking matcher of `re`: runs a compiled program
//! (`compile.rs`) over a `str` the way CPython's `sre` does, trying
//! alternatives in order, so the same pattern finds the same match.
//!
//! Backtracking keeps an explicit stack (no recursion but one level per
//! nested lookaround or atomic group, which the parser bounds): choice
//! points, and the old values of capture slots and registers to restore.
//! Every 32 steps the matcher calls the caller's `tick`, which counts
//! against the run's instruction, time and memory budgets, so a pattern
//! that backtracks catastrophically stops at a limit as the rest of the
//! program would, and never hangs the host.
//!
//! Positions are byte offsets into the text, always on character
//! boundaries.

use crate::compile::{Inst, One, Program, UNBOUNDED};
use crate::node::{is_word, Assertion, Fold};

/// What `tick` answers to stop the match (a limit of the run, which the
/// caller keeps to raise itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped;

/// Unset capture slot.
const UNSET: usize = usize::MAX;

/// Where a match may start: anywhere from `pos`, only at `pos`, or only
/// at `pos` and ending at the end of the text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Mode {
    Search,
    Match,
    Full,
}

/// Byte spans of the groups of a match (`None`: the group did not take part).
pub type Spans = Vec<Option<(usize, usize)>>;

enum Frame {
    /// Resume at `pc` and `pos`.
    Alt { pc: usize, pos: usize },
    /// Restore a capture slot.
    Slot { slot: usize, old: usize },
    /// Restore a register.
    Reg { reg: usize, old: usize },
    /// Give back one character of a greedy repeat ending at `pos`, not
    /// below `floor`, and resume at `pc`.
    Greedy { pc: usize, floor: usize, pos: usize },
    /// Take one more character for the lazy repeat at `pc` (`count` taken
    /// so far, ending at `pos`).
    Lazy { pc: usize, pos: usize, count: u32 },
}

struct State<'t, 'k> {
    text: &'t str,
    bytes: &'t [u8],
    slots: Vec<usize>,
    regs: Vec<usize>,
    stack: Vec<Frame>,
    steps: u32,
    full: bool,
    /// A match may not end where it started at this position (`sre`'s
    /// `must_advance`: the search after an empty match).
    no_empty_at: usize,
    start: usize,
    tick: &'k mut dyn FnMut() -> Result<(), Stopped>,
}

/// The first match of `prog` in `text` at or after byte `pos` (at `pos`
/// only, for `Match` and `Full`); with `must_advance`, not an empty match
/// at `pos` (the search after an empty match, as in `findall`).
///
/// # Errors
/// Whatever `tick` raises (a limit of the run).
pub fn find(
    prog: &Program,
    text: &str,
    pos: usize,
    mode: Mode,
    must_advance: bool,
    tick: &mut dyn FnMut() -> Result<(), Stopped>,
) -> Result<Option<Spans>, Stopped> {
    let mut st = State {
        text,
        bytes: text.as_bytes(),
        slots: vec![UNSET; prog.slots],
        regs: vec![0; prog.regs],
        stack: Vec::new(),
        steps: 0,
        full: mode == Mode::Full,
        no_empty_at: if must_advance { pos } else { UNSET },
        start: pos,
        tick,
    };
    let mut start = pos;
    loop {
        if mode == Mode::Search {
            if prog.anchored && start > 0 {
                return Ok(None);
            }
            if let Some(One::Char(c)) = prog.first {
                match text[start..].find(c) {
                    Some(i) => start += i,
                    None => return Ok(None),
                }
            } else if prog.line_start {
                if start > 0 && st.bytes[start - 1] != b'\n' {
                    match text[start..].find('\n') {
                        Some(i) => start += i + 1,
                        None => return Ok(None),
                    }
                }
            } else if let Some(first) = &prog.first {
                while let Some((c, n)) = st.next(start) {
                    if first.matches(c) {
                        break;
                    }
                    start = n;
                }
                if start >= text.len() {
                    return Ok(None);
                }
            }
        }
        st.slots.iter_mut().for_each(|s| *s = UNSET);
        st.stack.clear();
        st.start = start;
        if let Some(end) = st.run(prog, 0, start)? {
            st.slots[0] = start;
            st.slots[1] = end;
            let spans = st
                .slots
                .chunks(2)
                .map(|p| (p[0] != UNSET && p[1] != UNSET).then(|| (p[0], p[1])))
                .collect();
            return Ok(Some(spans));
        }
        if mode != Mode::Search || start >= text.len() {
            return Ok(None);
        }
        start += char_len(st.bytes[start]);
        st.step()?;
    }
}

/// The length of the UTF-8 sequence starting with `b`.
#[inline]
fn char_len(b: u8) -> usize {
    match b {
        0..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        _ => 4,
    }
}

impl State<'_, '_> {
    #[inline]
    fn step(&mut self) -> Result<(), Stopped> {
        self.steps = self.steps.wrapping_add(1);
        if self.steps & 31 == 0 {
            (self.tick)()?;
        }
        Ok(())
    }

    /// The character at `pos` and the position after it.
    #[inline]
    fn next(&self, pos: usize) -> Option<(char, usize)> {
        let b = *self.bytes.get(pos)?;
        if b < 0x80 {
            return Some((b as char, pos + 1));
        }
        let c = self.text[pos..].chars().next()?;
        Some((c, pos + c.len_utf8()))
    }

    /// The character before `pos` and its position.
    #[inline]
    fn prev(&self, pos: usize) -> Option<(char, usize)> {
        if pos == 0 {
            return None;
        }
        let b = self.bytes[pos - 1];
        if b < 0x80 {
            return Some((b as char, pos - 1));
        }
        let c = self.text[..pos].chars().next_back()?;
        Some((c, pos - c.len_utf8()))
    }

    fn word_at(&self, pos: usize, ascii: bool) -> bool {
        self.next(pos).is_some_and(|(c, _)| {
            if ascii {
                c.is_ascii_alphanumeric() || c == '_'
            } else {
                is_word(c)
            }
        })
    }

    fn word_before(&self, pos: usize, ascii: bool) -> bool {
        self.prev(pos).is_some_and(|(_, p)| self.word_at(p, ascii))
    }

    fn assert(&self, a: Assertion, pos: usize) -> bool {
        let len = self.bytes.len();
        match a {
            Assertion::TextStart => pos == 0,
            Assertion::TextEnd => pos == len,
            Assertion::EndOrFinalNewline => {
                pos == len || (pos + 1 == len && self.bytes[pos] == b'\n')
            }
            Assertion::LineStart => pos == 0 || self.bytes[pos - 1] == b'\n',
            Assertion::LineEnd => pos == len || self.bytes[pos] == b'\n',
            Assertion::WordBoundary { ascii } => {
                self.word_before(pos, ascii) != self.word_at(pos, ascii)
            }
            Assertion::NotWordBoundary { ascii } => {
                self.word_before(pos, ascii) == self.word_at(pos, ascii)
            }
        }
    }

    fn set_slot(&mut self, slot: usize, value: usize) {
        let old = std::mem::replace(&mut self.slots[slot], value);
        self.stack.push(Frame::Slot { slot, old });
    }

    fn set_reg(&mut self, reg: usize, value: usize) {
        let old = std::mem::replace(&mut self.regs[reg], value);
        self.stack.push(Frame::Reg { reg, old });
    }

    /// The end of `group`'s text matched again at `pos`.
    fn backref(&self, group: usize, fold: Fold, pos: usize) -> Option<usize> {
        let (s, e) = (self.slots[2 * group], self.slots[2 * group + 1]);
        if s == UNSET || e == UNSET {
            return None;
        }
        let want = &self.text[s..e];
        if fold == Fold::No {
            return self.text[pos..]
                .starts_with(want)
                .then_some(pos + want.len());
        }
        let mut at = pos;
        for w in want.chars() {
            let (c, n) = self.next(at)?;
            if fold.apply(c) != fold.apply(w) {
                return None;
            }
            at = n;
        }
        Some(at)
    }

    /// Pops frames above `base` until a choice point; restores what the
    /// others record. False when none is left.
    fn backtrack(&mut self, prog: &Program, base: usize, pc: &mut usize, pos: &mut usize) -> bool {
        while self.stack.len() > base {
            match self.stack.pop().expect("above base") {
                Frame::Alt { pc: p, pos: q } => {
                    *pc = p;
                    *pos = q;
                    return true;
                }
                Frame::Slot { slot, old } => self.slots[slot] = old,
                Frame::Reg { reg, old } => self.regs[reg] = old,
                Frame::Greedy {
                    pc: p,
                    floor,
                    pos: q,
                } => {
                    let (_, back) = self.prev(q).expect("a character to give back");
                    if back > floor {
                        self.stack.push(Frame::Greedy {
                            pc: p,
                            floor,
                            pos: back,
                        });
                    }
                    *pc = p;
                    *pos = back;
                    return true;
                }
                Frame::Lazy {
                    pc: p,
                    pos: q,
                    count,
                } => {
                    let Inst::Repeat { one, max, .. } = &prog.insts[p] else {
                        unreachable!("a lazy frame names a repeat")
                    };
                    let Some((c, n)) = self.next(q) else { continue };
                    if !one.matches(c) {
                        continue;
                    }
                    if count + 1 < *max {
                        self.stack.push(Frame::Lazy {
                            pc: p,
                            pos: n,
                            count: count + 1,
                        });
                    }
                    *pc = p + 1;
                    *pos = n;
                    return true;
                }
            }
        }
        false
    }

    /// Drops the choice points above `base`, keeping what restores slots
    /// and registers (a sub-match that succeeded is not re-entered, but its
    /// captures are undone if the caller backtracks past it).
    fn commit(&mut self, base: usize) {
        let mut w = base;
        for r in base..self.stack.len() {
            if matches!(self.stack[r], Frame::Slot { .. } | Frame::Reg { .. }) {
                self.stack.swap(w, r);
                w += 1;
            }
        }
        self.stack.truncate(w);
    }

    /// Undoes everything above `base`.
    fn unwind(&mut self, base: usize) {
        while self.stack.len() > base {
            match self.stack.pop().expect("above base") {
                Frame::Slot { slot, old } => self.slots[slot] = old,
                Frame::Reg { reg, old } => self.regs[reg] = old,
                _ => {}
            }
        }
    }

    /// Runs from `pc` at `pos` to the first `Match` or `SubMatch`; the
    /// position there, or None when every way fails.
    fn run(&mut self, prog: &Program, pc: usize, pos: usize) -> Result<Option<usize>, Stopped> {
        let base = self.stack.len();
        let (mut pc, mut pos) = (pc, pos);
        loop {
            self.step()?;
            let ok = match &prog.insts[pc] {
                Inst::One(one) => match self.next(pos) {
                    Some((c, n)) if one.matches(c) => {
                        pos = n;
                        pc += 1;
                        true
                    }
                    _ => false,
                },
                Inst::Assert(a) => {
                    pc += 1;
                    self.assert(*a, pos)
                }
                Inst::Save(slot) => {
                    self.set_slot(*slot, pos);
                    pc += 1;
                    true
                }
                Inst::Split(a, b) => {
                    self.stack.push(Frame::Alt { pc: *b, pos });
                    pc = *a;
                    true
                }
                Inst::Jmp(t) => {
                    pc = *t;
                    true
                }
                Inst::Backref { group, fold } => match self.backref(*group, *fold, pos) {
                    Some(n) => {
                        pos = n;
                        pc += 1;
                        true
                    }
                    None => false,
                },
                Inst::Repeat {
                    one,
                    min,
                    max,
                    greedy,
                } => self.repeat(one, *min, *max, *greedy, &mut pc, &mut pos)?,
                Inst::CountInit(reg) => {
                    self.set_reg(*reg, 0);
                    pc += 1;
                    true
                }
                Inst::CountLoop {
                    reg,
                    min,
                    max,
                    greedy,
                    exit,
                } => {
                    let n = self.regs[*reg];
                    if n < *min as usize {
                        pc += 1;
                    } else if *max != UNBOUNDED && n >= *max as usize {
                        pc = *exit;
                    } else if *greedy {
                        self.stack.push(Frame::Alt { pc: *exit, pos });
                        pc += 1;
                    } else {
                        self.stack.push(Frame::Alt { pc: pc + 1, pos });
                        pc = *exit;
                    }
                    true
                }
                Inst::CountInc(reg) => {
                    let n = self.regs[*reg] + 1;
                    self.set_reg(*reg, n);
                    pc += 1;
                    true
                }
                Inst::Mark(reg) => {
                    self.set_reg(*reg, pos);
                    pc += 1;
                    true
                }
                Inst::EmptyCheck {
                    mark,
                    count,
                    min,
                    exit,
                } => {
                    let done = count.map_or(0, |r| self.regs[r]);
                    if pos == self.regs[*mark] && done >= *min as usize {
                        pc = *exit;
                    } else {
                        pc += 1;
                    }
                    true
                }
                Inst::Look {
                    behind,
                    negated,
                    next,
                } => {
                    let (body, next, negated) = (pc + 1, *next, *negated);
                    let at = match behind {
                        None => Some(pos),
                        Some(width) => self.back_by(pos, *width),
                    };
                    let inner = self.stack.len();
                    let found = match at {
                        Some(at) => match self.run(prog, body, at)? {
                            Some(end) if behind.is_none() || end == pos => true,
                            Some(_) => {
                                // a fixed width always ends at `pos`
                                self.unwind(inner);
                                false
                            }
                            None => false,
                        },
                        None => false,
                    };
                    if found && !negated {
                        self.commit(inner);
                    } else {
                        self.unwind(inner);
                    }
                    pc = next;
                    found != negated
                }
                Inst::Atomic { next } => {
                    let (body, next) = (pc + 1, *next);
                    let inner = self.stack.len();
                    match self.run(prog, body, pos)? {
                        Some(end) => {
                            self.commit(inner);
                            pos = end;
                            pc = next;
                            true
                        }
                        None => false,
                    }
                }
                Inst::Cond { group, no } => {
                    let set = self.slots[2 * group] != UNSET && self.slots[2 * group + 1] != UNSET;
                    pc = if set { pc + 1 } else { *no };
                    true
                }
                Inst::SubMatch => return Ok(Some(pos)),
                Inst::Match => {
                    let empty_refused = pos == self.start && pos == self.no_empty_at;
                    if (!self.full || pos == self.bytes.len()) && !empty_refused {
                        return Ok(Some(pos));
                    }
                    false
                }
            };
            if !ok && !self.backtrack(prog, base, &mut pc, &mut pos) {
                return Ok(None);
            }
        }
    }

    /// The position `width` characters before `pos`.
    fn back_by(&self, pos: usize, width: usize) -> Option<usize> {
        let mut at = pos;
        for _ in 0..width {
            at = self.prev(at)?.1;
        }
        Some(at)
    }

    /// The repeat of one character at `pc`: false when fewer than `min`
    /// match.
    fn repeat(
        &mut self,
        one: &One,
        min: u32,
        max: u32,
        greedy: bool,
        pc: &mut usize,
        pos: &mut usize,
    ) -> Result<bool, Stopped> {
        let mut at = *pos;
        let mut count = 0u32;
        while count < min {
            match self.next(at) {
                Some((c, n)) if one.matches(c) => at = n,
                _ => return Ok(false),
            }
            count += 1;
            if count & 63 == 0 {
                self.step()?;
            }
        }
        if !greedy {
            if count < max {
                self.stack.push(Frame::Lazy {
                    pc: *pc,
                    pos: at,
                    count,
                });
            }
            *pc += 1;
            *pos = at;
            return Ok(true);
        }
        let floor = at;
        while count < max {
            match self.next(at) {
                Some((c, n)) if one.matches(c) => at = n,
                _ => break,
            }
            count += 1;
            if count & 63 == 0 {
                self.step()?;
            }
        }
        if at > floor {
            self.stack.push(Frame::Greedy {
                pc: *pc + 1,
                floor,
                pos: at,
            });
        }
        *pc += 1;
        *pos = at;
        Ok(true)
    }
}
