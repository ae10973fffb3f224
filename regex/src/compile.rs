//! Compiles the tree of a regular expression (`node.rs`) into the
//! instruction list the backtracking matcher (`exec.rs`) runs.
//!
//! The shapes are `sre`'s: a repeat of one character is one instruction
//! that takes as many characters as it may and gives them back one by one;
//! other repeats are loops with a counter register; lookaround and atomic
//! groups are sub-programs run to their first match. A loop whose body can
//! match the empty string stops when an iteration matched nothing.

use crate::node::{Assertion, Fold, Node, Set, SetItem};

/// Something matching exactly one character.
#[derive(Clone, Debug)]
pub enum One {
    Char(char),
    /// A character compared under case folding (stored folded).
    Folded(char, Fold),
    /// `.` with DOTALL.
    Any,
    /// `.`.
    NotNewline,
    Set(Box<CharSet>),
}

/// A set with its answers for the ASCII characters worked out once (one
/// bit each), so the common case is a bit test.
#[derive(Clone, Debug)]
pub struct CharSet {
    pub set: Set,
    ascii: [u64; 2],
}

impl CharSet {
    pub fn new(set: Set) -> CharSet {
        let mut ascii = [0u64; 2];
        for b in 0u8..128 {
            if set.matches(b as char) {
                ascii[usize::from(b >> 6)] |= 1 << (b & 63);
            }
        }
        CharSet { set, ascii }
    }

    #[inline]
    pub fn matches(&self, c: char) -> bool {
        let n = c as u32;
        if n < 128 {
            return self.ascii[(n >> 6) as usize] & (1 << (n & 63)) != 0;
        }
        self.set.matches(c)
    }
}

impl One {
    /// Whether `c` matches.
    #[inline]
    pub fn matches(&self, c: char) -> bool {
        match self {
            One::Char(x) => *x == c,
            One::Folded(x, fold) => *x == fold.apply(c),
            One::Any => true,
            One::NotNewline => c != '\n',
            One::Set(s) => s.matches(c),
        }
    }
}

/// No upper bound of a repeat.
pub const UNBOUNDED: u32 = u32::MAX;

/// One instruction. Jump targets are indices into the program.
#[derive(Clone, Debug)]
pub enum Inst {
    One(One),
    Assert(Assertion),
    /// Records the position in capture slot N (2 per group).
    Save(usize),
    /// Tries the first target; on failure, the second.
    Split(usize, usize),
    Jmp(usize),
    Backref {
        group: usize,
        fold: Fold,
    },
    /// `one{min,max}` with greedy or lazy give-back.
    Repeat {
        one: One,
        min: u32,
        max: u32,
        greedy: bool,
    },
    /// Sets a counter register to 0.
    CountInit(usize),
    /// The head of a counted loop: the body follows, `exit` after it.
    CountLoop {
        reg: usize,
        min: u32,
        max: u32,
        greedy: bool,
        exit: usize,
    },
    CountInc(usize),
    /// Records the position an iteration starts at.
    Mark(usize),
    /// Leaves the loop (to `exit`) when the iteration matched nothing and
    /// the loop has done its minimum (`count` register: iterations so far).
    EmptyCheck {
        mark: usize,
        count: Option<usize>,
        min: u32,
        exit: usize,
    },
    /// A lookaround: its body follows, up to a `SubMatch`; `next` after.
    Look {
        behind: Option<usize>,
        negated: bool,
        next: usize,
    },
    /// An atomic group: its body follows, up to a `SubMatch`.
    Atomic {
        next: usize,
    },
    /// `(?(group)yes|no)`: the yes branch follows; `no` when the group did
    /// not match.
    Cond {
        group: usize,
        no: usize,
    },
    SubMatch,
    Match,
}

/// A compiled pattern.
#[derive(Clone, Debug)]
pub struct Program {
    pub insts: Vec<Inst>,
    /// Capture slots: two per group, group 0 included.
    pub slots: usize,
    /// Counter and mark registers.
    pub regs: usize,
    /// What the first character of every match matches, when that is
    /// known (a search skips the places where it does not).
    pub first: Option<One>,
    /// Whether every match starts at the start of the text (`\A`).
    pub anchored: bool,
    /// Whether every match starts at the start of a line (`(?m)^`).
    pub line_start: bool,
}

/// Compiles `node` with `groups` capturing groups.
pub fn compile(node: &Node, groups: usize) -> Program {
    let mut c = Compiler {
        insts: Vec::new(),
        regs: 0,
    };
    c.node(node);
    c.insts.push(Inst::Match);
    let leaf = first_assertion(node);
    Program {
        insts: c.insts,
        slots: 2 * (groups + 1),
        regs: c.regs,
        first: first_one(node),
        anchored: leaf == Some(Assertion::TextStart),
        line_start: leaf == Some(Assertion::LineStart),
    }
}

/// What the first character of every match of `node` matches, when each
/// way through it starts with one character (`warn|debug`, `\d+ms`).
fn first_one(node: &Node) -> Option<One> {
    match node {
        Node::Char { .. } | Node::Any { .. } | Node::Set(_) => one(node),
        Node::Group { node, .. } | Node::Atomic(node) => first_one(node),
        Node::Concat(items) => items.first().and_then(first_one),
        Node::Repeat { node, min, .. } if *min > 0 => first_one(node),
        Node::Alt(branches) => {
            let firsts: Vec<Node> = branches
                .iter()
                .map(|b| match first_one(b)? {
                    One::Char(c) => Some(Node::Char { c, fold: Fold::No }),
                    One::Folded(c, fold) => Some(Node::Char { c, fold }),
                    One::Set(s) if !s.set.negated => Some(Node::Set(Box::new(s.set))),
                    _ => None,
                })
                .collect::<Option<_>>()?;
            alternatives_as_set(&firsts).map(|s| One::Set(Box::new(CharSet::new(s))))
        }
        _ => None,
    }
}

/// The assertion every match begins with, looking through groups and
/// sequences (not through alternatives or optional parts).
fn first_assertion(node: &Node) -> Option<Assertion> {
    match node {
        Node::Group { node, .. } | Node::Atomic(node) => first_assertion(node),
        Node::Concat(items) => items.first().and_then(first_assertion),
        Node::Repeat { node, min, .. } if *min > 0 => first_assertion(node),
        Node::Assert(a) => Some(*a),
        _ => None,
    }
}

struct Compiler {
    insts: Vec<Inst>,
    regs: usize,
}

impl Compiler {
    fn pc(&self) -> usize {
        self.insts.len()
    }

    fn reg(&mut self) -> usize {
        self.regs += 1;
        self.regs - 1
    }

    /// Points the jump at `at` to `target`.
    fn patch(&mut self, at: usize, target: usize) {
        match &mut self.insts[at] {
            Inst::Jmp(t) => *t = target,
            Inst::Split(_, b) => *b = target,
            Inst::CountLoop { exit, .. } => *exit = target,
            Inst::EmptyCheck { exit, .. } => *exit = target,
            Inst::Look { next, .. } | Inst::Atomic { next } => *next = target,
            Inst::Cond { no, .. } => *no = target,
            other => unreachable!("patching {other:?}"),
        }
    }

    fn node(&mut self, node: &Node) {
        match node {
            Node::Empty => {}
            Node::Char { .. } | Node::Any { .. } | Node::Set(_) => {
                let one = one(node).expect("a character");
                self.insts.push(Inst::One(one));
            }
            Node::Assert(a) => self.insts.push(Inst::Assert(*a)),
            Node::Group { index, node } => {
                self.insts.push(Inst::Save(2 * index));
                self.node(node);
                self.insts.push(Inst::Save(2 * index + 1));
            }
            Node::Concat(items) => items.iter().for_each(|n| self.node(n)),
            Node::Alt(_) if one(node).is_some() => {
                self.insts.push(Inst::One(one(node).expect("checked")));
            }
            Node::Alt(branches) => {
                let mut to_end = Vec::new();
                for (i, b) in branches.iter().enumerate() {
                    if i + 1 == branches.len() {
                        self.node(b);
                        break;
                    }
                    let split = self.pc();
                    self.insts.push(Inst::Split(split + 1, 0));
                    self.node(b);
                    to_end.push(self.pc());
                    self.insts.push(Inst::Jmp(0));
                    let next = self.pc();
                    self.patch(split, next);
                }
                let end = self.pc();
                for j in to_end {
                    self.patch(j, end);
                }
            }
            Node::Repeat {
                node,
                min,
                max,
                greedy,
                possessive,
            } => {
                let max = max.unwrap_or(UNBOUNDED);
                if *possessive {
                    let at = self.pc();
                    self.insts.push(Inst::Atomic { next: 0 });
                    self.repeat(node, *min, max, true);
                    self.insts.push(Inst::SubMatch);
                    let next = self.pc();
                    self.patch(at, next);
                } else {
                    self.repeat(node, *min, max, *greedy);
                }
            }
            Node::Backref { group, fold } => self.insts.push(Inst::Backref {
                group: *group,
                fold: *fold,
            }),
            Node::Look {
                node,
                behind,
                negated,
            } => {
                let at = self.pc();
                self.insts.push(Inst::Look {
                    behind: behind.then(|| node.width().unwrap_or(0)),
                    negated: *negated,
                    next: 0,
                });
                self.node(node);
                self.insts.push(Inst::SubMatch);
                let next = self.pc();
                self.patch(at, next);
            }
            Node::Atomic(node) => {
                let at = self.pc();
                self.insts.push(Inst::Atomic { next: 0 });
                self.node(node);
                self.insts.push(Inst::SubMatch);
                let next = self.pc();
                self.patch(at, next);
            }
            Node::Cond { group, yes, no } => {
                let at = self.pc();
                self.insts.push(Inst::Cond {
                    group: *group,
                    no: 0,
                });
                self.node(yes);
                let jmp = self.pc();
                self.insts.push(Inst::Jmp(0));
                let no_at = self.pc();
                self.patch(at, no_at);
                self.node(no);
                let end = self.pc();
                self.patch(jmp, end);
            }
        }
    }

    fn repeat(&mut self, node: &Node, min: u32, max: u32, greedy: bool) {
        if max == 0 {
            return;
        }
        if let Some(one) = one(node) {
            self.insts.push(Inst::Repeat {
                one,
                min,
                max,
                greedy,
            });
            return;
        }
        let nullable = node.nullable();
        // `x?`, `x*`: a split before the body
        if min == 0 && (max == 1 || (max == UNBOUNDED && !nullable)) {
            let head = self.pc();
            self.insts.push(Inst::Split(0, 0));
            self.node(node);
            if max == UNBOUNDED {
                self.insts.push(Inst::Jmp(head));
            }
            let end = self.pc();
            self.insts[head] = if greedy {
                Inst::Split(head + 1, end)
            } else {
                Inst::Split(end, head + 1)
            };
            return;
        }
        // `x+` of a body that cannot match empty: a split after it
        if min == 1 && max == UNBOUNDED && !nullable {
            let body = self.pc();
            self.node(node);
            let at = self.pc();
            self.insts.push(if greedy {
                Inst::Split(body, at + 1)
            } else {
                Inst::Split(at + 1, body)
            });
            return;
        }
        let reg = self.reg();
        let mark = nullable.then(|| self.reg());
        self.insts.push(Inst::CountInit(reg));
        let head = self.pc();
        self.insts.push(Inst::CountLoop {
            reg,
            min,
            max,
            greedy,
            exit: 0,
        });
        if let Some(m) = mark {
            self.insts.push(Inst::Mark(m));
        }
        self.node(node);
        let check = mark.map(|m| {
            self.insts.push(Inst::EmptyCheck {
                mark: m,
                count: Some(reg),
                min,
                exit: 0,
            });
            self.pc() - 1
        });
        self.insts.push(Inst::CountInc(reg));
        self.insts.push(Inst::Jmp(head));
        let end = self.pc();
        self.patch(head, end);
        if let Some(at) = check {
            self.patch(at, end);
        }
    }
}

/// The single-character matcher of a leaf, if it is one.
fn one(node: &Node) -> Option<One> {
    Some(match node {
        Node::Char { c, fold: Fold::No } => One::Char(*c),
        Node::Char { c, fold } => {
            let f = fold.apply(*c);
            if f == *c && *fold == Fold::Ascii && !c.is_ascii_alphabetic() {
                One::Char(*c)
            } else {
                One::Folded(f, *fold)
            }
        }
        Node::Any { dotall: true } => One::Any,
        Node::Any { dotall: false } => One::NotNewline,
        Node::Set(s) => One::Set(Box::new(CharSet::new((**s).clone()))),
        Node::Alt(branches) => One::Set(Box::new(CharSet::new(alternatives_as_set(branches)?))),
        _ => return None,
    })
}

/// Alternatives of one character each (`a|b|[xy]`) as one set, as `sre`
/// compiles them: each takes one character, so which comes first cannot
/// change the match, and a loop over them needs no way back per iteration.
fn alternatives_as_set(branches: &[Node]) -> Option<Set> {
    let mut fold = None;
    let mut items = Vec::new();
    for b in branches {
        let (f, more) = match b {
            Node::Char { c, fold } => (*fold, vec![SetItem::Range(*c, *c)]),
            Node::Set(s) if !s.negated => (s.fold, s.items.clone()),
            _ => return None,
        };
        if *fold.get_or_insert(f) != f {
            return None;
        }
        items.extend(more);
    }
    let set = Set {
        negated: false,
        fold: fold?,
        items,
    };
    Some(set.with_folds())
}
