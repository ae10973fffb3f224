//! `_csv.reader`: the record parser. A reader pulls lines lazily from any
//! iterable of strings (a list, a generator, a `StringIO`) and runs
//! CPython's character state machine over them, so quoting, escapes,
//! embedded newlines, `strict` errors and the `QUOTE_NONNUMERIC` /
//! `QUOTE_STRINGS` / `QUOTE_NOTNULL` conversions match `_csv.c`.
//! Also the read-only attributes of readers, writers and dialects.

pub use super::csv_data::ReaderState;
use super::csv_dialect::{
    self, csv_error, Dialect, QUOTE_NONE, QUOTE_NONNUMERIC, QUOTE_NOTNULL, QUOTE_STRINGS,
};
use super::objects::NativeObj;
use crate::object::{ExcType, Obj, ObjId, Type, Value};
use crate::objects::{native_of, native_of_mut};
use crate::vm::{as_str, PyErr, PyResult, Vm};

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    StartRecord,
    StartField,
    EscapedChar,
    InField,
    InQuotedField,
    EscapeInQuotedField,
    QuoteInQuotedField,
    EatCrnl,
    AfterEscapedCrnl,
}

/// The parser of one record (possibly spanning several lines).
struct Parser<'a> {
    d: &'a Dialect,
    limit: usize,
    state: State,
    fields: Vec<Value>,
    field: String,
    field_len: usize,
    unquoted: bool,
}

impl Parser<'_> {
    fn add_char(&mut self, c: char) -> PyResult<()> {
        if self.field_len >= self.limit {
            return Err(csv_error(format!(
                "field larger than field limit ({})",
                self.limit
            )));
        }
        self.field.push(c);
        self.field_len += 1;
        Ok(())
    }

    fn save_field(&mut self, vm: &mut Vm) -> PyResult<()> {
        let q = self.d.quoting;
        let v =
            if self.unquoted && self.field_len == 0 && (q == QUOTE_NOTNULL || q == QUOTE_STRINGS) {
                Value::None
            } else {
                let s = std::mem::take(&mut self.field);
                let numeric = self.unquoted
                    && self.field_len != 0
                    && (q == QUOTE_NONNUMERIC || q == QUOTE_STRINGS);
                self.field_len = 0;
                let sv = vm.new_str(s);
                if numeric {
                    vm.call_value(Value::Type(Type::Float), vec![sv], Vec::new())?
                } else {
                    sv
                }
            };
        self.fields.push(v);
        Ok(())
    }

    fn end_field(&mut self, vm: &mut Vm, c: Option<char>) -> PyResult<()> {
        self.save_field(vm)?;
        self.state = if c.is_none() {
            State::StartRecord
        } else {
            State::EatCrnl
        };
        Ok(())
    }

    /// One character; `None` is the end of a line.
    fn process(&mut self, vm: &mut Vm, c: Option<char>) -> PyResult<()> {
        let d = self.d;
        let is_nl = |c: Option<char>| matches!(c, Some('\n' | '\r'));
        let quote_active = d.quoting != QUOTE_NONE;
        match self.state {
            State::StartRecord => {
                if c.is_none() {
                    return Ok(());
                }
                if is_nl(c) {
                    self.state = State::EatCrnl;
                    return Ok(());
                }
                self.state = State::StartField;
                self.start_field(vm, c)?;
            }
            State::StartField => self.start_field(vm, c)?,
            State::EscapedChar => {
                if let Some(ch @ ('\n' | '\r')) = c {
                    self.add_char(ch)?;
                    self.state = State::AfterEscapedCrnl;
                    return Ok(());
                }
                self.add_char(c.unwrap_or('\n'))?;
                self.state = State::InField;
            }
            State::AfterEscapedCrnl => {
                if c.is_some() {
                    self.in_field(vm, c)?;
                }
            }
            State::InField => self.in_field(vm, c)?,
            State::InQuotedField => match c {
                None => {}
                Some(ch) if Some(ch) == d.escapechar => self.state = State::EscapeInQuotedField,
                Some(ch) if Some(ch) == d.quotechar && quote_active => {
                    self.state = if d.doublequote {
                        State::QuoteInQuotedField
                    } else {
                        State::InField
                    };
                }
                Some(ch) => self.add_char(ch)?,
            },
            State::EscapeInQuotedField => {
                self.add_char(c.unwrap_or('\n'))?;
                self.state = State::InQuotedField;
            }
            State::QuoteInQuotedField => {
                if quote_active && c.is_some() && c == d.quotechar {
                    self.add_char(d.quotechar.unwrap_or('"'))?;
                    self.state = State::InQuotedField;
                } else if c == Some(d.delimiter) {
                    self.save_field(vm)?;
                    self.state = State::StartField;
                } else if c.is_none() || is_nl(c) {
                    self.end_field(vm, c)?;
                } else if !d.strict {
                    self.add_char(c.unwrap_or_default())?;
                    self.state = State::InField;
                } else {
                    return Err(csv_error(format!(
                        "'{}' expected after '{}'",
                        d.delimiter,
                        d.quotechar.unwrap_or('"')
                    )));
                }
            }
            State::EatCrnl => {
                if is_nl(c) {
                } else if c.is_none() {
                    self.state = State::StartRecord;
                } else {
                    return Err(csv_error(
                        "new-line character seen in unquoted field - do you need to open the file with newline=''?",
                    ));
                }
            }
        }
        Ok(())
    }

    fn start_field(&mut self, vm: &mut Vm, c: Option<char>) -> PyResult<()> {
        let d = self.d;
        self.unquoted = true;
        match c {
            None | Some('\n' | '\r') => self.end_field(vm, c)?,
            Some(ch) if Some(ch) == d.quotechar && d.quoting != QUOTE_NONE => {
                self.unquoted = false;
                self.state = State::InQuotedField;
            }
            Some(ch) if Some(ch) == d.escapechar => self.state = State::EscapedChar,
            Some(' ') if d.skipinitialspace => {}
            Some(ch) if ch == d.delimiter => self.save_field(vm)?,
            Some(ch) => {
                self.add_char(ch)?;
                self.state = State::InField;
            }
        }
        Ok(())
    }

    fn in_field(&mut self, vm: &mut Vm, c: Option<char>) -> PyResult<()> {
        let d = self.d;
        match c {
            None | Some('\n' | '\r') => self.end_field(vm, c)?,
            Some(ch) if Some(ch) == d.escapechar => self.state = State::EscapedChar,
            Some(ch) if ch == d.delimiter => {
                self.save_field(vm)?;
                self.state = State::StartField;
            }
            Some(ch) => self.add_char(ch)?,
        }
        Ok(())
    }
}

fn state(vm: &Vm, id: ObjId) -> &ReaderState {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::CsvReader(r)) => r,
        _ => unreachable!("a csv reader"),
    }
}

/// `next(reader)`: the next record, `None` at the end of the input.
pub fn next_row(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let (src, d) = {
        let r = state(vm, id);
        (r.src, r.d.clone())
    };
    let limit = super::csv::field_limit(vm)?;
    let mut p = Parser {
        d: &d,
        limit,
        state: State::StartRecord,
        fields: Vec::new(),
        field: String::new(),
        field_len: 0,
        unquoted: true,
    };
    loop {
        let Some(line) = vm.iter_next(src)? else {
            if p.field_len != 0 || p.state == State::InQuotedField {
                if d.strict {
                    return Err(csv_error("unexpected end of data"));
                }
                p.save_field(vm)?;
                break;
            }
            return Ok(None);
        };
        let Some(text) = as_str(&vm.heap, line).map(str::to_string) else {
            return Err(csv_error(format!(
                "iterator should return strings, not {} (the file should be opened in text mode)",
                vm.class_name(line)
            )));
        };
        if let Some(NativeObj::CsvReader(r)) = native_of_mut(vm.heap.get_mut(id)) {
            r.line_num += 1;
        }
        for c in text.chars() {
            p.process(vm, Some(c))?;
        }
        p.process(vm, None)?;
        if p.state == State::StartRecord {
            break;
        }
    }
    let fields = std::mem::take(&mut p.fields);
    Ok(Some(vm.new_list(fields)))
}

/// `csv.reader(iterable, dialect='excel', **fmtparams)`.
pub fn new_reader(
    vm: &mut Vm,
    csvfile: Value,
    dialect: Option<Value>,
    kw: &[(String, Value)],
) -> PyResult<Value> {
    let src = vm.get_iter(csvfile)?;
    let dialect = csv_dialect::resolve(vm, dialect.as_slice(), kw)?;
    let d = csv_dialect::data(vm, dialect);
    Ok(vm
        .heap
        .new_value(Obj::from(NativeObj::CsvReader(Box::new(ReaderState {
            src,
            dialect,
            d,
            line_num: 0,
        })))))
}

/// `reader.line_num`, `reader.dialect`, `writer.dialect`.
pub fn getattr(vm: &mut Vm, id: ObjId, name: &str) -> Option<Value> {
    match (native_of(vm.heap.get(id)), name) {
        (Some(NativeObj::CsvReader(r)), "line_num") => Some(Value::Int(r.line_num)),
        (Some(NativeObj::CsvReader(r)), "dialect") => Some(r.dialect),
        (Some(NativeObj::CsvWriter(w)), "dialect") => Some(w.dialect),
        _ => None,
    }
}

/// Setting an attribute of a dialect, reader or writer: the known ones are
/// read-only, others fall to the default error.
pub fn setattr(vm: &mut Vm, id: ObjId, name: &str) -> Option<PyErr> {
    if let Some(NativeObj::CsvDialect(_)) = native_of(vm.heap.get(id)) {
        csv_dialect::getattr(vm, id, name)?;
        return Some(PyErr::new(
            ExcType::AttributeError,
            format!("attribute '{name}' of '_csv.Dialect' objects is not writable"),
        ));
    }
    getattr(vm, id, name)?;
    Some(PyErr::new(ExcType::AttributeError, "readonly attribute"))
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// `_csv.reader`.
pub struct ReaderType;

impl np::NativeType for ReaderType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "_csv.reader"
    }

    fn for_each_child(o: &np::NativeObj, f: &mut dyn FnMut(np::Value)) {
        if let np::NativeObj::CsvReader(r) = o {
            r.for_each_child(f);
        }
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        Ok(getattr(vm, id, name))
    }

    fn setattr(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        _: np::Value,
    ) -> Option<np::PyResult<()>> {
        setattr(vm, id, name).map(Err)
    }

    fn iter(_: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::Value>> {
        Ok(Some(np::Value::Ref(id)))
    }

    fn is_iterator(_: &np::Vm, _: np::ObjId) -> bool {
        true
    }

    fn next(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::Value>> {
        next_row(vm, id)
    }
}
